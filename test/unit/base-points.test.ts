import { describe, expect, it } from 'vitest';
import { basePoints, LOG2_75 } from '../../src/domain/base-points';

describe('BasePoints (§2)', () => {
  it('log2(75) matches the documented value (printed 1 ulp off the nearest double)', () => {
    expect(LOG2_75).toBeCloseTo(6.228818690495881, 14);
  });

  // §2 table, to the decimals the table gives.
  it.each([
    [2_000, 0],
    [4_000, 1],
    [8_000, 2],
    [16_000, 3],
    [32_000, 4],
    [64_000, 5],
    [128_000, 6],
  ])('BasePoints(%i) = %d exactly', (v, bp) => {
    expect(basePoints(v)).toBe(bp);
  });

  it('BasePoints(2,828) = 0.50 (2 decimals)', () => {
    expect(basePoints(2_828).toFixed(2)).toBe('0.50');
  });

  it.each([
    [150_000, '6.2288'],
    [300_000, '9.2288'],
    [476_000, '12.7488'],
  ])('BasePoints(%i) = %s (4 decimals)', (v, bp) => {
    expect(basePoints(v).toFixed(4)).toBe(bp);
  });

  it('is continuous at the 150,000 breakpoint', () => {
    expect(basePoints(150_000)).toBe(LOG2_75);
    expect(basePoints(150_001) - basePoints(150_000)).toBeCloseTo(1 / 50_000, 12);
  });

  it('is never negative and scores garbage as 0', () => {
    expect(basePoints(1_999)).toBe(0);
    expect(basePoints(0)).toBe(0);
    expect(basePoints(-5)).toBe(0);
    expect(basePoints(Number.NaN)).toBe(0);
    expect(basePoints(Number.POSITIVE_INFINITY)).toBe(0);
  });
});
