/**
 * The operator's side of the built binary: progress lines on a pseudo-terminal (through
 * util-linux `script`) and JSON lines otherwise, `/metrics` off by default and on its own
 * loopback port when configured, `status` on a fresh deployment.
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { binary, serveBinary } from '../support/served-binary';
import { parsePrometheusText } from '../support/prometheus';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

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

async function serve(cwd: string, env: Record<string, string> = {}) {
  const served = await serveBinary(cwd, cleanEnv(env));
  children.push(served.child);
  return served;
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

describe('metrics and status of the built binary', () => {
  it('/metrics is unreachable when not configured', async () => {
    const server = await serve(emptyFolder());
    const metrics = await fetch(`${server.url}/metrics`);
    expect(metrics.status).toBe(404);
    expect(await metrics.json()).toEqual({ error: 'NOT_FOUND' });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('with metrics.port: served on loopback, counting the main listener’s requests', async () => {
    const server = await serve(emptyFolder(), { FANTASY_METRICS_PORT: '0' });
    expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    // the main listener still has no /metrics (no token configured)
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    await fetch(`${server.url}/api/v1/session`);
    const text = await (await fetch(server.metricsUrl!)).text();
    const { samples } = parsePrometheusText(text);
    expect(samples).toContainEqual({ name: 'fantasy_http_requests_total', labels: { method: 'GET', route: '/api/v1/session', status: '401' }, value: 1 });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('status on a fresh deployment: nothing needs the operator (exit 0)', () => {
    const cwd = emptyFolder();
    expect(spawnSync(binary, ['status'], { cwd, env: cleanEnv(), encoding: 'utf8' }).status).toBe(1);
    expect(spawnSync(binary, ['migrate'], { cwd, env: cleanEnv() }).status).toBe(0);
    const status = spawnSync(binary, ['status'], { cwd, env: cleanEnv(), encoding: 'utf8' });
    expect(status.status).toBe(0);
    expect(status.stdout).toMatch(/^fantasy \d+\.\d+\.\d+ · database \.\/data\/fantasy\.db \(/);
    expect(status.stdout).toContain('Nothing needs you.');
  });
});
