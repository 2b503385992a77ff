/**
 * A league's version: every write that changes what the league's reads show (standings,
 * credits, contracts, members, closure) bumps it inside its own transaction, and answers
 * are cached and tagged by it. A new write path makes one call here; forgetting it shows up
 * as a stale answer in test/api/read-cache.test.ts.
 */
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
  return db.select({ version: leagues.version }).from(leagues).where(eq(leagues.id, leagueId)).get()?.version;
}
