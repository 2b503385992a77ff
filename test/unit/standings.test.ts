import { describe, expect, it } from 'vitest';
import { cumulativePoints, leaderboard, previousPoints } from '../../src/domain/standings';

const rows = (...pairs: [string, number][]) => pairs.map(([date, points]) => ({ date, points }));

describe('cumulative and previous (§4.5)', () => {
  it('cumulative is the sum of all rows, 0 without rows', () => {
    expect(cumulativePoints(rows(['2026-03-01', 2.5], ['2026-03-02', 4]))).toBe(6.5);
    expect(cumulativePoints([])).toBe(0);
  });

  it('previous is the sum before the team’s own latest row, 0 with ≤ 1 row', () => {
    expect(previousPoints(rows(['2026-03-02', 4], ['2026-03-01', 2.5], ['2026-03-03', 1]))).toBe(6.5);
    expect(previousPoints(rows(['2026-03-01', 9]))).toBe(0);
    expect(previousPoints([])).toBe(0);
  });
});

describe('leaderboard (§4.5)', () => {
  it('orders by cumulative points with distinct ranks, and rankDelta null on the first day', () => {
    const board = leaderboard([
      { teamId: 'a', joinedAt: '2026-03-01T09:00:00Z', rows: rows(['2026-03-01', 3]) },
      { teamId: 'b', joinedAt: '2026-03-01T10:00:00Z', rows: rows(['2026-03-01', 7]) },
      { teamId: 'c', joinedAt: '2026-03-01T11:00:00Z', rows: [] },
    ]);
    expect(board).toEqual([
      { teamId: 'b', cumulativePoints: 7, rank: 1, rankDelta: null },
      { teamId: 'a', cumulativePoints: 3, rank: 2, rankDelta: null },
      { teamId: 'c', cumulativePoints: 0, rank: 3, rankDelta: null },
    ]);
  });

  it('ties go to the earlier-joined team, then to the smaller teamId', () => {
    const board = leaderboard([
      { teamId: 'zeta', joinedAt: '2026-03-02T00:00:00Z', rows: rows(['2026-03-05', 5]) },
      { teamId: 'beta', joinedAt: '2026-03-01T00:00:00Z', rows: rows(['2026-03-05', 5]) },
      { teamId: 'alpha', joinedAt: '2026-03-01T00:00:00Z', rows: rows(['2026-03-05', 5]) },
    ]);
    expect(board.map((e) => [e.teamId, e.rank])).toEqual([
      ['alpha', 1],
      ['beta', 2],
      ['zeta', 3],
    ]);
  });

  it('rankDelta = previousRank − rank, positive when climbing; the same tie-break ranks "previous"', () => {
    // Before the last day: x 10, y 10 (tie → x joined first → x 1st, y 2nd), z 4.
    // Cumulative: x 11, y 20, z 4 → y 1st (+1), x 2nd (−1), z 3rd (0).
    const board = leaderboard([
      { teamId: 'z', joinedAt: '2026-01-01T00:00:00Z', rows: rows(['2026-03-01', 4], ['2026-03-02', 0]) },
      { teamId: 'y', joinedAt: '2026-02-02T00:00:00Z', rows: rows(['2026-03-01', 10], ['2026-03-02', 10]) },
      { teamId: 'x', joinedAt: '2026-02-01T00:00:00Z', rows: rows(['2026-03-01', 10], ['2026-03-02', 1]) },
    ]);
    expect(board).toEqual([
      { teamId: 'y', cumulativePoints: 20, rank: 1, rankDelta: 1 },
      { teamId: 'x', cumulativePoints: 11, rank: 2, rankDelta: -1 },
      { teamId: 'z', cumulativePoints: 4, rank: 3, rankDelta: 0 },
    ]);
  });

  it('a team whose previous total is 0 has rankDelta null even when others moved', () => {
    const board = leaderboard([
      { teamId: 'new', joinedAt: '2026-03-02T00:00:00Z', rows: rows(['2026-03-02', 50]) },
      { teamId: 'old', joinedAt: '2026-03-01T00:00:00Z', rows: rows(['2026-03-01', 10], ['2026-03-02', 10]) },
    ]);
    expect(board).toEqual([
      { teamId: 'new', cumulativePoints: 50, rank: 1, rankDelta: null },
      { teamId: 'old', cumulativePoints: 20, rank: 2, rankDelta: -1 },
    ]);
  });

  it('is empty for a league without teams', () => {
    expect(leaderboard([])).toEqual([]);
  });
});
