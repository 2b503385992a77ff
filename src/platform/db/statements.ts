/**
 * Raw statements that read the same on both engines: one SQL text with `?` placeholders and
 * its values. A repository writes the statement once and calls `selectRows`, `selectRow` or
 * `runStatement`; how each engine runs it lives in ./sqlite.ts and ./postgres-statements.ts.
 * Where the engines' SQL differs (a JSON field; lists and sets of rows in ./lists.ts), the repository
 * uses the small named functions below instead of branching on the engine.
 *
 * Placeholders are the only `?` the text may hold (no PostgreSQL `?` operators). Counts and
 * sums are cast in the text (`CAST(count(*) AS INTEGER)`) so both engines answer numbers.
 */
import type { SQL } from 'drizzle-orm';
import { type Database, dialectOf } from './database';
import { postgresJsonText, postgresRows, postgresRun } from './postgres-statements';
import { sqliteBuiltRows, sqliteJsonText, sqliteRowid, sqliteRows, sqliteRun } from './sqlite';

export type ListType = 'text' | 'int' | 'bigint' | 'float8';

/** Every row `text` answers for `values`. */
export function selectRows<T>(db: Database, text: string, ...values: unknown[]): Promise<T[]> {
  return dialectOf(db) === 'postgres' ? postgresRows<T>(db, text, values) : Promise.resolve(sqliteRows<T>(db, text, values));
}

/** The first row `text` answers for `values`, if any. */
export async function selectRow<T>(db: Database, text: string, ...values: unknown[]): Promise<T | undefined> {
  return (await selectRows<T>(db, text, ...values))[0];
}

/** Runs a write; answers how many rows it touched. */
export function runStatement(db: Database, text: string, ...values: unknown[]): Promise<number> {
  return dialectOf(db) === 'postgres' ? postgresRun(db, text, values) : Promise.resolve(sqliteRun(db, text, values));
}


/** The text at `path` (e.g. `['round', 'endDate']`) inside a JSON text column. */
export function jsonText(db: Database, column: SQL | unknown, path: readonly string[]): SQL {
  return dialectOf(db) === 'postgres' ? postgresJsonText(column, path) : sqliteJsonText(column, path);
}

/**
 * The rows of a builder query whose values are `sql.placeholder`s (tables from `tablesOf`),
 * in one form for both engines: SQLite builds and prepares it once per connection under
 * `name` (drizzle would otherwise build its text again on every call); PostgreSQL builds it on
 * the handle at hand, a transaction's included, and binds `values`.
 */
export async function preparedSelect<T>(
  db: Database,
  name: string,
  build: (db: Database) => { prepare(): { all(values: Record<string, unknown>): T[] }; execute(values: Record<string, unknown>): Promise<unknown> },
  values: Record<string, unknown>,
): Promise<T[]> {
  return dialectOf(db) === 'postgres' ? ((await build(db).execute(values)) as T[]) : sqliteBuiltRows(db, name, build, values);
}

/**
 * What orders rows of `table` written in the same instant: the order they were inserted in on
 * SQLite (its rowid); PostgreSQL keeps no such order, so there `key`.
 */
export function insertionOrder<K>(db: Database, table: unknown, key: K): K | SQL {
  return dialectOf(db) === 'postgres' ? key : sqliteRowid(table);
}

/**
 * The texts of `value` joined by `separator`, in `order`, read from a subquery already sorted
 * in that order. PostgreSQL's string_agg keeps no order of its input unless told; SQLite's
 * group_concat keeps the subquery's, and an ORDER BY inside it would cost a temporary b-tree
 * on every call.
 */
export function orderedStringAgg(db: Database, value: string, separator: string, order: string): string {
  return dialectOf(db) === 'postgres' ? `string_agg(${value}, ${separator} ORDER BY ${order})` : `group_concat(${value}, ${separator})`;
}

/**
 * The sum of a column of doubles (0 for none) as SQLite's total() gives it, on both engines.
 * PostgreSQL's own sum rounds at each step in whatever order the plan reads the rows, where
 * total() compensates (0.1 + 0.2 + 0.3 is 0.6 there, 0.6000000000000001 here); so there each
 * double is summed as the exact decimal of its shortest round-trip text (PostgreSQL's output
 * since version 12, unless a session lowers extra_float_digits) and the sum rounded once.
 * `::numeric` straight from a double would keep only 15 digits of it.
 */
export function exactSum(db: Database, column: string): string {
  return dialectOf(db) === 'postgres' ? `coalesce(sum((${column})::text::numeric), 0)::float8` : `total(${column})`;
}


export { type BoundList, boundList, jsonArrayOf, type RowsTable, rowsTable, runForEachRow } from './lists';
export { indexedBy, restatedKeys, selectHotRows, writtenOrder } from './plans';
