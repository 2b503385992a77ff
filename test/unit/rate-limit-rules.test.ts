import { describe, expect, it } from 'vitest';
import { failureWaitMs, slidingWindowAnswer } from '../../src/domain/rate-limits';

describe('sliding window', () => {
  const rule = { bucket: 'b', limit: 3, windowMs: 60_000 };
  it('allows while fewer than the limit fall in the window, then says when the oldest ages out', () => {
    expect(slidingWindowAnswer(rule, 2, 1_000, 5_000)).toEqual({ allowed: true, retryAfterMs: 0 });
    expect(slidingWindowAnswer(rule, 3, 1_000, 5_000)).toEqual({ allowed: false, retryAfterMs: 56_000 });
  });
});

describe('sign-in failure delays', () => {
  const rule = { bucket: 'b', freeFailures: 2, windowMs: 3_600_000, firstDelayMs: 1_000, maxDelayMs: 8_000 };
  it('are free up to the free failures, then double from the first delay since the last failure, up to the cap', () => {
    const last = 100_000;
    expect(failureWaitMs(rule, 1, last, last)).toBe(0);
    expect([2, 3, 4, 5, 9].map((failures) => failureWaitMs(rule, failures, last, last))).toEqual([1_000, 2_000, 4_000, 8_000, 8_000]);
    expect(failureWaitMs(rule, 3, last, last + 1_500)).toBe(500);
    expect(failureWaitMs(rule, 3, last, last + 5_000)).toBe(0);
  });
});
