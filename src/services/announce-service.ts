/**
 * `fantasy announce` (issue 25 §3): the latest scored day's morning messages for every league
 * (its webhook, and its members' phones), reminders of contracts expiring tomorrow, and the
 * season's end. Each league's messages are written to the outbox in one transaction with the
 * record that they were (announce_runs), so running it again writes nothing twice, and a run
 * killed midway leaves the leagues it had not reached for the next one.
 */
import type { Clock } from '../clock';
import {
  expiryPush,
  type FinishedMatchup,
  type LeagueRef,
  morningPush,
  morningResult,
  type PushMessage,
  roundPush,
  seasonEnd,
  type StandingLine,
} from '../domain/announcements';
import { addDays, utcDay } from '../domain/dates';
import { isLeagueInactive } from '../domain/leagues';
import { rankTeams, type StandingEntry } from '../domain/standings';
import { displayTitle } from '../domain/titles';
import type { Logger } from '../logger';
import { type Database, writeTransaction } from '../store/database';
import { findLeague, type LeagueRow } from '../store/leagues';
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
} from '../store/outbound';
import type { RoundResult } from '../wire/head-to-head';

/** A scored day older than this is not announced (a league that caught up late, a fresh deployment). */
const RECENT_DAYS = 2;
/** how long sent messages are kept in the outbox for the record */
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
}

type MatchupWithIds = FinishedMatchup & { home: { teamId: string | null }; away: { teamId: string | null } };

function standings(totals: readonly TeamTotalsOnDay[]): { ranked: StandingEntry[]; byTeam: Map<string, TeamTotalsOnDay> } {
  return { ranked: rankTeams(totals), byTeam: new Map(totals.map((team) => [team.teamId, team])) };
}

function lines(ranked: readonly StandingEntry[], byTeam: Map<string, TeamTotalsOnDay>, count: number): StandingLine[] {
  return ranked.slice(0, count).map((entry) => {
    const team = byTeam.get(entry.teamId)!;
    return { rank: entry.rank, teamName: team.teamName, points: entry.cumulativePoints, dayPoints: team.dayPoints };
  });
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
    // what was sent a week ago is of no more use, and the outbox stays small
    const pruned = await pruneSentOutbox(db, new Date(now.getTime() - SENT_KEEP_DAYS * 86_400_000).toISOString());
    log.info('announce wrote its messages', { ...report, pruned });
    return report;
  }

  /** One league's messages, inside its transaction; answers the rows written. */
  private async announceLeague(tx: Database, league: LeagueRow, now: Date, since: string): Promise<NewOutboxRow[]> {
    const at = now.toISOString();
    const today = utcDay(now);
    const ref: LeagueRef = { id: league.id, name: league.name };
    const hook = (await findWebhook(tx, league.id)) !== undefined;
    const rows: NewOutboxRow[] = [];

    const day = await latestScoredDay(tx, league.id);
    if (day !== null && day >= addDays(today, -RECENT_DAYS) && await claimAnnounceRun(tx, league.id, day, 'morning', at)) {
      const { ranked, byTeam } = standings(await totalsOnDay(tx, league.id, day));
      const climber = ranked
        .filter((entry) => entry.rankDelta !== null && entry.rankDelta > 0)
        .sort((a, b) => b.rankDelta! - a.rankDelta! || a.rank - b.rank)[0];
      const matchups = finishedMatchups(await roundResultsEndingOn(tx, league.id, day));
      if (hook) {
        const biggestClimber = climber ? { teamName: byTeam.get(climber.teamId)!.teamName, from: climber.rank + climber.rankDelta!, to: climber.rank } : null;
        const event = morningResult({ league: ref, day, top: lines(ranked, byTeam, 3), biggestClimber, matchups });
        rows.push({ channel: 'webhook', leagueId: league.id, payload: event });
      }
      const entries = new Map(ranked.map((entry) => [entry.teamId, entry]));
      for (const { subscriptionId, teamId } of await subscribersOfLeague(tx, league.id, 'morning_result')) {
        const entry = entries.get(teamId);
        if (!entry) continue;
        const previousRank = entry.rankDelta === null ? null : entry.rank + entry.rankDelta;
        rows.push(pushRow(subscriptionId, morningPush(ref, day, { teamName: byTeam.get(teamId)!.teamName, dayPoints: byTeam.get(teamId)!.dayPoints, rank: entry.rank, previousRank })));
      }
      if (matchups.length > 0) {
        for (const { subscriptionId, teamId } of await subscribersOfLeague(tx, league.id, 'round_result')) {
          for (const matchup of matchups) {
            if (matchup.home.teamId === teamId || matchup.away.teamId === teamId) rows.push(pushRow(subscriptionId, roundPush(ref, teamId, matchup)));
          }
        }
      }
    }

    if (!isLeagueInactive(league, now) && await claimAnnounceRun(tx, league.id, today, 'expiry', at)) {
      for (const contract of await contractsExpiringOn(tx, league.id, addDays(today, 1))) {
        for (const subscriptionId of await subscriptionsWanting(tx, contract.playerId, 'contract_expiring')) {
          rows.push(pushRow(subscriptionId, expiryPush(ref, displayTitle(contract.articleId))));
        }
      }
    }

    const endedAt = league.closedAt ?? league.endDate;
    if (isLeagueInactive(league, now) && endedAt >= since && hook && await claimAnnounceRun(tx, league.id, utcDay(new Date(endedAt)), 'season-end', at)) {
      const lastDay = await latestScoredDay(tx, league.id);
      const { ranked, byTeam } = standings(lastDay === null ? [] : await totalsOnDay(tx, league.id, lastDay));
      rows.push({ channel: 'webhook', leagueId: league.id, payload: seasonEnd(ref, lines(ranked, byTeam, 3)) });
    }

    await enqueue(tx, rows, at);
    return rows;
  }
}
