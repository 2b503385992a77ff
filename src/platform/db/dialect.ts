/** Repositories are typed against the SQLite schema and awaited (never `.get()`/`.all()`/`.run()`, which only SQLite's driver has). */
import { type SQL, sql } from 'drizzle-orm';
import * as sqliteSchema from './schema/sqlite';
import * as postgresSchema from './schema/postgres';
import { type Database, dialectOf } from './database';
import { asPostgres } from './handles';

export { dialectOf } from './database';

export type Tables = typeof sqliteSchema;

/** Under the SQLite schema's types; test/unit/postgres-schema.test.ts keeps them column for column the same. */
export function tablesOf(db: Database): Tables {
  return dialectOf(db) === 'postgres' ? (postgresSchema as unknown as Tables) : sqliteSchema;
}

export async function first<T>(rows: PromiseLike<T[]>): Promise<T | undefined> {
  return (await rows)[0];
}

/** SQLite's `changes`, PostgreSQL's `rowCount`. */
export function touched(result: unknown): number {
  const outcome = result as { changes?: number; rowCount?: number | null };
  return outcome.changes ?? outcome.rowCount ?? 0;
}

export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  if (dialectOf(db) === 'postgres') {
    return (await asPostgres(db).execute(query)).rows as T[];
  }
  return db.all<T>(query);
}

/** Named, so each pooled connection plans it once (drizzle sends every statement unnamed). */
export async function preparedPgRows<T>(db: Database, name: string, text: string, values: readonly unknown[]): Promise<T[]> {
  return (await asPostgres(db).$client.query<T & object>({ name, text, values: [...values] })).rows;
}

export async function execute(db: Database, query: SQL): Promise<number> {
  if (dialectOf(db) === 'postgres') return touched(await asPostgres(db).execute(query));
  return db.run(query).changes;
}

export type PgArrayType = 'text' | 'int' | 'bigint' | 'float8';

/** One array parameter for `= ANY(...)` and `unnest(...)`: drizzle's template spreads a bare array, one parameter an element. */
export function pgArray(values: readonly unknown[], type: PgArrayType = 'text'): SQL {
  return sql`${sql.param([...values])}::${sql.raw(type)}[]`;
}

/** Kept whole, a compensated sum extends by one more value exactly as if summed again from the start. */
export interface RunningSum {
  sum: number;
  carried: number;
}

export function runningSum(values: readonly number[], n = values.length): RunningSum {
  let state: RunningSum = { sum: 0, carried: 0 };
  for (let i = 0; i < n; i++) state = extendedSum(state, values[i]!);
  return state;
}

export function extendedSum(state: RunningSum, value: number): RunningSum {
  const next = state.sum + value;
  const carried = state.carried + (Math.abs(state.sum) > Math.abs(value) ? state.sum - next + value : value - next + state.sum);
  return { sum: next, carried };
}

/** A compensation that overflowed is left out, as SQLite leaves it. */
export function totalOf(state: RunningSum): number {
  return Number.isFinite(state.carried) ? state.sum + state.carried : state.sum;
}

/** As SQLite's `total()` sums (Kahan-Babuska-Neumaier); PostgreSQL's `sum` drops the error, so ties would differ after copy-to-postgres. */
export function compensatedSum(values: readonly number[], n = values.length): number {
  return totalOf(runningSum(values, n));
}
