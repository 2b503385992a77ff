import { and, asc, count, eq, gte, lte, max } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { first, tablesOf } from '../../platform/db/dialect';
import { boundList, selectRows } from '../../platform/db/statements';

/** The founder's team has a performance on every scored day, so its days are the league's, read from the primary key. */
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
