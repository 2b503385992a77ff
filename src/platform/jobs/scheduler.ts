/** Each job is also a CLI verb and safe to run twice, so a missed or repeated tick does no harm. */
import type { AppContext } from '../app-context';
import { utcDay } from '../../domain/dates';
import { errorFields } from '../log';
import { runRecorded } from './job-runs';
import { type Database, exclusively } from '../db/database';
import { isDatabaseUnavailable } from '../db/database-errors';
import { readSetting, writeSetting } from '../db/settings';

export interface DailyJob {
  name: string;
  /** UTC hour and minute the job runs at */
  hour: number;
  minute: number;
  run(ctx: AppContext, now: Date): Promise<void>;
}

/** Remembers the UTC day each job last completed, so a restart can tell what it missed. */
export interface JobRuns {
  lastRunDay(job: string): Promise<string | undefined>;
  record(job: string, day: string): Promise<void>;
  /** several instances on one database */
  exclusive<T>(job: string, work: () => Promise<T>): Promise<T | undefined>;
}

export function jobRunsIn(db: Database): JobRuns {
  return {
    lastRunDay: (job) => readSetting(db, `job.${job}.lastRunDay`),
    record: (job, day) => writeSetting(db, `job.${job}.lastRunDay`, day),
    exclusive: (job, work) => exclusively(db, `job:${job}`, work),
  };
}

export function memoryJobRuns(): JobRuns {
  const days = new Map<string, string>();
  return {
    lastRunDay: async (job) => days.get(job),
    record: async (job, day) => void days.set(job, day),
    exclusive: (_job, work) => work(),
  };
}

export interface Scheduler {
  stop(): void;
  idle(): Promise<void>;
}

function todaysRun(job: DailyJob, now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), job.hour, job.minute));
}

export function nextRun(job: DailyJob, now: Date): Date {
  const at = todaysRun(job, now);
  if (at.getTime() <= now.getTime()) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

/** The server was down at today's run time. */
export async function missedToday(job: DailyJob, now: Date, runs: JobRuns): Promise<boolean> {
  const last = await runs.lastRunDay(job.name);
  return todaysRun(job, now).getTime() <= now.getTime() && (last === undefined || last < utcDay(now));
}

/** How long after the database was out of reach a job it stopped is tried again. */
export const DATABASE_RETRY_MS = 60_000;

export function startScheduler(ctx: AppContext, jobs: readonly DailyJob[], runs: JobRuns = jobRunsIn(ctx.db)): Scheduler {
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let stopped = false;
  // One job at a time, in list order: the sweep must not overtake the scoring it follows.
  let queue: Promise<void> = Promise.resolve();

  const later = (ms: number, then: () => void) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      then();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  // The database out of reach stops a job half-way: it is retried a minute later, as missed today, until it completes or the day ends.
  const retryLater = (job: DailyJob, error: unknown) => {
    ctx.log.warn('job stopped: the database is out of reach; trying again later', { job: job.name, retryInMs: DATABASE_RETRY_MS, ...errorFields(error) });
    later(DATABASE_RETRY_MS, () => void execute(job, ctx.clock.now()));
  };

  // `missedAt`: run only if today's run time had passed without a run. Never rejects, or the queue would stop for good.
  const execute = (job: DailyJob, missedAt?: Date): Promise<void> => {
    const work = queue.then(async () => {
      if (stopped) return;
      try {
        if (missedAt) {
          // stop() may come while a read below is in flight: after each one, a stopped scheduler starts nothing
          if (!(await missedToday(job, missedAt, runs)) || stopped) return;
          ctx.log.info('running a job missed while the server was down', { job: job.name });
        }
        const elected = await runs.exclusive(job.name, async () => {
          if ((await runs.lastRunDay(job.name)) === utcDay(ctx.clock.now())) return 'ran elsewhere';
          if (stopped) return 'stopped';
          await runJob(job);
          return 'ran';
        });
        if (elected === 'ran elsewhere' || elected === undefined) ctx.log.info('job left to another instance', { job: job.name });
      } catch (error) {
        if (isDatabaseUnavailable(error)) retryLater(job, error);
        else ctx.log.error('job could not start', { job: job.name, ...errorFields(error) });
      }
    });
    queue = work;
    running.add(work);
    void work.finally(() => running.delete(work));
    return work;
  };

  const runJob = async (job: DailyJob): Promise<void> => {
    const started = ctx.clock.now();
    const t0 = performance.now();
    ctx.log.info('job started', { job: job.name });
    try {
      await runRecorded(ctx, job.name, () => job.run(ctx, started));
      await runs.record(job.name, utcDay(started));
      ctx.log.info('job finished', { job: job.name, ms: Math.round(performance.now() - t0) });
    } catch (error) {
      if (isDatabaseUnavailable(error)) retryLater(job, error);
      else ctx.log.error('job failed', { job: job.name, ...errorFields(error) });
    }
  };

  const arm = (job: DailyJob) => {
    const wait = Math.max(1_000, nextRun(job, ctx.clock.now()).getTime() - ctx.clock.now().getTime());
    // setTimeout holds at most ~24.8 days.
    later(wait, () => void execute(job).finally(() => arm(job)));
  };

  const startedAt = ctx.clock.now();
  for (const job of jobs) {
    void execute(job, startedAt);
    arm(job);
  }

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
