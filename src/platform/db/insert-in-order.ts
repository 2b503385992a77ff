/**
 * A set of rows written in the order given, so the ids a sequence draws for them follow it
 * (the sweep's notifications and feed events, a batch of outbox messages).
 */
import { sql } from 'drizzle-orm';
import { type Database, dialectOf } from './database';
import { execute } from './dialect';
import { sqliteStatement } from './sqlite';
import type { ListType } from './statements';

export type ColumnType = ListType | 'boolean';

/**
 * Writes `rows` (values in the order of `columns`) into `table`. SQLite runs one prepared
 * statement per row: drizzle's multi-row insert builds and binds every row's placeholders, and
 * one json_each statement for the set parses each row again for every field, both slower.
 * PostgreSQL takes the set as one statement, each column bound as one array and unnested in
 * order: a round trip per row, or a multi-row insert's placeholders, would cost more.
 */
export async function insertInOrder(db: Database, table: string, columns: Readonly<Record<string, ColumnType>>, rows: readonly (readonly unknown[])[]): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  if (dialectOf(db) === 'postgres') {
    const aliases = names.map((_, i) => `c${i}`).join(', ');
    const arrays = names.map((name, i) => sql`${sql.param(rows.map((row) => row[i]))}::${sql.raw(columns[name]!)}[]`);
    await execute(
      db,
      sql`INSERT INTO ${sql.raw(table)} (${sql.raw(names.join(', '))}) SELECT ${sql.raw(aliases)}
          FROM unnest(${sql.join(arrays, sql`, `)}) WITH ORDINALITY AS r(${sql.raw(aliases)}, ord) ORDER BY ord`,
    );
    return;
  }
  const insert = sqliteStatement(db, `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`);
  // SQLite keeps booleans as 0 and 1, and better-sqlite3 binds no `true`
  const convert = Object.values(columns).includes('boolean');
  for (const row of rows) insert.run(...(convert ? row.map((value) => (typeof value === 'boolean' ? Number(value) : value)) : row));
}
