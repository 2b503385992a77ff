/**
 * A daily job's election on PostgreSQL, against a pool whose idle connections the server has
 * ended (a restart, a terminated session): such a connection fails its first query, before the
 * lock is asked for, so the election asks again on another rather than skipping the job.
 */
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { postgresStore } from '../../src/platform/db/postgres-store';
import { isDatabaseUnavailable } from '../../src/platform/db/database-errors';

/** What node-postgres rejects with when the server ended the session (SQLSTATE 57P01). */
const ended = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

interface FakeClient {
  query(text: string): Promise<{ rows: { won: boolean }[] }>;
  release(error?: Error): void;
  releasedWith: (Error | undefined)[];
  queries: string[];
}

function client(alive: boolean): FakeClient {
  const fake: FakeClient = {
    releasedWith: [],
    queries: [],
    async query(text) {
      fake.queries.push(text);
      if (!alive) throw ended();
      return { rows: [{ won: true }] };
    },
    release(error) {
      fake.releasedWith.push(error);
    },
  };
  return fake;
}

function poolOf(clients: FakeClient[]): pg.Pool {
  const queue = [...clients];
  return { connect: async () => queue.shift(), end: async () => {} } as unknown as pg.Pool;
}

describe('a job election on a pool holding connections the server ended', () => {
  it('asks again on a fresh connection, destroys the dead ones, and runs the job once', async () => {
    const clients = [client(false), client(false), client(true)];
    let runs = 0;
    const outcome = await postgresStore(poolOf(clients), 1_000).exclusive('job:announce', async () => ++runs);
    expect({ outcome, runs }).toEqual({ outcome: 1, runs: 1 });
    // released with their error, so the pool drops them instead of handing them out again
    expect(clients.map((c) => c.releasedWith.map((error) => error?.message))).toEqual([
      ['terminating connection due to administrator command'],
      ['terminating connection due to administrator command'],
      [undefined],
    ]);
    expect(clients[2].queries.map((text) => text.split('(')[0])).toEqual(['select pg_try_advisory_lock', 'select pg_advisory_unlock']);
  });

  it('after three dead connections in a row it fails as the database out of reach, and the job has not run', async () => {
    let runs = 0;
    const failure = await postgresStore(poolOf([client(false), client(false), client(false), client(true)]), 1_000)
      .exclusive('job:announce', async () => ++runs)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(runs).toBe(0);
  });

  it('a failure inside the job is the job’s own: the election is not asked again', async () => {
    const clients = [client(true), client(true)];
    let runs = 0;
    const failure = await postgresStore(poolOf(clients), 1_000)
      .exclusive('job:announce', async () => {
        runs++;
        throw ended();
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(runs).toBe(1);
    expect(clients[1].queries).toEqual([]);
  });
});
