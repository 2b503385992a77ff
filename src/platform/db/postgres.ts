/** Opening one PostgreSQL connection and applying PostgreSQL's own migrations (embedded in the binary like SQLite's). */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema/postgres';
import { migrationTags, withMigrationsFolder } from '../embedded';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { maskDatabaseUrl, withoutUrlPassword } from '../database-url';

export type PostgresDatabase = NodePgDatabase<typeof schema> & { $client: pg.Client };

export interface PostgresStore {
  db: PostgresDatabase;
  shownUrl: string;
  close(): Promise<void>;
}

/** Its message already free of the URL's password. */
export class PostgresFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PostgresFailure';
  }
}

export function describePostgresError(error: unknown, url: string): string {
  const raw = error instanceof Error ? error.message || (error as NodeJS.ErrnoException).code || error.name : String(error);
  // AggregateError (every address refused) carries the useful line in its parts
  const parts = error instanceof AggregateError && error.errors.length > 0 ? error.errors.map((e) => (e instanceof Error ? e.message : String(e))) : [];
  const text = raw || parts.join('; ') || 'unknown error';
  return withoutUrlPassword(text.replace(/\s+/g, ' ').trim(), url);
}

/** One session, for the migration lock or the copy's transaction; refuses in one line, the password masked. */
export async function openPostgres(url: string, options: { connectTimeoutMs?: number } = {}): Promise<PostgresStore> {
  const shownUrl = maskDatabaseUrl(url);
  let client: pg.Client;
  try {
    client = new pg.Client({ connectionString: url, connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000, application_name: 'fantasy' });
  } catch (error) {
    throw new PostgresFailure(`cannot use the PostgreSQL URL ${shownUrl}: ${describePostgresError(error, url)}`);
  }
  // a connection lost while idle is reported by the next query, not by crashing the process
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw new PostgresFailure(`cannot connect to PostgreSQL at ${shownUrl}: ${describePostgresError(error, url)}`);
  }
  const db = drizzle({ client, schema }) as PostgresDatabase;
  return { db, shownUrl, close: () => client.end().catch(() => {}) };
}

const MIGRATIONS_SCHEMA = 'drizzle';
const MIGRATIONS_TABLE = '__drizzle_migrations';
/** Two operators, two instances starting. */
const MIGRATION_LOCK = 7_262_026_001;

export interface PostgresMigrationResult {
  applied: string[];
  total: number;
}

/** In one transaction under an advisory lock, so two runs never interleave. */
export async function applyPostgresMigrations(db: PostgresDatabase): Promise<PostgresMigrationResult> {
  const tags = migrationTags('postgres');
  await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
  try {
    const before = await appliedCount(db);
    await withMigrationsFolder('postgres', (migrationsFolder) =>
      migrate(db, { migrationsFolder, migrationsSchema: MIGRATIONS_SCHEMA, migrationsTable: MIGRATIONS_TABLE }),
    );
    const total = await appliedCount(db);
    return { applied: tags.slice(before, total), total };
  } finally {
    await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
  }
}

async function appliedCount(db: PostgresDatabase): Promise<number> {
  const exists = await db.execute<{ present: boolean }>(
    sql`select to_regclass(${`${MIGRATIONS_SCHEMA}.${MIGRATIONS_TABLE}`}) is not null as present`,
  );
  if (!exists.rows[0]?.present) return 0;
  const counted = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(MIGRATIONS_SCHEMA)}.${sql.identifier(MIGRATIONS_TABLE)}`);
  return counted.rows[0].n;
}
