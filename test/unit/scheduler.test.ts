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
