/**
 * Where the engines plan or order rows differently, for the statements of ./statements.ts (and
 * exported through it): a hot read each connection plans once, what each planner is told to
 * take (an index on SQLite, the keys on PostgreSQL), and the order rows of the same moment were
 * written in.
 */
import { Param, sql } from 'drizzle-orm';
import { type Database, dialectOf } from './database';
import { preparedPgRows } from './dialect';
import { sqliteRows } from './sqlite';
import type { ListType } from './statements';

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

/**
 * `AND column = ANY(values)`, a condition the statement already implies, restated where the
 * planner needs it said (PostgreSQL: it then reads just those rows through the key instead of
 * hashing the whole table). Nothing on SQLite, whose planner would then walk the list for every
 * row; indexedBy steers it instead. `values` go at the `?` of `text`.
 */
export function restatedKeys(db: Database, column: string, values: readonly unknown[], type: ListType = 'text'): { text: string; values: unknown[] } {
  return dialectOf(db) === 'postgres' ? { text: `AND ${column} = ANY(?::${type}[])`, values: [sql.param([...values])] } : { text: '', values: [] };
}
