/** Writes run SERIALIZABLE so the money rules hold across instances; a conflict runs again, and a dropped connection fails only what ran on it. */
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
/** doubles each attempt, up to the cap */
const RETRY_BASE_MS = 4;
const RETRY_CAP_MS = 250;
/** lock_timeout, 55P03 */
const LEAGUE_TURN_TIMEOUT_MS = 15_000;
/** could not serialize access (40001), deadlock detected (40P01) */
const RETRIED_CODES = new Set(['40001', '40P01']);

export interface PostgresStoreOptions {
  /** node-postgres' default is 10 */
  poolSize?: number;
  connectTimeoutMs?: number;
  leagueTurnTimeoutMs?: number;
}

type PgDb = NodePgDatabase<typeof schema>;

/** Refuses in one line, the password masked, when the server cannot be reached. */
export async function openPostgresDatabase(url: string, options: PostgresStoreOptions = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    application_name: 'fantasy',
  });
  // An 'error' nobody listens to ends the process; a checked-out client's failure is met by its holder's next query (onClient).
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

/** drizzle builds its schema's relations on each call, so once per connection. */
const handles = new WeakMap<pg.PoolClient, PgDb>();

function handleOn(client: pg.PoolClient): PgDb {
  let handle = handles.get(client);
  if (!handle) handles.set(client, (handle = drizzle({ client, schema })));
  return handle;
}

/** How often an election is asked for before the database counts as out of reach: a pool may hold more than one dead connection. */
const LOCK_ATTEMPTS = 3;

/** The connection failed before the lock was even asked for. */
class LockNotAsked extends Error {
  constructor(override readonly cause: unknown) {
    super('the connection failed before the lock was asked for');
  }
}

/** Drizzle's pool transaction is not used: it keeps a connection whose BEGIN failed out of the pool for good, emptying it during an outage. */
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

/** Exported for the election's retry test; everything else opens a store with openPostgresDatabase. */
export function postgresStore(pool: pg.Pool, turnTimeoutMs: number): Store {
  let savepoints = 0;
  const store: Store = {
    dialect: 'postgres',
    write: (work, options) =>
      onClient(pool, async (client, broken) => {
        const leagues = [...new Set(options?.leagues ?? [])].sort();
        if (leagues.length === 0) return serializable(handleOn(client), store, work);
        // lock before BEGIN: the first statement takes the SERIALIZABLE snapshot, which would predate the writes waited for
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
          // a session lock outlives the transaction; a connection that cannot let go is closed, and its locks with it
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
    // held on one connection apart from the pool; if it dies the server lets the lock go (each daily job is safe to run twice)
    exclusive: async (name, work) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await onClient(pool, async (client, broken) => {
            let won: boolean | undefined;
            try {
              won = (await client.query<{ won: boolean }>('select pg_try_advisory_lock(hashtext($1)) as won', [`fantasy:${name}`])).rows[0]?.won;
            } catch (error) {
              if (!isDatabaseUnavailable(error)) throw error;
              broken(error);
              throw new LockNotAsked(error);
            }
            if (!won) return undefined;
            try {
              return await work();
            } finally {
              await client.query('select pg_advisory_unlock(hashtext($1))', [`fantasy:${name}`]).catch(broken);
            }
          });
        } catch (error) {
          // an idle pooled connection the server ended (a restart, a terminated session) fails its
          // first query; nothing has run yet, so the lock is asked for again on a fresh one
          if (!(error instanceof LockNotAsked)) throw error;
          if (attempt >= LOCK_ATTEMPTS) throw error.cause;
        }
      }
    },
    close: () => pool.end().catch(() => {}),
  };
  return store;
}

/** As text; hashed by the server. */
export function leagueTurnKey(leagueId: string): string {
  return `fantasy:league:${leagueId}`;
}

/** Full-jitter waits, so collided transactions spread apart instead of colliding again in step; then DATABASE_BUSY. */
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

export function conflictRetryDelayMs(attempt: number, random: () => number = Math.random): number {
  return random() * Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** (attempt - 1));
}

export function isConflict(error: unknown): boolean {
  const code = driverErrorCode(error);
  return code !== undefined && RETRIED_CODES.has(code);
}

/** Migrations under their advisory lock first, so instances starting together apply them once. */
export async function openMigratedPostgres(url: string, options: PostgresStoreOptions = {}): Promise<Database> {
  const migrating = await openPostgres(url, { connectTimeoutMs: options.connectTimeoutMs });
  try {
    await applyPostgresMigrations(migrating.db);
  } finally {
    await migrating.close();
  }
  return openPostgresDatabase(url, options);
}
