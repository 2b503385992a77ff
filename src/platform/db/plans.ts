/** Where the engines plan or order rows differently, for the statements of ./statements.ts. */
import { Param, sql } from 'drizzle-orm';
import { type Database, dialectOf } from './database';
import { preparedPgRows } from './dialect';
import { sqliteRows } from './sqlite';
import type { ListType } from './statements';

/** On PostgreSQL a named statement, so each pooled connection plans it once. */
export function selectHotRows<T>(db: Database, name: string, text: string, ...values: unknown[]): Promise<T[]> {
  if (dialectOf(db) !== 'postgres') return Promise.resolve(sqliteRows<T>(db, text, values));
  let n = 0;
  const numbered = text.replace(/\?/g, () => `$${++n}`);
  return preparedPgRows<T>(db, name, numbered, values.map((value) => (value instanceof Param ? value.value : value)));
}

/** PostgreSQL's planner takes no hints. */
export function indexedBy(db: Database, index: string): string {
  return dialectOf(db) === 'postgres' ? '' : `INDEXED BY ${index}`;
}

/** PostgreSQL has no rowid, so there the key decides: stable, though not the order of writing. */
export function writtenOrder(db: Database): 'rowid' | 'id' {
  return dialectOf(db) === 'postgres' ? 'id' : 'rowid';
}

/** Restated for PostgreSQL, which then reads those rows by key instead of hashing the table; nothing on SQLite, which would walk the list per row. */
export function restatedKeys(db: Database, column: string, values: readonly unknown[], type: ListType = 'text'): { text: string; values: unknown[] } {
  return dialectOf(db) === 'postgres' ? { text: `AND ${column} = ANY(?::${type}[])`, values: [sql.param([...values])] } : { text: '', values: [] };
}
