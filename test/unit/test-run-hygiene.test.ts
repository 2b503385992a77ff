/**
 * The test suite itself: a run must leave no temporary folder behind (hundreds of databases
 * per run piled up on developers' and CI's disks before).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { capturedRun } from '../support/captured-run';

describe('a test run', () => {
  // Awaited, not spawnSync, so the worker's event loop keeps answering vitest during the inner run.
  it('works inside one folder of its own and removes it at the end', async () => {
    const outer = fs.mkdtempSync(path.join(os.tmpdir(), 'hygiene-'));
    try {
      // a real vitest run of a file whose tests open databases and apps (on both engines: the
      // PostgreSQL project starts a cluster), under a TMPDIR we watch, as a run of its own
      const { FANTASY_TEST_RUN_ROOT: _ours, ...env } = process.env;
      const run = await capturedRun(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--maxWorkers=1', 'test/features/operations/healthz.test.ts'], {
        cwd: path.resolve(__dirname, '../..'),
        env: { ...env, TMPDIR: outer, CI: 'true', NO_COLOR: '1', FORCE_COLOR: '0' },
        timeoutMs: 120_000,
      });
      expect(run.status, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toMatch(/Tests\s+\S*\s*\d+ passed/);
      expect(fs.readdirSync(outer)).toEqual([]);
    } finally {
      fs.rmSync(outer, { recursive: true, force: true });
    }
    // the inner run starts a PostgreSQL cluster too
  }, 130_000);
});
