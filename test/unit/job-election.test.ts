/**
 * Several instances on one PostgreSQL database elect one runner of a daily job: while one runs
 * it, the others are told at once that it is taken, and once it is done (or its process gone)
 * the next may take it. The scheduler then skips a job another instance ran today.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeStore, type Database, exclusively } from '../../src/store/database';
import { openMigratedPostgres } from '../../src/store/postgres-store';
import { jobRunsIn } from '../../src/services/scheduler';
import { type PostgresCluster, startPostgresCluster } from '../support/postgres-cluster';

let cluster: PostgresCluster;
let first: Database;
let second: Database;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  const url = await cluster.createDatabase();
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
