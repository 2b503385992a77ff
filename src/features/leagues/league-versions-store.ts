/**
 * A league's version: every write that changes what the league's reads show (standings,
 * credits, contracts, members, closure) bumps it inside its own transaction, and answers
 * are cached and tagged by it. A new write path makes one call here; forgetting it shows up
 * as a stale answer in test/features/operations/read-cache.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { type Database, preparedOnce, writeTransaction } from '../../platform/db/database';
import { dialectOf, first, tablesOf } from '../../platform/db/dialect';

export async function bumpLeagueVersion(db: Database, leagueId: string): Promise<void> {
  return writeTransaction(db, async (tx) => {
    if (dialectOf(tx) === 'postgres') {
      const { leagues } = tablesOf(tx);
      await tx
        .update(leagues)
        .set({ version: sql`${leagues.version} + 1` })
        .where(eq(leagues.id, leagueId));
      return;
    }
    preparedOnce(tx, 'bumpLeagueVersion', () => tx.$client.prepare('UPDATE leagues SET version = version + 1 WHERE id = ?')).run(leagueId);
  });
}

/**
 * Points or the set of teams changed: a new version, and ranks (and a head-to-head league's
 * table) rewritten at the next read.
 */
export async function markStandingsChanged(db: Database, leagueId: string): Promise<void> {
  return writeTransaction(db, async (tx) => {
    if (dialectOf(tx) === 'postgres') {
      const { leagues } = tablesOf(tx);
      await tx
        .update(leagues)
        .set({ version: sql`${leagues.version} + 1`, ranksStale: true, tableStale: true })
        .where(eq(leagues.id, leagueId));
      return;
    }
    preparedOnce(tx, 'markStandingsChanged', () =>
      tx.$client.prepare('UPDATE leagues SET version = version + 1, ranks_stale = 1, table_stale = 1 WHERE id = ?'),
    ).run(leagueId);
  });
}

/**
 * The league's current version; undefined when there is no such league. Read from the
 * database on every call, so another instance's write is never missed.
 */
export async function leagueVersion(db: Database, leagueId: string): Promise<number | undefined> {
  if (dialectOf(db) === 'postgres') {
    const { leagues } = tablesOf(db);
    return (await first(db.select({ version: leagues.version }).from(leagues).where(eq(leagues.id, leagueId))))?.version;
  }
  const statement = preparedOnce(db, 'leagueVersion', () => db.$client.prepare('SELECT version FROM leagues WHERE id = ?'));
  return (statement.get(leagueId) as { version: number } | undefined)?.version;
}
