import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // API tests start loopback fakes and temp databases; a slow CI core needs headroom.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // One worker process runs the files one after another and keeps the modules it has loaded:
    // loading them again for each of the run's 166 test files cost 150 s of a CI run (17 s shared).
    // Every file builds its own app, store and fakes, and the few that patch a global restore it.
    isolate: false,
    globalSetup: ['test/support/run-temp-root.ts'],
    projects: [
      { extends: true, test: { name: 'sqlite', include: ['test/**/*.test.ts'] } },
      // The API tables again on PostgreSQL (issue 26): every test on a database of its own,
      // copied from one migrated template in a cluster started for the run.
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['test/api/**/*.test.ts', 'test/e2e/season.test.ts', 'test/e2e/push.test.ts', 'test/e2e/binary.test.ts'],
          env: { FANTASY_TEST_STORE: 'postgres' },
          globalSetup: ['test/support/postgres-template.ts'],
        },
      },
    ],
  },
});
