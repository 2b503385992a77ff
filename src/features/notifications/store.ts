/** Rows are written after the money moved and only ever marked read. */
import { and, desc, eq } from 'drizzle-orm';
import { type Database, writeTransaction } from '../../platform/db/database';
import { first, tablesOf, touched } from '../../platform/db/dialect';
import { insertInOrder } from '../../platform/db/insert-in-order';
import { newestWrittenFirst } from '../../platform/db/written-order';
import type { notifications } from '../../platform/db/schema/sqlite';

export type NotificationRow = typeof notifications.$inferSelect;

export async function insertNotification(db: Database, row: typeof notifications.$inferInsert): Promise<NotificationRow> {
  return writeTransaction(db, async (db) => {
    const { notifications } = tablesOf(db);
    return (await db.insert(notifications).values(row).returning())[0]!;
  });
}

/** Many rows, in the order given (the sweep's set of contracts). */
export async function insertNotifications(db: Database, rows: readonly (typeof notifications.$inferInsert)[]): Promise<void> {
  return writeTransaction(db, (db) =>
    insertInOrder(
      db,
      'notifications',
      { id: 'text', player_id: 'text', league_id: 'text', team_id: 'text', contract_id: 'text', message: 'text', date: 'text', is_read: 'boolean', created_at: 'text' },
      rows.map((row) => [row.id, row.playerId, row.leagueId, row.teamId, row.contractId, row.message, row.date, row.isRead ?? false, row.createdAt]),
    ),
  );
}

/** Newest day first, then newest written (the Proposed tie-break within one millisecond). */
export async function notificationsOfPlayer(db: Database, playerId: string): Promise<NotificationRow[]> {
  const { notifications } = tablesOf(db);
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.playerId, playerId))
    .orderBy(desc(notifications.date), desc(notifications.createdAt), newestWrittenFirst(db, notifications.id));
}

export async function notificationsOfTeam(db: Database, teamId: string): Promise<NotificationRow[]> {
  const { notifications } = tablesOf(db);
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.teamId, teamId))
    .orderBy(desc(notifications.date), desc(notifications.createdAt), newestWrittenFirst(db, notifications.id));
}

export async function findNotification(db: Database, id: string): Promise<NotificationRow | undefined> {
  const { notifications } = tablesOf(db);
  return first(db.select().from(notifications).where(eq(notifications.id, id)));
}

/** Matches notification and owner together; false when nothing changed hands. */
export async function markNotificationRead(db: Database, id: string, playerId: string): Promise<boolean> {
  return writeTransaction(db, async (db) => {
    const { notifications } = tablesOf(db);
    const result = await db
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.id, id), eq(notifications.playerId, playerId)));
    return touched(result) === 1;
  });
}
