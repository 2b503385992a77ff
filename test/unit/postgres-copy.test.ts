/**
 * The copy's own guarantees, in process against a real PostgreSQL (test/support/postgres-cluster.ts):
 * parents are written before children, and a copy that does not check out (a table's row
 * count, a team's credits) is rolled back whole, naming the table. The end-to-end test
 * (test/e2e/postgres.test.ts) runs the verb itself through the binary.
 */
import { getTableName, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CopyRefused, copyToPostgres, tablesInCopyOrder } from '../../src/store/copy-to-postgres';
import { closeDatabase, type Database, openDatabase } from '../../src/store/database';
import { applyPostgresMigrations, openPostgres, type PostgresDatabase, type PostgresStore } from '../../src/store/postgres';
import { buildBulkLeague, type BulkLeague } from '../support/bulk-league';
import { type PostgresCluster, startPostgresCluster } from '../support/postgres-cluster';

let cluster: PostgresCluster;
let source: Database;
/** buildBulkLeague's ids, known before it runs (the table below is built before beforeAll) */
const teamId = (index: number) => `tm_lg_bulk_300_${index}`;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  source = openDatabase(':memory:', { migrate: true });
  const league: BulkLeague = buildBulkLeague(source, { teams: 300, start: '2026-05-01', scoredDays: 2, contractPrice: 25 });
  expect(league.teamIds[9]).toBe(teamId(9));
}, 120_000);

afterAll(async () => {
  if (source) closeDatabase(source);
  await cluster?.stop();
});

/** A fresh, migrated database of the cluster. */
async function migratedDatabase(): Promise<{ store: PostgresStore; name: string }> {
  const url = await cluster.createDatabase();
  const store = await openPostgres(url);
  await applyPostgresMigrations(store.db);
  return { store, name: new URL(url).pathname.slice(1) };
}

async function rowsIn(name: string, table: string): Promise<number> {
  const [{ n }] = await cluster.query<{ n: number }>(name, `SELECT count(*)::int AS n FROM "${table}"`);
  return n;
}

describe('copyToPostgres', () => {
  it('orders the tables parents first: every foreign key names a table copied earlier', () => {
    const order = tablesInCopyOrder();
    for (const [position, pair] of order.entries()) {
      for (const key of getTableConfig(pair.postgres).foreignKeys) {
        const parent = getTableName(key.reference().foreignTable);
        expect(order.findIndex((other) => other.name === parent), `${pair.name} after ${parent}`).toBeLessThan(position);
      }
    }
    expect(order.map((pair) => pair.name).slice(0, 1)).toEqual(['language_scales']);
  });

  it.each([
    {
      what: 'a table whose row count differs',
      tamper: (tx: PostgresDatabase) => tx.execute(sql`delete from performances where team_id = ${teamId(5)}`),
      refusal: /^the copy does not check out, nothing was kept: table performances has 598 rows in PostgreSQL and 600 in SQLite$/,
    },
    {
      what: 'a team whose credits differ',
      tamper: (tx: PostgresDatabase) => tx.execute(sql`update ledger_entries set amount = amount - 1 where team_id = ${teamId(9)}`),
      refusal: new RegExp(`^the copy does not check out, nothing was kept: table ledger_entries gives team ${teamId(9)} 974 credits in PostgreSQL and 975 in SQLite$`),
    },
  ])('rolls the whole copy back when it finds $what, naming the table', async ({ tamper, refusal }) => {
    const { store, name } = await migratedDatabase();
    try {
      const failure = await copyToPostgres(source, store.db, { beforeCheck: async (tx) => void (await tamper(tx)) }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(CopyRefused);
      expect((failure as Error).message).toMatch(refusal);
      for (const table of ['players', 'teams', 'contracts', 'ledger_entries', 'performances']) expect(await rowsIn(name, table), table).toBe(0);
      // the migrations' seeds are as they were, and the database still takes a copy
      expect(await rowsIn(name, 'language_scales')).toBe(2);
      const report = await copyToPostgres(source, store.db, { batchRows: 64 });
      expect(report.teams).toBe(300);
      expect(await rowsIn(name, 'performances')).toBe(600);
    } finally {
      await store.close();
    }
  });

  it('refuses a database that holds rows, naming a table, and writes nothing', async () => {
    const { store, name } = await migratedDatabase();
    try {
      await cluster.query(name, `INSERT INTO settings (key, value) VALUES ('somebody', 'was here')`);
      await expect(copyToPostgres(source, store.db)).rejects.toThrow(
        new CopyRefused('the PostgreSQL database is not empty (table settings has rows): copy-to-postgres fills only an empty one'),
      );
      expect(await rowsIn(name, 'players')).toBe(0);
    } finally {
      await store.close();
    }
  });
});
