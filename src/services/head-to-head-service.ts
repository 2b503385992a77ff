/**
 * Head-to-head leagues (issue 24 §1): the round's fixtures and the table, and the steps other
 * use cases take inside their own transactions (a join or a departure fixes the rounds due
 * first; a departure mid-round forfeits; an ingest keeps the round points and finishes rounds).
 *
 * Pairings are fixed lazily but exactly: a round is due at the end of its first day, and the
 * teams in the league then are the teams in it now unless a join or a departure happened
 * since, and each of those fixes every due round before changing the membership.
 */
import type { Clock } from '../clock';
import { utcDay } from '../domain/dates';
import { fail } from '../domain/errors';
import {
  currentRound,
  headToHeadTable,
  LEAGUE_AVERAGE_NAME,
  type KeptPairing,
  type Matchup,
  pairingsFixedAt,
  pairingsFor,
  roundBounds,
  type RoundBounds,
  roundCount,
  roundEndsAt,
  roundLength,
  roundMatchups,
  roundOfDay,
  roundsFixedBy,
  type TableRow,
} from '../domain/head-to-head';
import { recordActivity } from '../store/activity';
import { type Database, readTransaction, writeTransaction } from '../store/database';
import {
  fixedRoundCount,
  forfeitMatchup,
  isTableStale,
  keepRoundPairings,
  keptRounds,
  keptTable,
  markRoundFinal,
  markTableStale,
  refreshTeamRounds,
  type TeamRoundPoints,
  teamRoundPoints,
  type TeamRoundSpan,
  writeTableIfCurrent,
} from '../store/head-to-head';
import { leagueVersion } from '../store/league-versions';
import { findCurrentTeam, findLeague, type LeagueRow, teamsOfLeague } from '../store/leagues';
import type { Fixtures, FixturesSide, HeadToHeadRow, RoundResult } from '../wire/head-to-head';

/** Rebuilds dropped because a write moved the version, before one is done under the write lock. */
const TABLE_ATTEMPTS = 3;

export function isHeadToHead(league: Pick<LeagueRow, 'format' | 'roundDays'>): league is LeagueRow & { roundDays: number } {
  return league.format === 'head-to-head' && league.roundDays !== null;
}

/** Current members in join order: whom a round fixed now pairs. */
function membersInJoinOrder(db: Database, leagueId: string): string[] {
  return teamsOfLeague(db, leagueId)
    .filter((team) => team.leftAt === null)
    .map((team) => team.id);
}

/**
 * Keeps the pairings of every round whose first day has ended by `now`, from the current
 * members. Call inside a write transaction, before the membership changes.
 */
export function fixDueRounds(tx: Database, league: LeagueRow, now: Date): void {
  if (!isHeadToHead(league)) return;
  const due = roundsFixedBy(league, league.roundDays, now);
  const kept = fixedRoundCount(tx, league.id);
  if (kept >= due) return;
  const members = membersInJoinOrder(tx, league.id);
  for (let round = kept + 1; round <= due; round++) {
    const bounds = roundBounds(league, league.roundDays, round)!;
    keepRoundPairings(tx, league.id, round, pairingsFixedAt(bounds), pairingsFor(members, round));
  }
}

/** Whether a read must first fix a round (a write): the cheap check before taking the write lock. */
function hasDueRounds(db: Database, league: LeagueRow & { roundDays: number }, now: Date): boolean {
  return fixedRoundCount(db, league.id) < roundsFixedBy(league, league.roundDays, now);
}

/**
 * A departure (inside its transaction, after fixDueRounds): between the fixing of the round
 * being played and its end, the leaver loses its matchup and its opponent wins it.
 */
export function forfeitOnDeparture(tx: Database, league: LeagueRow, teamId: string, now: Date): void {
  if (!isHeadToHead(league)) return;
  const round = currentRound(league, league.roundDays, now);
  if (round === null) return;
  const bounds = roundBounds(league, league.roundDays, round)!;
  const at = now.getTime();
  if (at < Date.parse(pairingsFixedAt(bounds)) || at >= Date.parse(roundEndsAt(bounds))) return;
  if (forfeitMatchup(tx, league.id, round, teamId)) markTableStale(tx, league.id);
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
  }));
}

function teamNames(db: Database, leagueId: string): Map<string, string> {
  return new Map(teamsOfLeague(db, leagueId).map((team) => [team.id, team.name]));
}

/**
 * Records each kept round of `rounds` that is now final and was not before: its results go
 * into the activity feed, in the transaction that completed it (an ingest, or a closure that
 * cut the round short). Later re-sent days change its fixtures and the table, not this event.
 */
export function finishCompleteRounds(tx: Database, league: LeagueRow, now: Date, rounds?: ReadonlySet<number>): void {
  if (!isHeadToHead(league)) return;
  const candidates = keptRounds(tx, league.id).filter((kept) => kept.finalAt === null && kept.pairings.length > 0 && (!rounds || rounds.has(kept.round)));
  if (candidates.length === 0) return;
  let names: Map<string, string> | undefined;
  for (const kept of candidates) {
    const bounds = roundBounds(league, league.roundDays, kept.round);
    if (!bounds) continue;
    const points = teamRoundPoints(tx, league.id, kept.round, kept.round).get(kept.round);
    if (!isComplete(bounds, kept.pairings, points)) continue;
    if (!markRoundFinal(tx, league.id, kept.round, now.toISOString())) continue;
    names ??= teamNames(tx, league.id);
    const matchups = wireMatchups(roundMatchups(kept.pairings, pointsGetter(points)), names, true);
    recordActivity(tx, league.id, 'round-result', now.toISOString(), {
      round: { round: kept.round, startDate: bounds.startDate, endDate: bounds.endDate, matchups },
    });
  }
}

/**
 * An ingest chunk's part (inside its transaction, after the performances are written): fix
 * the rounds due, re-sum the round points of every (team, round) the chunk touched, and
 * finish the rounds it completed.
 */
export function keepRoundsOfPerformances(tx: Database, league: LeagueRow, written: readonly { teamId: string; date: string }[], now: Date): void {
  if (!isHeadToHead(league)) return;
  fixDueRounds(tx, league, now);
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
  refreshTeamRounds(tx, [...spans.values()]);
  markTableStale(tx, league.id);
  finishCompleteRounds(tx, league, now, new Set([...spans.values()].map((span) => span.round)));
}

export interface HeadToHeadServiceDeps {
  db: Database;
  clock: Clock;
}

export class HeadToHeadService {
  constructor(private readonly deps: HeadToHeadServiceDeps) {}

  /**
   * The checks every head-to-head read makes, in order: the league exists, the caller is a
   * member, the league plays head-to-head. Answers the league.
   */
  admit(leagueId: string, playerId: string): LeagueRow & { roundDays: number } {
    const { db } = this.deps;
    const league = findLeague(db, leagueId);
    if (!league) fail('LEAGUE_NOT_FOUND');
    if (!findCurrentTeam(db, leagueId, playerId)) fail('NO_TEAM_IN_LEAGUE');
    if (!isHeadToHead(league)) fail('LEAGUE_NOT_HEAD_TO_HEAD');
    return league;
  }

  /** What a fixtures answer is kept under: the round asked (or "current") and today, since the current round and "upcoming" move with the clock. */
  fixturesKey(leagueId: string, playerId: string, round: number | undefined): string {
    this.admit(leagueId, playerId);
    return `fixtures:${leagueId}:${round ?? 'current'}:${utcDay(this.deps.clock.now())}`;
  }

  tableKey(leagueId: string, playerId: string): string {
    this.admit(leagueId, playerId);
    return `head-to-head:${leagueId}`;
  }

  versionOf(leagueId: string): number | undefined {
    return leagueVersion(this.deps.db, leagueId);
  }

  /**
   * Round `round` (else the current one, or the last after the season): its days, status and
   * matchups. Until its first day ends the pairings are the current members' as they stand;
   * results appear once every paired team's every day of the round is scored.
   */
  fixtures(leagueId: string, playerId: string, round?: number): Fixtures {
    const { db, clock } = this.deps;
    const now = clock.now();
    const league = this.admit(leagueId, playerId);
    const number = round ?? currentRound(league, league.roundDays, now);
    const bounds = number === null ? null : roundBounds(league, league.roundDays, number);
    if (!bounds) fail('ROUND_NOT_FOUND');
    this.fixRoundsDue(league, now);
    return readTransaction(db, () => {
      const kept = keptRounds(db, league.id, bounds.round, bounds.round)[0];
      const pairings: KeptPairing[] = kept?.pairings ?? pairingsFor(membersInJoinOrder(db, league.id), bounds.round).map((p) => ({ ...p, forfeitedBy: null }));
      const points = teamRoundPoints(db, league.id, bounds.round, bounds.round).get(bounds.round);
      const today = utcDay(now);
      const final = pairings.length > 0 ? kept !== undefined && isComplete(bounds, pairings, points) : today > bounds.endDate;
      const status = today < bounds.startDate ? 'upcoming' : final ? 'final' : 'live';
      const matchups = wireMatchups(roundMatchups(pairings, pointsGetter(points)), teamNames(db, league.id), status === 'final');
      return { round: bounds.round, startDate: bounds.startDate, endDate: bounds.endDate, status, matchups };
    });
  }

  /** The table, from the kept rows (written again first when round points or pairings changed). */
  table(leagueId: string, playerId: string): HeadToHeadRow[] {
    const league = this.admit(leagueId, playerId);
    this.fixRoundsDue(league, this.deps.clock.now());
    this.writeTableIfStale(league);
    return keptTable(this.deps.db, league.id);
  }

  /**
   * Writes the table if it is stale: inputs read in one snapshot and the table computed
   * outside the write lock, then written whole if the version has not moved; should it move
   * under every attempt, the last is done inside one write transaction.
   */
  writeTableIfStale(league: LeagueRow & { roundDays: number }): void {
    const { db } = this.deps;
    if (!isTableStale(db, league.id)) return;
    for (let attempt = 0; attempt < TABLE_ATTEMPTS; attempt++) {
      const { version, rows } = readTransaction(db, () => ({ version: leagueVersion(db, league.id)!, rows: this.computeTable(league) }));
      if (writeTableIfCurrent(db, league.id, version, rows)) return;
    }
    writeTransaction(db, (tx) => {
      writeTableIfCurrent(tx, league.id, leagueVersion(tx, league.id)!, this.computeTable(league));
    });
  }

  private computeTable(league: LeagueRow & { roundDays: number }): TableRow[] {
    const { db } = this.deps;
    const fresh = findLeague(db, league.id) ?? league;
    const teams = teamsOfLeague(db, league.id).map((team) => ({ teamId: team.id, joinedAt: team.joinedAt }));
    const points = teamRoundPoints(db, league.id);
    const finals: Matchup[][] = [];
    for (const kept of keptRounds(db, league.id, 1, roundCount(fresh, league.roundDays))) {
      const bounds = roundBounds(fresh, league.roundDays, kept.round);
      const roundPoints = points.get(kept.round);
      if (bounds && kept.pairings.length > 0 && isComplete(bounds, kept.pairings, roundPoints)) {
        finals.push(roundMatchups(kept.pairings, pointsGetter(roundPoints)));
      }
    }
    return headToHeadTable(teams, finals);
  }

  private fixRoundsDue(league: LeagueRow & { roundDays: number }, now: Date): void {
    const { db } = this.deps;
    if (!hasDueRounds(db, league, now)) return;
    writeTransaction(db, (tx) => {
      const fresh = findLeague(tx, league.id);
      if (fresh) fixDueRounds(tx, fresh, now);
    });
  }
}
