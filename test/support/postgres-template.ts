/**
 * Vitest global setup: one throwaway PostgreSQL cluster for the whole run and one migrated
 * database in it that every test's PostgreSQL database is copied from (`CREATE DATABASE …
 * TEMPLATE`), since applying the migrations for every test would cost more than the test.
 * Both projects use it (the `postgres` project's API tables, the repository tests on both
 * engines in the `sqlite` project); the first to set up starts it, and the workers read where
 * it is through `inject` (test/support/test-store.ts).
 */
import type { TestProject } from 'vitest/node';
import { applyPostgresMigrations, openPostgres } from '../../src/platform/db/postgres';
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

/** set while the run's cluster is up: every project inherits this setup, and one cluster serves them all */
const ADMIN_URL = 'FANTASY_TEST_POSTGRES_ADMIN_URL';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const running = process.env[ADMIN_URL];
  if (running !== undefined) {
    project.provide('postgresAdminUrl', running);
    project.provide('postgresTemplate', TEMPLATE_DATABASE);
    return async () => {};
  }
  // every API test's app holds a small pool of its own while it runs, on two workers at once
  const cluster = await startPostgresCluster({ maxConnections: 300, autovacuum: false, inMemory: true });
  const url = await cluster.createDatabase(TEMPLATE_DATABASE);
  const migrating = await openPostgres(url);
  try {
    await applyPostgresMigrations(migrating.db);
  } finally {
    await migrating.close();
  }
  process.env[ADMIN_URL] = cluster.urlOf('postgres');
  project.provide('postgresAdminUrl', cluster.urlOf('postgres'));
  project.provide('postgresTemplate', TEMPLATE_DATABASE);
  return async () => {
    delete process.env[ADMIN_URL];
    await cluster.stop();
  };
}
