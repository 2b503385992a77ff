/** One PostgreSQL transaction from one SQLite snapshot, checked (row counts, credits) before it commits. */
import { asc, count, getTableColumns, getTableName, is, sql, type Column } from 'drizzle-orm';
import { getTableConfig as getPgTableConfig, type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as getSqliteTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { STARTING_CREDITS } from '../../domain/pricing';
import type { Database } from '../../platform/db/database';
import { creditsSql } from '../contracts/ledger-store';
import type { PostgresDatabase } from '../../platform/db/postgres';
import type { PostgresHandle } from '../../platform/db/handles';
import * as pgSchema from '../../platform/db/schema/postgres';
import * as sqliteSchema from '../../platform/db/schema/sqlite';
import { ownStatement } from '../../platform/db/statement-cache';

/** The copy was refused or did not check out: nothing was written (one line for the operator). */
export class CopyRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CopyRefused';
  }
}

/** Seeded by the migrations: replaced by the SQLite store's rows, not a sign of use. */
const SEEDED_BY_MIGRATIONS = new Set(['language_scales']);

/** Serialises copies into one database (see applyPostgresMigrations' lock). */
const COPY_LOCK = 7_262_026_002;

export interface TablePair {
  name: string;
  sqlite: SQLiteTable;
  postgres: PgTable;
}

/** Parents before children, ties by name so every run has the same order. */
export function tablesInCopyOrder(): TablePair[] {
  const sqliteByName = new Map<string, SQLiteTable>();
  for (const value of Object.values(sqliteSchema)) {
    if (is(value, SQLiteTable)) sqliteByName.set(getTableName(value), value);
  }
  const pgByName = new Map<string, PgTable>();
  for (const value of Object.values(pgSchema)) {
    if (is(value, PgTable)) pgByName.set(getTableName(value), value);
  }
  const parents = new Map<string, Set<string>>();
  for (const [name, table] of pgByName) {
    if (!sqliteByName.has(name)) throw new Error(`table ${name} exists in the PostgreSQL schema only`);
    const names = getPgTableConfig(table).foreignKeys.map((fk) => getTableName(fk.reference().foreignTable));
    parents.set(name, new Set(names.filter((parent) => parent !== name)));
  }
  for (const name of sqliteByName.keys()) {
    if (!pgByName.has(name)) throw new Error(`table ${name} exists in the SQLite schema only`);
  }
  const ordered: TablePair[] = [];
  const placed = new Set<string>();
  while (placed.size < pgByName.size) {
    const ready = [...pgByName.keys()].filter((name) => !placed.has(name) && [...parents.get(name)!].every((parent) => placed.has(parent))).sort();
    if (ready.length === 0) throw new Error('the foreign keys of the schema form a cycle');
    for (const name of ready) {
      placed.add(name);
      ordered.push({ name, sqlite: sqliteByName.get(name)!, postgres: pgByName.get(name)! });
    }
  }
  return ordered;
}

function primaryKeyColumns(pair: TablePair): Column[] {
  const config = getSqliteTableConfig(pair.sqlite);
  if (config.primaryKeys.length > 0) return config.primaryKeys[0].columns;
  return config.columns.filter((column) => column.primary);
}

export interface CopyProgress {
  (table: string, done: number, total: number): void;
}

export interface CopyOptions {
  batchRows?: number;
  onProgress?: CopyProgress;
  /** called inside the transaction after the rows are written and before they are checked (tests) */
  beforeCheck?: (tx: PostgresHandle) => Promise<void>;
}

export interface CopyReport {
  tables: { name: string; rows: number }[];
  rows: number;
  teams: number;
}

/** Refuses a database in use with one line naming a table. */
export async function copyToPostgres(source: Database, target: PostgresDatabase, options: CopyOptions = {}): Promise<CopyReport> {
  const tables = tablesInCopyOrder();
  const client = source.$client;
  // One snapshot of the SQLite store for the whole copy and its check, whatever writes meanwhile.
  client.exec('BEGIN');
  try {
    // a deferred transaction takes its snapshot at its first read
    client.prepare('SELECT count(*) FROM sqlite_master').get();
    return await target.transaction(async (tx) => {
      const db = tx;
      // a second copy started meanwhile waits here, then finds this one's rows
      await db.execute(sql`select pg_advisory_xact_lock(${COPY_LOCK})`);
      await refuseUsedDatabase(db, tables);
      const copied: CopyReport['tables'] = [];
      for (const pair of tables) {
        if (SEEDED_BY_MIGRATIONS.has(pair.name)) await db.delete(pair.postgres);
        copied.push({ name: pair.name, rows: await copyTable(source, db, pair, options) });
      }
      await advanceIdentities(db, tables);
      await options.beforeCheck?.(db);
      const teams = await checkCopy(source, db, tables);
      return { tables: copied, rows: copied.reduce((sum, table) => sum + table.rows, 0), teams };
    });
  } finally {
    client.exec('ROLLBACK');
  }
}

async function refuseUsedDatabase(db: PostgresHandle, tables: TablePair[]): Promise<void> {
  for (const pair of tables) {
    if (SEEDED_BY_MIGRATIONS.has(pair.name)) continue;
    const found = await db.execute(sql`select exists (select 1 from ${pair.postgres}) as used`);
    if (found.rows[0]?.used) {
      throw new CopyRefused(`the PostgreSQL database is not empty (table ${pair.name} has rows): copy-to-postgres fills only an empty one`);
    }
  }
}

async function copyTable(source: Database, target: PostgresHandle, pair: TablePair, options: CopyOptions): Promise<number> {
  const total = source.select({ n: count() }).from(pair.sqlite).get()!.n;
  if (total === 0) return 0;
  const sqliteColumns = Object.values(getTableColumns(pair.sqlite)) as Column[];
  const pgByName = new Map((Object.values(getTableColumns(pair.postgres)) as PgColumn[]).map((column) => [column.name, column]));
  const targets = sqliteColumns.map((column) => {
    const twin = pgByName.get(column.name);
    if (!twin) throw new Error(`column ${pair.name}.${column.name} exists in the SQLite schema only`);
    return { from: column, to: twin };
  });
  // One array parameter per column, unnested by PostgreSQL: a placeholder per value costs far more.
  const insert = (columns: unknown[][]) =>
    target.execute(
      sql`insert into ${pair.postgres} (${sql.join(
        targets.map(({ to }) => sql.identifier(to.name)),
        sql`, `,
      )}) select * from unnest(${sql.join(
        targets.map(({ to }, index) => sql`${sql.param(columns[index])}::${sql.raw(to.getSQLType())}[]`),
        sql`, `,
      )})`,
    );
  const batchRows = Math.max(1, options.batchRows ?? 5000);
  // drizzle builds the statement (every column, in the table's order); better-sqlite3 streams its rows
  const query = source
    .select()
    .from(pair.sqlite)
    .orderBy(...primaryKeyColumns(pair).map((column) => asc(column)))
    .toSQL();
  const rows = ownStatement(source.$client, query.sql).raw(true).iterate(...(query.params as unknown[])) as IterableIterator<unknown[]>;
  const empty = () => targets.map(() => [] as unknown[]);
  let columns = empty();
  let pending = 0;
  let done = 0;
  const flush = async () => {
    if (pending === 0) return;
    await insert(columns);
    done += pending;
    columns = empty();
    pending = 0;
    options.onProgress?.(pair.name, done, total);
  };
  for (const raw of rows) {
    targets.forEach(({ from, to }, index) => {
      const value = raw[index];
      columns[index].push(value === null ? null : to.mapToDriverValue(from.mapFromDriverValue(value)));
    });
    pending++;
    if (pending >= batchRows) await flush();
  }
  await flush();
  return done;
}

async function advanceIdentities(db: PostgresHandle, tables: TablePair[]): Promise<void> {
  for (const pair of tables) {
    for (const column of getPgTableConfig(pair.postgres).columns) {
      if (!column.generatedIdentity) continue;
      const table = sql.identifier(pair.name);
      const name = sql.identifier(column.name);
      await db.execute(
        sql`select setval(pg_get_serial_sequence(${pair.name}, ${column.name}), coalesce((select max(${name}) from ${table}), 0) + 1, false)`,
      );
    }
  }
}

async function checkCopy(source: Database, target: PostgresHandle, tables: TablePair[]): Promise<number> {
  for (const pair of tables) {
    const expected = source.select({ n: count() }).from(pair.sqlite).get()!.n;
    const [row] = await target.select({ n: count() }).from(pair.postgres);
    if (Number(row.n) !== expected) {
      throw new CopyRefused(`the copy does not check out, nothing was kept: table ${pair.name} has ${Number(row.n)} rows in PostgreSQL and ${expected} in SQLite`);
    }
  }
  // the game's own formula on the SQLite side (ledger.ts); the same sum on the PostgreSQL side
  const expected = new Map(
    source
      .select({ teamId: sqliteSchema.teams.id, credits: creditsSql(sql`${sqliteSchema.teams}."id"`) })
      .from(sqliteSchema.teams)
      .all()
      .map((row) => [row.teamId, Number(row.credits)]),
  );
  const copied = await target
    .select({ teamId: pgSchema.teams.id, amount: sql<number>`coalesce(sum(${pgSchema.ledgerEntries.amount}), 0)`.mapWith(Number) })
    .from(pgSchema.teams)
    .leftJoin(pgSchema.ledgerEntries, sql`${pgSchema.ledgerEntries.teamId} = ${pgSchema.teams.id}`)
    .groupBy(pgSchema.teams.id);
  for (const row of copied) {
    const credits = STARTING_CREDITS + row.amount;
    if (expected.get(row.teamId) !== credits) {
      throw new CopyRefused(
        `the copy does not check out, nothing was kept: table ledger_entries gives team ${row.teamId} ${credits} credits in PostgreSQL and ${expected.get(row.teamId) ?? 'no team'} in SQLite`,
      );
    }
  }
  return copied.length;
}
