import { describe, expect, it } from 'vitest';
import { nextRun } from '../../src/services/scheduler';

const job = (hour: number, minute = 0) => ({ name: 'x', hour, minute, run: async () => {} });

describe('daily jobs', () => {
  it('run next at their UTC hour today when it is still ahead, else tomorrow', () => {
    expect(nextRun(job(6), new Date('2026-05-10T05:59:59Z')).toISOString()).toBe('2026-05-10T06:00:00.000Z');
    expect(nextRun(job(6), new Date('2026-05-10T06:00:00Z')).toISOString()).toBe('2026-05-11T06:00:00.000Z');
    expect(nextRun(job(5), new Date('2026-12-31T23:00:00Z')).toISOString()).toBe('2027-01-01T05:00:00.000Z');
  });
});

describe('the scheduler inside serve', () => {
  it('runs each job at its time, again the next day, and never after stop', async () => {
    const { vi } = await import('vitest');
    const { ManualClock } = await import('../../src/clock');
    const { memoryJobRuns, startScheduler } = await import('../../src/services/scheduler');
    const { memoryLogger } = await import('../../src/logger');
    vi.useFakeTimers();
    try {
      const clock = new ManualClock('2026-05-10T05:59:00Z');
      const runs: string[] = [];
      const ctx = { clock, log: memoryLogger() } as never;
      const scheduler = startScheduler(
        ctx,
        [{ name: 'settle', hour: 6, minute: 0, run: async (_c, now) => void runs.push(now.toISOString()) }],
        memoryJobRuns(),
      );
      clock.set('2026-05-10T06:00:00Z');
      await vi.advanceTimersByTimeAsync(60_000);
      expect(runs).toEqual(['2026-05-10T06:00:00.000Z']);
      clock.set('2026-05-11T06:00:00Z');
      await vi.advanceTimersByTimeAsync(86_400_000);
      expect(runs).toHaveLength(2);
      scheduler.stop();
      clock.set('2026-05-12T06:00:00Z');
      await vi.advanceTimersByTimeAsync(2 * 86_400_000);
      expect(runs).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('logs a failing job and keeps the schedule', async () => {
    const { vi } = await import('vitest');
    const { ManualClock } = await import('../../src/clock');
    const { memoryJobRuns, startScheduler } = await import('../../src/services/scheduler');
    const { memoryLogger } = await import('../../src/logger');
    vi.useFakeTimers();
    try {
      const clock = new ManualClock('2026-05-10T04:59:00Z');
      const log = memoryLogger();
      let calls = 0;
      const scheduler = startScheduler(
        { clock, log } as never,
        [{ name: 'collect', hour: 5, minute: 0, run: async () => { calls++; throw new Error('encyclopedia down'); } }],
        memoryJobRuns(),
      );
      clock.set('2026-05-10T05:00:00Z');
      await vi.advanceTimersByTimeAsync(60_000);
      await scheduler.idle();
      expect(calls).toBe(1);
      expect(log.lines.find((l) => l.message === 'job failed')).toMatchObject({ job: 'collect', errorMessage: 'encyclopedia down' });
      clock.set('2026-05-11T05:00:00Z');
      await vi.advanceTimersByTimeAsync(86_400_000);
      expect(calls).toBe(2);
      scheduler.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('after a restart', () => {
  it('runs, in order, the jobs whose time passed today while the server was down, once', async () => {
    const { vi } = await import('vitest');
    const { ManualClock } = await import('../../src/clock');
    const { memoryJobRuns, startScheduler } = await import('../../src/services/scheduler');
    const { memoryLogger } = await import('../../src/logger');
    vi.useFakeTimers();
    try {
      const clock = new ManualClock('2026-05-10T07:15:00Z');
      const ran: string[] = [];
      const job = (name: string, hour: number) => ({ name, hour, minute: 0, run: async () => void ran.push(name) });
      const jobs = [job('collect', 5), job('settlement', 6), job('late', 8)];
      const runs = memoryJobRuns();
      runs.record('collect', '2026-05-10');
      const first = startScheduler({ clock, log: memoryLogger() } as never, jobs, runs);
      await first.idle();
      expect(ran).toEqual(['settlement']);
      first.stop();
      // Restarting again the same day finds nothing missed.
      const second = startScheduler({ clock, log: memoryLogger() } as never, jobs, runs);
      await second.idle();
      expect(ran).toEqual(['settlement']);
      second.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failed catch-up is not recorded, so the next start tries again', async () => {
    const { ManualClock } = await import('../../src/clock');
    const { memoryJobRuns, missedToday, startScheduler } = await import('../../src/services/scheduler');
    const { memoryLogger } = await import('../../src/logger');
    const clock = new ManualClock('2026-05-10T06:05:00Z');
    const runs = memoryJobRuns();
    const failing = { name: 'settlement', hour: 6, minute: 0, run: async () => { throw new Error('down'); } };
    const scheduler = startScheduler({ clock, log: memoryLogger() } as never, [failing], runs);
    await scheduler.idle();
    scheduler.stop();
    expect(missedToday(failing, clock.now(), runs)).toBe(true);
  });
});
