import { describe, expect, it } from 'vitest';
import { rankTeams, type TeamTotals } from '../../src/domain/standings';

const team = (teamId: string, joinedAt: string, cumulativePoints: number, previousPoints: number): TeamTotals => ({
  teamId,
  joinedAt,
  cumulativePoints,
  previousPoints,
});

describe('leaderboard ranking (§4.5)', () => {
  it('orders by cumulative points with distinct ranks, and rankDelta null on the first day', () => {
    const board = rankTeams([
      team('a', '2026-03-01T09:00:00Z', 3, 0),
      team('b', '2026-03-01T10:00:00Z', 7, 0),
      team('c', '2026-03-01T11:00:00Z', 0, 0),
    ]);
    expect(board).toEqual([
      { teamId: 'b', cumulativePoints: 7, rank: 1, rankDelta: null },
      { teamId: 'a', cumulativePoints: 3, rank: 2, rankDelta: null },
      { teamId: 'c', cumulativePoints: 0, rank: 3, rankDelta: null },
    ]);
  });

  it('ties go to the earlier-joined team, then to the smaller teamId', () => {
    const board = rankTeams([team('zeta', '2026-03-02T00:00:00Z', 5, 0), team('beta', '2026-03-01T00:00:00Z', 5, 0), team('alpha', '2026-03-01T00:00:00Z', 5, 0)]);
    expect(board.map((e) => [e.teamId, e.rank])).toEqual([
      ['alpha', 1],
      ['beta', 2],
      ['zeta', 3],
    ]);
  });

  it('rankDelta = previousRank − rank, positive when climbing; the same tie-break ranks "previous"', () => {
    // Before the last day: x 10, y 10 (tie → x joined first → x 1st, y 2nd), z 4.
    // Cumulative: x 11, y 20, z 4 → y 1st (+1), x 2nd (−1), z 3rd (0).
    const board = rankTeams([team('z', '2026-01-01T00:00:00Z', 4, 4), team('y', '2026-02-02T00:00:00Z', 20, 10), team('x', '2026-02-01T00:00:00Z', 11, 10)]);
    expect(board).toEqual([
      { teamId: 'y', cumulativePoints: 20, rank: 1, rankDelta: 1 },
      { teamId: 'x', cumulativePoints: 11, rank: 2, rankDelta: -1 },
      { teamId: 'z', cumulativePoints: 4, rank: 3, rankDelta: 0 },
    ]);
  });

  it('a team whose previous total is 0 has rankDelta null even when others moved', () => {
    const board = rankTeams([team('new', '2026-03-02T00:00:00Z', 50, 0), team('old', '2026-03-01T00:00:00Z', 20, 10)]);
    expect(board).toEqual([
      { teamId: 'new', cumulativePoints: 50, rank: 1, rankDelta: null },
      { teamId: 'old', cumulativePoints: 20, rank: 2, rankDelta: -1 },
    ]);
  });

  it('is empty for a league without teams', () => {
    expect(rankTeams([])).toEqual([]);
  });
});
