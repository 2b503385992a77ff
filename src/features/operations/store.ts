/** What `fantasy status` and `/metrics` read about the deployment's own health. SQL only. */
import { and, asc, count, eq, gte, inArray, lte, max, min, sql } from 'drizzle-orm';
import { type Database, IN_BATCH } from '../../platform/db/database';
import { dialectOf, first, pgArray, rowsOf, tablesOf } from '../../platform/db/dialect';

/**
 * Per league, its first team (the founder's): every team in season gets a performance on
 * every scored day, so this one team's days are the league's scored days, read from the
 * primary key instead of grouping the whole table (a big deployment holds millions of rows).
 */
export async function firstTeamsOfLeagues(db: Database, leagueIds: readonly string[]): Promise<Map<string, { teamId: string; joinedAt: string }>> {
  const out = new Map<string, { teamId: string; joinedAt: string }>();
  if (dialectOf(db) === 'postgres') {
    // no bare columns beside an aggregate here: DISTINCT ON keeps each league's earliest row;
    // the ids go as one bound array (drizzle would spread a plain array into a list)
    const rows = await rowsOf<{ leagueId: string; teamId: string; joinedAt: string }>(
      db,
      sql`SELECT DISTINCT ON (league_id) league_id AS "leagueId", id AS "teamId", joined_at AS "joinedAt"
        FROM teams WHERE league_id = ANY(${pgArray(leagueIds)}) ORDER BY league_id, joined_at, id`,
    );
    for (const row of rows) out.set(row.leagueId, { teamId: row.teamId, joinedAt: row.joinedAt });
    return out;
  }
  const { teams } = tablesOf(db);
  for (let i = 0; i < leagueIds.length; i += IN_BATCH) {
    const rows = await db
      // SQLite answers the bare column `id` from the row that holds the MIN
      .select({ leagueId: teams.leagueId, teamId: teams.id, joinedAt: min(teams.joinedAt) })
      .from(teams)
      .where(inArray(teams.leagueId, leagueIds.slice(i, i + IN_BATCH)))
      .groupBy(teams.leagueId);
    for (const row of rows) if (row.joinedAt !== null) out.set(row.leagueId, { teamId: row.teamId, joinedAt: row.joinedAt });
  }
  return out;
}

/** The team's scored days in [from, to], and its newest scored day of all. */
export async function scoredDaysOfTeam(db: Database, teamId: string, from: string, to: string): Promise<{ days: Set<string>; last: string | null }> {
  const { performances } = tablesOf(db);
  const rows = await db
    .select({ date: performances.date })
    .from(performances)
    .where(and(eq(performances.teamId, teamId), gte(performances.date, from), lte(performances.date, to)));
  const last = (await first(db.select({ last: max(performances.date) }).from(performances).where(eq(performances.teamId, teamId))))?.last ?? null;
  return { days: new Set(rows.map((row) => row.date)), last };
}

/** Live contracts whose expiry day is `onOrBefore` or earlier: what the sweep has still to settle. */
export async function liveContractsExpiredBy(db: Database, onOrBefore: string): Promise<{ expireDate: string; n: number }[]> {
  const { contracts } = tablesOf(db);
  return db
    .select({ expireDate: contracts.expireDate, n: count() })
    .from(contracts)
    .where(and(eq(contracts.status, 'live'), lte(contracts.expireDate, onOrBefore)))
    .groupBy(contracts.expireDate)
    .orderBy(asc(contracts.expireDate));
}

/**
 * Bytes the database occupies. SQLite: pages in use × page size (the WAL is transient and not
 * counted). PostgreSQL: the database's size on disk, as the server reports it.
 */
export async function databaseBytes(db: Database): Promise<number> {
  if (dialectOf(db) === 'postgres') {
    const rows = await rowsOf<{ bytes: string | number }>(db, sql`SELECT pg_database_size(current_database()) AS bytes`);
    return Number(rows[0]?.bytes ?? 0);
  }
  const row = db.get<{ bytes: number }>(sql`SELECT page_count * page_size AS bytes FROM pragma_page_count(), pragma_page_size()`);
  return Number(row?.bytes ?? 0);
}
