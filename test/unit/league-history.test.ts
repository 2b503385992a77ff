import { describe, expect, it } from 'vitest';
import { chainOrder, type HistoryRow, leagueHistory, reigningChampion, type SeasonRecord } from '../../src/domain/league-history';
import { seasonOutcome } from '../../src/domain/season-outcome';

const teams = (...names: [teamId: string, teamName: string, playerId: string][]) => names.map(([teamId, teamName, playerId]) => ({ teamId, teamName, playerId }));

/** Three seasons of Ann, Bob and Cat; Dan played the first and left. */
const first: SeasonRecord = {
  leagueId: 'L1',
  previousSeasonId: null,
  startDate: '2026-01-01T10:00:00.000Z',
  endDate: '2026-01-31T10:00:00.000Z',
  teams: teams(['t1', 'Ann FC', 'ann'], ['t2', 'Bob United', 'bob'], ['t3', 'Cat City', 'cat'], ['t4', 'Dan Town', 'dan']),
  outcome: { champion: 't2', order: ['t2', 't1', 't4', 't3'] },
};
const second: SeasonRecord = {
  leagueId: 'L2',
  previousSeasonId: 'L1',
  startDate: '2026-02-02T09:00:00.000Z',
  endDate: '2026-02-16T09:00:00.000Z',
  teams: teams(['u1', 'Ann Returns', 'ann'], ['u2', 'Bob United', 'bob'], ['u3', 'Cat City', 'cat']),
  outcome: { champion: 'u3', order: ['u3', 'u1', 'u2'] },
};
const third: SeasonRecord = {
  leagueId: 'L3',
  previousSeasonId: 'L2',
  startDate: '2026-02-17T09:00:00.000Z',
  endDate: '2026-03-19T09:00:00.000Z',
  teams: teams(['v1', 'Ann FC', 'ann'], ['v2', 'Bob United', 'bob']),
  outcome: { champion: null, order: [] },
};

describe('a league’s history', () => {
  const history = leagueHistory([third, first, second]);

  const rows: [rule: string, season: number, expected: HistoryRow][] = [
    [
      'the first season: its champion and podium, teams named as they were then, a departed player included',
      1,
      {
        leagueId: 'L1',
        season: 1,
        startDate: first.startDate,
        endDate: first.endDate,
        champion: { teamName: 'Bob United', playerId: 'bob' },
        podium: [
          { place: 1, teamName: 'Bob United', playerId: 'bob' },
          { place: 2, teamName: 'Ann FC', playerId: 'ann' },
          { place: 3, teamName: 'Dan Town', playerId: 'dan' },
        ],
      },
    ],
    [
      'the second season, numbered after the first',
      2,
      {
        leagueId: 'L2',
        season: 2,
        startDate: second.startDate,
        endDate: second.endDate,
        champion: { teamName: 'Cat City', playerId: 'cat' },
        podium: [
          { place: 1, teamName: 'Cat City', playerId: 'cat' },
          { place: 2, teamName: 'Ann Returns', playerId: 'ann' },
          { place: 3, teamName: 'Bob United', playerId: 'bob' },
        ],
      },
    ],
    [
      'a season still being played: no champion and no podium yet',
      3,
      { leagueId: 'L3', season: 3, startDate: third.startDate, endDate: third.endDate, champion: null, podium: [] },
    ],
  ];
  it.each(rows)('%s', (_rule, season, expected) => {
    expect(history).toHaveLength(3);
    expect(history[season - 1]).toEqual(expected);
  });

  it('a podium of a two-team season has two places', () => {
    const [row] = leagueHistory([{ ...third, outcome: { champion: 'v2', order: ['v2', 'v1'] } }]);
    expect(row!.podium.map((p) => [p.place, p.playerId])).toEqual([
      [1, 'bob'],
      [2, 'ann'],
    ]);
  });

  it('a season closed early has the champion the table gave it at closure', () => {
    const table = [{ teamId: 'v2' }, { teamId: 'v1' }];
    const closed = { ...third, outcome: seasonOutcome({ table, bracket: null, seasonComplete: true }) };
    expect(leagueHistory([closed])[0]!.champion).toEqual({ teamName: 'Bob United', playerId: 'bob' });
  });
});

describe('the chain’s order', () => {
  const order = (seasons: SeasonRecord[]) => chainOrder(seasons).map((s) => s.leagueId);
  const rows: [rule: string, seasons: SeasonRecord[], expected: string[]][] = [
    ['oldest first, whatever order they come in', [second, third, first], ['L1', 'L2', 'L3']],
    ['the links decide, not the start dates', [first, { ...second, startDate: '2025-12-01T00:00:00.000Z' }, third], ['L1', 'L2', 'L3']],
    ['a chain read from its middle starts where its known seasons start', [third, second], ['L2', 'L3']],
    ['seasons that do not link up follow in start order', [{ ...third, previousSeasonId: 'L9' }, first], ['L1', 'L3']],
  ];
  it.each(rows)('%s', (_rule, seasons, expected) => {
    expect(order(seasons)).toEqual(expected);
  });
});

describe('the trophy in the next season’s table', () => {
  const history = leagueHistory([first, second, third]);
  const rows: [rule: string, leagueId: string, expected: string | null][] = [
    ['a first season has no reigning champion', 'L1', null],
    ['the second season’s trophy is the first season’s champion’s', 'L2', 'bob'],
    ['the third’s is the second’s champion’s', 'L3', 'cat'],
    ['a league outside the chain has none', 'L9', null],
  ];
  it.each(rows)('%s', (_rule, leagueId, expected) => {
    expect(reigningChampion(history, leagueId)).toBe(expected);
  });
});
