/**
 * The two places where the engines' handles cross types. Repositories are written once,
 * against the SQLite schema's types (`Database`); a PostgreSQL handle stands behind the same
 * type because its schema is the SQLite one table for table (test/unit/postgres-schema.test.ts
 * keeps them so). Only platform/db converts, and only here.
 */
import type pg from 'pg';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { NodePgDatabase, NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgTransaction } from 'drizzle-orm/pg-core';
import type * as postgresSchema from './schema/postgres';
import type { Database } from './database';

export type PostgresHandle = NodePgDatabase<typeof postgresSchema> | PgTransaction<NodePgQueryResultHKT, typeof postgresSchema, ExtractTablesWithRelations<typeof postgresSchema>>;

/** A pooled PostgreSQL database (not a transaction). */
export type PostgresPool = NodePgDatabase<typeof postgresSchema> & { $client: pg.Pool };

/** A PostgreSQL database or transaction, under the type repositories are written against. */
export function asDatabase(handle: PostgresHandle): Database {
  return handle as unknown as Database;
}

/** What a `Database` on PostgreSQL really is (call only where `dialectOf(db)` is 'postgres'). */
export function asPostgres(db: Database): PostgresPool {
  return db as unknown as PostgresPool;
}

/** A migration as drizzle's migrator holds it once read from its folder. */
export interface MigrationEntry {
  sql: string[];
  bps: boolean;
  folderMillis: number;
  hash: string;
}

/**
 * Applies `migrations` with drizzle's own migrator. Its public `migrate()` reads them from a
 * folder; the binary carries them embedded, so they are handed to the dialect's migrator,
 * which is what `migrate()` does once it has read the folder.
 */
export function applyMigrationList(db: object, migrations: MigrationEntry[], config: { migrationsFolder: string; migrationsSchema?: string; migrationsTable?: string }): void | Promise<void> {
  const internals = db as unknown as { dialect: { migrate(m: MigrationEntry[], s: unknown, c: typeof config): void | Promise<void> }; session: unknown };
  return internals.dialect.migrate(migrations, internals.session, config);
}
