import { describe, expect, it } from 'vitest';
import { windowAround } from '../../src/domain/leaderboard-page';

describe('the around=me window', () => {
  it('centres on the caller, shifts inwards at either end of the table, and never passes a short one', () => {
    expect(windowAround(50, 11, 100)).toEqual({ first: 45, last: 55 });
    expect(windowAround(2, 11, 100)).toEqual({ first: 1, last: 11 });
    expect(windowAround(99, 11, 100)).toEqual({ first: 90, last: 100 });
    expect(windowAround(3, 11, 4)).toEqual({ first: 1, last: 11 });
    // an even limit shows one more below the caller than above
    expect(windowAround(50, 4, 100)).toEqual({ first: 49, last: 52 });
  });
});
