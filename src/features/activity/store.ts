/** The league's activity feed (issue 24 §2): appended by each action's own transaction, read newest first. */
import type BetterSqlite3 from 'better-sqlite3';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { type Database, preparedOnce, writeTransaction } from '../../platform/db/database';
import { dialectOf, execute, pgArray, tablesOf } from '../../platform/db/dialect';

export type ActivityKind = 'join' | 'departure' | 'buy' | 'early-sale' | 'renewal' | 'expiry' | 'round-result';

export interface ActivityRow {
  id: number;
  leagueId: string;
  at: string;
  kind: ActivityKind;
  payload: string;
}

function prepared(db: Database, text: string): BetterSqlite3.Statement {
  return preparedOnce(db, text, () => db.$client.prepare(text));
}

/** Call inside the transaction of the action the event records. */
export async function recordActivity(db: Database, leagueId: string, kind: ActivityKind, at: string, payload: object): Promise<void> {
  return writeTransaction(db, async (db) => {
    if (dialectOf(db) === 'postgres') {
      const { leagueActivity } = tablesOf(db);
      await db.insert(leagueActivity).values({ leagueId, at, kind, payload: JSON.stringify(payload) });
      return;
    }
    prepared(db, 'INSERT INTO league_activity (league_id, at, kind, payload) VALUES (?, ?, ?, ?)').run(leagueId, at, kind, JSON.stringify(payload));
  });
}

/**
 * Several events, ids in the order given (the sweep's set of contracts): one prepared
 * statement run per row. A single json_each statement for the set cost more than the rows'
 * own runs: SQLite parses each row's object again for every field it extracts. PostgreSQL
 * takes the set as one statement of three arrays (a round trip per row would cost more),
 * numbered in the order given so the ids follow it.
 */
export async function recordActivities(db: Database, events: readonly { leagueId: string; kind: ActivityKind; payload: object }[], at: string): Promise<void> {
  return writeTransaction(db, async (db) => {
    if (events.length === 0) return;
    if (dialectOf(db) === 'postgres') {
      const leagueIds = pgArray(events.map((event) => event.leagueId));
      const kinds = pgArray(events.map((event) => event.kind));
      const payloads = pgArray(events.map((event) => JSON.stringify(event.payload)));
      await execute(
        db,
        sql`INSERT INTO league_activity (league_id, at, kind, payload)
            SELECT e.league_id, ${at}::text, e.kind, e.payload
            FROM unnest(${leagueIds}, ${kinds}, ${payloads}) WITH ORDINALITY AS e(league_id, kind, payload, n)
            ORDER BY e.n`,
      );
      return;
    }
    const insert = prepared(db, 'INSERT INTO league_activity (league_id, at, kind, payload) VALUES (?, ?, ?, ?)');
    for (const event of events) insert.run(event.leagueId, at, event.kind, JSON.stringify(event.payload));
  });
}

/** Up to `limit` events older than the event `beforeId` (all when null), newest first. */
export async function activityPage(db: Database, leagueId: string, beforeId: number | null, limit: number): Promise<ActivityRow[]> {
  if (dialectOf(db) === 'postgres') {
    const { leagueActivity: a } = tablesOf(db);
    return db
      .select({ id: a.id, leagueId: a.leagueId, at: a.at, kind: a.kind, payload: a.payload })
      .from(a)
      .where(and(eq(a.leagueId, leagueId), lt(a.id, beforeId ?? Number.MAX_SAFE_INTEGER)))
      .orderBy(desc(a.id))
      .limit(limit);
  }
  const text = `SELECT id, league_id AS leagueId, at, kind, payload FROM league_activity
    WHERE league_id = ? AND id < ? ORDER BY id DESC LIMIT ?`;
  return prepared(db, text).all(leagueId, beforeId ?? Number.MAX_SAFE_INTEGER, limit) as ActivityRow[];
}
