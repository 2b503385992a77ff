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
import { closeDatabase, closeStore, type Database, type Dialect, openDatabase } from '../../src/platform/db/database';
import { leagueTurnKey, openPostgresDatabase } from '../../src/platform/db/postgres-store';

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

/** Hands out databases that hold what one prepared database held when the copies began. */
export interface DatabaseCopies {
  /**
   * The next copy. SQLite: a new file each time. PostgreSQL: the same database each time, its
   * rows put back in place, so the copy handed out before must be closed by then.
   */
  next(): Promise<string>;
  /** ends what the copies hold open (PostgreSQL's session) */
  close(): Promise<void>;
}

/**
 * Copies of `database` as it stands, closed (a prepared world, test/support/prepared-world.ts).
 * SQLite copies the file: a closed WAL database is one file. PostgreSQL creating a database
 * from a template for every test cost more than most tests (half a second on a busy machine),
 * so the rows are put back in place instead: the tables' rows and sequences are noted once in
 * a schema beside them and restored before each copy is handed out. A test that changed the
 * schema (a trigger to break a write, a dropped table) is noticed by a fingerprint of the
 * catalogue, and its database is then made again from the prepared one, which nothing touches.
 */
export async function copiesOf(database: string): Promise<DatabaseCopies> {
  if (!isDatabaseUrl(database)) {
    return {
      async next() {
        const copy = tempDatabasePath();
        fs.copyFileSync(database, copy);
        return copy;
      },
      async close() {},
    };
  }
  const prepared = new URL(database).pathname.slice(1);
  const work = await createPostgresDatabase(prepared);
  // one session of its own for the copies' whole life: a new connection costs more than a restore
  let client: pg.Client | undefined;
  let noted: { restore: string; fingerprint: string } | undefined;
  let handedOut = false;
  const session = async () => {
    if (!client) {
      client = new pg.Client({ connectionString: work });
      client.on('error', () => {});
      await client.connect();
    }
    return client;
  };
  const copies: DatabaseCopies = {
    async next() {
      const db = await session();
      noted ??= await noteRows(db);
      if (handedOut) {
        if ((await catalogueFingerprint(db)) === noted.fingerprint) await db.query(noted.restore);
        else {
          await client?.end();
          client = undefined;
          await remakeDatabase(work, prepared);
          noted = undefined;
          handedOut = false;
          return copies.next();
        }
      }
      handedOut = true;
      return work;
    },
    async close() {
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
  return copies;
}

const NOTED_SCHEMA = 'prepared_world';

/** Copies every table's rows into a schema of their own and answers the statements that put them back. */
async function noteRows(client: pg.Client): Promise<{ restore: string; fingerprint: string }> {
  const fingerprint = await catalogueFingerprint(client);
  const tables = (await client.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)).rows.map((r) => r.name);
  const sequences = (
    await client.query<{ name: string; value: string | null }>(`SELECT sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`)
  ).rows;
  const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
  await client.query(
    [`CREATE SCHEMA ${NOTED_SCHEMA}`, ...tables.map((t) => `CREATE TABLE ${NOTED_SCHEMA}.${quoted(t)} AS SELECT * FROM public.${quoted(t)}`)].join(';\n'),
  );
  const restore = [
    'BEGIN',
    // rows go back in any order: the foreign keys' triggers wait until every table is whole again
    'SET LOCAL session_replication_role = replica',
    ...tables.map((t) => `DELETE FROM public.${quoted(t)}`),
    ...tables.map((t) => `INSERT INTO public.${quoted(t)} SELECT * FROM ${NOTED_SCHEMA}.${quoted(t)}`),
    ...sequences.map((q) =>
      q.value === null ? `SELECT setval('public.${quoted(q.name)}', 1, false)` : `SELECT setval('public.${quoted(q.name)}', ${Number(q.value)}, true)`,
    ),
    'COMMIT',
  ].join(';\n');
  return { restore, fingerprint };
}

/** What a test could change besides rows: the public schema's relations, columns, triggers and functions. */
async function catalogueFingerprint(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(`
    SELECT concat_ws('|',
      (SELECT count(*) || ':' || coalesce(sum(hashtext(relname || relkind::text)), 0) FROM pg_class WHERE relnamespace = 'public'::regnamespace),
      (SELECT count(*) || ':' || coalesce(sum(hashtext(c.relname || a.attname || a.atttypid::text)), 0)
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
         WHERE c.relnamespace = 'public'::regnamespace AND a.attnum > 0 AND NOT a.attisdropped),
      (SELECT count(*) FROM pg_trigger WHERE NOT tgisinternal),
      (SELECT count(*) FROM pg_proc WHERE pronamespace = 'public'::regnamespace)
    ) AS fingerprint`);
  return rows[0].fingerprint;
}

/** Drops `database` and makes it again from `template` (a test changed its schema). */
async function remakeDatabase(database: string, template: string): Promise<void> {
  const name = new URL(database).pathname.slice(1);
  const admin = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY FILE_COPY`);
  } finally {
    await admin.end();
  }
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
