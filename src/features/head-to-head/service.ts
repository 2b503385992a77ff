/**
 * Head-to-head leagues: the round's fixtures and the table, and the steps other
 * use cases take inside their own transactions (a join or a departure fixes the rounds due
 * first; a departure mid-round forfeits; an ingest keeps the round points and settles the
 * rounds it completes; a closure settles the round it cuts short).
 *
 * Pairings are fixed by writes, never by reads: a round is due at the end of its first day,
 * and the teams in the league then are the teams in it now unless a join or a departure
 * happened since, and each of those (as each ingest) fixes every due round before changing
 * anything. Until then a read shows the pairings a fix would keep, from the same inputs.
 */
import type { Clock } from '../../platform/clock';
import { utcDay } from '../../domain/dates';
import { fail } from '../../domain/errors';
import {
  currentRound,
  LEAGUE_AVERAGE_NAME,
  type KeptPairing,
  type Matchup,
  matchupOutcomes,
  pairingsFixedAt,
  pairingsFor,
  rankTable,
  roundBounds,
  type RoundBounds,
  roundEndsAt,
  roundLength,
  roundMatchups,
  roundOfDay,
  roundsFixedBy,
} from '../../domain/head-to-head';
import { recordActivity } from '../activity/store';
import { type Database, readTransaction } from '../../platform/db/database';
import {
  fixedRoundCount,
  forfeitMatchup,
  keepRoundPairings,
  keptRecords,
  type KeptRound,
  keptRounds,
  markRoundFinal,
  refreshTeamRecords,
  refreshTeamRounds,
  roundCompletion,
  type TeamRoundPoints,
  teamRoundPoints,
  type TeamRoundSpan,
  dayPoints,
  writeRoundOutcomes,
} from './store';
import { bumpLeagueVersion, leagueVersion } from '../leagues/league-versions-store';
import { findTeam, type LeagueRow, teamsOfLeague, type TeamRow } from '../leagues/store';
import type { Fixtures, FixturesSide, HeadToHeadRow, MatchupDetail, MatchupSide, RoundResult } from './wire';
import { roundLineup } from '../lineups/round-lineup';
import { reigningChampionOf } from '../leagues/seasons';
import { isPlayoffRound, playoffRoundPairings, stageOf } from './playoffs';

export function isHeadToHead(league: Pick<LeagueRow, 'format' | 'roundDays'>): league is LeagueRow & { roundDays: number } {
  return league.format === 'head-to-head' && league.roundDays !== null;
}

/** Current members in join order: whom a round fixed now pairs. */
async function membersInJoinOrder(db: Database, leagueId: string): Promise<string[]> {
  return (await teamsOfLeague(db, leagueId))
    .filter((team) => team.leftAt === null)
    .map((team) => team.id);
}

/**
 * Keeps the pairings of every round whose first day has ended by `now`, from the current
 * members. Call inside a write transaction, before the membership changes.
 */
export async function fixDueRounds(tx: Database, league: LeagueRow, now: Date): Promise<void> {
  if (!isHeadToHead(league)) return;
  const due = roundsFixedBy(league, league.roundDays, now);
  const kept = await fixedRoundCount(tx, league.id);
  if (kept >= due) return;
  const members = await membersInJoinOrder(tx, league.id);
  const fixed = new Set<number>();
  for (let round = kept + 1; round <= due; round++) {
    const bounds = roundBounds(league, league.roundDays, round)!;
    const stage = stageOf(league, round);
    // a playoff round waits for the round before it to settle: its pairings follow from the results
    const pairings = stage === 'regular' ? pairingsFor(members, round) : await playoffRoundPairings(tx, league, round);
    if (pairings === null) break;
    await keepRoundPairings(tx, league.id, round, pairingsFixedAt(bounds), pairings, stage);
    fixed.add(round);
  }
  // days scored before their round was fixed (a day ingested early, or a league nobody read for a while)
  await settleCompleteRounds(tx, league, now, fixed);
}

/**
 * A departure (inside its transaction, after fixDueRounds): between the fixing of the round
 * being played and its end, the leaver loses its matchup and its opponent wins it.
 */
/** Answers the round the leaver forfeits, or null when it forfeits none. */
export async function forfeitOnDeparture(tx: Database, league: LeagueRow, teamId: string, now: Date): Promise<number | null> {
  if (!isHeadToHead(league)) return null;
  const round = currentRound(league, league.roundDays, now);
  if (round === null) return null;
  const bounds = roundBounds(league, league.roundDays, round)!;
  const at = now.getTime();
  if (at < Date.parse(pairingsFixedAt(bounds)) || at >= Date.parse(roundEndsAt(bounds))) return null;
  if (!(await forfeitMatchup(tx, league.id, round, teamId))) return null;
  await settleCompleteRounds(tx, league, now, new Set([round]));
  return round;
}

/** Every paired team has a performance on every day of the round. */
function isComplete(bounds: RoundBounds, pairings: readonly KeptPairing[], points: Map<string, TeamRoundPoints> | undefined): boolean {
  const days = roundLength(bounds);
  return pairings.every(
    (pairing) => (points?.get(pairing.home)?.daysScored ?? 0) >= days && (pairing.away === null || (points?.get(pairing.away)?.daysScored ?? 0) >= days),
  );
}

function pointsGetter(points: Map<string, TeamRoundPoints> | undefined): (teamId: string) => number {
  return (teamId) => points?.get(teamId)?.points ?? 0;
}

function side(teamId: string | null, points: number, names: Map<string, string>): FixturesSide {
  return teamId === null ? { teamId: null, teamName: LEAGUE_AVERAGE_NAME, points } : { teamId, teamName: names.get(teamId) ?? teamId, points };
}

function wireMatchups(matchups: readonly Matchup[], names: Map<string, string>, final: boolean): RoundResult['matchups'] {
  return matchups.map((m) => ({
    home: side(m.home, m.homePoints, names),
    away: side(m.away, m.awayPoints, names),
    result: final ? m.result : null,
    ...(m.forfeitedBy ? { forfeitedBy: m.forfeitedBy } : {}),
  }));
}

async function teamNames(db: Database, leagueId: string): Promise<Map<string, string>> {
  return new Map((await teamsOfLeague(db, leagueId)).map((team) => [team.id, team.name]));
}

/**
 * Settles each kept round of `rounds` (all not yet final when absent) whose every paired
 * team's every day is scored: each paired team's outcome goes on its round row (what the
 * table sums), and a round final for the first time puts its results in the activity feed,
 * in the transaction that completed it (an ingest, or a closure that cut the round short).
 * A re-sent day settles the round again: its outcomes and the table change, the event stays.
 */
export async function settleCompleteRounds(tx: Database, league: LeagueRow, now: Date, rounds?: ReadonlySet<number>): Promise<void> {
  if (!isHeadToHead(league)) return;
  // only the rounds asked for, and only those that may be complete, are read: an ingest chunk
  // touches one or two of a season's many, and completes one only with a day's last chunk
  const mayBeComplete = async (round: number) => {
    const bounds = roundBounds(league, league.roundDays, round);
    if (!bounds) return false;
    const { paired, scored } = await roundCompletion(tx, league.id, round, roundLength(bounds));
    return paired > 0 && scored >= paired;
  };
  let kept: KeptRound[] = [];
  if (rounds) {
    for (const round of rounds) if (await mayBeComplete(round)) kept.push(...(await keptRounds(tx, league.id, round, round)));
  } else kept = (await keptRounds(tx, league.id)).filter((one) => one.finalAt === null);
  const candidates = kept.filter((one) => one.pairings.length > 0);
  let names: Map<string, string> | undefined;
  for (const round of candidates) {
    const bounds = roundBounds(league, league.roundDays, round.round);
    if (!bounds) continue;
    const points = (await teamRoundPoints(tx, league.id, round.round, round.round)).get(round.round);
    if (!isComplete(bounds, round.pairings, points)) continue;
    const matchups = roundMatchups(round.pairings, pointsGetter(points));
    // the table counts the regular rounds only: the playoffs are seeded from it and decided by the bracket
    if (!isPlayoffRound(league, round.round)) {
      const outcomes = matchupOutcomes(matchups);
      await writeRoundOutcomes(tx, round.round, outcomes);
      await refreshTeamRecords(tx, outcomes.map((outcome) => outcome.teamId));
    }
    // the table and the feed change: a new version (an ingest or a closure has bumped it already; a membership change fixing rounds has not)
    await bumpLeagueVersion(tx, league.id);
    if (!(await markRoundFinal(tx, league.id, round.round, now.toISOString()))) continue;
    names ??= await teamNames(tx, league.id);
    await recordActivity(tx, league.id, 'round-result', now.toISOString(), {
      round: { round: round.round, startDate: bounds.startDate, endDate: bounds.endDate, matchups: wireMatchups(matchups, names, true) },
    });
  }
}

/**
 * An ingest chunk's part (inside its transaction, after the performances are written): fix
 * the rounds due, re-sum the round points of every (team, round) the chunk touched, and
 * settle the rounds it completed (or re-sent a day of).
 */
export async function keepRoundsOfPerformances(tx: Database, league: LeagueRow, written: readonly { teamId: string; date: string }[], now: Date): Promise<void> {
  if (!isHeadToHead(league)) return;
  await fixDueRounds(tx, league, now);
  const spans = new Map<string, TeamRoundSpan>();
  for (const { teamId, date } of written) {
    const round = roundOfDay(league, league.roundDays, date);
    if (round === null) continue;
    const key = `${teamId} ${round}`;
    if (spans.has(key)) continue;
    const bounds = roundBounds(league, league.roundDays, round)!;
    spans.set(key, { teamId, leagueId: league.id, round, startDate: bounds.startDate, endDate: bounds.endDate });
  }
  if (spans.size === 0) return;
  await refreshTeamRounds(tx, [...spans.values()]);
  await settleCompleteRounds(tx, league, now, new Set([...spans.values()].map((span) => span.round)));
  // a playoff round due but waiting for this one's results is fixed now
  await fixDueRounds(tx, league, now);
}

/**
 * A round as it stands: its stage, status, pairings (kept, or as they would be fixed now) and
 * matchups from the round points so far.
 */
async function roundState(tx: Database, league: LeagueRow & { roundDays: number }, bounds: RoundBounds, now: Date) {
  const kept = (await keptRounds(tx, league.id, bounds.round, bounds.round))[0];
  const stage = stageOf(league, bounds.round);
  const planned = kept
    ? []
    : stage === 'regular'
      ? pairingsFor(await membersInJoinOrder(tx, league.id), bounds.round)
      : ((await playoffRoundPairings(tx, league, bounds.round)) ?? []);
  const pairings: KeptPairing[] = kept?.pairings ?? planned.map((p) => ({ ...p, forfeitedBy: null }));
  const points = (await teamRoundPoints(tx, league.id, bounds.round, bounds.round)).get(bounds.round);
  const today = utcDay(now);
  const final = pairings.length > 0 ? kept !== undefined && isComplete(bounds, pairings, points) : today > bounds.endDate;
  const status: Fixtures['status'] = today < bounds.startDate ? 'upcoming' : final ? 'final' : 'live';
  return { stage, status, pairings, matchups: roundMatchups(pairings, pointsGetter(points)) };
}

/** The league average's days: each scored date's mean over `teams` (a team without that day counts 0). */
function averageDays(days: Map<string, Map<string, number>>, teams: readonly string[]): { date: string; points: number }[] {
  const dates = [...new Set(teams.flatMap((id) => [...(days.get(id)?.keys() ?? [])]))].sort();
  if (teams.length === 0) return [];
  return dates.map((date) => ({ date, points: teams.reduce((sum, id) => sum + (days.get(id)?.get(date) ?? 0), 0) / teams.length }));
}

export interface HeadToHeadServiceDeps {
  db: Database;
  clock: Clock;
}

export class HeadToHeadService {
  constructor(private readonly deps: HeadToHeadServiceDeps) {}

  /**
   * Every head-to-head read is a member's (the route's `member: true` checked the league and
   * the caller's team first), then refused unless the league plays head-to-head.
   */
  private admit(league: LeagueRow): LeagueRow & { roundDays: number } {
    if (!isHeadToHead(league)) fail('LEAGUE_NOT_HEAD_TO_HEAD');
    return league;
  }

  /** What a fixtures answer is kept under: the round asked (or "current") and today, since the current round and "upcoming" move with the clock. */
  fixturesKey(league: LeagueRow, round: number | undefined): string {
    this.admit(league);
    return `fixtures:${league.id}:${round ?? 'current'}:${utcDay(this.deps.clock.now())}`;
  }

  tableKey(league: LeagueRow): string {
    this.admit(league);
    return `head-to-head:${league.id}`;
  }

  async versionOf(leagueId: string): Promise<number | undefined> {
    return leagueVersion(this.deps.db, leagueId);
  }

  /**
   * Round `round` (else the current one, or the last after the season): its days, status and
   * matchups. Until its first day ends the pairings are the current members' as they stand;
   * results appear once every paired team's every day of the round is scored.
   */
  async fixtures(asked: LeagueRow, round?: number): Promise<Fixtures> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const league = this.admit(asked);
    const number = round ?? currentRound(league, league.roundDays, now);
    const bounds = number === null ? null : roundBounds(league, league.roundDays, number);
    if (!bounds) fail('ROUND_NOT_FOUND');
    return readTransaction(db, async (tx) => {
      const { stage, status, matchups } = await roundState(tx, league, bounds, now);
      const shown = wireMatchups(matchups, await teamNames(tx, league.id), status === 'final');
      return { round: bounds.round, stage, startDate: bounds.startDate, endDate: bounds.endDate, status, matchups: shown };
    });
  }

  /**
   * One team's matchup of round `round` (else the current one): both sides with their
   * scored days and line-ups. A team with no matchup in it (alone, on a bye, knocked out or
   * not yet in the league) answers MATCHUP_NOT_FOUND.
   */
  async matchup(member: { league: LeagueRow; team: TeamRow }, round?: number, teamId?: string): Promise<MatchupDetail> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const league = this.admit(member.league);
    const number = round ?? currentRound(league, league.roundDays, now);
    const bounds = number === null ? null : roundBounds(league, league.roundDays, number);
    if (!bounds) fail('ROUND_NOT_FOUND');
    const team = teamId === undefined ? member.team : await findTeam(db, teamId);
    if (!team || team.leagueId !== league.id) fail('TEAM_NOT_FOUND');
    return readTransaction(db, async (tx) => {
      const { status, pairings, matchups } = await roundState(tx, league, bounds, now);
      const index = matchups.findIndex((m) => m.home === team.id || m.away === team.id);
      if (index < 0) fail('MATCHUP_NOT_FOUND');
      const m = matchups[index]!;
      const paired = pairings.flatMap((p) => (p.away === null ? [p.home] : [p.home, p.away]));
      const days = await dayPoints(tx, paired, bounds.startDate, bounds.endDate);
      const names = await teamNames(tx, league.id);
      // the line-up as it stood when the round ended, or as it stands while the round runs
      const asOf = roundEndsAt(bounds) < now.toISOString() ? roundEndsAt(bounds) : now.toISOString();
      const sideOf = async (id: string | null, points: number): Promise<MatchupSide> => {
        if (id === null) return { teamId: null, teamName: LEAGUE_AVERAGE_NAME, points, days: averageDays(days, paired.filter((other) => other !== m.home)), lineup: null };
        const own = days.get(id) ?? new Map<string, number>();
        return {
          teamId: id,
          teamName: names.get(id) ?? id,
          points,
          days: [...own].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, dayPoints]) => ({ date, points: dayPoints })),
          lineup: await roundLineup(tx, { id, languageScale: league.languageScale }, bounds, asOf),
        };
      };
      return {
        round: bounds.round,
        status,
        startDate: bounds.startDate,
        endDate: bounds.endDate,
        home: await sideOf(m.home, m.homePoints),
        away: await sideOf(m.away, m.awayPoints),
        result: status === 'final' ? m.result : null,
      };
    });
  }

  /** The table, ranked from the kept records as the playoffs and the season's end rank it. */
  async table(asked: LeagueRow): Promise<HeadToHeadRow[]> {
    const { db, clock } = this.deps;
    const league = this.admit(asked);
    return readTransaction(db, async (tx) => {
      const records = await keptRecords(tx, league.id);
      const champion = await reigningChampionOf(tx, league, clock.now());
      const teams = new Map(records.map((record) => [record.teamId, record.teamName]));
      const players = champion === null ? new Map<string, string>() : new Map((await teamsOfLeague(tx, league.id)).map((team) => [team.id, team.playerId]));
      return rankTable(records).map((row) => ({ ...row, teamName: teams.get(row.teamId)!, champion: champion !== null && players.get(row.teamId) === champion }));
    });
  }
}
