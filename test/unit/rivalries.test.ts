import { describe, expect, it } from 'vitest';
import type { MatchResult } from '../../src/domain/head-to-head';
import { flippedRivalry, groupRivalries, type PlayersMatchup, rivalriesOf, type Rivalry } from '../../src/domain/rivalries';

const m = (homePlayer: string, awayPlayer: string | null, homePoints: number, awayPoints: number, result: MatchResult): PlayersMatchup => ({
  homePlayer,
  awayPlayer,
  homePoints,
  awayPoints,
  result,
});
const record = (playerA: string, playerB: string, won: number, drawn: number, lost: number, pointsFor: number, pointsAgainst: number): Rivalry => ({
  playerA,
  playerB,
  won,
  drawn,
  lost,
  pointsFor,
  pointsAgainst,
});

describe('a player’s rivalries, from their side', () => {
  const rows: [rule: string, matchups: PlayersMatchup[], expected: Rivalry[]][] = [
    ['a win at home', [m('ann', 'bob', 50, 40, 'home')], [record('ann', 'bob', 1, 0, 0, 50, 40)]],
    ['a win away', [m('bob', 'ann', 40, 50, 'away')], [record('ann', 'bob', 1, 0, 0, 50, 40)]],
    ['a loss at home', [m('ann', 'bob', 30, 40, 'away')], [record('ann', 'bob', 0, 0, 1, 30, 40)]],
    ['a loss away', [m('bob', 'ann', 40, 30, 'home')], [record('ann', 'bob', 0, 0, 1, 30, 40)]],
    ['a draw', [m('bob', 'ann', 20, 20, 'draw')], [record('ann', 'bob', 0, 1, 0, 20, 20)]],
    [
      'a drawn playoff final counts as drawn, though the higher seed took the title on it',
      [m('ann', 'bob', 33.3, 33.3, 'draw')],
      [record('ann', 'bob', 0, 1, 0, 33.3, 33.3)],
    ],
    [
      'a forfeit counts by its result, not its points: the leaver lost though it scored more',
      [m('ann', 'bob', 90, 10, 'away')],
      [record('ann', 'bob', 0, 0, 1, 90, 10)],
    ],
    ['the league average is nobody’s rival', [m('ann', null, 50, 45, 'home')], []],
    ['matchups of other players are not the caller’s', [m('bob', 'cat', 10, 20, 'away')], []],
    [
      'every season adds up: three meetings, home and away',
      [m('ann', 'bob', 50, 40, 'home'), m('bob', 'ann', 60, 20, 'home'), m('ann', 'bob', 25, 25, 'draw')],
      [record('ann', 'bob', 1, 1, 1, 95, 125)],
    ],
    [
      'one record per rival, the most-played first, then by rival',
      [m('ann', 'dan', 1, 2, 'away'), m('cat', 'ann', 3, 4, 'away'), m('ann', 'bob', 5, 6, 'away'), m('ann', 'cat', 7, 8, 'away')],
      [record('ann', 'cat', 1, 0, 1, 11, 11), record('ann', 'bob', 0, 0, 1, 5, 6), record('ann', 'dan', 0, 0, 1, 1, 2)],
    ],
  ];
  it.each(rows)('%s', (_rule, matchups, expected) => {
    expect(rivalriesOf('ann', matchups)).toEqual(expected);
  });
});

describe('a whole group’s rivalries', () => {
  const matchups = [
    m('bob', 'ann', 40, 50, 'away'),
    m('cat', 'ann', 30, 30, 'draw'),
    m('bob', 'cat', 20, 10, 'home'),
    m('cat', 'bob', 15, 5, 'home'),
    m('ann', null, 12, 11, 'home'),
  ];

  it('lists each pair once, from the smaller player id’s side, in order', () => {
    expect(groupRivalries(matchups)).toEqual([
      record('ann', 'bob', 1, 0, 0, 50, 40),
      record('ann', 'cat', 0, 1, 0, 30, 30),
      record('bob', 'cat', 1, 0, 1, 25, 25),
    ]);
  });

  it('agrees with each player’s own view, flipped for the other side', () => {
    for (const pair of groupRivalries(matchups)) {
      expect(rivalriesOf(pair.playerA, matchups)).toContainEqual(pair);
      expect(rivalriesOf(pair.playerB, matchups)).toContainEqual(flippedRivalry(pair));
    }
  });
});
