/**
 * Head-to-head leagues: the season cut into rounds, the circle-method
 * pairings of each round, each matchup's result and the table they add up to. Pure: the
 * store keeps the pairings and each team's round points, the services pass the clock in.
 */
import { addDays, daysBetween, utcDay } from './dates';
import type { SeasonBounds } from './leagues';

export const LEAGUE_FORMATS = ['points', 'head-to-head'] as const;
export type LeagueFormat = (typeof LEAGUE_FORMATS)[number];

/** The round lengths a head-to-head league may choose, in days. */
export const ROUND_DAYS = [1, 2, 3, 7] as const;
export type RoundDays = (typeof ROUND_DAYS)[number];
export const DEFAULT_ROUND_DAYS: RoundDays = 7;

/** Round points this close count as equal: sums of doubles differ in their last bits. */
export const DRAW_TOLERANCE = 1e-9;
export const TABLE_POINTS = { win: 3, draw: 1, loss: 0 } as const;
/** What the team left over by an odd count plays: the mean of everyone else's round points. */
export const LEAGUE_AVERAGE_NAME = 'League average';

/**
 * The founding request's `format` and `roundDays` as a league keeps them, or null when the
 * pair is refused (LEAGUE_INVALID_FORMAT): `roundDays` belongs to head-to-head only.
 */
export function leagueFormatOf(format: unknown, roundDays: unknown): { format: LeagueFormat; roundDays: RoundDays | null } | null {
  const chosen = format === undefined ? 'points' : format;
  if (chosen === 'points') return roundDays === undefined ? { format: 'points', roundDays: null } : null;
  if (chosen !== 'head-to-head') return null;
  if (roundDays === undefined) return { format: 'head-to-head', roundDays: DEFAULT_ROUND_DAYS };
  return (ROUND_DAYS as readonly unknown[]).includes(roundDays) ? { format: 'head-to-head', roundDays: roundDays as RoundDays } : null;
}

/**
 * The days a league's season scores (from its start's UTC day to the day before its
 * end's, and before the closing day once closed), or null when it scores none.
 */
export function seasonDays(league: SeasonBounds): { first: string; last: string } | null {
  const first = utcDay(new Date(league.startDate));
  let last = addDays(utcDay(new Date(league.endDate)), -1);
  if (league.closedAt !== null) {
    const beforeClosing = addDays(utcDay(new Date(league.closedAt)), -1);
    if (beforeClosing < last) last = beforeClosing;
  }
  return last < first ? null : { first, last };
}

export interface RoundBounds {
  round: number;
  /** the round's first day */
  startDate: string;
  /** its last day: `roundDays` after the first, or the season's last day */
  endDate: string;
}

export function roundCount(league: SeasonBounds, roundDays: number): number {
  const season = seasonDays(league);
  return season ? Math.ceil((daysBetween(season.first, season.last) + 1) / roundDays) : 0;
}

/** Round `round` (1-based), or null outside the season. */
export function roundBounds(league: SeasonBounds, roundDays: number, round: number): RoundBounds | null {
  const season = seasonDays(league);
  if (!season || !Number.isInteger(round) || round < 1 || round > roundCount(league, roundDays)) return null;
  const startDate = addDays(season.first, (round - 1) * roundDays);
  const end = addDays(startDate, roundDays - 1);
  return { round, startDate, endDate: end < season.last ? end : season.last };
}

/** The round a scored day belongs to, or null for a day outside the season. */
export function roundOfDay(league: SeasonBounds, roundDays: number, date: string): number | null {
  const season = seasonDays(league);
  if (!season || date < season.first || date > season.last) return null;
  return Math.floor(daysBetween(season.first, date) / roundDays) + 1;
}

/** The round being played on `now`'s day: the first before the season, the last after it; null without rounds. */
export function currentRound(league: SeasonBounds, roundDays: number, now: Date): number | null {
  const season = seasonDays(league);
  if (!season) return null;
  const today = utcDay(now);
  if (today < season.first) return 1;
  if (today > season.last) return roundCount(league, roundDays);
  return roundOfDay(league, roundDays, today);
}

/** A round's pairings are fixed at the end of its first day (UTC midnight). */
export function pairingsFixedAt(bounds: RoundBounds): string {
  return `${addDays(bounds.startDate, 1)}T00:00:00.000Z`;
}

/** The instant the round is over by the clock: the midnight after its last day. */
export function roundEndsAt(bounds: RoundBounds): string {
  return `${addDays(bounds.endDate, 1)}T00:00:00.000Z`;
}

/** How many rounds, from the first, have their pairings fixed by `now`. */
export function roundsFixedBy(league: SeasonBounds, roundDays: number, now: Date): number {
  const season = seasonDays(league);
  if (!season) return 0;
  // round n is fixed at the midnight that ends day first + (n − 1)·roundDays, i.e. once today is past it
  const daysPast = daysBetween(season.first, utcDay(now));
  if (daysPast < 1) return 0;
  return Math.min(roundCount(league, roundDays), Math.floor((daysPast - 1) / roundDays) + 1);
}

/** The days of a round: a team paired in it is scored on each of them. */
export function roundLength(bounds: RoundBounds): number {
  return daysBetween(bounds.startDate, bounds.endDate) + 1;
}

export interface Pairing {
  home: string;
  /** null: the league average */
  away: string | null;
}

/**
 * The circle method over teams in join order: the first stays put, the others turn one
 * place per round, so with k teams (k even) every pair meets once in k − 1 rounds, then the
 * cycle repeats. An odd count gets an empty seat; whoever faces it plays the league average
 * (a cycle is then k rounds). The fixed seat swaps home and away every other round, so the
 * first team is not always at home. One team alone has no matchup.
 */
export function pairingsFor(teamIds: readonly string[], round: number): Pairing[] {
  if (teamIds.length < 2) return [];
  const seats: (string | null)[] = teamIds.length % 2 === 0 ? [...teamIds] : [...teamIds, null];
  const n = seats.length;
  const turning = seats.slice(1);
  const shift = (((round - 1) % (n - 1)) + (n - 1)) % (n - 1);
  const turned = [...turning.slice(n - 1 - shift), ...turning.slice(0, n - 1 - shift)];
  const order = [seats[0], ...turned];
  const out: Pairing[] = [];
  for (let i = 0; i < n / 2; i++) {
    let home = order[i];
    let away = order[n - 1 - i];
    if (i === 0 && round % 2 === 0) [home, away] = [away, home];
    // the league average is always the visitor
    if (home === null) [home, away] = [away, home];
    out.push({ home: home!, away });
  }
  return out;
}

export type MatchResult = 'home' | 'away' | 'draw';

/** Higher round points wins; within DRAW_TOLERANCE it is a draw; a team that left mid-round loses. */
export function matchResult(homePoints: number, awayPoints: number, leftMidRound: 'home' | 'away' | null = null): MatchResult {
  if (leftMidRound === 'home') return 'away';
  if (leftMidRound === 'away') return 'home';
  const difference = homePoints - awayPoints;
  if (Math.abs(difference) <= DRAW_TOLERANCE) return 'draw';
  return difference > 0 ? 'home' : 'away';
}

/** A stored pairing, with the team whose departure decided it (the first to leave mid-round). */
export interface KeptPairing extends Pairing {
  forfeitedBy: string | null;
}

export interface Matchup {
  home: string;
  away: string | null;
  homePoints: number;
  awayPoints: number;
  result: MatchResult;
  /** the side whose team left the league during the round and so lost it; absent otherwise */
  forfeitedBy?: 'home' | 'away';
}

/**
 * Every matchup of one round from each paired team's round points (a team without points yet
 * has 0): the league average is the mean of the other paired teams' points.
 */
export function roundMatchups(pairings: readonly KeptPairing[], pointsOf: (teamId: string) => number): Matchup[] {
  const paired = pairings.flatMap((pairing) => (pairing.away === null ? [pairing.home] : [pairing.home, pairing.away]));
  const total = paired.reduce((sum, teamId) => sum + pointsOf(teamId), 0);
  return pairings.map((pairing) => {
    const homePoints = pointsOf(pairing.home);
    const awayPoints =
      pairing.away !== null ? pointsOf(pairing.away) : paired.length > 1 ? (total - homePoints) / (paired.length - 1) : 0;
    const left = pairing.forfeitedBy === null ? null : pairing.forfeitedBy === pairing.home ? 'home' : 'away';
    const matchup: Matchup = { home: pairing.home, away: pairing.away, homePoints, awayPoints, result: matchResult(homePoints, awayPoints, left) };
    if (left !== null) matchup.forfeitedBy = left;
    return matchup;
  });
}

export interface TableTeam {
  teamId: string;
  joinedAt: string;
}

export type Outcome = 'won' | 'drawn' | 'lost';

/** What one final matchup gives each of its teams (the league average gets nothing). */
export interface TeamOutcome {
  teamId: string;
  result: Outcome;
  pointsFor: number;
  pointsAgainst: number;
}

export function matchupOutcomes(matchups: readonly Matchup[]): TeamOutcome[] {
  return matchups.flatMap((m) => {
    const home: TeamOutcome = { teamId: m.home, result: m.result === 'home' ? 'won' : m.result === 'draw' ? 'drawn' : 'lost', pointsFor: m.homePoints, pointsAgainst: m.awayPoints };
    if (m.away === null) return [home];
    return [home, { teamId: m.away, result: m.result === 'away' ? 'won' : m.result === 'draw' ? 'drawn' : 'lost', pointsFor: m.awayPoints, pointsAgainst: m.homePoints }];
  });
}

/** A team's record summed over its final matchups (the store sums it in SQL for a large league). */
export interface TeamRecord extends TableTeam {
  won: number;
  drawn: number;
  lost: number;
  pointsFor: number;
  pointsAgainst: number;
}

export interface TableRow {
  rank: number;
  teamId: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  pointsFor: number;
  pointsAgainst: number;
  tablePoints: number;
}

/**
 * The table: every team listed (one that has played nothing at 0), ordered by table points,
 * then points for, then the leaderboard's tie-break (earlier-joined first, then team id).
 */
export function rankTable(records: readonly TeamRecord[]): TableRow[] {
  const keyed = records.map((record) => ({
    joinedMs: Date.parse(record.joinedAt),
    row: {
      rank: 0,
      teamId: record.teamId,
      played: record.won + record.drawn + record.lost,
      won: record.won,
      drawn: record.drawn,
      lost: record.lost,
      pointsFor: record.pointsFor,
      pointsAgainst: record.pointsAgainst,
      tablePoints: record.won * TABLE_POINTS.win + record.drawn * TABLE_POINTS.draw + record.lost * TABLE_POINTS.loss,
    },
  }));
  keyed.sort(
    (a, b) =>
      b.row.tablePoints - a.row.tablePoints ||
      b.row.pointsFor - a.row.pointsFor ||
      a.joinedMs - b.joinedMs ||
      (a.row.teamId < b.row.teamId ? -1 : a.row.teamId > b.row.teamId ? 1 : 0),
  );
  return keyed.map(({ row }, index) => ({ ...row, rank: index + 1 }));
}

/** The table from every final round's matchups (rankTable over matchupOutcomes). */
export function headToHeadTable(teams: readonly TableTeam[], finalRounds: readonly (readonly Matchup[])[]): TableRow[] {
  const records = new Map<string, TeamRecord>(teams.map((team) => [team.teamId, { ...team, won: 0, drawn: 0, lost: 0, pointsFor: 0, pointsAgainst: 0 }]));
  for (const outcome of finalRounds.flatMap(matchupOutcomes)) {
    const record = records.get(outcome.teamId);
    if (!record) continue;
    record[outcome.result]++;
    record.pointsFor += outcome.pointsFor;
    record.pointsAgainst += outcome.pointsAgainst;
  }
  return rankTable([...records.values()]);
}
