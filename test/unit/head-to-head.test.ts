import { describe, expect, it } from 'vitest';
import {
  currentRound,
  headToHeadTable,
  leagueFormatOf,
  matchResult,
  pairingsFixedAt,
  pairingsFor,
  roundBounds,
  roundCount,
  roundMatchups,
  roundOfDay,
  roundsFixedBy,
  seasonDays,
} from '../../src/domain/head-to-head';

const season = (startDate: string, days: number, closedAt: string | null = null) => ({
  startDate,
  endDate: new Date(Date.parse(startDate) + days * 86_400_000).toISOString(),
  closedAt,
});

const teamsOf = (k: number) => Array.from({ length: k }, (_, i) => `t${i + 1}`);
const pairKey = (a: string, b: string | null) => [a, b ?? 'AVG'].sort().join('-');

describe('founding format', () => {
  it('defaults to points; head-to-head defaults to 7-day rounds', () => {
    expect(leagueFormatOf(undefined, undefined)).toEqual({ format: 'points', roundDays: null });
    expect(leagueFormatOf('points', undefined)).toEqual({ format: 'points', roundDays: null });
    expect(leagueFormatOf('head-to-head', undefined)).toEqual({ format: 'head-to-head', roundDays: 7 });
    for (const days of [1, 2, 3, 7]) expect(leagueFormatOf('head-to-head', days)).toEqual({ format: 'head-to-head', roundDays: days });
  });

  it('refuses roundDays on a points league, an unknown length or an unknown format', () => {
    expect(leagueFormatOf('points', 7)).toBeNull();
    expect(leagueFormatOf(undefined, 7)).toBeNull();
    expect(leagueFormatOf('points', null)).toBeNull();
    for (const days of [0, 4, 5, 14, '7', 7.5, null]) expect(leagueFormatOf('head-to-head', days)).toBeNull();
    expect(leagueFormatOf('knockout', undefined)).toBeNull();
    expect(leagueFormatOf('Head-To-Head', undefined)).toBeNull();
  });
});

describe('rounds of a season', () => {
  // founded at noon on 1 May for 30 days: scored days 1–30 May
  const league = season('2026-05-01T12:00:00.000Z', 30);

  it('round 1 starts on the start day; round n covers roundDays days; the last is cut at the season end', () => {
    expect(seasonDays(league)).toEqual({ first: '2026-05-01', last: '2026-05-30' });
    expect(roundCount(league, 7)).toBe(5);
    expect(roundBounds(league, 7, 1)).toEqual({ round: 1, startDate: '2026-05-01', endDate: '2026-05-07' });
    expect(roundBounds(league, 7, 4)).toEqual({ round: 4, startDate: '2026-05-22', endDate: '2026-05-28' });
    expect(roundBounds(league, 7, 5)).toEqual({ round: 5, startDate: '2026-05-29', endDate: '2026-05-30' });
    expect(roundCount(league, 1)).toBe(30);
    expect(roundCount(league, 3)).toBe(10);
    expect(roundBounds(league, 2, 15)).toEqual({ round: 15, startDate: '2026-05-29', endDate: '2026-05-30' });
  });

  it('has no round 0, no round past the last, and no fractional round', () => {
    expect(roundBounds(league, 7, 0)).toBeNull();
    expect(roundBounds(league, 7, 6)).toBeNull();
    expect(roundBounds(league, 7, 1.5)).toBeNull();
  });

  it('a closure cuts the season before the closing day', () => {
    const closed = season('2026-05-01T12:00:00.000Z', 30, '2026-05-10T08:00:00.000Z');
    expect(seasonDays(closed)).toEqual({ first: '2026-05-01', last: '2026-05-09' });
    expect(roundCount(closed, 7)).toBe(2);
    expect(roundBounds(closed, 7, 2)).toEqual({ round: 2, startDate: '2026-05-08', endDate: '2026-05-09' });
  });

  it('places days in rounds and names the current round, the last one after the season', () => {
    expect(roundOfDay(league, 7, '2026-05-07')).toBe(1);
    expect(roundOfDay(league, 7, '2026-05-08')).toBe(2);
    expect(roundOfDay(league, 7, '2026-05-31')).toBeNull();
    expect(roundOfDay(league, 7, '2026-04-30')).toBeNull();
    expect(currentRound(league, 7, new Date('2026-05-15T23:59:59Z'))).toBe(3);
    expect(currentRound(league, 7, new Date('2026-07-01T00:00:00Z'))).toBe(5);
  });

  it('fixes a round’s pairings at the end of its first day', () => {
    expect(pairingsFixedAt(roundBounds(league, 7, 2)!)).toBe('2026-05-09T00:00:00.000Z');
    expect(roundsFixedBy(league, 7, new Date('2026-05-01T23:59:59.999Z'))).toBe(0);
    expect(roundsFixedBy(league, 7, new Date('2026-05-02T00:00:00.000Z'))).toBe(1);
    expect(roundsFixedBy(league, 7, new Date('2026-05-09T00:00:00.000Z'))).toBe(2);
    expect(roundsFixedBy(league, 7, new Date('2027-01-01T00:00:00.000Z'))).toBe(5);
  });
});

describe('rounds fixed by an instant', () => {
  it('counts exactly the rounds whose first day has ended, for every round length, hour by hour over a season', () => {
    for (const roundDays of [1, 2, 3, 7]) {
      for (const league of [season('2026-05-01T12:00:00.000Z', 30), season('2026-05-01T00:00:00.000Z', 14, '2026-05-09T10:00:00.000Z')]) {
        for (let hour = -48; hour < 40 * 24; hour += 5) {
          const now = new Date(Date.parse('2026-05-01T00:00:00.000Z') + hour * 3_600_000);
          let expected = 0;
          for (let round = 1; round <= roundCount(league, roundDays); round++) {
            if (Date.parse(pairingsFixedAt(roundBounds(league, roundDays, round)!)) <= now.getTime()) expected = round;
          }
          expect(roundsFixedBy(league, roundDays, now)).toBe(expected);
        }
      }
    }
  });
});

describe('circle-method pairings', () => {
  for (let k = 2; k <= 9; k++) {
    it(`${k} teams over a 180-day season of daily rounds: each pair meets once per cycle, every team plays every round`, () => {
      const teams = teamsOf(k);
      const cycle = k % 2 === 0 ? k - 1 : k;
      const rounds = roundCount(season('2026-01-01T00:00:00.000Z', 180), 1);
      const expectedPairs = k % 2 === 0 ? (k * (k - 1)) / 2 : (k * (k + 1)) / 2;
      for (let start = 1; start + cycle - 1 <= rounds; start += cycle) {
        const met = new Map<string, number>();
        for (let round = start; round < start + cycle; round++) {
          const pairings = pairingsFor(teams, round);
          const seen = pairings.flatMap((p) => (p.away === null ? [p.home] : [p.home, p.away]));
          expect(new Set(seen).size).toBe(k);
          expect(seen).toHaveLength(k);
          expect(pairings.filter((p) => p.away === null)).toHaveLength(k % 2);
          for (const p of pairings) met.set(pairKey(p.home, p.away), (met.get(pairKey(p.home, p.away)) ?? 0) + 1);
        }
        expect(met.size).toBe(expectedPairs);
        expect([...met.values()].every((n) => n === 1)).toBe(true);
        // a cycle covers every team against every other (and, for odd k, each against the average once)
        for (const a of teams) for (const b of teams) if (a < b) expect(met.get(pairKey(a, b))).toBe(1);
        if (k % 2 === 1) for (const a of teams) expect(met.get(pairKey(a, null))).toBe(1);
      }
      // then the cycle repeats (home and away may swap)
      const keys = (round: number) => pairingsFor(teams, round).map((p) => pairKey(p.home, p.away)).sort();
      expect(keys(1 + cycle)).toEqual(keys(1));
    });
  }

  it('four teams, round by round', () => {
    expect(pairingsFor(['a', 'b', 'c', 'd'], 1)).toEqual([
      { home: 'a', away: 'd' },
      { home: 'b', away: 'c' },
    ]);
    expect(pairingsFor(['a', 'b', 'c', 'd'], 2)).toEqual([
      { home: 'c', away: 'a' },
      { home: 'd', away: 'b' },
    ]);
    expect(pairingsFor(['a', 'b', 'c', 'd'], 3)).toEqual([
      { home: 'a', away: 'b' },
      { home: 'c', away: 'd' },
    ]);
  });

  it('three teams: the one facing the empty seat plays the league average, as the visitor', () => {
    expect(pairingsFor(['a', 'b', 'c'], 1)).toEqual([
      { home: 'a', away: null },
      { home: 'b', away: 'c' },
    ]);
  });

  it('one team alone, or none, has no matchups', () => {
    expect(pairingsFor(['a'], 1)).toEqual([]);
    expect(pairingsFor([], 1)).toEqual([]);
  });
});

describe('results', () => {
  it('higher round points wins, within 1e-9 is a draw', () => {
    expect(matchResult(42.1, 38)).toBe('home');
    expect(matchResult(38, 42.1)).toBe('away');
    expect(matchResult(0.1 + 0.2, 0.3)).toBe('draw');
    expect(matchResult(10, 10 + 5e-10)).toBe('draw');
    expect(matchResult(10, 10 + 2e-9)).toBe('away');
  });

  it('a team that left mid-round loses whatever it scored', () => {
    expect(matchResult(90, 10, 'home')).toBe('away');
    expect(matchResult(10, 90, 'away')).toBe('home');
  });

  it('the league average is the mean of the other paired teams’ round points', () => {
    const points: Record<string, number> = { a: 30, b: 10, c: 20 };
    const matchups = roundMatchups(
      [
        { home: 'a', away: null, forfeitedBy: null },
        { home: 'b', away: 'c', forfeitedBy: null },
      ],
      (team) => points[team] ?? 0,
    );
    expect(matchups).toEqual([
      { home: 'a', away: null, homePoints: 30, awayPoints: 15, result: 'home' },
      { home: 'b', away: 'c', homePoints: 10, awayPoints: 20, result: 'away' },
    ]);
  });
});

describe('the head-to-head table', () => {
  const teams = [
    { teamId: 'a', joinedAt: '2026-05-01T10:00:00Z' },
    { teamId: 'b', joinedAt: '2026-05-01T11:00:00Z' },
    { teamId: 'c', joinedAt: '2026-05-01T09:00:00Z' },
    { teamId: 'd', joinedAt: '2026-05-01T12:00:00Z' },
  ];

  it('adds win 3, draw 1, loss 0 and the points for and against of final rounds', () => {
    const table = headToHeadTable(teams, [
      [
        { home: 'a', away: 'd', homePoints: 50, awayPoints: 40, result: 'home' },
        { home: 'b', away: 'c', homePoints: 20, awayPoints: 20, result: 'draw' },
      ],
    ]);
    expect(table).toEqual([
      { rank: 1, teamId: 'a', played: 1, won: 1, drawn: 0, lost: 0, pointsFor: 50, pointsAgainst: 40, tablePoints: 3 },
      { rank: 2, teamId: 'c', played: 1, won: 0, drawn: 1, lost: 0, pointsFor: 20, pointsAgainst: 20, tablePoints: 1 },
      { rank: 3, teamId: 'b', played: 1, won: 0, drawn: 1, lost: 0, pointsFor: 20, pointsAgainst: 20, tablePoints: 1 },
      { rank: 4, teamId: 'd', played: 1, won: 0, drawn: 0, lost: 1, pointsFor: 40, pointsAgainst: 50, tablePoints: 0 },
    ]);
  });

  it('orders by table points, then points for, then earlier join, then team id', () => {
    const table = headToHeadTable(
      [...teams, { teamId: 'e', joinedAt: '2026-05-01T12:00:00Z' }],
      [
        [
          { home: 'a', away: 'b', homePoints: 10, awayPoints: 30, result: 'away' },
          { home: 'c', away: 'd', homePoints: 25, awayPoints: 5, result: 'home' },
          { home: 'e', away: null, homePoints: 9, awayPoints: 17.5, result: 'away' },
        ],
      ],
    );
    expect(table.map((row) => [row.teamId, row.tablePoints, row.pointsFor])).toEqual([
      ['b', 3, 30],
      ['c', 3, 25],
      ['a', 0, 10],
      ['e', 0, 9],
      ['d', 0, 5],
    ]);
    const level = headToHeadTable(teams.slice(0, 2).concat({ teamId: 'aa', joinedAt: '2026-05-01T10:00:00Z' }), []);
    expect(level.map((row) => row.teamId)).toEqual(['a', 'aa', 'b']);
  });

  it('the league average plays no row of its own', () => {
    const table = headToHeadTable(teams.slice(0, 1), [[{ home: 'a', away: null, homePoints: 1, awayPoints: 2, result: 'away' }]]);
    expect(table).toHaveLength(1);
    expect(table[0]).toMatchObject({ played: 1, lost: 1, pointsAgainst: 2 });
  });
});
