/**
 * Which engine the API tests run on: SQLite unless the run's `FANTASY_TEST_STORE` says
 * `postgres` (vitest's `postgres` project, see vitest.config.ts). A test database is named by
 * one string either way: a file path on SQLite, a `postgres://` URL on PostgreSQL, so a test
 * that restarts the service or runs the CLI on "the same database" needs no engine of its own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import BetterSqlite3 from 'better-sqlite3';
import { inject } from 'vitest';
import { closeDatabase, closeStore, type Database, type Dialect, openDatabase } from '../../src/store/database';
import { leagueTurnKey, openPostgresDatabase } from '../../src/store/postgres-store';

export const TEST_STORE: Dialect = process.env.FANTASY_TEST_STORE === 'postgres' ? 'postgres' : 'sqlite';

export function isDatabaseUrl(database: string): boolean {
  return /^postgres(ql)?:\/\//.test(database);
}

export function tempDatabasePath(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-test-'));
  return path.join(dir, 'fantasy.db');
}

let sqliteTemplate: string | undefined;

/**
 * A fresh database with every migration applied. SQLite: a copy of one migrated file per test
 * process. PostgreSQL: a database created from the run's migrated template.
 */
export async function migratedTestDatabase(): Promise<string> {
  return migratedDatabaseOf(TEST_STORE);
}

/** The same on a given engine, whichever the run's is (the repository tests on both engines). */
export async function migratedDatabaseOf(engine: Dialect): Promise<string> {
  if (engine === 'postgres') return createPostgresDatabase(inject('postgresTemplate'));
  if (!sqliteTemplate) {
    const file = tempDatabasePath();
    // a closed WAL database is one file: the copy needs no -wal or -shm beside it
    closeDatabase(openDatabase(file, { migrate: true }));
    sqliteTemplate = file;
  }
  const copy = tempDatabasePath();
  fs.copyFileSync(sqliteTemplate, copy);
  return copy;
}

/**
 * A copy of `database` as it stands, closed: SQLite copies the file (a closed WAL database is
 * one file), PostgreSQL creates a database with it as the template (no session may be open on it).
 */
export async function copyTestDatabase(database: string): Promise<string> {
  if (isDatabaseUrl(database)) return createPostgresDatabase(new URL(database).pathname.slice(1));
  const copy = tempDatabasePath();
  fs.copyFileSync(database, copy);
  return copy;
}

/** A database nothing has touched yet (no tables): a path to a file not made yet, or an empty PostgreSQL database. */
export async function emptyTestDatabase(): Promise<string> {
  return TEST_STORE === 'postgres' ? createPostgresDatabase() : tempDatabasePath();
}

/** A folder of the test's own (configs, CLI working folders): beside the file on SQLite, a new one on PostgreSQL. */
export function folderOf(database: string): string {
  return isDatabaseUrl(database) ? fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-test-')) : path.dirname(database);
}

/** The config keys that select `database` (`databasePath` or `databaseUrl`). */
export function databaseConfig(database: string): { databasePath: string } | { databaseUrl: string } {
  return isDatabaseUrl(database) ? { databaseUrl: database } : { databasePath: database };
}

/** The environment that selects `database` for the binary and the CLI. */
export function databaseEnvironment(database: string): Record<string, string> {
  return isDatabaseUrl(database) ? { FANTASY_DATABASE_URL: database } : { FANTASY_DATABASE_PATH: database };
}

/** Opens `database` (migrations already applied) as the service would. */
export async function openTestStore(database: string, options: { poolSize?: number; writeWaitMs?: number } = {}): Promise<Database> {
  // a small pool unless asked: a file's tests run one at a time, but a scenario table opens one app a row
  return isDatabaseUrl(database)
    ? openPostgresDatabase(database, { poolSize: options.poolSize ?? 4, leagueTurnTimeoutMs: options.writeWaitMs })
    : openDatabase(database, { migrate: true, writeWaitMs: options.writeWaitMs });
}

export async function closeTestStore(db: Database): Promise<void> {
  await closeStore(db);
}

let created = 0;

async function createPostgresDatabase(template?: string): Promise<string> {
  const admin = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await admin.connect();
  const name = `test_${process.pid}_${++created}`;
  try {
    // FILE_COPY: a copy of the template's files, much quicker for a small database than WAL_LOG
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY FILE_COPY` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(inject('postgresAdminUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Takes `leagueId`'s writes away from the app, as another process would: on SQLite a second
 * connection holds the file's write lock, on PostgreSQL a second session holds the league's
 * turn. Answers the release.
 */
export async function holdLeagueWrites(database: string, leagueId: string): Promise<() => Promise<void>> {
  if (isDatabaseUrl(database)) {
    const client = new pg.Client({ connectionString: database });
    await client.connect();
    await client.query('select pg_advisory_lock(hashtext($1))', [leagueTurnKey(leagueId)]);
    return async () => {
      await client.query('select pg_advisory_unlock_all()');
      await client.end();
    };
  }
  const holder = new BetterSqlite3(database);
  holder.exec('BEGIN IMMEDIATE');
  return async () => {
    holder.exec('ROLLBACK');
    holder.close();
  };
}
