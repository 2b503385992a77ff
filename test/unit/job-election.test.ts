/**
 * Several instances on one PostgreSQL database elect one runner of a daily job: while one runs
 * it, the others are told at once that it is taken, and once it is done (or its process gone)
 * the next may take it. The scheduler then skips a job another instance ran today. The server
 * ending the election's connection, or being stopped, fails no more than that election.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeStore, type Database, exclusively } from '../../src/platform/db/database';
import { isDatabaseUnavailable } from '../../src/platform/db/database-errors';
import { openMigratedPostgres } from '../../src/platform/db/postgres-store';
import { jobRunsIn } from '../../src/platform/jobs/scheduler';
import { type PostgresCluster, startPostgresCluster } from '../support/postgres-cluster';

let cluster: PostgresCluster;
let first: Database;
let second: Database;
let database: string;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  const url = await cluster.createDatabase();
  database = new URL(url).pathname.slice(1);
  first = await openMigratedPostgres(url);
  second = await openMigratedPostgres(url);
}, 60_000);

afterAll(async () => {
  if (first) await closeStore(first);
  if (second) await closeStore(second);
  await cluster?.stop();
});

it('lets one instance run a job at a time, and the next once it is done', async () => {
  const inside = await exclusively(first, 'job:collect', async () => {
    // the other instance asks while the first still runs it
    return exclusively(second, 'job:collect', async () => 'ran twice');
  });
  expect(inside).toBeUndefined();
  expect(await exclusively(second, 'job:collect', async () => 'ran')).toBe('ran');
  // another job's name is another lock
  expect(await exclusively(first, 'job:collect', async () => exclusively(second, 'job:settlement', async () => 'both'))).toBe('both');
});

it('frees the job when its holder fails', async () => {
  await expect(exclusively(first, 'job:announce', async () => Promise.reject(new Error('upstream down')))).rejects.toThrow('upstream down');
  expect(await exclusively(second, 'job:announce', async () => 'taken over')).toBe('taken over');
});

it('shares what ran today between instances, so the scheduler skips a job run elsewhere', async () => {
  await jobRunsIn(first).record('settlement', '2026-05-10');
  expect(await jobRunsIn(second).lastRunDay('settlement')).toBe('2026-05-10');
});

it('keeps the process up when the server ends the holder\'s connection during the job, and the job can be elected again', async () => {
  const outcome = await exclusively(first, 'job:housekeeping', async () => {
    // every session of the database but the test's own: the election's among them
    const [{ n }] = await cluster.query<{ n: number }>(
      database,
      'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    expect(n).toBeGreaterThan(0);
    return 'ran';
  });
  expect(outcome).toBe('ran');
  // the lock went with its session: another instance may take the job, and so may the first again
  expect(await exclusively(second, 'job:housekeeping', async () => 'taken over')).toBe('taken over');
  expect(await exclusively(first, 'job:housekeeping', async () => 'again')).toBe('again');
});

it('with the server stopped, an election fails as the database out of reach, and works again once the server is back', async () => {
  await cluster.halt();
  let failure: unknown;
  try {
    failure = await exclusively(first, 'job:collect', async () => 'ran').then(
      () => undefined,
      (error: unknown) => error,
    );
  } finally {
    await cluster.resume();
  }
  expect(isDatabaseUnavailable(failure)).toBe(true);
  expect(await exclusively(first, 'job:collect', async () => 'ran')).toBe('ran');
  expect(await exclusively(second, 'job:collect', async () => 'ran')).toBe('ran');
});
