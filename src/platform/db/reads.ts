import { type Database, dialectOf, readTransaction } from './database';

/** readTransaction alone would queue a read nested in an SQLite read transaction behind that very transaction. */
export function readSnapshot<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  if (dialectOf(db) === 'sqlite' && db.$client.inTransaction) return work(db);
  return readTransaction(db, work);
}
