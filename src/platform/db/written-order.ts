import { type Column, type SQL, sql } from 'drizzle-orm';
import { type Database, dialectOf } from './database';

/**
 * The last tie-break of a newest-first order, among rows of the same moment: newest written
 * first. SQLite's rowid is the order written. PostgreSQL has no rowid (and a row's ctid moves
 * when it is updated), so there the id decides, byte-wise: ids made in the order written
 * (newOrderedIds) read the same on both; random ids of one moment may come in either order.
 */
export function newestWrittenFirst(db: Database, id: Column): SQL {
  return dialectOf(db) === 'postgres' ? sql`${id} collate "C" desc` : sql`rowid desc`;
}
