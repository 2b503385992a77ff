import { type Database, writeTransaction } from '../../platform/db/database';
import { insertInOrder } from '../../platform/db/insert-in-order';
import { runStatement, selectRows } from '../../platform/db/statements';

export type ActivityKind = 'join' | 'departure' | 'removal' | 'buy' | 'early-sale' | 'renewal' | 'expiry' | 'round-result' | 'season-started';

export interface ActivityRow {
  id: number;
  leagueId: string;
  at: string;
  kind: ActivityKind;
  payload: string;
}

/** Call inside the transaction of the action the event records. */
export async function recordActivity(db: Database, leagueId: string, kind: ActivityKind, at: string, payload: object): Promise<void> {
  return writeTransaction(db, async (db) => {
    await runStatement(db, 'INSERT INTO league_activity (league_id, at, kind, payload) VALUES (?, ?, ?, ?)', leagueId, at, kind, JSON.stringify(payload));
  });
}

export async function recordActivities(db: Database, events: readonly { leagueId: string; kind: ActivityKind; payload: object }[], at: string): Promise<void> {
  return writeTransaction(db, (db) =>
    insertInOrder(
      db,
      'league_activity',
      { league_id: 'text', at: 'text', kind: 'text', payload: 'text' },
      events.map((event) => [event.leagueId, at, event.kind, JSON.stringify(event.payload)]),
    ),
  );
}

export async function activityPage(db: Database, leagueId: string, beforeId: number | null, limit: number): Promise<ActivityRow[]> {
  // PostgreSQL's driver hands a bigint over as text; ordering by a.id, not the cast, lets the feed index serve it
  const text = `SELECT CAST(a.id AS DOUBLE PRECISION) AS id, a.league_id AS "leagueId", a.at, a.kind, a.payload FROM league_activity a
    WHERE a.league_id = ? AND a.id < ? ORDER BY a.id DESC LIMIT ?`;
  return selectRows<ActivityRow>(db, text, leagueId, beforeId ?? Number.MAX_SAFE_INTEGER, limit);
}
