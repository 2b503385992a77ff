/**
 * The built single executable, started the way an operator starts it: in an empty folder,
 * on its embedded defaults, over real HTTP. `npm test` builds it first.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const binary = path.resolve(__dirname, '../../dist/fantasy');
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function emptyFolder(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-e2e-'));
}

/** The environment of a fresh shell: nothing of ours leaks in. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...extra };
  return env;
}

async function startServe(cwd: string, args: string[] = [], env: Record<string, string> = {}) {
  const child = spawn(binary, ['serve', '--port', '0', ...args], { cwd, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearInterval(timer);
        resolve(match[1]);
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`serve exited ${child.exitCode}: ${output}`));
      }
    }, 20);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, url, output: () => output, exited };
}

describe('dist/fantasy', () => {
  it('exists: npm test builds it before running the tests', () => {
    expect(fs.existsSync(binary)).toBe(true);
  });

  it('serves on its defaults from an empty folder: register, read the session, stop cleanly', async () => {
    const cwd = emptyFolder();
    const server = await startServe(cwd);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const root = await fetch(`${server.url}/`);
    expect(await root.json()).toEqual({ resolved_url: 'http://localhost:8787', FRONTEND_URL: 'localhost:8787' });

    const register = await fetch(`${server.url}/auth/password/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:8787' },
      body: JSON.stringify({ username: 'e2e_player', password: 'pass phrase' }),
    });
    expect(register.status).toBe(201);
    expect(await register.json()).toEqual({ isNew: true });
    const cookie = register.headers.getSetCookie()[0].split(';')[0];

    const session = await fetch(`${server.url}/api/v1/session`, { headers: { cookie } });
    expect(session.status).toBe(200);
    expect(await session.json()).toMatchObject({ sub: 'password:e2e_player', name: 'e2e_player', features: { articleGenie: false } });

    const broken = await fetch(`${server.url}/auth/password/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:8787' },
      body: '{"username":',
    });
    expect(broken.status).toBe(400);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(fs.existsSync(path.join(cwd, 'data', 'fantasy.db'))).toBe(true);
    // Every log line is one JSON object, and the generated secret is never printed.
    const lines = server.output().trim().split('\n').filter((l) => !l.startsWith('fantasy listening'));
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(server.output()).not.toContain(cookie.split('=')[1]);
  }, 60_000);

  it('keeps sessions across a restart with the secret it generated', async () => {
    const cwd = emptyFolder();
    const first = await startServe(cwd);
    const register = await fetch(`${first.url}/auth/password/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:8787' },
      body: JSON.stringify({ username: 'stays', password: 'x' }),
    });
    const cookie = register.headers.getSetCookie()[0].split(';')[0];
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    const second = await startServe(cwd);
    expect(second.output()).not.toContain('generated');
    const player = await fetch(`${second.url}/api/v1/player`, { headers: { cookie } });
    expect(player.status).toBe(200);
    second.child.kill('SIGTERM');
    await second.exited;
  }, 60_000);

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

  it('stops at start with one line naming a bad configuration key (exit 1), and bad usage is exit 2', () => {
    const cwd = emptyFolder();
    fs.writeFileSync(path.join(cwd, 'fantasy.config.json'), JSON.stringify({ prot: 8787 }));
    const bad = spawnSync(binary, ['serve'], { cwd, env: cleanEnv(), encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr.trim()).toBe('fantasy: configuration key prot: unknown key');
    const badEnv = spawnSync(binary, ['migrate'], { cwd: emptyFolder(), env: cleanEnv({ FANTASY_PORT: 'x' }), encoding: 'utf8' });
    expect(badEnv.status).toBe(1);
    expect(badEnv.stderr.trim().split('\n')).toHaveLength(1);
    const usage = spawnSync(binary, ['no-such-verb'], { cwd, env: cleanEnv(), encoding: 'utf8' });
    expect(usage.status).toBe(2);
    const version = spawnSync(binary, ['--version'], { cwd, env: cleanEnv(), encoding: 'utf8' });
    expect({ status: version.status, stdout: version.stdout.trim() }).toEqual({ status: 0, stdout: '1.0.0' });
    const secret = spawnSync(binary, ['serve'], { cwd: emptyFolder(), env: cleanEnv({ FANTASY_SIGNING_SECRET: 'short-secret-value' }), encoding: 'utf8' });
    expect(secret.status).toBe(1);
    expect(secret.stderr).not.toContain('short-secret-value');
  });
});
