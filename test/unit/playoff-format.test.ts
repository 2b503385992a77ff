import { describe, expect, it } from 'vitest';
import { leagueFormatOf, roundBounds, roundCount, pairingsFixedAt, roundEndsAt } from '../../src/domain/head-to-head';
import { DURATIONS } from '../../src/domain/leagues';
import {
  firstPlayoffRound,
  firstRoundMissed,
  plannedRoundCount,
  playoffRoundCount,
  playoffTeamsOf,
  regularRoundCount,
  roundsInDuration,
  roundStage,
} from '../../src/domain/playoff-format';

const h2h = (roundDays: 1 | 2 | 3 | 7) => leagueFormatOf('head-to-head', roundDays)!;
const points = leagueFormatOf('points', undefined)!;

const season = (startDate: string, days: number, closedAt: string | null = null) => ({
  startDate,
  endDate: new Date(Date.parse(startDate) + days * 86_400_000).toISOString(),
  closedAt,
});

describe('playoffTeams at founding', () => {
  const rows: [rule: string, value: unknown, format: ReturnType<typeof h2h>, durationDays: number, expected: number | null][] = [
    ['absent means no playoffs', undefined, h2h(7), 30, 0],
    ['0 means no playoffs', 0, h2h(7), 30, 0],
    ['2 teams with a regular round before the final', 2, h2h(7), 30, 2],
    ['4 teams with regular rounds before the semi-finals', 4, h2h(7), 30, 4],
    ['8 teams with regular rounds before the quarter-finals', 8, h2h(7), 30, 8],
    ['2 teams in the shortest season: 2 rounds, one regular then the final', 2, h2h(7), 14, 2],
    ['4 teams need 3 rounds: 2 are refused', 4, h2h(7), 14, null],
    ['4 teams with exactly 3 rounds: one regular round is enough', 4, h2h(7), 21, 4],
    ['8 teams need 4 rounds: 3 are refused', 8, h2h(7), 21, null],
    ['8 teams with exactly 4 rounds', 8, h2h(7), 28, 8],
    ['8 teams in two weeks of 3-day rounds (5 rounds)', 8, h2h(3), 14, 8],
    ['a 1-round season cannot hold even a final', 2, h2h(7), 7, null],
    ['a points league takes no playoffs', 2, points, 30, null],
    ['a points league may say 0', 0, points, 30, 0],
    ['a points league may leave it out', undefined, points, 30, 0],
    ['1 is not a bracket size', 1, h2h(7), 90, null],
    ['3 is not a bracket size', 3, h2h(7), 90, null],
    ['6 is not a bracket size', 6, h2h(7), 90, null],
    ['16 is not offered', 16, h2h(1), 180, null],
    ['a negative size', -2, h2h(7), 90, null],
    ['a fraction', 2.5, h2h(7), 90, null],
    ['a string that looks like 2', '2', h2h(7), 90, null],
    ['null', null, h2h(7), 90, null],
    ['NaN', Number.NaN, h2h(7), 90, null],
  ];
  it.each(rows)('%s', (_rule, value, format, durationDays, expected) => {
    expect(playoffTeamsOf(value, format, durationDays)).toBe(expected);
  });
});

describe('rounds planned for a season', () => {
  it('a duration holds ceil(days / roundDays) rounds, whatever the hour of founding', () => {
    for (const days of Object.values(DURATIONS)) {
      for (const roundDays of [1, 2, 3, 7]) {
        for (const start of ['2026-05-01T00:00:00.000Z', '2026-05-01T12:34:56.000Z', '2026-05-01T23:59:59.999Z']) {
          expect(roundsInDuration(days, roundDays)).toBe(roundCount(season(start, days), roundDays));
        }
      }
    }
  });

  it('a closure does not move the playoffs: the planned rounds are counted as if open', () => {
    const closed = season('2026-05-01T12:00:00.000Z', 30, '2026-05-10T08:00:00.000Z');
    expect(roundCount(closed, 7)).toBe(2);
    expect(plannedRoundCount(closed, 7)).toBe(5);
  });
});

describe('the stage of each round', () => {
  const rows: [rule: string, plannedRounds: number, playoffTeams: 0 | 2 | 4 | 8, stages: string[]][] = [
    ['without playoffs every round is regular', 5, 0, ['regular', 'regular', 'regular', 'regular', 'regular']],
    ['2 teams: the last round is the final', 5, 2, ['regular', 'regular', 'regular', 'regular', 'final']],
    ['4 teams: semi-finals then the final', 5, 4, ['regular', 'regular', 'regular', 'semi-final', 'final']],
    ['8 teams: quarter-finals, semi-finals, the final', 5, 8, ['regular', 'regular', 'quarter-final', 'semi-final', 'final']],
    ['8 teams in the shortest season they fit: one regular round', 4, 8, ['regular', 'quarter-final', 'semi-final', 'final']],
  ];
  it.each(rows)('%s', (_rule, plannedRounds, playoffTeams, stages) => {
    expect(Array.from({ length: plannedRounds }, (_, i) => roundStage(i + 1, plannedRounds, playoffTeams))).toEqual(stages);
    const regular = stages.filter((s) => s === 'regular').length;
    expect(regularRoundCount(plannedRounds, playoffTeams)).toBe(regular);
    expect(firstPlayoffRound(plannedRounds, playoffTeams)).toBe(regular + 1);
  });

  it.each([
    ['round 0', 0],
    ['a round past the last', 6],
    ['a fractional round', 1.5],
  ])('%s has no stage', (_rule, round) => {
    expect(roundStage(round, 5, 4)).toBeNull();
  });

  it.each([
    [0, 0],
    [2, 1],
    [4, 2],
    [8, 3],
  ] as const)('%i playoff teams take %i rounds', (teams, rounds) => {
    expect(playoffRoundCount(teams)).toBe(rounds);
  });
});

describe('the first round a departed team is not in', () => {
  // 1 May noon, 30 days of 7-day rounds: round 2 is 8–14 May, fixed at 9 May 00:00
  const league = season('2026-05-01T12:00:00.000Z', 30);
  const round2 = roundBounds(league, 7, 2)!;
  const rows: [rule: string, leftAt: string, expected: number][] = [
    ['left before the season: misses round 1', '2026-04-30T10:00:00.000Z', 1],
    ['left on round 2’s first day, before its pairings: misses round 2', '2026-05-08T15:00:00.000Z', 2],
    ['left the instant round 2’s pairings were fixed: plays (forfeits) round 2, misses round 3', pairingsFixedAt(round2), 3],
    ['left on round 2’s last day: misses round 3', '2026-05-14T23:59:59.000Z', 3],
    ['left the instant round 2 ended, during round 3’s first day: misses round 3', roundEndsAt(round2), 3],
  ];
  it.each(rows)('%s', (_rule, leftAt, expected) => {
    expect(firstRoundMissed(league, 7, leftAt)).toBe(expected);
  });
});
