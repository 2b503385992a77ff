/**
 * Where the engines plan or order rows differently, for the statements of ./statements.ts (and
 * exported through it): a hot read each connection plans once, an index SQLite's planner is
 * told to take, and the order rows of the same moment were written in.
 */
import { Param } from 'drizzle-orm';
import { type Database, dialectOf } from './database';
import { preparedPgRows } from './dialect';
import { sqliteRows } from './sqlite';

/**
 * The rows of a hot read, outside any transaction: prepared once per connection on both engines
 * (on PostgreSQL a statement named `name`, which drizzle's unnamed statements are not, so each
 * connection of the pool parses and plans it once).
 */
export function selectHotRows<T>(db: Database, name: string, text: string, ...values: unknown[]): Promise<T[]> {
  if (dialectOf(db) !== 'postgres') return Promise.resolve(sqliteRows<T>(db, text, values));
  let n = 0;
  const numbered = text.replace(/\?/g, () => `$${++n}`);
  return preparedPgRows<T>(db, name, numbered, values.map((value) => (value instanceof Param ? value.value : value)));
}

/** `INDEXED BY index` where the engine takes it (SQLite); PostgreSQL's planner takes no hints. */
export function indexedBy(db: Database, index: string): string {
  return dialectOf(db) === 'postgres' ? '' : `INDEXED BY ${index}`;
}

/**
 * What orders a table's rows written in the same millisecond: SQLite's rowid (the order they
 * were written in). PostgreSQL's tables have no such column, so there the key `id` decides: a
 * stable order, though not the order of writing.
 */
export function writtenOrder(db: Database): 'rowid' | 'id' {
  return dialectOf(db) === 'postgres' ? 'id' : 'rowid';
}
