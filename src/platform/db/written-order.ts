import { type Column, type SQL, sql } from 'drizzle-orm';
import { type Database, dialectOf } from './database';

/** SQLite's rowid is the order written; PostgreSQL has none (ctid moves), so the id decides: ordered ids read the same on both. */
export function newestWrittenFirst(db: Database, id: Column): SQL {
  return dialectOf(db) === 'postgres' ? sql`${id} collate "C" desc` : sql`rowid desc`;
}
