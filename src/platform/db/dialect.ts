/**
 * One repository body for both engines. Repositories are typed against the SQLite schema and
 * written with drizzle's builder, awaited (never `.get()`, `.all()` or `.run()`, which only the
 * SQLite driver has); `tablesOf(db)` hands them the tables of the engine behind `db`, which
 * test/unit/postgres-schema.test.ts keeps column for column the same. SQL that differs between
 * the engines (JSON arrays, string aggregation, `count` as text) is chosen with `dialectOf`.
 */
import { type SQL, sql } from 'drizzle-orm';
import * as sqliteSchema from './schema/sqlite';
import * as postgresSchema from './schema/postgres';
import { type Database, dialectOf } from './database';
import { asPostgres } from './handles';

export { dialectOf } from './database';

export type Tables = typeof sqliteSchema;

/** The tables of the engine behind `db`, under the SQLite schema's types. */
export function tablesOf(db: Database): Tables {
  return dialectOf(db) === 'postgres' ? (postgresSchema as unknown as Tables) : sqliteSchema;
}

/** The first row a query answers, if any. */
export async function first<T>(rows: PromiseLike<T[]>): Promise<T | undefined> {
  return (await rows)[0];
}

/** How many rows an awaited INSERT, UPDATE or DELETE touched (SQLite's `changes`, PostgreSQL's `rowCount`). */
export function touched(result: unknown): number {
  const outcome = result as { changes?: number; rowCount?: number | null };
  return outcome.changes ?? outcome.rowCount ?? 0;
}

/** Rows of a raw statement. */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  if (dialectOf(db) === 'postgres') {
    return (await asPostgres(db).execute(query)).rows as T[];
  }
  return db.all<T>(query);
}

/**
 * Rows of a hot statement on PostgreSQL, named so that each connection of the pool parses and
 * plans it once (drizzle sends every statement unnamed, planned again on each call): the SQL
 * text is fixed, the values bound by position. Like the prepared statements SQLite's hottest
 * reads keep (preparedOnce).
 */
export async function preparedPgRows<T>(db: Database, name: string, text: string, values: readonly unknown[]): Promise<T[]> {
  return (await asPostgres(db).$client.query<T & object>({ name, text, values: [...values] })).rows;
}

/** Runs a raw statement; answers how many rows it touched. */
export async function execute(db: Database, query: SQL): Promise<number> {
  if (dialectOf(db) === 'postgres') return touched(await asPostgres(db).execute(query));
  return db.run(query).changes;
}

/** PostgreSQL element types the repositories bind arrays of. */
export type PgArrayType = 'text' | 'int' | 'bigint' | 'float8';

/**
 * A list bound as one PostgreSQL array parameter, for `= ANY(...)` and `unnest(...)`: drizzle's
 * template spreads a bare array into `($1, $2, ...)`, one parameter an element.
 */
export function pgArray(values: readonly unknown[], type: PgArrayType = 'text'): SQL {
  return sql`${sql.param([...values])}::${sql.raw(type)}[]`;
}

/**
 * The running state of a compensated (Kahan-Babuska-Neumaier) sum, the way SQLite's `total()`
 * and `sum()` keep it: the rounded sum so far and the rounding errors carried beside it. Kept
 * whole (not only its result), a sum extends by one more value exactly as if it were summed
 * again from the start.
 */
export interface RunningSum {
  sum: number;
  carried: number;
}

/** The running sum of the first `n` values. */
export function runningSum(values: readonly number[], n = values.length): RunningSum {
  let state: RunningSum = { sum: 0, carried: 0 };
  for (let i = 0; i < n; i++) state = extendedSum(state, values[i]!);
  return state;
}

/** The running sum with one more value added: SQLite's summing step. */
export function extendedSum(state: RunningSum, value: number): RunningSum {
  const next = state.sum + value;
  const carried = state.carried + (Math.abs(state.sum) > Math.abs(value) ? state.sum - next + value : value - next + state.sum);
  return { sum: next, carried };
}

/** A running sum's result: a compensation that overflowed is left out, as SQLite leaves it. */
export function totalOf(state: RunningSum): number {
  return Number.isFinite(state.carried) ? state.sum + state.carried : state.sum;
}

/**
 * The sum of the first `n` values as SQLite's `total()` and `sum()` give it: each step's rounding
 * error is carried and added back at the end (Kahan-Babuska-Neumaier summation). PostgreSQL's own
 * `sum` of doubles drops it, so 0.1 + 0.2 + 0.3 is 0.6 on one and 0.6000000000000001 on the
 * other; summing PostgreSQL's values here, in the order SQLite reads them, gives the same points
 * on both engines, so a tie stays a tie after `copy-to-postgres`.
 */
export function compensatedSum(values: readonly number[], n = values.length): number {
  return totalOf(runningSum(values, n));
}
