/** The notification in-box (§8): rows are written after the money moved and only ever marked read. */
import { and, desc, eq, sql } from 'drizzle-orm';
import { type Database, preparedOnce } from './database';
import { notifications } from './schema';

export type NotificationRow = typeof notifications.$inferSelect;

export function insertNotification(db: Database, row: typeof notifications.$inferInsert): NotificationRow {
  return db.insert(notifications).values(row).returning().get();
}

/**
 * Many rows in one statement, in the order given (the sweep's set of contracts). Not
 * drizzle's multi-row insert: it built and bound 2,000 rows at ~70 µs a row.
 */
export function insertNotifications(db: Database, rows: readonly (typeof notifications.$inferInsert)[]): void {
  if (rows.length === 0) return;
  const text = `INSERT INTO notifications (id, player_id, league_id, team_id, contract_id, message, date, is_read, created_at)
    SELECT n.value ->> 'id', n.value ->> 'playerId', n.value ->> 'leagueId', n.value ->> 'teamId', n.value ->> 'contractId',
           n.value ->> 'message', n.value ->> 'date', n.value ->> 'isRead', n.value ->> 'createdAt'
    FROM json_each(?) AS n ORDER BY n.key`;
  preparedOnce(db, text, () => db.$client.prepare(text)).run(JSON.stringify(rows.map((row) => ({ ...row, isRead: row.isRead ? 1 : 0 }))));
}

/** Newest day first, then newest written first (Proposed tie-break of §8; rowid orders rows written in the same millisecond). */
export function notificationsOfPlayer(db: Database, playerId: string): NotificationRow[] {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.playerId, playerId))
    .orderBy(desc(notifications.date), desc(notifications.createdAt), sql`rowid desc`)
    .all();
}

export function notificationsOfTeam(db: Database, teamId: string): NotificationRow[] {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.teamId, teamId))
    .orderBy(desc(notifications.date), desc(notifications.createdAt), sql`rowid desc`)
    .all();
}

export function findNotification(db: Database, id: string): NotificationRow | undefined {
  return db.select().from(notifications).where(eq(notifications.id, id)).get();
}

/** Matches notification and owner together; false when nothing changed hands. */
export function markNotificationRead(db: Database, id: string, playerId: string): boolean {
  const result = db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.playerId, playerId)))
    .run();
  return result.changes === 1;
}
