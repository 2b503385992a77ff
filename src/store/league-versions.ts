/**
 * A league's version: every write that changes what the league's reads show (standings,
 * credits, contracts, members, closure) bumps it inside its own transaction, and answers
 * are cached and tagged by it. A new write path makes one call here; forgetting it shows up
 * as a stale answer in test/api/read-cache.test.ts.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { eq, sql } from 'drizzle-orm';
import type { Database } from './database';
import { leagues } from './schema';

export function bumpLeagueVersion(db: Database, leagueId: string): void {
  db.update(leagues).set({ version: sql`${leagues.version} + 1` }).where(eq(leagues.id, leagueId)).run();
}

/** Points or the set of teams changed: a new version, and ranks rewritten at the next read. */
export function markStandingsChanged(db: Database, leagueId: string): void {
  db.update(leagues).set({ version: sql`${leagues.version} + 1`, ranksStale: true }).where(eq(leagues.id, leagueId)).run();
}

/** The league's current version; undefined when there is no such league. */
export function leagueVersion(db: Database, leagueId: string): number | undefined {
  let statement = versionStatements.get(db.$client);
  if (!statement) versionStatements.set(db.$client, (statement = db.$client.prepare('SELECT version FROM leagues WHERE id = ?')));
  return (statement.get(leagueId) as { version: number } | undefined)?.version;
}

/** Prepared once per connection: every cached read asks for the version first. */
const versionStatements = new WeakMap<object, BetterSqlite3.Statement>();
