/**
 * Repository tests on both engines: `useBothStores()` in a test file starts one throwaway
 * PostgreSQL cluster for the file (test/support/postgres-cluster.ts) and `fresh(engine)` hands
 * out a new, migrated database of either engine, closed when the next is asked for or the file ends.
 *
 *   const stores = useBothStores();
 *   describe.each(ENGINES)('%s', (engine) => {
 *     it('…', async () => { const db = await stores.fresh(engine); … });
 *   });
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { closeStore, type Database, type Dialect, openDatabase } from '../../src/store/database';
import { applyPostgresMigrations, openPostgres } from '../../src/store/postgres';
import { openPostgresDatabase } from '../../src/store/postgres-store';
import { type PostgresCluster, startPostgresCluster } from './postgres-cluster';

export const ENGINES: readonly Dialect[] = ['sqlite', 'postgres'];

export interface BothStores {
  fresh(engine: Dialect): Promise<Database>;
}

export function useBothStores(): BothStores {
  let cluster: Promise<PostgresCluster> | undefined;
  const opened: Database[] = [];
  afterAll(async () => {
    for (const db of opened.splice(0)) await closeStore(db);
    if (cluster) await (await cluster).stop();
  });
  return {
    async fresh(engine) {
      // one test at a time in a file: the last one's store is done with (a pool a test would
      // otherwise hold its connections until the file ends, past the server's limit)
      for (const db of opened.splice(0)) await closeStore(db);
      let db: Database;
      if (engine === 'sqlite') {
        const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'store-'));
        db = openDatabase(path.join(folder, 'db.sqlite'), { migrate: true });
      } else {
        cluster ??= startPostgresCluster();
        const url = await (await cluster).createDatabase();
        const migrating = await openPostgres(url);
        await applyPostgresMigrations(migrating.db);
        await migrating.close();
        db = await openPostgresDatabase(url, { poolSize: 4 });
      }
      opened.push(db);
      return db;
    },
  };
}
