/**
 * The test suite itself: a run must leave no temporary folder behind (hundreds of databases
 * per run piled up on developers' and CI's disks before), neither on disk nor in memory, where
 * the run's shared PostgreSQL cluster keeps its files when the machine has room.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { capturedRun } from '../support/captured-run';
import { clusterFoldersIn, sweepKilledRuns } from '../support/postgres-cluster';


describe('a test run', () => {
  // Awaited, not spawnSync, so the worker's event loop keeps answering vitest during the inner run.
  it('works inside one folder of its own and removes it at the end', async () => {
    const outer = fs.mkdtempSync(path.join(os.tmpdir(), 'hygiene-'));
    const inMemoryBefore = clusterFoldersIn();
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
      expect(clusterFoldersIn().filter((name) => !inMemoryBefore.includes(name))).toEqual([]);
    } finally {
      fs.rmSync(outer, { recursive: true, force: true });
    }
    // the inner run starts a PostgreSQL cluster too
  }, 130_000);

  it('removes the in-memory cluster a killed run left behind, and no living run’s', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hygiene-memory-'));
    try {
      // a process that has ended: its pid names a run that was killed
      const gone = spawnSync(process.execPath, ['-e', 'process.pid']).pid;
      for (const name of [`fantasy-pg-${gone}-aaaaaa`, `fantasy-pg-${process.pid}-bbbbbb`, 'something-else']) {
        fs.mkdirSync(path.join(folder, name, 'data'), { recursive: true });
      }
      sweepKilledRuns(folder);
      expect(fs.readdirSync(folder).sort()).toEqual([`fantasy-pg-${process.pid}-bbbbbb`, 'something-else']);
      expect(clusterFoldersIn(folder)).toEqual([`fantasy-pg-${process.pid}-bbbbbb`]);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
