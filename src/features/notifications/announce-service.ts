/** Each league's messages go to the outbox in one transaction with announce_runs, so a rerun writes nothing twice. */
import type { Clock } from '../../platform/clock';
import {
  expiryLine,
  type FinishedMatchup,
  leagueClosed,
  type LeagueRef,
  morningDigest,
  morningLine,
  morningResult,
  type PushMessage,
  roundLine,
  seasonEnd,
  type StandingLine,
} from '../../domain/announcements';
import { rankTable } from '../../domain/head-to-head';
import { keptRecords } from '../head-to-head/store';
import { isHeadToHead } from '../head-to-head/service';
import { addDays, utcDay } from '../../domain/dates';
import { isLeagueInactive } from '../../domain/leagues';
import { rankTeams, type StandingEntry } from '../../domain/standings';
import { displayTitle } from '../../domain/titles';
import type { Logger } from '../../platform/log';
import { type Database, writeTransaction } from '../../platform/db/database';
import { findLeague, type LeagueRow, teamsOfLeague } from '../leagues/store';
import {
  claimAnnounceRun,
  contractsExpiringOn,
  enqueue,
  findWebhook,
  latestScoredDay,
  leaguesToAnnounce,
  type NewOutboxRow,
  pruneSentOutbox,
  roundResultsEndingOn,
  subscribersOfLeague,
  subscriptionsWanting,
  totalsOnDay,
  type TeamTotalsOnDay,
} from './outbound-store';
import type { RoundResult } from '../head-to-head/wire';

/** A scored day older than this is not announced (a league that caught up late, a fresh deployment). */
const RECENT_DAYS = 2;
const SENT_KEEP_DAYS = 7;

export interface AnnounceReport {
  today: string;
  leagues: number;
  webhookMessages: number;
  pushMessages: number;
}

export interface AnnounceServiceDeps {
  db: Database;
  clock: Clock;
  log: Logger;
  appUrl?: string;
}

type MatchupWithIds = FinishedMatchup & { home: { teamId: string | null }; away: { teamId: string | null } };

function standings(totals: readonly TeamTotalsOnDay[]): { ranked: StandingEntry[]; byTeam: Map<string, TeamTotalsOnDay> } {
  return { ranked: rankTeams(totals), byTeam: new Map(totals.map((team) => [team.teamId, team])) };
}

export interface RankedLine extends StandingLine {
  teamId: string;
  previousRank: number | null;
}

/** As the league's own screen orders it: points standings, or a head-to-head table from its final rounds. */
export async function leagueOrder(tx: Database, league: LeagueRow, day: string | null): Promise<RankedLine[]> {
  const totals = day === null ? [] : await totalsOnDay(tx, league.id, day);
  const byTeam = new Map(totals.map((team) => [team.teamId, team]));
  if (isHeadToHead(league)) {
    const table = rankTable(await keptRecords(tx, league.id));
    const names = new Map((await teamsOfLeague(tx, league.id)).map((team) => [team.id, team.name]));
    return table.map((row) => ({
      teamId: row.teamId,
      rank: row.rank,
      teamName: names.get(row.teamId) ?? row.teamId,
      points: row.pointsFor,
      dayPoints: byTeam.get(row.teamId)?.dayPoints ?? 0,
      tablePoints: row.tablePoints,
      played: row.played,
      previousRank: null,
    }));
  }
  const { ranked } = standings(totals);
  return ranked.map((entry) => ({
    teamId: entry.teamId,
    rank: entry.rank,
    teamName: byTeam.get(entry.teamId)!.teamName,
    points: entry.cumulativePoints,
    dayPoints: byTeam.get(entry.teamId)!.dayPoints,
    previousRank: entry.rankDelta === null ? null : entry.rank + entry.rankDelta,
  }));
}

function shown({ teamId: _teamId, previousRank: _previous, ...line }: RankedLine): StandingLine {
  return line;
}

function finishedMatchups(payloads: readonly string[]): MatchupWithIds[] {
  return payloads.flatMap((payload) => {
    const { round } = JSON.parse(payload) as { round: RoundResult };
    return round.matchups
      .filter((m) => m.result !== null)
      .map((m) => ({ round: round.round, home: m.home, away: m.away, result: m.result! }));
  });
}

const pushRow = (subscriptionId: string, message: PushMessage): NewOutboxRow => ({ channel: 'push', subscriptionId, payload: message });

export async function seasonEndEvent(tx: Database, league: LeagueRow, appUrl?: string) {
  const order = await leagueOrder(tx, league, await latestScoredDay(tx, league.id));
  return seasonEnd({ id: league.id, name: league.name }, order.slice(0, 3).map(shown), appUrl);
}

/** Inside the closure's transaction, with the final podium at once (the morning run finds the season's end already written). */
export async function queueClosure(tx: Database, league: LeagueRow, now: Date, appUrl?: string): Promise<void> {
  if (!(await findWebhook(tx, league.id)) || league.closedAt === null) return;
  const at = now.toISOString();
  const rows: NewOutboxRow[] = [{ channel: 'webhook', leagueId: league.id, payload: leagueClosed({ id: league.id, name: league.name }, appUrl) }];
  if (await claimAnnounceRun(tx, league.id, utcDay(new Date(league.closedAt)), 'season-end', at)) {
    rows.push({ channel: 'webhook', leagueId: league.id, payload: await seasonEndEvent(tx, league, appUrl) });
  }
  await enqueue(tx, rows, at);
}

export class AnnounceService {
  constructor(private readonly deps: AnnounceServiceDeps) {}

  /** Writes what is due as of `now` to the outbox; the outbox worker (or `announce` itself) sends it. */
  async run(now: Date): Promise<AnnounceReport> {
    const { db, log } = this.deps;
    const today = utcDay(now);
    const since = new Date(now.getTime() - RECENT_DAYS * 86_400_000).toISOString();
    const report: AnnounceReport = { today, leagues: 0, webhookMessages: 0, pushMessages: 0 };
    for (const { id } of await leaguesToAnnounce(db, since)) {
      const rows = await writeTransaction(db, async (tx) => {
        const league = await findLeague(tx, id);
        return league ? this.announceLeague(tx, league, now, since) : [];
      });
      if (rows.length === 0) continue;
      report.leagues++;
      for (const row of rows) row.channel === 'webhook' ? report.webhookMessages++ : report.pushMessages++;
    }
    const pruned = await pruneSentOutbox(db, new Date(now.getTime() - SENT_KEEP_DAYS * 86_400_000).toISOString());
    log.info('announce wrote its messages', { ...report, pruned });
    return report;
  }

  private async announceLeague(tx: Database, league: LeagueRow, now: Date, since: string): Promise<NewOutboxRow[]> {
    const at = now.toISOString();
    const today = utcDay(now);
    const ref: LeagueRef = { id: league.id, name: league.name };
    const hook = (await findWebhook(tx, league.id)) !== undefined;
    const rows: NewOutboxRow[] = [];
    // one morning digest per subscription (a player's phone) in this league
    const digests = new Map<string, { result?: string; rounds?: string[]; expiry?: string }>();
    const digestOf = (subscriptionId: string) => digests.get(subscriptionId) ?? digests.set(subscriptionId, {}).get(subscriptionId)!;

    const day = await latestScoredDay(tx, league.id);
    if (day !== null && day >= addDays(today, -RECENT_DAYS) && await claimAnnounceRun(tx, league.id, day, 'morning', at)) {
      const order = await leagueOrder(tx, league, day);
      const inTable = isHeadToHead(league);
      const climber = order
        .filter((line) => line.previousRank !== null && line.previousRank > line.rank)
        .sort((a, b) => b.previousRank! - b.rank - (a.previousRank! - a.rank) || a.rank - b.rank)[0];
      const matchups = finishedMatchups(await roundResultsEndingOn(tx, league.id, day));
      if (hook) {
        const biggestClimber = climber ? { teamName: climber.teamName, from: climber.previousRank!, to: climber.rank } : null;
        const event = morningResult({ league: ref, day, top: order.slice(0, 3).map(shown), biggestClimber, matchups, appUrl: this.deps.appUrl });
        rows.push({ channel: 'webhook', leagueId: league.id, payload: event });
      }
      const entries = new Map(order.map((line) => [line.teamId, line]));
      for (const { subscriptionId, teamId } of await subscribersOfLeague(tx, league.id, 'morning_result')) {
        const entry = entries.get(teamId);
        if (!entry) continue;
        digestOf(subscriptionId).result = morningLine(day, { teamName: entry.teamName, dayPoints: entry.dayPoints, rank: entry.rank, previousRank: entry.previousRank, inTable });
      }
      if (matchups.length > 0) {
        for (const { subscriptionId, teamId } of await subscribersOfLeague(tx, league.id, 'round_result')) {
          const own = matchups.filter((matchup) => matchup.home.teamId === teamId || matchup.away.teamId === teamId).map((matchup) => roundLine(teamId, matchup));
          if (own.length > 0) digestOf(subscriptionId).rounds = own;
        }
      }
    }

    if (!isLeagueInactive(league, now) && await claimAnnounceRun(tx, league.id, today, 'expiry', at)) {
      const titlesBySubscription = new Map<string, string[]>();
      for (const contract of await contractsExpiringOn(tx, league.id, addDays(today, 1))) {
        for (const subscriptionId of await subscriptionsWanting(tx, contract.playerId, 'contract_expiring')) {
          const titles = titlesBySubscription.get(subscriptionId) ?? titlesBySubscription.set(subscriptionId, []).get(subscriptionId)!;
          titles.push(displayTitle(contract.articleId));
        }
      }
      for (const [subscriptionId, titles] of titlesBySubscription) digestOf(subscriptionId).expiry = expiryLine(titles.sort((a, b) => a.localeCompare(b, 'en')));
    }
    for (const [subscriptionId, parts] of digests) {
      const message = morningDigest(ref, parts);
      if (message) rows.push(pushRow(subscriptionId, message));
    }

    const endedAt = league.closedAt ?? league.endDate;
    if (isLeagueInactive(league, now) && endedAt >= since && hook && await claimAnnounceRun(tx, league.id, utcDay(new Date(endedAt)), 'season-end', at)) {
      rows.push({ channel: 'webhook', leagueId: league.id, payload: await seasonEndEvent(tx, league, this.deps.appUrl) });
    }

    await enqueue(tx, rows, at);
    return rows;
  }
}
