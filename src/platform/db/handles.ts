/** The only place the engines' handles cross types: the PostgreSQL schema is the SQLite one table for table. */
import type pg from 'pg';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { NodePgDatabase, NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgTransaction } from 'drizzle-orm/pg-core';
import type * as postgresSchema from './schema/postgres';
import type { Database } from './database';

export type PostgresHandle = NodePgDatabase<typeof postgresSchema> | PgTransaction<NodePgQueryResultHKT, typeof postgresSchema, ExtractTablesWithRelations<typeof postgresSchema>>;

export type PostgresPool = NodePgDatabase<typeof postgresSchema> & { $client: pg.Pool };

/** A PostgreSQL database or transaction, under the type repositories are written against. */
export function asDatabase(handle: PostgresHandle): Database {
  return handle as unknown as Database;
}

/** Call only where `dialectOf(db)` is 'postgres'. */
export function asPostgres(db: Database): PostgresPool {
  return db as unknown as PostgresPool;
}

export interface MigrationEntry {
  sql: string[];
  bps: boolean;
  folderMillis: number;
  hash: string;
}

interface MigrationConfig {
  migrationsFolder: string;
  migrationsSchema?: string;
  migrationsTable?: string;
}

/** What drizzle's own `migrate()` calls on a handle; checked, so a drizzle that moved it fails in one line. */
interface Migratable {
  dialect: { migrate(migrations: MigrationEntry[], session: unknown, config: MigrationConfig): void | Promise<void> };
  session: unknown;
}

function isMigratable(db: object): db is Migratable {
  return 'session' in db && 'dialect' in db && typeof db.dialect === 'object' && db.dialect !== null && 'migrate' in db.dialect && typeof db.dialect.migrate === 'function';
}

/** The binary carries migrations embedded, so they go to the dialect's migrator, as `migrate()` does after reading its folder. */
export function applyMigrationList(db: object, migrations: MigrationEntry[], config: MigrationConfig): void | Promise<void> {
  if (!isMigratable(db)) throw new Error('this drizzle handle has no migrator where drizzle-orm 0.45 keeps it');
  return db.dialect.migrate(migrations, db.session, config);
}
