/**
 * The PostgreSQL store in process against a real server (test/support/postgres-cluster.ts):
 * its migrations build exactly the schema src/platform/db/schema/postgres declares, and the copy's
 * own guarantees hold (parents before children; a copy that does not check out, by a table's
 * row count or a team's credits, is rolled back whole, naming the table). The end-to-end test
 * (test/e2e/postgres.test.ts) runs the verbs themselves through the binary.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CopyRefused, copyToPostgres, tablesInCopyOrder } from '../../src/features/operations/copy-to-postgres';
import { closeDatabase, type Database, openDatabase } from '../../src/platform/db/database';
import { applyPostgresMigrations, openPostgres, type PostgresStore } from '../../src/platform/db/postgres';
import type { PostgresHandle } from '../../src/platform/db/handles';
import { buildBulkLeague, type BulkLeague } from '../support/bulk-league';
import { type PostgresCluster, startPostgresCluster } from '../support/postgres-cluster';
import * as pgSchema from '../../src/platform/db/schema/postgres';

let cluster: PostgresCluster;
let source: Database;
/** buildBulkLeague's ids, known before it runs (the table below is built before beforeAll) */
const teamId = (index: number) => `tm_lg_bulk_300_${index}`;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  source = openDatabase(':memory:', { migrate: true });
  const league: BulkLeague = await buildBulkLeague(source, { teams: 300, start: '2026-05-01', scoredDays: 2, contractPrice: 25 });
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

describe('migrations-postgres', () => {
  const tables = (Object.values(pgSchema) as unknown[]).filter((value): value is PgTable => is(value, PgTable)).map((table) => getTableConfig(table));

  it('build exactly the declared schema: columns with their types, nullability and defaults, indexes, keys', async () => {
    const { store, name } = await migratedDatabase();
    await store.close();
    const columns = await cluster.query<{ table_name: string; column_name: string; type: string; is_nullable: string; has_default: boolean; is_identity: string }>(
      name,
      `SELECT table_name, column_name, format_type(a.atttypid, a.atttypmod) AS type, is_nullable, column_default IS NOT NULL AS has_default, c.is_identity
         FROM information_schema.columns c
         JOIN pg_attribute a ON a.attrelid = format('public.%I', c.table_name)::regclass AND a.attname = c.column_name
        WHERE c.table_schema = 'public' ORDER BY table_name, ordinal_position`,
    );
    const declared = tables.flatMap((table) =>
      table.columns.map((column) => ({
        table_name: table.name,
        column_name: column.name,
        type: column.getSQLType(),
        is_nullable: column.notNull ? 'NO' : 'YES',
        has_default: column.default !== undefined,
        is_identity: column.generatedIdentity ? 'YES' : 'NO',
      })),
    );
    const byKey = (rows: { table_name: string; column_name: string }[]) => [...rows].sort((a, b) => `${a.table_name}.${a.column_name}`.localeCompare(`${b.table_name}.${b.column_name}`));
    expect(byKey(columns)).toEqual(byKey(declared));

    const indexes = await cluster.query<{ indexname: string; indexdef: string }>(name, `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'`);
    const declaredIndexes = tables.flatMap((table) => table.indexes.map((index) => index.config.name!));
    const keyIndexes = indexes.filter((row) => /_pkey$|_pk$|_unique$/.test(row.indexname)).length;
    expect(indexes.map((row) => row.indexname).filter((index) => !/_pkey$|_pk$|_unique$/.test(index)).sort()).toEqual([...declaredIndexes].sort());
    // one index per primary key and per unique column
    const uniques = tables.reduce((sum, table) => sum + table.columns.filter((column) => column.isUnique).length, 0);
    expect(keyIndexes).toBe(tables.length + uniques);
    expect(indexes.find((row) => row.indexname === 'contracts_live_article_uq')?.indexdef).toMatch(/^CREATE UNIQUE INDEX .* WHERE \(status = 'live'::text\)$/);

    const foreignKeys = await cluster.query<{ n: number }>(name, `SELECT count(*)::int AS n FROM information_schema.table_constraints WHERE constraint_type = 'FOREIGN KEY'`);
    expect(foreignKeys[0].n).toBe(tables.reduce((sum, table) => sum + table.foreignKeys.length, 0));
  });
});

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
      tamper: (tx: PostgresHandle) => tx.execute(sql`delete from performances where team_id = ${teamId(5)}`),
      refusal: /^the copy does not check out, nothing was kept: table performances has 598 rows in PostgreSQL and 600 in SQLite$/,
    },
    {
      what: 'a team whose credits differ',
      tamper: (tx: PostgresHandle) => tx.execute(sql`update ledger_entries set amount = amount - 1 where team_id = ${teamId(9)}`),
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

  it('lets only one of two copies started together into one database through; the other is refused', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'copy-race-')), 'fantasy.db');
    const seeded = openDatabase(file, { migrate: true });
    await buildBulkLeague(seeded, { teams: 50, start: '2026-05-01', scoredDays: 1 });
    closeDatabase(seeded);
    const url = await cluster.createDatabase();
    const name = new URL(url).pathname.slice(1);
    const sides = await Promise.all(
      [0, 1].map(async () => {
        const store = await openPostgres(url);
        await applyPostgresMigrations(store.db);
        return { store, source: openDatabase(file) };
      }),
    );
    try {
      const outcomes = await Promise.allSettled(sides.map(({ store, source }) => copyToPostgres(source, store.db)));
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected')!;
      expect(refused.reason).toBeInstanceOf(CopyRefused);
      expect((refused.reason as Error).message).toMatch(/^the PostgreSQL database is not empty \(table \w+ has rows\)/);
      expect(await rowsIn(name, 'teams')).toBe(50);
    } finally {
      for (const { store, source } of sides) {
        closeDatabase(source);
        await store.close();
      }
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
