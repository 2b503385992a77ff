/**
 * Repository tests on both engines: `fresh(engine)` hands out a new, migrated database of either
 * engine (a copy of the run's migrated SQLite file, or of the run's PostgreSQL template:
 * test/support/test-store.ts), closed when the next is asked for or the file ends.
 *
 *   const stores = useBothStores();
 *   describe.each(ENGINES)('%s', (engine) => {
 *     it('…', async () => { const db = await stores.fresh(engine); … });
 *   });
 */
import { afterAll } from 'vitest';
import { closeStore, type Database, type Dialect, openDatabase } from '../../src/platform/db/database';
import { openPostgresDatabase } from '../../src/platform/db/postgres-store';
import { migratedDatabaseOf } from './test-store';

/** Both, except in the quick loop (vitest.config.ts), which starts no PostgreSQL server. */
export const ENGINES: readonly Dialect[] = process.env.FANTASY_TEST_SCOPE === 'quick' ? ['sqlite'] : ['sqlite', 'postgres'];

export interface BothStores {
  fresh(engine: Dialect): Promise<Database>;
}

export function useBothStores(): BothStores {
  const opened: Database[] = [];
  afterAll(async () => {
    for (const db of opened.splice(0)) await closeStore(db);
  });
  return {
    async fresh(engine) {
      // one test at a time in a file: the last one's store is done with (a pool a test would
      // otherwise hold its connections until the file ends, past the server's limit)
      for (const db of opened.splice(0)) await closeStore(db);
      const database = await migratedDatabaseOf(engine);
      const db = engine === 'sqlite' ? openDatabase(database) : await openPostgresDatabase(database, { poolSize: 4 });
      opened.push(db);
      return db;
    },
  };
}
