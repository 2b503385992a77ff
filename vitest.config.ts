import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * `npm test` runs every test on both stores: the `sqlite` project (every file) and the
 * `postgres` project (the API tables and the binary's play-throughs again on PostgreSQL, every
 * test on a copy of one migrated template in a cluster started once for the run).
 * `npm run test:quick` (FANTASY_TEST_SCOPE=quick) is the edit-test loop: unit and API tests on
 * SQLite only, nothing that needs the built binary, a browser or a PostgreSQL server.
 */
const quick = process.env.FANTASY_TEST_SCOPE === 'quick';

/** Files that need a PostgreSQL server whichever project runs them. */
const NEEDS_POSTGRES = ['test/unit/postgres-store.test.ts', 'test/unit/job-election.test.ts', 'test/unit/test-run-hygiene.test.ts'];

export default defineConfig({
  test: {
    // API tests start loopback fakes and temp databases; a slow CI core needs headroom.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Every core: test files wait on sockets, child processes and the database as much as on the CPU.
    maxWorkers: Math.max(2, os.availableParallelism()),
    // A worker keeps the modules it has loaded from one file to the next: loading them again for
    // each file cost minutes a run. Every file builds its own app, store and fakes, and the few
    // that patch a global restore it.
    isolate: false,
    globalSetup: quick ? ['test/support/run-temp-root.ts'] : ['test/support/run-temp-root.ts', 'test/support/postgres-template.ts'],
    projects: quick
      ? [{ extends: true, test: { name: 'sqlite', include: ['test/unit/**/*.test.ts', 'test/features/**/*.test.ts'], exclude: NEEDS_POSTGRES } }]
      : [
          { extends: true, test: { name: 'sqlite', include: ['test/**/*.test.ts'] } },
          {
            extends: true,
            test: {
              name: 'postgres',
              include: ['test/features/**/*.test.ts', 'test/e2e/season.test.ts', 'test/e2e/push.test.ts', 'test/e2e/binary.test.ts'],
              env: { FANTASY_TEST_STORE: 'postgres' },
            },
          },
        ],
  },
});
