/**
 * Daily jobs inside `serve`: the built-in collector at 05:00 UTC (scoring yesterday) and the
 * settlement sweep at 06:00 UTC, after the scoring ingest. Each job is also a CLI verb and
 * safe to run twice, so a missed or repeated tick does no harm.
 */
import type { AppContext } from '../app-context';
import { errorFields } from '../logger';

export interface DailyJob {
  name: string;
  /** UTC hour and minute the job runs at */
  hour: number;
  minute: number;
  run(ctx: AppContext, now: Date): Promise<void>;
}

export interface Scheduler {
  stop(): void;
  /** resolves when no job is running */
  idle(): Promise<void>;
}

export function nextRun(job: DailyJob, now: Date): Date {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), job.hour, job.minute));
  if (at.getTime() <= now.getTime()) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

export function startScheduler(ctx: AppContext, jobs: readonly DailyJob[]): Scheduler {
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let stopped = false;

  const arm = (job: DailyJob) => {
    if (stopped) return;
    const wait = Math.max(1_000, nextRun(job, ctx.clock.now()).getTime() - ctx.clock.now().getTime());
    // setTimeout holds at most ~24.8 days; a day is well inside that.
    const timer = setTimeout(() => {
      timers.delete(timer);
      const started = ctx.clock.now();
      ctx.log.info('job started', { job: job.name });
      const work = job
        .run(ctx, started)
        .then(() => ctx.log.info('job finished', { job: job.name, ms: Date.now() - started.getTime() }))
        .catch((error) => ctx.log.error('job failed', { job: job.name, ...errorFields(error) }))
        .finally(() => {
          running.delete(work);
          arm(job);
        });
      running.add(work);
    }, wait);
    timer.unref();
    timers.add(timer);
  };
  for (const job of jobs) arm(job);

  return {
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
    async idle() {
      await Promise.allSettled([...running]);
    },
  };
}
