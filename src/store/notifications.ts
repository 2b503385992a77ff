/** The notification in-box (§8): rows are written after the money moved and only ever marked read. */
import { and, desc, eq, sql } from 'drizzle-orm';
import { type Database, preparedOnce, writeTransaction } from './database';
import { notifications } from './schema';

export type NotificationRow = typeof notifications.$inferSelect;

export async function insertNotification(db: Database, row: typeof notifications.$inferInsert): Promise<NotificationRow> {
  return writeTransaction(db, async (db) => {
    return db.insert(notifications).values(row).returning().get();
  });
}

/**
 * Many rows, in the order given (the sweep's set of contracts): one prepared statement run
 * per row. Not drizzle's multi-row insert (it built and bound 2,000 rows at ~70 µs a row),
 * nor one json_each statement for the set, which cost nearly twice the rows' own runs.
 */
export async function insertNotifications(db: Database, rows: readonly (typeof notifications.$inferInsert)[]): Promise<void> {
  return writeTransaction(db, async (db) => {
    if (rows.length === 0) return;
    const text = `INSERT INTO notifications (id, player_id, league_id, team_id, contract_id, message, date, is_read, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;
    const insert = preparedOnce(db, text, () => db.$client.prepare(text));
    for (const row of rows) {
      insert.run(row.id, row.playerId, row.leagueId, row.teamId, row.contractId, row.message, row.date, row.isRead ? 1 : 0, row.createdAt);
    }
  });
}

/** Newest day first, then newest written first (Proposed tie-break of §8; rowid orders rows written in the same millisecond). */
export async function notificationsOfPlayer(db: Database, playerId: string): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.playerId, playerId))
    .orderBy(desc(notifications.date), desc(notifications.createdAt), sql`rowid desc`)
    .all();
}

export async function notificationsOfTeam(db: Database, teamId: string): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.teamId, teamId))
    .orderBy(desc(notifications.date), desc(notifications.createdAt), sql`rowid desc`)
    .all();
}

export async function findNotification(db: Database, id: string): Promise<NotificationRow | undefined> {
  return db.select().from(notifications).where(eq(notifications.id, id)).get();
}

/** Matches notification and owner together; false when nothing changed hands. */
export async function markNotificationRead(db: Database, id: string, playerId: string): Promise<boolean> {
  return writeTransaction(db, async (db) => {
    const result = db
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.id, id), eq(notifications.playerId, playerId)))
      .run();
    return result.changes === 1;
  });
}
