/**
 * The built single executable, started the way an operator starts it: in an empty folder,
 * on its embedded defaults, over real HTTP. `npm test` builds it first.
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import BetterSqlite3 from 'better-sqlite3';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { binary, serveBinary } from '../support/served-binary';

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
  const served = await serveBinary(cwd, cleanEnv(env), args);
  children.push(served.child);
  return served;
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
    // one line per request, in order, named by route template; the last line before exit is kept
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = logged.filter((line) => line.message === 'request').map(({ method, route, status }) => ({ method, route, status }));
    expect(requests).toEqual([
      { method: 'GET', route: '/', status: 200 },
      { method: 'POST', route: '/auth/password/register', status: 201 },
      { method: 'GET', route: '/api/v1/session', status: 200 },
      { method: 'POST', route: '/auth/password/login', status: 400 },
    ]);
    expect(logged.at(-1)).toMatchObject({ level: 'info', message: 'shutting down', signal: 'SIGTERM' });
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

  it('prints the OpenAPI document it serves at /openapi.json, without a database', async () => {
    const cwd = emptyFolder();
    const printed = spawnSync(binary, ['openapi'], { cwd, env: cleanEnv(), encoding: 'utf8' });
    expect(printed.status).toBe(0);
    expect(fs.readdirSync(cwd)).toEqual([]);
    const server = await startServe(emptyFolder());
    const served = await fetch(`${server.url}/openapi.json`);
    expect(served.status).toBe(200);
    expect(await served.json()).toEqual(JSON.parse(printed.stdout));
    server.child.kill('SIGTERM');
    await server.exited;
  });

  it('the address serve prints is one a browser can sign in at, and another site cannot write through it', async () => {
    const server = await startServe(emptyFolder());
    try {
      // a browser that opened the printed address sends it as its Origin
      const register = await fetch(`${server.url}/auth/password/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ username: 'printed', password: 'pw' }),
      });
      expect(register.status).toBe(201);
      const cookie = register.headers.getSetCookie()[0].split(';')[0];
      const foreign = await fetch(`${server.url}/api/v1/leagues`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', origin: 'http://localhost:3000', cookie },
        body: JSON.stringify({ name: 'Hijacked' }),
      });
      expect({ status: foreign.status, body: await foreign.json() }).toEqual({ status: 403, body: { error: 'FORBIDDEN_ORIGIN' } });
      const signOut = await fetch(`${server.url}/api/v1/session`, { method: 'DELETE', headers: { origin: server.url, cookie } });
      expect(signOut.status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 60_000);

  it('signs in with PBKDF2 and argon2id records (the argon2 addon travels inside the binary)', async () => {
    const cwd = emptyFolder();
    const call = (url: string, route: string, username: string) =>
      fetch(`${url}/auth/password/${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:8787' },
        body: JSON.stringify({ username, password: 'pass phrase' }),
      });
    const records = () => {
      const db = new BetterSqlite3(path.join(cwd, 'data', 'fantasy.db'), { readonly: true });
      try {
        return (db.prepare('SELECT record FROM password_credentials').all() as { record: string }[]).map((row) => row.record);
      } finally {
        db.close();
      }
    };    const first = await startServe(cwd);
    expect((await call(first.url, 'register', 'by_pbkdf2')).status).toBe(201);
    first.child.kill('SIGTERM');
    await first.exited;

    const second = await startServe(cwd, [], { FANTASY_PASSWORDS_ALGORITHM: 'argon2id' });
    try {
      expect((await call(second.url, 'register', 'by_argon')).status).toBe(201);
      expect((await call(second.url, 'login', 'by_argon')).status).toBe(200);
      // the PBKDF2 record verifies, then is rewritten as argon2id, which verifies in turn
      expect((await call(second.url, 'login', 'by_pbkdf2')).status).toBe(200);
      expect((await call(second.url, 'login', 'by_pbkdf2')).status).toBe(200);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
    const stored = records();
    expect(stored).toHaveLength(2);
    for (const record of stored) expect(record).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  }, 60_000);

  it('answers what Node refuses before routing in the error shape', async () => {
    const server = await startServe(emptyFolder());
    const { port } = new URL(server.url);
    /** Sends raw bytes and reads the whole answer (Node closes the connection after these). */
    const raw = (bytes: string) =>
      new Promise<{ status: number; type: string; body: unknown }>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1');
        let text = '';
        socket.setEncoding('latin1');
        socket.on('data', (chunk) => (text += chunk));
        socket.on('error', reject);
        socket.on('close', () => {
          const [head, body] = text.split('\r\n\r\n');
          resolve({
            status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]),
            type: /content-type: ([^\r]+)/i.exec(head)?.[1] ?? '',
            body: body ? JSON.parse(body) : undefined,
          });
        });
        socket.write(bytes);
      });
    try {
      expect(await raw('BREW /coffee HTTP/1.1\r\nHost: x\r\n\r\n')).toEqual({ status: 400, type: 'application/json', body: { error: 'MALFORMED_REQUEST' } });
      expect(await raw(`GET / HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`)).toEqual({
        status: 431,
        type: 'application/json',
        body: { error: 'HEADERS_TOO_LARGE' },
      });
      expect(await raw('POST /api/v1/leagues HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n')).toEqual({
        status: 400,
        type: 'application/json',
        body: { error: 'MALFORMED_REQUEST' },
      });
      expect(await raw('GET / HTTP/1.1\r\nHost: x\r\nA header without a colon\r\n\r\n')).toEqual({
        status: 400,
        type: 'application/json',
        body: { error: 'MALFORMED_REQUEST' },
      });
      // and the server is still up
      expect((await fetch(`${server.url}/`)).status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    const refusals = server.output().split('\n').filter((line) => line.includes('refused by the parser'));
    expect(refusals).toHaveLength(4);
  }, 60_000);
});
