/** What `fantasy status` and `/metrics` read about the deployment's own health. SQL only. */
import { and, asc, count, eq, gte, inArray, lte, max, min, sql } from 'drizzle-orm';
import { type Database, IN_BATCH } from './database';
import { contracts, performances, teams } from './schema';

/** Per league, the days in [from, to] on which at least one of its teams has a performance. */
export function scoredDaysByLeague(db: Database, from: string, to: string): Map<string, Set<string>> {
  const rows = db
    .select({ leagueId: teams.leagueId, date: performances.date })
    .from(performances)
    .innerJoin(teams, eq(teams.id, performances.teamId))
    .where(and(gte(performances.date, from), lte(performances.date, to)))
    .groupBy(teams.leagueId, performances.date)
    .all();
  const out = new Map<string, Set<string>>();
  for (const row of rows) {
    let days = out.get(row.leagueId);
    if (!days) out.set(row.leagueId, (days = new Set()));
    days.add(row.date);
  }
  return out;
}

/** Per league: the newest scored day (absent when never scored) and when its first team joined. */
export function scoringFactsOfLeagues(
  db: Database,
  leagueIds: readonly string[],
): Map<string, { lastScoredDay: string | null; firstJoinedAt: string | null }> {
  const out = new Map<string, { lastScoredDay: string | null; firstJoinedAt: string | null }>();
  for (let i = 0; i < leagueIds.length; i += IN_BATCH) {
    const batch = leagueIds.slice(i, i + IN_BATCH);
    for (const id of batch) out.set(id, { lastScoredDay: null, firstJoinedAt: null });
    const joined = db
      .select({ leagueId: teams.leagueId, first: min(teams.joinedAt) })
      .from(teams)
      .where(inArray(teams.leagueId, batch))
      .groupBy(teams.leagueId)
      .all();
    for (const row of joined) out.get(row.leagueId)!.firstJoinedAt = row.first;
    const scored = db
      .select({ leagueId: teams.leagueId, last: max(performances.date) })
      .from(teams)
      .innerJoin(performances, eq(performances.teamId, teams.id))
      .where(inArray(teams.leagueId, batch))
      .groupBy(teams.leagueId)
      .all();
    for (const row of scored) out.get(row.leagueId)!.lastScoredDay = row.last;
  }
  return out;
}

/** Live contracts whose expiry day is `onOrBefore` or earlier: what the sweep has still to settle. */
export function liveContractsExpiredBy(db: Database, onOrBefore: string): { expireDate: string; n: number }[] {
  return db
    .select({ expireDate: contracts.expireDate, n: count() })
    .from(contracts)
    .where(and(eq(contracts.status, 'live'), lte(contracts.expireDate, onOrBefore)))
    .groupBy(contracts.expireDate)
    .orderBy(asc(contracts.expireDate))
    .all();
}

/** Bytes the database occupies (pages in use × page size; the WAL is transient and not counted). */
export function databaseBytes(db: Database): number {
  const row = db.get<{ bytes: number }>(sql`SELECT page_count * page_size AS bytes FROM pragma_page_count(), pragma_page_size()`);
  return Number(row?.bytes ?? 0);
}
