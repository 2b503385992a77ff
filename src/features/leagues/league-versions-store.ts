/**
 * A league's version: every write that changes what the league's reads show (standings,
 * credits, contracts, members, closure) bumps it inside its own transaction, and answers
 * are cached and tagged by it. A new write path makes one call here; forgetting it shows up
 * as a stale answer in test/features/operations/read-cache.test.ts.
 */
import { type Database, writeTransaction } from '../../platform/db/database';
import { runStatement, selectRow } from '../../platform/db/statements';

export async function bumpLeagueVersion(db: Database, leagueId: string): Promise<void> {
  await writeTransaction(db, (tx) => runStatement(tx, 'UPDATE leagues SET version = version + 1 WHERE id = ?', leagueId));
}

/**
 * Points or the set of teams changed: a new version, and ranks to write again (the rank
 * keeper does, after the write; until then readers rank in memory).
 */
export async function markStandingsChanged(db: Database, leagueId: string): Promise<void> {
  await writeTransaction(db, (tx) => runStatement(tx, 'UPDATE leagues SET version = version + 1, ranks_stale = TRUE WHERE id = ?', leagueId));
}

/**
 * The league's current version; undefined when there is no such league. Read from the
 * database on every call, so another instance's write is never missed.
 */
export async function leagueVersion(db: Database, leagueId: string): Promise<number | undefined> {
  return (await selectRow<{ version: number }>(db, 'SELECT version FROM leagues WHERE id = ?', leagueId))?.version;
}
