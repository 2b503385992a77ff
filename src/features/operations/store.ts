/** What `fantasy status` and `/metrics` read about the deployment's own health. SQL only. */
import { and, asc, count, eq, gte, lte, max, sql } from 'drizzle-orm';
import { type Database, IN_BATCH } from '../../platform/db/database';
import { first, rowsOf, tablesOf } from '../../platform/db/dialect';
import { anyOf } from '../../platform/db/statements';

/**
 * Per league, its first team (the founder's): every team in season gets a performance on
 * every scored day, so this one team's days are the league's scored days, read from the
 * primary key instead of grouping the whole table (a big deployment holds millions of rows).
 */
export async function firstTeamsOfLeagues(db: Database, leagueIds: readonly string[]): Promise<Map<string, { teamId: string; joinedAt: string }>> {
  const out = new Map<string, { teamId: string; joinedAt: string }>();
  for (let i = 0; i < leagueIds.length; i += IN_BATCH) {
    const rows = await rowsOf<{ leagueId: string; teamId: string; joinedAt: string }>(
      db,
      sql`SELECT "leagueId", "teamId", "joinedAt" FROM (
            SELECT league_id AS "leagueId", id AS "teamId", joined_at AS "joinedAt",
                   row_number() OVER (PARTITION BY league_id ORDER BY joined_at, id) AS n
            FROM teams WHERE ${anyOf(db, sql`league_id`, leagueIds.slice(i, i + IN_BATCH))}) ranked
          WHERE n = 1`,
    );
    for (const row of rows) out.set(row.leagueId, { teamId: row.teamId, joinedAt: row.joinedAt });
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

export { databaseBytes } from '../../platform/db/database-size';
