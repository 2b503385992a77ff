/**
 * A head-to-head league's playoffs as founded: how many teams they take, which
 * rounds of the season they fill and what each round is called. Pure: the service passes the
 * league's season and its departures; the bracket itself is in playoff-bracket.ts.
 *
 * The playoffs are the last log2(playoffTeams) rounds of the season as it was planned (the
 * founding's duration), so a closure never turns a regular round into a playoff one: a league
 * closed before its final simply has no final (season-outcome.ts says who is champion then).
 *
 * The number of teams in the league is not judged at founding: a league is founded by one
 * player and friends join later. When fewer teams than `playoffTeams` are left when the
 * regular season ends, the bracket keeps its size and the top seeds go through the missing
 * places as byes (playoff-bracket.ts), as a fantasy player expects from a bracket: the best
 * of the regular season are rewarded and nobody who would have qualified is dropped.
 */
import { roundCount, roundsFixedBy, type LeagueFormat, type RoundDays } from './head-to-head';
import type { SeasonBounds } from './leagues';

export const PLAYOFF_TEAMS = [0, 2, 4, 8] as const;
export type PlayoffTeams = (typeof PLAYOFF_TEAMS)[number];
export const DEFAULT_PLAYOFF_TEAMS: PlayoffTeams = 0;

export const PLAYOFF_STAGES = ['quarter-final', 'semi-final', 'final'] as const;
export type PlayoffStage = (typeof PLAYOFF_STAGES)[number];
export type RoundStage = 'regular' | PlayoffStage;

/** Rounds the bracket takes: one per halving of the field (8 → 3, 4 → 2, 2 → 1, none → 0). */
export function playoffRoundCount(playoffTeams: PlayoffTeams): number {
  return playoffTeams === 0 ? 0 : Math.log2(playoffTeams);
}

/**
 * The rounds a season of `durationDays` holds: its scored days run from the start's UTC day
 * to the day before the end's, and the end is the start plus whole days, so there are exactly
 * `durationDays` of them whatever the hour of founding.
 */
export function roundsInDuration(durationDays: number, roundDays: number): number {
  return Math.ceil(durationDays / roundDays);
}

/** The rounds the season was planned with, closure or not: the playoffs are placed on them. */
export function plannedRoundCount(league: SeasonBounds, roundDays: number): number {
  return roundCount({ ...league, closedAt: null }, roundDays);
}

/**
 * The founding request's `playoffTeams` (or a commissioner's change of it) as the league keeps
 * it, or null when refused (LEAGUE_INVALID_FORMAT): a value outside 0/2/4/8, playoffs on a
 * points league (it has no rounds; 0 there says "none" and is taken), or a season too short
 * to play at least one regular round before the playoff rounds. `chosen` is
 * leagueFormatOf's answer for the same request.
 */
export function playoffTeamsOf(
  value: unknown,
  chosen: { format: LeagueFormat; roundDays: RoundDays | null },
  durationDays: number,
): PlayoffTeams | null {
  if (value === undefined) return DEFAULT_PLAYOFF_TEAMS;
  if (!(PLAYOFF_TEAMS as readonly unknown[]).includes(value)) return null;
  const playoffTeams = value as PlayoffTeams;
  if (playoffTeams === 0) return 0;
  if (chosen.format !== 'head-to-head' || chosen.roundDays === null) return null;
  return roundsInDuration(durationDays, chosen.roundDays) >= playoffRoundCount(playoffTeams) + 1 ? playoffTeams : null;
}

/** The regular rounds: those before the playoffs (all of them without playoffs). */
export function regularRoundCount(plannedRounds: number, playoffTeams: PlayoffTeams): number {
  return Math.max(0, plannedRounds - playoffRoundCount(playoffTeams));
}

/** The round the playoffs start in (one past the season's last round without playoffs). */
export function firstPlayoffRound(plannedRounds: number, playoffTeams: PlayoffTeams): number {
  return regularRoundCount(plannedRounds, playoffTeams) + 1;
}

/** The stage of a bracket round counted back from the final (0 the final, 1 a semi-final …). */
export function stageFromFinal(roundsAfter: number): PlayoffStage {
  return PLAYOFF_STAGES[PLAYOFF_STAGES.length - 1 - roundsAfter]!;
}

/** What round `round` (1-based) of a season of `plannedRounds` is; null outside the season. */
export function roundStage(round: number, plannedRounds: number, playoffTeams: PlayoffTeams): RoundStage | null {
  if (!Number.isInteger(round) || round < 1 || round > plannedRounds) return null;
  if (round <= regularRoundCount(plannedRounds, playoffTeams)) return 'regular';
  return stageFromFinal(plannedRounds - round);
}

/**
 * The first round a team that left at `leftAt` is not in: the first whose pairings were fixed
 * after it left. (In the round before it, if it left after that round's pairings were fixed,
 * it forfeits its matchup: the store records that as `forfeitedBy`.)
 */
export function firstRoundMissed(league: SeasonBounds, roundDays: number, leftAt: string): number {
  return roundsFixedBy(league, roundDays, new Date(leftAt)) + 1;
}
