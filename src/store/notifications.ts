/** The notification in-box (§8): rows are written after the money moved and only ever marked read. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from './database';
import { notifications } from './schema';

export type NotificationRow = typeof notifications.$inferSelect;

export function insertNotification(db: Database, row: typeof notifications.$inferInsert): NotificationRow {
  return db.insert(notifications).values(row).returning().get();
}

/** Rows per multi-row INSERT: 9 columns each, far under SQLite's 32,766 bound parameters. */
const INSERT_ROWS = 1_000;

/** Many rows in multi-row INSERTs, in the order given (the sweep's set of contracts). */
export function insertNotifications(db: Database, rows: readonly (typeof notifications.$inferInsert)[]): void {
  for (let i = 0; i < rows.length; i += INSERT_ROWS) db.insert(notifications).values(rows.slice(i, i + INSERT_ROWS)).run();
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
