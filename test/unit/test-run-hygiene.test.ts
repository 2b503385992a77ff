/**
 * The test suite itself: a run must leave no temporary folder behind (hundreds of databases
 * per run piled up on developers' and CI's disks before), neither on disk nor in memory, where
 * the run's shared PostgreSQL cluster keeps its files when the machine has room.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { capturedRun } from '../support/captured-run';

const MEMORY_FOLDER = '/dev/shm';
const clustersInMemory = () => (fs.existsSync(MEMORY_FOLDER) ? fs.readdirSync(MEMORY_FOLDER).filter((name) => name.startsWith('fantasy-pg-')) : []);

describe('a test run', () => {
  // Awaited, not spawnSync, so the worker's event loop keeps answering vitest during the inner run.
  it('works inside one folder of its own and removes it at the end', async () => {
    const outer = fs.mkdtempSync(path.join(os.tmpdir(), 'hygiene-'));
    const inMemoryBefore = clustersInMemory();
    try {
      // a real vitest run of a file whose tests open databases and apps (on both engines: the
      // PostgreSQL project starts a cluster), under a TMPDIR we watch, as a run of its own
      // (this run's folder and cluster are its own, not the inner run's)
      const { FANTASY_TEST_RUN_ROOT: _ours, FANTASY_TEST_POSTGRES_ADMIN_URL: _ourCluster, ...env } = process.env;
      const run = await capturedRun(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--maxWorkers=1', 'test/features/operations/healthz.test.ts'], {
        cwd: path.resolve(__dirname, '../..'),
        env: { ...env, TMPDIR: outer, CI: 'true', NO_COLOR: '1', FORCE_COLOR: '0' },
        timeoutMs: 120_000,
      });
      expect(run.status, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toMatch(/Tests\s+\S*\s*\d+ passed/);
      expect(fs.readdirSync(outer)).toEqual([]);
      expect(clustersInMemory().filter((name) => !inMemoryBefore.includes(name))).toEqual([]);
    } finally {
      fs.rmSync(outer, { recursive: true, force: true });
    }
    // the inner run starts a PostgreSQL cluster too
  }, 130_000);
});
