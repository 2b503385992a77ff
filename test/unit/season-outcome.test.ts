import { describe, expect, it } from 'vitest';
import { type FinishedPlayoffMatchup, playoffBracket, playoffSeeds } from '../../src/domain/playoff-bracket';
import type { PlayoffTeams } from '../../src/domain/playoff-format';
import { seasonOutcome, type SeasonOutcome } from '../../src/domain/season-outcome';

/** The regular-season table, best first. */
const table = ['a', 'b', 'c', 'd', 'e', 'f'].map((teamId) => ({ teamId }));
const PLANNED = 6;
const bracket = (playoffTeams: PlayoffTeams, finished: FinishedPlayoffMatchup[], departures: { teamId: string; fromRound: number }[] = []) =>
  playoffBracket({ playoffTeams, plannedRounds: PLANNED, seeds: playoffSeeds(table, playoffTeams), finished, departures });
const won = (round: number, home: string, away: string, result: 'home' | 'away' | 'draw' = 'home'): FinishedPlayoffMatchup => ({
  round,
  home,
  away,
  result,
});

describe('the season’s champion and final order', () => {
  const rows: [rule: string, bracket: ReturnType<typeof bracket> | null, seasonComplete: boolean, expected: SeasonOutcome][] = [
    ['without playoffs, nobody is champion before the season is complete', null, false, { champion: null, order: [] }],
    ['without playoffs, the table’s first once it is', null, true, { champion: 'a', order: ['a', 'b', 'c', 'd', 'e', 'f'] }],
    [
      'with playoffs, the final’s winner, though the table’s first lost its semi-final',
      bracket(4, [won(5, 'a', 'd', 'away'), won(5, 'b', 'c'), won(6, 'b', 'd', 'away')]),
      true,
      // then the final's loser, the semi-finals' losers in table order, those who did not qualify
      { champion: 'd', order: ['d', 'b', 'a', 'c', 'e', 'f'] },
    ],
    [
      'with 8 places: the quarter-finals’ losers follow the semi-finals’ losers, each in table order',
      // six teams in eight places: a and b go through the quarter-finals on byes
      bracket(8, [won(4, 'd', 'e'), won(4, 'c', 'f', 'away'), won(5, 'a', 'd', 'away'), won(5, 'b', 'f', 'away'), won(6, 'd', 'f', 'away')]),
      true,
      { champion: 'f', order: ['f', 'd', 'a', 'b', 'c', 'e'] },
    ],
    [
      'the champion is known once the final is, before the season is marked complete',
      bracket(2, [won(6, 'a', 'b', 'away')]),
      false,
      { champion: 'b', order: ['b', 'a', 'c', 'd', 'e', 'f'] },
    ],
    [
      'a bye counts as reaching the round: a seed through on one that then left ranks with that round’s losers',
      // six teams in eight places: a and b go through the quarter-finals on byes; a leaves before its semi-final
      bracket(8, [won(4, 'd', 'e', 'away'), won(4, 'c', 'f'), won(5, 'b', 'c'), won(6, 'b', 'e', 'away')], [{ teamId: 'a', fromRound: 5 }]),
      true,
      { champion: 'e', order: ['e', 'b', 'c', 'a', 'd', 'f'] },
    ],
    [
      'playoffs begun but the final undecided: nobody before the season is complete',
      bracket(4, [won(5, 'a', 'd', 'away')]),
      false,
      { champion: null, order: [] },
    ],
    [
      'a league closed during its playoffs: the table at closure decides, the knocked-out first included',
      bracket(4, [won(5, 'a', 'd', 'away'), won(5, 'b', 'c')]),
      true,
      { champion: 'a', order: ['a', 'b', 'c', 'd', 'e', 'f'] },
    ],
    [
      'every finalist left before the final: the table decides',
      bracket(2, [], [
        { teamId: 'a', fromRound: 6 },
        { teamId: 'b', fromRound: 6 },
      ]),
      true,
      { champion: 'a', order: ['a', 'b', 'c', 'd', 'e', 'f'] },
    ],
  ];
  it.each(rows)('%s', (_rule, bracketSoFar, seasonComplete, expected) => {
    expect(seasonOutcome({ table, bracket: bracketSoFar, seasonComplete })).toEqual(expected);
  });

  it('a season without teams has no champion', () => {
    expect(seasonOutcome({ table: [], bracket: null, seasonComplete: true })).toEqual({ champion: null, order: [] });
  });
});
