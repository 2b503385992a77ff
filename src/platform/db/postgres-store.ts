/**
 * The game's store on PostgreSQL: one pool per process, answering the same repositories as
 * SQLite (see dialect.ts). Writes run SERIALIZABLE, so the money rules (one holder per
 * article, no negative credits, one settlement and payout per contract) hold across
 * instances; a transaction the engine aborts for a conflict with another runs again, a few
 * times, after a short random wait. A connection the server drops (a restart, a failover) fails
 * only what ran on it: the process stays up and the pool opens new ones once the server is back.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema/postgres';
import { type Database, registerStore, type Store } from './database';
import { asDatabase, asPostgres } from './handles';
import { driverErrorCode, isDatabaseUnavailable } from './database-errors';
import { maskDatabaseUrl } from '../database-url';
import { applyPostgresMigrations, describePostgresError, openPostgres, PostgresFailure } from './postgres';

/** attempts of one write transaction the engine keeps aborting for conflicts */
export const WRITE_ATTEMPTS = 12;
/** the first wait before a conflicting transaction runs again; it doubles each attempt, up to the cap */
const RETRY_BASE_MS = 4;
const RETRY_CAP_MS = 250;
/** how long a write waits for its leagues' turn before it fails (lock_timeout, 55P03) */
const LEAGUE_TURN_TIMEOUT_MS = 15_000;
/** could not serialize access (40001), deadlock detected (40P01) */
const RETRIED_CODES = new Set(['40001', '40P01']);

export interface PostgresStoreOptions {
  /** connections in the pool (node-postgres' default is 10) */
  poolSize?: number;
  connectTimeoutMs?: number;
  /** how long a write waits for its leagues' turn (15 s) */
  leagueTurnTimeoutMs?: number;
}

type PgDb = NodePgDatabase<typeof schema>;

/**
 * A handle on the database at `url`, typed as the SQLite one: the repositories are written once,
 * against the SQLite schema, and the PostgreSQL twin is the same table for table
 * (test/unit/postgres-schema.test.ts). Refuses in one line, the password masked, when the server
 * cannot be reached.
 */
export async function openPostgresDatabase(url: string, options: PostgresStoreOptions = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    application_name: 'fantasy',
  });
  // A connection the server ends (a restart, a failover, pg_terminate_backend) makes its client
  // emit 'error', and an 'error' nobody listens to ends the process. The pool listens to its idle
  // clients and drops them (then tells this listener); a client checked out is heard by its own
  // listener, from its first connect on, and whoever holds it meets the failure on its next query
  // and gives it back broken (onClient).
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => {});
    throw new PostgresFailure(`cannot connect to PostgreSQL at ${maskDatabaseUrl(url)}: ${describePostgresError(error, url)}`);
  }
  const db = drizzle({ client: pool, schema });
  registerStore(pool, postgresStore(pool, options.leagueTurnTimeoutMs ?? LEAGUE_TURN_TIMEOUT_MS));
  return asDatabase(db);
}

/** A drizzle handle on one pooled connection, made once per connection (drizzle builds its schema's relations on each call). */
const handles = new WeakMap<pg.PoolClient, PgDb>();

function handleOn(client: pg.PoolClient): PgDb {
  let handle = handles.get(client);
  if (!handle) handles.set(client, (handle = drizzle({ client, schema })));
  return handle;
}

/**
 * `work` on a connection of the pool's, held for its length: a transaction's statements, and
 * the session locks taken around it, stay on one session. The connection goes back to the pool
 * unless the database failed under it (or `broken` says so): then it is closed instead, so no
 * dead session, nor one whose locks could not be let go, is handed out again. Drizzle's own
 * transaction on a pool is not used: it keeps a connection whose BEGIN failed out of the pool
 * for good, and a few of those during an outage would leave the pool empty after it.
 */
async function onClient<T>(pool: pg.Pool, work: (client: pg.PoolClient, broken: (error: unknown) => void) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let lost: Error | undefined;
  const broken = (error: unknown) => void (lost ??= error instanceof Error ? error : new Error(String(error)));
  try {
    return await work(client, broken);
  } catch (error) {
    if (isDatabaseUnavailable(error)) broken(error);
    throw error;
  } finally {
    client.release(lost);
  }
}

function postgresStore(pool: pg.Pool, turnTimeoutMs: number): Store {
  let savepoints = 0;
  const store: Store = {
    dialect: 'postgres',
    write: (work, options) =>
      onClient(pool, async (client, broken) => {
        const leagues = [...new Set(options?.leagues ?? [])].sort();
        if (leagues.length === 0) return serializable(handleOn(client), store, work);
        // the session waits for the leagues' turn before BEGIN: a SERIALIZABLE snapshot is taken
        // by the first statement, so a lock taken inside would leave it older than the writes
        // it waited for, and the transaction would abort all the same
        try {
          // the wait's limit is set by the first lock's own statement (one round trip fewer per
          // write): the subquery is volatile, so it runs before the lock is asked for
          const wait = `${Math.max(1, Math.round(turnTimeoutMs))}ms`;
          for (const [i, league] of leagues.entries()) {
            if (i === 0) await client.query(`select pg_advisory_lock(hashtext($1)) from (select set_config('lock_timeout', $2, false)) as wait`, [leagueTurnKey(league), wait]);
            else await client.query('select pg_advisory_lock(hashtext($1))', [leagueTurnKey(league)]);
          }
          await client.query('RESET lock_timeout');
          return await serializable(handleOn(client), store, work);
        } finally {
          // a session lock outlives the transaction: give the leagues back before the connection;
          // a connection that cannot is closed, and its locks go with its session
          await client.query('RESET lock_timeout; select pg_advisory_unlock_all()').catch(broken);
        }
      }),
    snapshot: (work) =>
      onClient(pool, (client) =>
        handleOn(client).transaction(
          (tx) => {
            registerStore(tx, store);
            return work(asDatabase(tx));
          },
          { isolationLevel: 'repeatable read', accessMode: 'read only' },
        ),
      ),
    savepoint: async (tx, work) => {
      const handle = asPostgres(tx);
      const name = sql.raw(`sp${++savepoints}`);
      await handle.execute(sql`savepoint ${name}`);
      try {
        const result = await work();
        await handle.execute(sql`release savepoint ${name}`);
        return result;
      } catch (error) {
        await handle.execute(sql`rollback to savepoint ${name}`);
        throw error;
      }
    },
    // the lock lives on one connection, held apart from the pool's traffic for work's length; if
    // that connection dies meanwhile the server lets the lock go with it (work itself runs on
    // other connections and carries on: each daily job is safe to run twice)
    exclusive: (name, work) =>
      onClient(pool, async (client, broken) => {
        const { rows } = await client.query<{ won: boolean }>('select pg_try_advisory_lock(hashtext($1)) as won', [`fantasy:${name}`]);
        if (!rows[0]?.won) return undefined;
        try {
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock(hashtext($1))', [`fantasy:${name}`]).catch(broken);
        }
      }),
    close: () => pool.end().catch(() => {}),
  };
  return store;
}

/** The advisory lock a league's writes take turns on (as text; hashed by the server). */
export function leagueTurnKey(leagueId: string): string {
  return `fantasy:league:${leagueId}`;
}

/**
 * One SERIALIZABLE transaction around `work`, run again when the engine aborts it for a conflict:
 * after a random wait of up to 4 ms, then up to 8, 16 … at most 250 ms ("full jitter"), so that
 * transactions that collided spread apart instead of colliding again in step. After the last
 * attempt the conflict is the caller's DATABASE_BUSY.
 */
async function serializable<T>(db: PgDb, store: Store, work: (tx: Database) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(
        (tx) => {
          registerStore(tx, store);
          return work(asDatabase(tx));
        },
        { isolationLevel: 'serializable' },
      );
    } catch (error) {
      if (!isConflict(error) || attempt >= WRITE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, conflictRetryDelayMs(attempt)));
    }
  }
}

/** The wait before attempt `attempt + 1` of a transaction aborted for a conflict. */
export function conflictRetryDelayMs(attempt: number, random: () => number = Math.random): number {
  return random() * Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** (attempt - 1));
}

/** A transaction the engine aborted because another got in its way: running it again may succeed. */
export function isConflict(error: unknown): boolean {
  const code = driverErrorCode(error);
  return code !== undefined && RETRIED_CODES.has(code);
}

/**
 * `serve` and the verbs on PostgreSQL: its migrations applied first (under their advisory
 * lock, so instances starting together apply them once), then the pool.
 */
export async function openMigratedPostgres(url: string, options: PostgresStoreOptions = {}): Promise<Database> {
  const migrating = await openPostgres(url, { connectTimeoutMs: options.connectTimeoutMs });
  try {
    await applyPostgresMigrations(migrating.db);
  } finally {
    await migrating.close();
  }
  return openPostgresDatabase(url, options);
}
