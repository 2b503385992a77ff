import { type Database, dialectOf } from './database';
import { selectRow } from './statements';

/** SQLite: pages in use × page size (the transient WAL not counted); PostgreSQL: the server's figure, a bigint sent as text. */
export async function databaseBytes(db: Database): Promise<number> {
  const text =
    dialectOf(db) === 'postgres'
      ? 'SELECT pg_database_size(current_database()) AS bytes'
      : 'SELECT page_count * page_size AS bytes FROM pragma_page_count(), pragma_page_size()';
  return Number((await selectRow<{ bytes: string | number }>(db, text))?.bytes ?? 0);
}
