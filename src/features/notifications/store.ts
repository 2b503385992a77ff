/** The notification in-box (§8): rows are written after the money moved and only ever marked read. */
import { and, type Column, desc, eq, sql, type SQL } from 'drizzle-orm';
import { type Database, preparedOnce, writeTransaction } from '../../platform/db/database';
import { dialectOf, execute, first, pgArray, type PgArrayType, tablesOf, touched } from '../../platform/db/dialect';
import type { notifications } from '../../platform/db/schema/sqlite';

export type NotificationRow = typeof notifications.$inferSelect;

export async function insertNotification(db: Database, row: typeof notifications.$inferInsert): Promise<NotificationRow> {
  return writeTransaction(db, async (db) => {
    const { notifications } = tablesOf(db);
    return (await db.insert(notifications).values(row).returning())[0]!;
  });
}

/**
 * Many rows, in the order given (the sweep's set of contracts): one prepared statement run
 * per row. Not drizzle's multi-row insert (it built and bound 2,000 rows at ~70 µs a row),
 * nor one json_each statement for the set, which cost nearly twice the rows' own runs.
 * PostgreSQL: one statement for the set, its columns bound as arrays (unnest); drizzle's
 * multi-row insert, a thousand rows a statement, spent 1.9 s of a 9.1 s sweep of 20,000
 * contracts building its placeholders (CPU profile of the capacity bench).
 */
export async function insertNotifications(db: Database, rows: readonly (typeof notifications.$inferInsert)[]): Promise<void> {
  return writeTransaction(db, async (db) => {
    if (rows.length === 0) return;
    if (dialectOf(db) === 'postgres') {
      const column = (pick: (row: (typeof rows)[number]) => unknown, type: PgArrayType = 'text') => pgArray(rows.map(pick), type);
      // WITH ORDINALITY: written in the order given, as SQLite writes them
      await execute(
        db,
        sql`INSERT INTO notifications (id, player_id, league_id, team_id, contract_id, message, date, is_read, created_at)
            SELECT n.id, n.player_id, n.league_id, n.team_id, n.contract_id, n.message, n.date, n.is_read, n.created_at
              FROM unnest(${column((row) => row.id)}, ${column((row) => row.playerId)}, ${column((row) => row.leagueId)},
                          ${column((row) => row.teamId)}, ${column((row) => row.contractId)}, ${column((row) => row.message)},
                          ${column((row) => row.date)}, ${sql`${sql.param(rows.map((row) => row.isRead ?? false))}::boolean[]`},
                          ${column((row) => row.createdAt)})
                   WITH ORDINALITY AS n(id, player_id, league_id, team_id, contract_id, message, date, is_read, created_at, position)
             ORDER BY n.position`,
      );
      return;
    }
    const text = `INSERT INTO notifications (id, player_id, league_id, team_id, contract_id, message, date, is_read, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;
    const insert = preparedOnce(db, text, () => db.$client.prepare(text));
    for (const row of rows) {
      insert.run(row.id, row.playerId, row.leagueId, row.teamId, row.contractId, row.message, row.date, row.isRead ? 1 : 0, row.createdAt);
    }
  });
}

/**
 * The last tie-break of the in-box order, among rows of the same day and millisecond: SQLite's
 * rowid (the order written). PostgreSQL has no rowid (and a row's ctid moves when it is marked
 * read), so there the id decides, byte-wise: a sweep set's ids are made in the order written
 * (newOrderedIds), so the set reads the same on both; two single rows of one millisecond, whose
 * ids are random, may come in either order.
 */
function writtenLast(db: Database, id: Column): SQL {
  return dialectOf(db) === 'postgres' ? sql`${id} collate "C" desc` : sql`rowid desc`;
}

/** Newest day first, then newest written first (Proposed tie-break of §8; rowid orders rows written in the same millisecond). */
export async function notificationsOfPlayer(db: Database, playerId: string): Promise<NotificationRow[]> {
  const { notifications } = tablesOf(db);
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.playerId, playerId))
    .orderBy(desc(notifications.date), desc(notifications.createdAt), writtenLast(db, notifications.id));
}

export async function notificationsOfTeam(db: Database, teamId: string): Promise<NotificationRow[]> {
  const { notifications } = tablesOf(db);
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.teamId, teamId))
    .orderBy(desc(notifications.date), desc(notifications.createdAt), writtenLast(db, notifications.id));
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
