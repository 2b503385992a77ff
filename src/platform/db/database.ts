import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { is, sql } from 'drizzle-orm';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { PgDatabase, PgTransaction } from 'drizzle-orm/pg-core';
import * as schema from './schema/sqlite';
import { sqliteNativeBinding, withMigrationsFolder } from '../embedded';
import { upgradeTeamNameKeys } from './name-key-upgrade';
import { databaseFailure, driverErrorCode } from './database-errors';
import { asPostgres } from './handles';
import { keepStatements } from './statement-cache';

export { driverErrorCode } from './database-errors';

/** SQLite caps bound parameters. */
export const IN_BATCH = 500;

export type Database = BetterSQLite3Database<typeof schema> & { $client: BetterSqlite3.Database };

const preparedByConnection = new WeakMap<object, Map<string, unknown>>();

/** drizzle otherwise builds and prepares the SQL again on every call, which matters on the hottest single-row lookups. */
export function preparedOnce<T>(db: Database, name: string, build: () => T): T {
  let byName = preparedByConnection.get(db.$client);
  if (!byName) preparedByConnection.set(db.$client, (byName = new Map()));
  let query = byName.get(name) as T | undefined;
  if (query === undefined) byName.set(name, (query = build()));
  return query;
}

export interface OpenOptions {
  /** serve and migrate do */
  migrate?: boolean;
  /** busy_timeout */
  writeWaitMs?: number;
}

/** One level at a time: Node's recursive mkdir loops forever where the kernel answers ENOENT to every create (under /proc). */
export function ensureFolderOf(file: string, what = 'the database'): void {
  const folder = path.dirname(path.resolve(file));
  const missing: string[] = [];
  let probe = folder;
  while (!fs.existsSync(probe)) {
    missing.unshift(probe);
    const parent = path.dirname(probe);
    if (parent === probe) break;
    probe = parent;
  }
  if (fs.existsSync(probe) && !fs.statSync(probe).isDirectory()) {
    throw new Error(`cannot create ${what} ${file}: ${probe} is not a folder`);
  }
  for (const level of missing) {
    try {
      fs.mkdirSync(level);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST' && fs.statSync(level).isDirectory()) continue;
      const reason = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new Error(`cannot create ${what} ${file}: the folder ${level} cannot be made here (${reason})`);
    }
  }
}

/** SQLite: a reader and a writer, so requests waiting in an async transaction read committed rows; writes go one at a time. */
export interface Store {
  dialect: Dialect;
  /** joining one already open is writeTransaction's */
  write<T>(work: (tx: Database) => Promise<T>, options?: WriteOptions): Promise<T>;
  snapshot<T>(work: (tx: Database) => Promise<T>): Promise<T>;
  savepoint<T>(tx: Database, work: () => Promise<T>): Promise<T>;
  /** `work` unless another process runs work of that name now (then undefined) */
  exclusive<T>(name: string, work: () => Promise<T>): Promise<T | undefined>;
  close(): Promise<void>;
}

export type Dialect = 'sqlite' | 'postgres';

export interface WriteOptions {
  /** On PostgreSQL a league's writes take turns instead of aborting one another under SERIALIZABLE, as they all move its version row. */
  leagues?: readonly string[];
}

interface SqliteStore extends Store {
  reader: Database;
  writer: Database;
}

const storeOf = new WeakMap<object, Store>();
/** so a nested write joins it */
const openWrite = new AsyncLocalStorage<{ store: Store; tx: Database }>();

export function registerStore(client: object, store: Store): void {
  storeOf.set(client, store);
}

class FifoGate {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    // the next task waits for this one to settle, whichever way
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

function connect(file: string): Database {
  const binding = sqliteNativeBinding();
  const client = new BetterSqlite3(file, { nativeBinding: binding as string });
  client.pragma('journal_mode = WAL');
  client.pragma('foreign_keys = ON');
  client.pragma('busy_timeout = 5000');
  client.pragma('synchronous = NORMAL');
  keepStatements(client);
  return drizzle(client, { schema }) as Database;
}

/** Writes go through `writeTransaction`. */
export function openDatabase(file: string, options: OpenOptions = {}): Database {
  if (file !== ':memory:') ensureFolderOf(file);
  const writer = connect(file);
  if (options.writeWaitMs !== undefined) writer.$client.pragma(`busy_timeout = ${Math.max(0, Math.round(options.writeWaitMs))}`);
  if (options.migrate) applyMigrations(writer);
  let reader = writer;
  if (file !== ':memory:') {
    reader = connect(file);
    // a write here would wait for the writer's lock while holding up the event loop the writer needs
    reader.$client.pragma('query_only = ON');
  }
  const store = sqliteStore(reader, writer);
  registerStore(reader.$client, store);
  registerStore(writer.$client, store);
  return reader;
}

function sqliteStore(reader: Database, writer: Database): SqliteStore {
  const writes = new FifoGate();
  const snapshots = new FifoGate();
  let savepoints = 0;
  return {
    dialect: 'sqlite',
    reader,
    writer,
    write: (work) =>
      writes.run(async () => {
        const client = writer.$client;
        client.exec('BEGIN IMMEDIATE');
        try {
          const result = await work(writer);
          client.exec('COMMIT');
          return result;
        } catch (error) {
          if (client.inTransaction) client.exec('ROLLBACK');
          throw error;
        }
      }),
    snapshot: (work) =>
      snapshots.run(async () => {
        const client = reader.$client;
        if (client.inTransaction) return work(reader);
        client.exec('BEGIN');
        try {
          return await work(reader);
        } finally {
          if (client.inTransaction) client.exec('COMMIT');
        }
      }),
    savepoint: async (tx, work) => {
      const client = tx.$client;
      const name = `sp${++savepoints}`;
      client.exec(`SAVEPOINT ${name}`);
      try {
        const result = await work();
        client.exec(`RELEASE ${name}`);
        return result;
      } catch (error) {
        client.exec(`ROLLBACK TO ${name}`);
        client.exec(`RELEASE ${name}`);
        throw error;
      }
    },
    // one process writes an SQLite file; its scheduler runs one job at a time already
    exclusive: (_name, work) => work(),
    close: async () => {
      for (const connection of new Set([reader, writer])) if (connection.$client.open) connection.$client.close();
    },
  };
}

function storeKey(db: Database): object {
  return (db as { $client?: object }).$client ?? db;
}

function storeFor(db: Database): Store {
  const store = storeOf.get(storeKey(db));
  if (store) return store;
  // a bare SQLite connection (a backup being checked, a scratch copy): it writes on itself
  const own = sqliteStore(db, db);
  registerStore(db.$client, own);
  return own;
}

export function dialectOf(db: Database): Dialect {
  return is(db, PgDatabase) ? 'postgres' : 'sqlite';
}

/** For the migrations and the integrity tools that rewrite pages. */
export function writerOf(db: Database): Database {
  const store = storeFor(db);
  if (store.dialect !== 'sqlite') throw new Error('writerOf: an SQLite handle only');
  return (store as SqliteStore).writer;
}

/** From disk, or embedded in the binary. */
export function applyMigrations(handle: Database): number {
  const db = writerOf(handle);
  const before = countApplied(db);
  withMigrationsFolder('sqlite', (migrationsFolder) => migrate(db, { migrationsFolder }));
  // what SQL cannot compute: stored name keys whose rule changed
  upgradeTeamNameKeys(db);
  return countApplied(db) - before;
}

function countApplied(db: Database): number {
  try {
    const row = db.$client.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number };
    return row.n;
  } catch {
    return 0;
  }
}

/** PostgreSQL runs SERIALIZABLE and may run `work` again, so upstream calls happen before, never inside. A nested call joins. */
export function writeTransaction<T>(db: Database, work: (tx: Database) => Promise<T> | T, options?: WriteOptions): Promise<T> {
  const open = openWrite.getStore();
  if (open && (open.tx === db || open.store === storeOf.get(storeKey(db)))) return Promise.resolve().then(() => work(open.tx));
  const store = storeFor(db);
  // named only here, at the outermost write: PostgreSQL's retries inside must still see the driver's code
  return store.write((tx) => openWrite.run({ store, tx }, async () => work(tx)), options).catch((error: unknown) => {
    throw databaseFailure(error) ?? error;
  });
}

/** Inside a write transaction it runs there, seeing that transaction's own writes. */
export function readTransaction<T>(db: Database, work: (tx: Database) => Promise<T> | T): Promise<T> {
  const open = openWrite.getStore();
  if (open && (open.tx === db || open.store === storeOf.get(storeKey(db)))) return Promise.resolve().then(() => work(open.tx));
  // a PostgreSQL transaction's handle is already one snapshot
  if (is(db, PgTransaction)) return Promise.resolve().then(() => work(db));
  return storeFor(db).snapshot(async (tx) => work(tx));
}

/** If it throws, only its own writes are undone and the enclosing transaction carries on. */
export function savepoint<T>(tx: Database, work: () => Promise<T> | T): Promise<T> {
  const open = openWrite.getStore();
  const store = open && open.tx === tx ? open.store : storeFor(tx);
  return store.savepoint(tx, async () => work());
}

/** Undefined at once if another process runs work of that name; on PostgreSQL an advisory lock elects one instance. */
export function exclusively<T>(db: Database, name: string, work: () => Promise<T>): Promise<T | undefined> {
  return storeFor(db).exclusive(name, work);
}

/** At once: SQLite's close does not wait. */
export function closeDatabase(db: Database): void {
  const store = storeFor(db);
  if (store.dialect !== 'sqlite') throw new Error('closeDatabase: an SQLite handle only; closeStore closes either');
  void store.close();
}

export function closeStore(db: Database): Promise<void> {
  return storeFor(db).close();
}

/** The caller lost a race for a name or an article. */
export function isUniqueViolation(error: unknown): boolean {
  const code = driverErrorCode(error);
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

export async function databaseAnswers(db: Database): Promise<boolean> {
  try {
    if (dialectOf(db) === 'postgres') await asPostgres(db).execute(sql`select 1`);
    else db.$client.prepare('SELECT 1').get();
    return true;
  } catch {
    return false;
  }
}
