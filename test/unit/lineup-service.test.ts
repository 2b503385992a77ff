import { describe, expect, it } from 'vitest';
import { performanceLimit } from '../../src/features/lineups/wire';

describe('performanceLimit (my-performances ?limit=)', () => {
  it.each([
    [null, 2],
    ['', 2],
    ['  ', 2],
    ['abc', 2],
    ['3', 3],
    ['1', 1],
    ['0', 1],
    ['-7', 1],
    ['2.9', 2],
    ['1e1', 10],
    ['Infinity', 2],
    ['1e30', 100_000],
    ['1e400', 100_000],
    ['-1e400', 1],
    [' 4 ', 4],
    ['0x10', 2],
    ['3days', 2],
  ])('%j → %d', (raw, expected) => {
    expect(performanceLimit(raw)).toBe(expected);
  });
});
