import { describe, expect, it } from 'vitest';
import type { MatchResult } from '../../src/domain/head-to-head';
import {
  bracketOrder,
  type Bracket,
  type Departure,
  type FinishedPlayoffMatchup,
  playoffBracket,
  playoffPairings,
  playoffSeeds,
} from '../../src/domain/playoff-bracket';
import type { PlayoffTeams } from '../../src/domain/playoff-format';

/** Teams named by their seed: s1 is the table's best qualifier. */
const seedsOf = (count: number) => Array.from({ length: count }, (_, i) => ({ seed: i + 1, teamId: `s${i + 1}` }));
/** A 6-round season: with 8 teams the quarter-finals are round 4, with 4 the semi-finals round 5, the final round 6. */
const PLANNED = 6;

const bracketOf = (playoffTeams: PlayoffTeams, teams: number, finished: FinishedPlayoffMatchup[] = [], departures: Departure[] = []) =>
  playoffBracket({ playoffTeams, plannedRounds: PLANNED, seeds: seedsOf(Math.min(teams, playoffTeams)), finished, departures });

const won = (round: number, home: string, away: string, result: MatchResult = 'home'): FinishedPlayoffMatchup => ({ round, home, away, result });

/** Each round's fixtures as "home v away" and its byes. */
const shape = (bracket: Bracket) =>
  bracket.rounds.map((r) => ({
    round: r.round,
    stage: r.stage,
    fixtures: r.fixtures.map((f) => `${f.home.teamId} v ${f.away.teamId}`),
    byes: r.byes.map((b) => b.teamId),
  }));

describe('seeds from the regular-season table', () => {
  const table = ['a', 'b', 'c', 'd', 'e', 'f'].map((teamId) => ({ teamId }));
  const rows: [rule: string, playoffTeams: PlayoffTeams, absent: string[], expected: string[]][] = [
    ['the table’s best take the places, in table order', 4, [], ['a', 'b', 'c', 'd']],
    ['two places: the first two', 2, [], ['a', 'b']],
    ['a team that left before the playoffs is passed over, the next takes its place', 4, ['b'], ['a', 'c', 'd', 'e']],
    ['fewer teams than places: every team left is seeded', 8, ['f'], ['a', 'b', 'c', 'd', 'e']],
    ['no playoffs: no seeds', 0, [], []],
  ];
  it.each(rows)('%s', (_rule, playoffTeams, absent, expected) => {
    const seeds = playoffSeeds(table, playoffTeams, absent);
    expect(seeds.map((s) => s.teamId)).toEqual(expected);
    expect(seeds.map((s) => s.seed)).toEqual(expected.map((_, i) => i + 1));
  });
});

describe('the standard bracket', () => {
  it.each([
    [0, []],
    [2, [1, 2]],
    [4, [1, 4, 2, 3]],
    [8, [1, 8, 4, 5, 2, 7, 3, 6]],
  ] as const)('%i places are drawn %j', (playoffTeams, order) => {
    expect(bracketOrder(playoffTeams)).toEqual(order);
  });

  const rows: [rule: string, playoffTeams: PlayoffTeams, expected: ReturnType<typeof shape>][] = [
    ['2 teams: 1 v 2 in the last round, the final', 2, [{ round: 6, stage: 'final', fixtures: ['s1 v s2'], byes: [] }]],
    [
      '4 teams: 1 v 4 and 2 v 3 in the semi-finals, the final not known yet',
      4,
      [
        { round: 5, stage: 'semi-final', fixtures: ['s1 v s4', 's2 v s3'], byes: [] },
        { round: 6, stage: 'final', fixtures: [], byes: [] },
      ],
    ],
    [
      '8 teams: 1 v 8, 4 v 5, 2 v 7, 3 v 6 in the quarter-finals',
      8,
      [
        { round: 4, stage: 'quarter-final', fixtures: ['s1 v s8', 's4 v s5', 's2 v s7', 's3 v s6'], byes: [] },
        { round: 5, stage: 'semi-final', fixtures: [], byes: [] },
        { round: 6, stage: 'final', fixtures: [], byes: [] },
      ],
    ],
  ];
  it.each(rows)('%s', (_rule, playoffTeams, expected) => {
    const bracket = bracketOf(playoffTeams, playoffTeams);
    expect(shape(bracket)).toEqual(expected);
    expect(bracket.champion).toBeNull();
  });

  it('1 and 2 can only meet in the final, whatever the results', () => {
    const results: MatchResult[] = ['home', 'away'];
    let finalsBetween1And2 = 0;
    for (let outcomes = 0; outcomes < 64; outcomes++) {
      const finished: FinishedPlayoffMatchup[] = [];
      let bracket = bracketOf(8, 8);
      // play the rounds one after another, each matchup's result taken from a bit of `outcomes`
      let bit = 0;
      for (const round of [4, 5, 6]) {
        for (const f of bracket.rounds.find((r) => r.round === round)!.fixtures) {
          finished.push(won(round, f.home.teamId, f.away.teamId, results[(outcomes >> bit++) & 1]!));
        }
        bracket = bracketOf(8, 8, finished);
      }
      for (const r of bracket.rounds) {
        const together = r.fixtures.filter((f) => [f.home.teamId, f.away.teamId].sort().join() === 's1,s2');
        if (r.stage !== 'final') expect(together).toEqual([]);
        else finalsBetween1And2 += together.length;
      }
      expect(bracket.champion).not.toBeNull();
    }
    // and they meet there in the 4 runs of 64 where both win their halves
    expect(finalsBetween1And2).toBe(4);
  });
});

describe('the bracket’s progress', () => {
  const quarterFinals = [won(4, 's1', 's8'), won(4, 's4', 's5', 'away'), won(4, 's2', 's7'), won(4, 's3', 's6', 'away')];
  const rows: [rule: string, finished: FinishedPlayoffMatchup[], departures: Departure[], expected: ReturnType<typeof shape>, champion: string | null][] = [
    [
      'winners advance to the next round, the higher seed at home (5 beat 4, 6 beat 3)',
      quarterFinals,
      [],
      [
        { round: 4, stage: 'quarter-final', fixtures: ['s1 v s8', 's4 v s5', 's2 v s7', 's3 v s6'], byes: [] },
        { round: 5, stage: 'semi-final', fixtures: ['s1 v s5', 's2 v s6'], byes: [] },
        { round: 6, stage: 'final', fixtures: [], byes: [] },
      ],
      null,
    ],
    [
      'the higher seed is at home even when both won as visitors',
      [won(4, 's1', 's8', 'away'), won(4, 's4', 's5', 'away'), won(4, 's2', 's7'), won(4, 's3', 's6')],
      [],
      [
        { round: 4, stage: 'quarter-final', fixtures: ['s1 v s8', 's4 v s5', 's2 v s7', 's3 v s6'], byes: [] },
        { round: 5, stage: 'semi-final', fixtures: ['s5 v s8', 's2 v s3'], byes: [] },
        { round: 6, stage: 'final', fixtures: [], byes: [] },
      ],
      null,
    ],
    [
      'a final is known once both semi-finals are; the other half not yet played keeps it unknown',
      [...quarterFinals, won(5, 's1', 's5')],
      [],
      [
        { round: 4, stage: 'quarter-final', fixtures: ['s1 v s8', 's4 v s5', 's2 v s7', 's3 v s6'], byes: [] },
        { round: 5, stage: 'semi-final', fixtures: ['s1 v s5', 's2 v s6'], byes: [] },
        { round: 6, stage: 'final', fixtures: [], byes: [] },
      ],
      null,
    ],
    [
      'the champion is the final’s winner',
      [...quarterFinals, won(5, 's1', 's5'), won(5, 's2', 's6', 'away'), won(6, 's1', 's6', 'away')],
      [],
      [
        { round: 4, stage: 'quarter-final', fixtures: ['s1 v s8', 's4 v s5', 's2 v s7', 's3 v s6'], byes: [] },
        { round: 5, stage: 'semi-final', fixtures: ['s1 v s5', 's2 v s6'], byes: [] },
        { round: 6, stage: 'final', fixtures: ['s1 v s6'], byes: [] },
      ],
      's6',
    ],
    [
      'a result kept for another round does not decide the matchup',
      [won(5, 's1', 's8'), ...quarterFinals.slice(1)],
      [],
      [
        { round: 4, stage: 'quarter-final', fixtures: ['s1 v s8', 's4 v s5', 's2 v s7', 's3 v s6'], byes: [] },
        { round: 5, stage: 'semi-final', fixtures: ['s2 v s6'], byes: [] },
        { round: 6, stage: 'final', fixtures: [], byes: [] },
      ],
      null,
    ],
    [
      'a seed that left before the quarter-finals were fixed: its opponent goes through on a bye',
      [won(4, 's1', 's8'), won(4, 's2', 's7'), won(4, 's3', 's6')],
      [{ teamId: 's5', fromRound: 4 }],
      [
        { round: 4, stage: 'quarter-final', fixtures: ['s1 v s8', 's2 v s7', 's3 v s6'], byes: ['s4'] },
        { round: 5, stage: 'semi-final', fixtures: ['s1 v s4', 's2 v s3'], byes: [] },
        { round: 6, stage: 'final', fixtures: [], byes: [] },
      ],
      null,
    ],
    [
      'a winner that left before its semi-final was fixed plays no more: its opponent goes through',
      quarterFinals,
      [{ teamId: 's6', fromRound: 5 }],
      [
        { round: 4, stage: 'quarter-final', fixtures: ['s1 v s8', 's4 v s5', 's2 v s7', 's3 v s6'], byes: [] },
        { round: 5, stage: 'semi-final', fixtures: ['s1 v s5'], byes: ['s2'] },
        { round: 6, stage: 'final', fixtures: [], byes: [] },
      ],
      null,
    ],
    [
      'a team that left during its semi-final keeps the fixture and loses it by its result',
      [...quarterFinals, won(5, 's2', 's6', 'home')],
      [{ teamId: 's6', fromRound: 6 }],
      [
        { round: 4, stage: 'quarter-final', fixtures: ['s1 v s8', 's4 v s5', 's2 v s7', 's3 v s6'], byes: [] },
        { round: 5, stage: 'semi-final', fixtures: ['s1 v s5', 's2 v s6'], byes: [] },
        { round: 6, stage: 'final', fixtures: [], byes: [] },
      ],
      null,
    ],
    [
      'a finalist that left before the final was fixed: the other is champion without playing it',
      [...quarterFinals, won(5, 's1', 's5'), won(5, 's2', 's6')],
      [{ teamId: 's2', fromRound: 6 }],
      [
        { round: 4, stage: 'quarter-final', fixtures: ['s1 v s8', 's4 v s5', 's2 v s7', 's3 v s6'], byes: [] },
        { round: 5, stage: 'semi-final', fixtures: ['s1 v s5', 's2 v s6'], byes: [] },
        { round: 6, stage: 'final', fixtures: [], byes: ['s1'] },
      ],
      's1',
    ],
  ];
  it.each(rows)('%s', (_rule, finished, departures, expected, champion) => {
    const bracket = bracketOf(8, 8, finished, departures);
    expect(shape(bracket)).toEqual(expected);
    expect(bracket.champion).toBe(champion);
  });

  it('teams knocked out, and teams that did not qualify, have no fixture in later rounds', () => {
    const bracket = playoffBracket({
      playoffTeams: 4,
      plannedRounds: PLANNED,
      seeds: playoffSeeds(['a', 'b', 'c', 'd', 'e', 'f'].map((teamId) => ({ teamId })), 4),
      finished: [won(5, 'a', 'd', 'away'), won(5, 'b', 'c')],
    });
    const playing = (round: number) =>
      bracket.rounds.find((r) => r.round === round)!.fixtures.flatMap((f) => [f.home.teamId, f.away.teamId]).sort();
    expect(playing(5)).toEqual(['a', 'b', 'c', 'd']);
    expect(playing(6)).toEqual(['b', 'd']);
    expect(bracket.rounds.flatMap((r) => r.byes)).toEqual([]);
  });
});

describe('a drawn playoff matchup goes to the higher seed', () => {
  const rows: [rule: string, playoffTeams: PlayoffTeams, finished: FinishedPlayoffMatchup[], expected: string[][], champion: string | null][] = [
    ['a drawn final: the higher seed is champion', 2, [won(6, 's1', 's2', 'draw')], [['s1 v s2']], 's1'],
    [
      'a drawn semi-final: the higher seed goes through to the final',
      4,
      [won(5, 's1', 's4', 'draw'), won(5, 's2', 's3', 'draw')],
      [['s1 v s4', 's2 v s3'], ['s1 v s2']],
      null,
    ],
    [
      'even when the matchup was kept with the lower seed at home',
      4,
      [won(5, 's4', 's1', 'draw'), won(5, 's3', 's2', 'draw')],
      [['s1 v s4', 's2 v s3'], ['s1 v s2']],
      null,
    ],
    ['a forfeit by the higher seed is a loss, not a draw', 2, [won(6, 's1', 's2', 'away')], [['s1 v s2']], 's2'],
  ];
  it.each(rows)('%s', (_rule, playoffTeams, finished, expected, champion) => {
    const bracket = bracketOf(playoffTeams, playoffTeams, finished);
    expect(bracket.rounds.map((r) => r.fixtures.map((f) => `${f.home.teamId} v ${f.away.teamId}`))).toEqual(expected);
    expect(bracket.champion).toBe(champion);
  });
});

describe('fewer teams than places: the top seeds go through on byes', () => {
  const rows: [rule: string, playoffTeams: PlayoffTeams, teams: number, finished: FinishedPlayoffMatchup[], expected: ReturnType<typeof shape>, champion: string | null][] = [
    [
      '3 teams, 4 places: 1 waits for the winner of 2 v 3',
      4,
      3,
      [won(5, 's2', 's3', 'away')],
      [
        { round: 5, stage: 'semi-final', fixtures: ['s2 v s3'], byes: ['s1'] },
        { round: 6, stage: 'final', fixtures: ['s1 v s3'], byes: [] },
      ],
      null,
    ],
    [
      '5 teams, 8 places: only 4 v 5 play the quarter-finals',
      8,
      5,
      [],
      [
        { round: 4, stage: 'quarter-final', fixtures: ['s4 v s5'], byes: ['s1', 's2', 's3'] },
        { round: 5, stage: 'semi-final', fixtures: ['s2 v s3'], byes: [] },
        { round: 6, stage: 'final', fixtures: [], byes: [] },
      ],
      null,
    ],
    [
      '2 teams, 8 places: they meet in the final',
      8,
      2,
      [],
      [
        { round: 4, stage: 'quarter-final', fixtures: [], byes: ['s1', 's2'] },
        { round: 5, stage: 'semi-final', fixtures: [], byes: ['s1', 's2'] },
        { round: 6, stage: 'final', fixtures: ['s1 v s2'], byes: [] },
      ],
      null,
    ],
    ['1 team, 2 places: champion without a final', 2, 1, [], [{ round: 6, stage: 'final', fixtures: [], byes: ['s1'] }], 's1'],
    ['no team left to seed: no champion', 4, 0, [], [
      { round: 5, stage: 'semi-final', fixtures: [], byes: [] },
      { round: 6, stage: 'final', fixtures: [], byes: [] },
    ], null],
  ];
  it.each(rows)('%s', (_rule, playoffTeams, teams, finished, expected, champion) => {
    const bracket = bracketOf(playoffTeams, teams, finished);
    expect(shape(bracket)).toEqual(expected);
    expect(bracket.champion).toBe(champion);
  });
});

describe('the store’s pairings of a round', () => {
  it('are the known fixtures of a playoff round, and none for a regular round', () => {
    const bracket = bracketOf(4, 4);
    expect(playoffPairings(bracket, 5)).toEqual([
      { home: 's1', away: 's4' },
      { home: 's2', away: 's3' },
    ]);
    expect(playoffPairings(bracket, 6)).toEqual([]);
    expect(playoffPairings(bracket, 4)).toEqual([]);
  });

  it('without playoffs there is no playoff round and no champion', () => {
    const bracket = bracketOf(0, 6);
    expect(bracket.rounds).toEqual([]);
    expect(bracket.champion).toBeNull();
  });
});
