/** So the ids a sequence draws follow the order given. */
import { sql } from 'drizzle-orm';
import { type Database, dialectOf } from './database';
import { execute } from './dialect';
import { sqliteStatement } from './sqlite';
import type { ListType } from './statements';

export type ColumnType = ListType | 'boolean';

/** SQLite: a prepared statement per row; PostgreSQL: one statement, each column an unnested array. Both beat a multi-row insert. */
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
  // better-sqlite3 binds no `true`
  const convert = Object.values(columns).includes('boolean');
  for (const row of rows) insert.run(...(convert ? row.map((value) => (typeof value === 'boolean' ? Number(value) : value)) : row));
}
