import { describe, expect, it } from 'vitest';
import { progressReporter } from '../../cli/progress';
import { memoryLogger } from '../../src/platform/log';

function harness(isTTY: boolean) {
  let ms = 0;
  let written = '';
  const log = memoryLogger();
  const progress = progressReporter('collect 2026-05-10', 'fetches', {
    stream: { isTTY, write: (text: string) => (written += text) },
    log,
    now: () => ms,
  });
  return { progress, log, advance: (by: number) => (ms += by), written: () => written };
}

describe('progress of a long verb', () => {
  it('on a terminal rewrites one line with done/total, rate and time left, then ends it', () => {
    const h = harness(true);
    h.advance(1_000);
    h.progress.update(10, 40);
    h.advance(1_000);
    h.progress.update(20, 40);
    h.progress.finish();
    const frames = h.written().split('\r').filter(Boolean);
    expect(frames[0]).toBe('\x1b[2Kcollect 2026-05-10: 10/40 fetches (10.0/s, 3s left)');
    expect(frames[1]).toBe('\x1b[2Kcollect 2026-05-10: 20/40 fetches (10.0/s, 2s left)');
    expect(h.written().endsWith('\n')).toBe(true);
    expect(h.log.lines).toEqual([]);
  });

  it('on a terminal, redraws at most every 100 ms', () => {
    const h = harness(true);
    h.advance(200);
    for (let i = 1; i <= 50; i++) h.progress.update(i, 50);
    expect(h.written().split('\r').filter(Boolean)).toHaveLength(1);
  });

  it('otherwise logs a JSON line every 5 seconds and one at the end, nothing on the stream', () => {
    const h = harness(false);
    for (let second = 1; second <= 12; second++) {
      h.advance(1_000);
      h.progress.update(second * 10, 200);
    }
    h.progress.finish();
    expect(h.written()).toBe('');
    const lines = h.log.lines.map(({ message, job, done, total, unit, ratePerSecond, secondsLeft }) => ({ message, job, done, total, unit, ratePerSecond, secondsLeft }));
    expect(lines).toEqual([
      { message: 'progress', job: 'collect 2026-05-10', done: 50, total: 200, unit: 'fetches', ratePerSecond: 10, secondsLeft: 15 },
      { message: 'progress', job: 'collect 2026-05-10', done: 100, total: 200, unit: 'fetches', ratePerSecond: 10, secondsLeft: 10 },
      { message: 'progress', job: 'collect 2026-05-10', done: 120, total: 200, unit: 'fetches', ratePerSecond: 10, secondsLeft: 8 },
    ]);
  });

  it('a job that ends at once prints only its last figures', () => {
    const h = harness(false);
    h.progress.update(0, 3);
    h.progress.update(3, 3);
    h.progress.finish();
    expect(h.log.lines).toHaveLength(1);
    expect(h.log.lines[0]).toMatchObject({ done: 3, total: 3 });
  });
});
