/**
 * Vitest global setup of the `postgres` project: one throwaway cluster for the whole run and one
 * migrated database in it that every test's database is copied from (`CREATE DATABASE … TEMPLATE`),
 * since applying the migrations for every scenario row would cost more than the row. The workers
 * read where they are through `inject` (test/support/test-store.ts).
 */
import type { TestProject } from 'vitest/node';
import { applyPostgresMigrations, openPostgres } from '../../src/store/postgres';
import { startPostgresCluster } from './postgres-cluster';

export const TEMPLATE_DATABASE = 'fantasy_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the cluster's maintenance database, where test databases are created */
    postgresAdminUrl: string;
    /** the migrated database every test database is a copy of */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // every API test's app holds a small pool of its own while it runs
  const cluster = await startPostgresCluster({ maxConnections: 200 });
  const url = await cluster.createDatabase(TEMPLATE_DATABASE);
  const migrating = await openPostgres(url);
  try {
    await applyPostgresMigrations(migrating.db);
  } finally {
    await migrating.close();
  }
  project.provide('postgresAdminUrl', cluster.urlOf('postgres'));
  project.provide('postgresTemplate', TEMPLATE_DATABASE);
  return () => cluster.stop();
}
