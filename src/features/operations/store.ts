/** What `fantasy status` and `/metrics` read about the deployment's own health. SQL only. */
import { and, asc, count, eq, gte, lte, max } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { first, tablesOf } from '../../platform/db/dialect';
import { boundList, selectRows } from '../../platform/db/statements';

/**
 * Per league, its first team (the founder's): every team in season gets a performance on
 * every scored day, so this one team's days are the league's scored days, read from the
 * primary key instead of grouping the whole table (a big deployment holds millions of rows).
 */
export async function firstTeamsOfLeagues(db: Database, leagueIds: readonly string[]): Promise<Map<string, { teamId: string; joinedAt: string }>> {
  const leagues = boundList(db, leagueIds);
  const rows = await selectRows<{ leagueId: string; teamId: string; joinedAt: string }>(
    db,
    `SELECT "leagueId", "teamId", "joinedAt" FROM (
       SELECT league_id AS "leagueId", id AS "teamId", joined_at AS "joinedAt",
              row_number() OVER (PARTITION BY league_id ORDER BY joined_at, id) AS n
       FROM teams WHERE league_id ${leagues.in}) ranked
     WHERE n = 1`,
    leagues.value,
  );
  return new Map(rows.map((row) => [row.leagueId, { teamId: row.teamId, joinedAt: row.joinedAt }]));
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
