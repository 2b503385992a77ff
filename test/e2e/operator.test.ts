/**
 * The operator's side of the built binary: progress lines on a pseudo-terminal (through
 * util-linux `script`) and JSON lines otherwise, `status` on a fresh deployment.
 * SQLite only: the progress lines are those of `backup` of the SQLite file, and `status` reads
 * the file (both refuse a databaseUrl, see postgres.test.ts). `/metrics`, off by default and
 * on its own loopback port when configured, is served on both engines: binary.test.ts.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { binary, embeddedNodeVersion } from '../support/served-binary';

function emptyFolder(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-e2e-ops-'));
}

function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, ...extra };
}

/** Runs the binary on a pseudo-terminal: what an operator at a shell sees. */
function onTerminal(cwd: string, args: string[]): { status: number | null; output: string } {
  const command = [binary, ...args].map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(' ');
  const result = spawnSync('script', ['-qfec', command, '/dev/null'], { cwd, env: cleanEnv({ TERM: 'xterm' }), encoding: 'utf8' });
  return { status: result.status, output: result.stdout };
}

describe('progress lines', () => {
  it('on a pseudo-terminal: one line rewritten in place, ended before the report', () => {
    const cwd = emptyFolder();
    expect(spawnSync(binary, ['migrate'], { cwd, env: cleanEnv() }).status).toBe(0);
    const { status, output } = onTerminal(cwd, ['backup', 'copy.db']);
    expect(status).toBe(0);
    expect(output).toMatch(/\r\x1b\[2Kbackup: (\d+)\/\1 pages \([\d.]+\/s, done\)\r?\n/);
    expect(output).toMatch(/backed up \.\/data\/fantasy\.db to copy\.db/);
    // nothing for a log collector on a terminal
    expect(output).not.toContain('"message":"progress"');
  });

  it('otherwise: JSON log lines on stderr, the report alone on stdout', () => {
    const cwd = emptyFolder();
    expect(spawnSync(binary, ['migrate'], { cwd, env: cleanEnv() }).status).toBe(0);
    const backup = spawnSync(binary, ['backup', 'copy.db'], { cwd, env: cleanEnv(), encoding: 'utf8' });
    expect(backup.status).toBe(0);
    expect(backup.stdout).toMatch(/^backed up .* bytes\)\n$/);
    const lines = backup.stderr.trim().split('\n').map((line) => JSON.parse(line));
    const progress = lines.filter((line) => line.message === 'progress');
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress.at(-1)).toMatchObject({ level: 'info', job: 'backup', unit: 'pages' });
    expect(progress.at(-1).done).toBe(progress.at(-1).total);
    expect(backup.stderr).not.toContain('\r');

    const settle = spawnSync(binary, ['settle'], { cwd, env: cleanEnv(), encoding: 'utf8' });
    expect(settle.status).toBe(0);
    expect(settle.stderr).toContain('"message":"progress","job":"settle"');
  });
});

describe('status of the built binary', () => {
  it('status on a fresh deployment: nothing needs the operator (exit 0)', () => {
    const cwd = emptyFolder();
    expect(spawnSync(binary, ['status'], { cwd, env: cleanEnv(), encoding: 'utf8' }).status).toBe(1);
    expect(spawnSync(binary, ['migrate'], { cwd, env: cleanEnv() }).status).toBe(0);
    const status = spawnSync(binary, ['status'], { cwd, env: cleanEnv(), encoding: 'utf8' });
    expect(status.status).toBe(0);
    expect(status.stdout.startsWith(`fantasy 1.0.0 (node ${embeddedNodeVersion}) · database ./data/fantasy.db (`)).toBe(true);
    expect(status.stdout).toContain('Nothing needs you.');
  });
});
