import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import * as schema from './schema';
import { migrationFiles, sqliteNativeBinding } from '../embedded';
import { upgradeTeamNameKeys } from './name-key-upgrade';

/** SQLite caps bound parameters; IN (...) lists are sent in batches of this size. */
export const IN_BATCH = 500;

export type Database = BetterSQLite3Database<typeof schema> & { $client: BetterSqlite3.Database };

const preparedByConnection = new WeakMap<object, Map<string, unknown>>();

/**
 * A query built and prepared once per connection under `name`: drizzle otherwise builds the
 * SQL text and prepares it again on every call, which dominated the hottest single-row
 * lookups (a session's player, a league's version, the sweep's contract and league).
 */
export function preparedOnce<T>(db: Database, name: string, build: () => T): T {
  let byName = preparedByConnection.get(db.$client);
  if (!byName) preparedByConnection.set(db.$client, (byName = new Map()));
  let query = byName.get(name) as T | undefined;
  if (query === undefined) byName.set(name, (query = build()));
  return query;
}

export interface OpenOptions {
  /** apply pending migrations before returning (serve and migrate do) */
  migrate?: boolean;
}

/**
 * Creates the folder of a file (the database, a backup) one level at a time. Node's recursive mkdir loops
 * forever where the kernel answers ENOENT to every create (under /proc: `migrate` hung with
 * no output), so each missing level is made on its own and the first refusal is one line.
 */
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

/** Opens (creating the folder and file if missing) the SQLite store with the pragmas we rely on. */
export function openDatabase(file: string, options: OpenOptions = {}): Database {
  if (file !== ':memory:') ensureFolderOf(file);
  const binding = sqliteNativeBinding();
  const client = new BetterSqlite3(file, { nativeBinding: binding as string });
  client.pragma('journal_mode = WAL');
  client.pragma('foreign_keys = ON');
  client.pragma('busy_timeout = 5000');
  client.pragma('synchronous = NORMAL');
  const db = drizzle(client, { schema }) as Database;
  if (options.migrate) applyMigrations(db);
  return db;
}

/** Applies the migrations shipped with this build (from disk, or embedded in the binary). */
export function applyMigrations(db: Database): number {
  const files = migrationFiles();
  const migrations = files.map((file) => ({
    sql: file.sql.split('--> statement-breakpoint'),
    bps: file.breakpoints,
    folderMillis: file.when,
    hash: crypto.createHash('sha256').update(file.sql).digest('hex'),
  }));
  const before = countApplied(db);
  // drizzle's own migrator reads a folder; the dialect accepts the parsed list directly.
  const internals = db as unknown as { dialect: { migrate(m: unknown, s: unknown, c: unknown): void }; session: unknown };
  internals.dialect.migrate(migrations, internals.session, { migrationsFolder: 'embedded' });
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

/**
 * Runs `work` in a write transaction that takes the write lock up front (BEGIN IMMEDIATE),
 * so a concurrent writer waits on busy_timeout instead of failing mid-transaction.
 * The callback must be synchronous: upstream calls happen before, never inside.
 */
export function writeTransaction<T>(db: Database, work: (tx: Database) => T): T {
  const client = db.$client;
  if (client.inTransaction) return work(db);
  return client.transaction(() => work(db)).immediate();
}

/** Runs `work` in one (deferred) transaction, so its reads see one snapshot of the database. */
export function readTransaction<T>(db: Database, work: () => T): T {
  return db.$client.transaction(work)();
}

/**
 * Runs `work` inside a savepoint of the current transaction: if it throws, only its own
 * writes are undone and the enclosing transaction carries on (better-sqlite3 nests a
 * transaction function as SAVEPOINT … RELEASE / ROLLBACK TO).
 */
export function savepoint<T>(db: Database, work: () => T): T {
  return db.$client.transaction(work)();
}

export function closeDatabase(db: Database): void {
  if (db.$client.open) db.$client.close();
}

/** A write refused by a UNIQUE index or primary key: the caller lost a race for a name or an article. */
export function isUniqueViolation(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Whether the database answers a trivial read now (the health check). */
export function databaseAnswers(db: Database): boolean {
  try {
    db.$client.prepare('SELECT 1').get();
    return true;
  } catch {
    return false;
  }
}
