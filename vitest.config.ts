import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // API tests start loopback fakes and temp databases; a slow CI core needs headroom.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
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
