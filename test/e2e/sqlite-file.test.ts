/**
 * The built binary and SQLite's file itself: `migrate` makes a new file where it is told and
 * finds nothing pending the second time, `backup` writes a copy that opens as a database, and
 * `prune` runs on the file. SQLite only: on PostgreSQL `migrate`, `status` and `prune` have
 * their own test (postgres.test.ts), and `backup` refuses a databaseUrl (pg_dump does that). The tests of playing through the binary, on both engines, are in
 * binary.test.ts.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { binary } from '../support/served-binary';

function emptyFolder(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-e2e-'));
}

/** The environment of a fresh shell: nothing of ours leaks in. */
function cleanEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME };
}

describe('dist/fantasy and the SQLite file', () => {
  it('migrate applies the embedded migrations to a new file and reports nothing pending afterwards', () => {
    const cwd = emptyFolder();
    const first = spawnSync(binary, ['migrate', '--database', 'store/x.db'], { cwd, env: cleanEnv(), encoding: 'utf8' });
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/applied [1-9]\d* migration/);
    const again = spawnSync(binary, ['migrate', '--database', 'store/x.db'], { cwd, env: cleanEnv(), encoding: 'utf8' });
    expect(again.stdout).toContain('applied 0 migration');
  });

  it('backup writes a consistent copy that opens as a database, and refuses to overwrite', () => {
    const cwd = emptyFolder();
    expect(spawnSync(binary, ['migrate'], { cwd, env: cleanEnv(), encoding: 'utf8' }).status).toBe(0);
    const first = spawnSync(binary, ['backup', 'backups/copy.db'], { cwd, env: cleanEnv(), encoding: 'utf8' });
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/^backed up \.\/data\/fantasy\.db to backups\/copy\.db \(\d+ bytes\)/);
    const migrateCopy = spawnSync(binary, ['migrate', '--database', 'backups/copy.db'], { cwd, env: cleanEnv(), encoding: 'utf8' });
    expect(migrateCopy.stdout).toContain('applied 0 migration');
    const again = spawnSync(binary, ['backup', 'backups/copy.db'], { cwd, env: cleanEnv(), encoding: 'utf8' });
    expect(again.status).toBe(1);
    expect(again.stderr.trim()).toBe('fantasy: backups/copy.db already exists; choose a new file');
    const prune = spawnSync(binary, ['prune'], { cwd, env: cleanEnv(), encoding: 'utf8' });
    expect(prune.status).toBe(0);
    expect(prune.stdout).toMatch(/^pruned 0 view series, 0 cached answers, 0 rate-limit hits/);
  });

});
