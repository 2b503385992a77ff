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
