import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../src/platform/clock';
import { memoryLogger } from '../../src/platform/log';
import { type DailyJob, type JobRuns, jobRunsIn, memoryJobRuns, missedToday, nextRun, startScheduler } from '../../src/platform/jobs/scheduler';
import { closeDatabase, openDatabase } from '../../src/platform/db/database';
import { tempDatabasePath } from '../support/app';

const job = (name: string, hour: number, run: DailyJob['run'] = async () => {}): DailyJob => ({ name, hour, minute: 0, run });

/** The scheduler only reads the clock and the log from its context. */
function start(at: string, jobs: DailyJob[], runs = memoryJobRuns()) {
  const clock = new ManualClock(at);
  const log = memoryLogger();
  const scheduler = startScheduler({ clock, log } as never, jobs, runs);
  return { clock, log, scheduler, runs };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('daily jobs', () => {
  it('run next at their UTC hour today when it is still ahead, else tomorrow', () => {
    expect(nextRun(job('x', 6), new Date('2026-05-10T05:59:59Z')).toISOString()).toBe('2026-05-10T06:00:00.000Z');
    expect(nextRun(job('x', 6), new Date('2026-05-10T06:00:00Z')).toISOString()).toBe('2026-05-11T06:00:00.000Z');
    expect(nextRun(job('x', 5), new Date('2026-12-31T23:00:00Z')).toISOString()).toBe('2027-01-01T05:00:00.000Z');
  });
});

describe('the scheduler inside serve', () => {
  it('runs each job at its time, again the next day, and never after stop', async () => {
    const ran: string[] = [];
    const { clock, scheduler } = start('2026-05-10T05:59:00Z', [job('settle', 6, async (_c, now) => void ran.push(now.toISOString()))]);
    clock.set('2026-05-10T06:00:00Z');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ran).toEqual(['2026-05-10T06:00:00.000Z']);
    clock.set('2026-05-11T06:00:00Z');
    await vi.advanceTimersByTimeAsync(86_400_000);
    expect(ran).toHaveLength(2);
    scheduler.stop();
    clock.set('2026-05-12T06:00:00Z');
    await vi.advanceTimersByTimeAsync(2 * 86_400_000);
    expect(ran).toHaveLength(2);
  });

  it('logs a failing job and keeps the schedule', async () => {
    let calls = 0;
    const failing = job('collect', 5, async () => {
      calls++;
      throw new Error('encyclopedia down');
    });
    const { clock, log, scheduler } = start('2026-05-10T04:59:00Z', [failing]);
    clock.set('2026-05-10T05:00:00Z');
    await vi.advanceTimersByTimeAsync(60_000);
    await scheduler.idle();
    expect(calls).toBe(1);
    expect(log.lines.find((l) => l.message === 'job failed')).toMatchObject({ job: 'collect', errorMessage: 'encyclopedia down' });
    clock.set('2026-05-11T05:00:00Z');
    await vi.advanceTimersByTimeAsync(86_400_000);
    expect(calls).toBe(2);
    scheduler.stop();
  });
});

describe('after a restart', () => {
  it('runs, in order, the jobs whose time passed today while the server was down, once', async () => {
    const ran: string[] = [];
    const record = (name: string) => async () => void ran.push(name);
    const jobs = [job('collect', 5, record('collect')), job('settlement', 6, record('settlement')), job('late', 8, record('late'))];
    const runs = memoryJobRuns();
    await runs.record('collect', '2026-05-10');
    const first = start('2026-05-10T07:15:00Z', jobs, runs).scheduler;
    await first.idle();
    expect(ran).toEqual(['settlement']);
    first.stop();
    // Restarting again the same day finds nothing missed.
    const second = start('2026-05-10T07:20:00Z', jobs, runs).scheduler;
    await second.idle();
    expect(ran).toEqual(['settlement']);
    second.stop();
  });

  it('a stop that comes while a catch-up is still reading the database starts nothing after it', async () => {
    // each read of the last run day waits until the test lets it go, as a slow database would
    const releases: (() => void)[] = [];
    const inner = memoryJobRuns();
    const slow: JobRuns = {
      ...inner,
      lastRunDay: (name) => new Promise((resolve) => releases.push(() => void inner.lastRunDay(name).then(resolve))),
    };
    for (const readsBeforeStop of [1, 2]) {
      const ran: string[] = [];
      releases.length = 0;
      const { log, scheduler } = start('2026-05-10T07:15:00Z', [job('announce', 7, async () => void ran.push('announce'))], slow);
      // the first read is the missed-today check, the second the elected instance's own check
      for (let read = 1; read < readsBeforeStop; read++) {
        await vi.waitFor(() => expect(releases).toHaveLength(read));
        releases[read - 1]();
      }
      await vi.waitFor(() => expect(releases).toHaveLength(readsBeforeStop));
      scheduler.stop();
      releases[readsBeforeStop - 1]();
      await scheduler.idle();
      expect({ readsBeforeStop, ran, started: log.lines.filter((l) => l.message === 'job started') }).toEqual({ readsBeforeStop, ran: [], started: [] });
    }
  });

  it('a failed catch-up is not recorded, so the next start tries again', async () => {
    const failing = job('settlement', 6, async () => {
      throw new Error('down');
    });
    const { clock, scheduler, runs } = start('2026-05-10T06:05:00Z', [failing]);
    await scheduler.idle();
    scheduler.stop();
    expect(await missedToday(failing, clock.now(), runs)).toBe(true);
  });
});

describe('when the database is out of reach', () => {
  /** what node-postgres throws when the server ended the connection under a query */
  const connectionLost = () => new Error('Connection terminated unexpectedly');

  it('a job stopped half-way runs again a minute later and is recorded once it completes, while the other jobs keep their turn', async () => {
    const ran: string[] = [];
    let collectCalls = 0;
    const jobs = [
      job('collect', 5, async () => {
        if (++collectCalls === 1) throw connectionLost();
        ran.push('collect');
      }),
      job('settlement', 6, async () => void ran.push('settlement')),
    ];
    const { clock, log, scheduler, runs } = start('2026-05-10T06:30:00Z', jobs);
    await scheduler.idle();
    // the failure stopped only its own job: the sweep after it still ran
    expect(ran).toEqual(['settlement']);
    expect(log.lines.find((l) => l.message === 'job stopped: the database is out of reach; trying again later')).toMatchObject({ job: 'collect' });
    clock.set('2026-05-10T06:31:00Z');
    await vi.advanceTimersByTimeAsync(60_000);
    await scheduler.idle();
    expect(ran).toEqual(['settlement', 'collect']);
    expect(await runs.lastRunDay('collect')).toBe('2026-05-10');
    // completed: not run a third time
    await vi.advanceTimersByTimeAsync(120_000);
    expect(collectCalls).toBe(2);
    scheduler.stop();
  });

  it('an election that cannot reach the database is held again a minute later, and the job then runs', async () => {
    const ran: string[] = [];
    const runs = memoryJobRuns();
    let elections = 0;
    const flaky = {
      ...runs,
      exclusive: <T>(name: string, work: () => Promise<T>) => (++elections === 1 ? Promise.reject(connectionLost()) : runs.exclusive(name, work)),
    };
    const { scheduler } = start('2026-05-10T06:30:00Z', [job('settlement', 6, async () => void ran.push('settlement'))], flaky);
    await scheduler.idle();
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    await scheduler.idle();
    expect(ran).toEqual(['settlement']);
    scheduler.stop();
  });
});

describe('job runs kept in the database', () => {
  it('survive a restart of the process', async () => {
    const file = tempDatabasePath();
    const first = openDatabase(file, { migrate: true });
    expect(await jobRunsIn(first).lastRunDay('settlement')).toBeUndefined();
    await jobRunsIn(first).record('settlement', '2026-05-10');
    closeDatabase(first);
    const second = openDatabase(file, { migrate: true });
    expect(await missedToday(job('settlement', 6), new Date('2026-05-10T09:00:00Z'), jobRunsIn(second))).toBe(false);
    expect(await missedToday(job('settlement', 6), new Date('2026-05-11T09:00:00Z'), jobRunsIn(second))).toBe(true);
    closeDatabase(second);
  });
});
