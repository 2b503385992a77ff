/**
 * Raw statements that read the same on both engines: one SQL text with `?` placeholders and
 * its values. A repository writes the statement once and calls `selectRows`, `selectRow` or
 * `runStatement`; how each engine runs it lives in ./sqlite.ts and ./postgres-statements.ts.
 * Where the engines' SQL differs (a JSON field, a list bound as one parameter), the repository
 * uses the small named functions below instead of branching on the engine.
 *
 * Placeholders are the only `?` the text may hold (no PostgreSQL `?` operators). Counts and
 * sums are cast in the text (`CAST(count(*) AS INTEGER)`) so both engines answer numbers.
 */
import type { SQL } from 'drizzle-orm';
import { type Database, dialectOf } from './database';
import { postgresAnyOf, postgresJsonText, postgresRows, postgresRun } from './postgres-statements';
import { sqliteAnyOf, sqliteJsonText, sqliteRows, sqliteRun } from './sqlite';

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

/**
 * `column` is one of `values`, as a drizzle condition: one array parameter on PostgreSQL
 * (`= ANY($1)`), a list of parameters on SQLite (callers keep lists under IN_BATCH there).
 */
export function anyOf(db: Database, column: SQL | SQL.Aliased | unknown, values: readonly unknown[], type: ListType = 'text'): SQL {
  return dialectOf(db) === 'postgres' ? postgresAnyOf(column, values, type) : sqliteAnyOf(column, values);
}

/** The text at `path` (e.g. `['round', 'endDate']`) inside a JSON text column. */
export function jsonText(db: Database, column: SQL | unknown, path: readonly string[]): SQL {
  return dialectOf(db) === 'postgres' ? postgresJsonText(column, path) : sqliteJsonText(column, path);
}

export { type BoundList, boundList, jsonArrayOf, type RowsTable, rowsTable, runForEachRow } from './lists';
export { indexedBy, restatedKeys, selectHotRows, writtenOrder } from './plans';
