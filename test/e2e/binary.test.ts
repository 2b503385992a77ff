/**
 * The built single executable, started the way an operator starts it: in an empty folder,
 * on its embedded defaults, over real HTTP. `npm test` builds it first.
 * Runs on the engine of the run (test/support/e2e-database.ts): in the `sqlite` project on the
 * default file in that folder, in the `postgres` project on an empty database of its own per
 * test, named by FANTASY_DATABASE_URL. What is about SQLite's file itself (migrating a file,
 * backup) is in sqlite-file.test.ts.
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { SignJWT } from 'jose';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { binary, embeddedNodeVersion, register, serveBinary } from '../support/served-binary';
import { e2eDatabase, type E2eDatabase } from '../support/e2e-database';
import { TEST_STORE } from '../support/test-store';
import { parsePrometheusText } from '../support/prometheus';

const children: ChildProcess[] = [];
const databases: E2eDatabase[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const database of databases.splice(0)) await database.close();
});

function emptyFolder(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-e2e-'));
}

/** A deployment nothing has run in yet: an empty folder and the database the run's engine gives it. */
async function deployment(): Promise<{ cwd: string; database: E2eDatabase }> {
  const cwd = emptyFolder();
  const database = await e2eDatabase(cwd);
  databases.push(database);
  return { cwd, database };
}

/** The environment of a fresh shell: nothing of ours leaks in. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...extra };
  return env;
}

async function startServe(at: { cwd: string; database: E2eDatabase }, args: string[] = [], env: Record<string, string> = {}) {
  const served = await serveBinary(at.cwd, cleanEnv({ ...at.database.env, ...env }), args);
  children.push(served.child);
  // it serves from the database the run's engine gave this test: it seeded the Global League there
  expect(await at.database.rows(`SELECT id FROM leagues WHERE id = 'global'`)).toEqual([{ id: 'global' }]);
  return served;
}

/** `serve` on a new deployment, without the daily jobs. */
async function serve(env: Record<string, string> = {}) {
  return startServe(await deployment(), [], { FANTASY_SCHEDULER: 'false', ...env });
}

describe('dist/fantasy', () => {
  it('exists: npm test builds it before running the tests', () => {
    expect(fs.existsSync(binary)).toBe(true);
  });

  it('runs on the pinned Node.js LTS runtime, not the build machine’s node, and says so', () => {
    // Node 24 is the LTS line supported to 2028-04-30; 20 (the development machines' node) has ended
    expect(embeddedNodeVersion).toMatch(/^v24\.\d+\.\d+$/);
    const version = spawnSync(binary, ['--version'], { env: cleanEnv(), encoding: 'utf8' });
    expect({ status: version.status, stdout: version.stdout }).toEqual({ status: 0, stdout: `1.0.0 (node ${embeddedNodeVersion})\n` });
  });

  it('serves on its defaults from an empty folder: register, read the session, stop cleanly', async () => {
    const at = await deployment();
    const server = await startServe(at);
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
    // the player is in the database (on SQLite: the default file ./data/fantasy.db)
    expect(await at.database.rows(`SELECT subject FROM players WHERE subject LIKE 'password:%'`)).toEqual([{ subject: 'password:e2e_player' }]);
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
    // The start's catch-up jobs may still be running at SIGTERM: they finish, but none starts after it.
    const shutdown = logged.findIndex((line) => line.message === 'shutting down');
    expect(logged[shutdown]).toMatchObject({ level: 'info', signal: 'SIGTERM' });
    expect(logged.slice(shutdown + 1).filter((line) => line.message !== 'job finished')).toEqual([]);
  }, 60_000);

  it('logLevel warn (FANTASY_LOG_LEVEL) keeps the request lines out; an unknown level stops the start', async () => {
    const server = await serve({ FANTASY_LOG_LEVEL: 'warn' });
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/v1/session`)).status).toBe(401);
    expect(await server.stop()).toBe(0);
    const logged = server
      .output()
      .trim()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: string; message: string });
    // the start's warning about the default user agent is a warning: it stays
    expect(logged.map(({ level, message }) => `${level} ${message}`)).toEqual([expect.stringMatching(/^warn encyclopedia\.userAgent is the built-in default/)]);

    const bad = spawnSync(binary, ['serve', '--port', '0'], { cwd: emptyFolder(), env: cleanEnv({ FANTASY_LOG_LEVEL: 'verbose' }), encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^fantasy: configuration key logLevel: /);
  }, 60_000);

  it('keeps sessions across a restart with the secret it generated', async () => {
    const at = await deployment();
    const first = await startServe(at);
    const register = await fetch(`${first.url}/auth/password/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:8787' },
      body: JSON.stringify({ username: 'stays', password: 'x' }),
    });
    const cookie = register.headers.getSetCookie()[0].split(';')[0];
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    const second = await startServe(at);
    expect(second.output()).not.toContain('generated');
    const player = await fetch(`${second.url}/api/v1/player`, { headers: { cookie } });
    expect(player.status).toBe(200);
    second.child.kill('SIGTERM');
    await second.exited;
  }, 60_000);

  it('stops at start with one line naming a bad configuration key (exit 1), and bad usage is exit 2', async () => {
    const { cwd, database } = await deployment();
    // the run's database selected too: a bad key stops every verb before it connects
    const shell = (extra: Record<string, string> = {}) => cleanEnv({ ...database.env, ...extra });
    fs.writeFileSync(path.join(cwd, 'fantasy.config.json'), JSON.stringify({ prot: 8787 }));
    const bad = spawnSync(binary, ['serve'], { cwd, env: shell(), encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr.trim()).toBe('fantasy: configuration key prot: unknown key');
    const badEnv = spawnSync(binary, ['migrate'], { cwd: emptyFolder(), env: shell({ FANTASY_PORT: 'x' }), encoding: 'utf8' });
    expect(badEnv.status).toBe(1);
    expect(badEnv.stderr.trim().split('\n')).toHaveLength(1);
    const usage = spawnSync(binary, ['no-such-verb'], { cwd, env: shell(), encoding: 'utf8' });
    expect(usage.status).toBe(2);
    const version = spawnSync(binary, ['--version'], { cwd, env: shell(), encoding: 'utf8' });
    expect({ status: version.status, stdout: version.stdout.trim() }).toEqual({ status: 0, stdout: `1.0.0 (node ${embeddedNodeVersion})` });
    const secret = spawnSync(binary, ['serve'], { cwd: emptyFolder(), env: shell({ FANTASY_SIGNING_SECRET: 'short-secret-value' }), encoding: 'utf8' });
    expect(secret.status).toBe(1);
    expect(secret.stderr).not.toContain('short-secret-value');
  });

  it('migrates from the migrations it carries, once, and leaves nothing in its temporary folder', async () => {
    const { cwd, database } = await deployment();
    // drizzle's migrator reads a folder: the binary writes its embedded copy there and removes it
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-e2e-tmp-'));
    const folder = TEST_STORE === 'postgres' ? 'migrations-postgres' : 'migrations';
    const journal = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../..', folder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const migrate = () => spawnSync(binary, ['migrate'], { cwd, env: cleanEnv({ ...database.env, TMPDIR: tmp }), encoding: 'utf8' });
    const first = migrate();
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain(`applied ${journal.entries.length} migration(s)`);
    const again = migrate();
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain('applied 0 migration(s)');
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  it('prints the OpenAPI document it serves at /openapi.json, without a database', async () => {
    const at = await deployment();
    const printed = spawnSync(binary, ['openapi'], { cwd: at.cwd, env: cleanEnv(at.database.env), encoding: 'utf8' });
    expect(printed.status).toBe(0);
    expect(fs.readdirSync(at.cwd)).toEqual([]);
    const server = await startServe(at);
    const served = await fetch(`${server.url}/openapi.json`);
    expect(served.status).toBe(200);
    expect(await served.json()).toEqual(JSON.parse(printed.stdout));
    server.child.kill('SIGTERM');
    await server.exited;
  });

  it('the address serve prints is one a browser can sign in at, and another site cannot write through it', async () => {
    const server = await startServe(await deployment());
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
    const at = await deployment();
    const call = (url: string, route: string, username: string) =>
      fetch(`${url}/auth/password/${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:8787' },
        body: JSON.stringify({ username, password: 'pass phrase' }),
      });
    const records = async () => (await at.database.rows<{ record: string }>('SELECT record FROM password_credentials')).map((row) => row.record);
    const first = await startServe(at);
    expect((await call(first.url, 'register', 'by_pbkdf2')).status).toBe(201);
    first.child.kill('SIGTERM');
    await first.exited;

    const second = await startServe(at, [], { FANTASY_PASSWORDS_ALGORITHM: 'argon2id' });
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
    const stored = await records();
    expect(stored).toHaveLength(2);
    for (const record of stored) expect(record).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  }, 60_000);

  it('answers what Node refuses before routing in the error shape', async () => {
    const server = await startServe(await deployment());
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

describe('a fresh start has a league to join', () => {
  it('serve seeds the Global League: the first player joins it at once', async () => {
    const server = await serve();
    const cookie = await register(server.url, 'first_player');
    const joined = await fetch(`${server.url}/api/v1/leagues/global/my-team`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: new URL(server.url).origin },
      body: JSON.stringify({ name: 'First Readers' }),
    });
    expect(joined.status).toBe(201);
    expect(await joined.json()).toMatchObject({ name: 'First Readers', credits: 1000 });
    await server.stop();
  }, 60_000);


  it('seed-global on a new deployment creates the Global League once; again, and serve after it, change nothing', async () => {
    const at = await deployment();
    const seed = () => spawnSync(binary, ['seed-global'], { cwd: at.cwd, env: cleanEnv(at.database.env), encoding: 'utf8' });
    const first = seed();
    expect({ status: first.status, stderr: first.stderr }).toEqual({ status: 0, stderr: '' });
    expect(first.stdout).toMatch(/^created the Global League: id global, "Global League", domain en, L=[\d.]+/);
    expect(seed().stdout).toMatch(/^the Global League already exists, nothing changed: id global, "Global League", domain en/);
    const server = await startServe(at, [], { FANTASY_SCHEDULER: 'false' });
    const cookie = await register(server.url, 'seeded_player');
    const leagues = await (await fetch(`${server.url}/api/v1/leagues/global`, { headers: { cookie } })).json();
    expect(leagues).toMatchObject({ id: 'global', title: 'Global League', domain: 'en' });
    await server.stop();
    expect(await at.database.rows('SELECT id, name FROM leagues')).toEqual([{ id: 'global', name: 'Global League' }]);
  }, 60_000);
});

/** One request written by hand: Node's client would add the Host and refuse odd Expect values. */
function rawExchange(url: string, request: string): Promise<{ status: number; body: unknown }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.end(request));
    let text = '';
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, body] = [text.slice(0, text.indexOf('\r\n\r\n')), text.slice(text.indexOf('\r\n\r\n') + 4)];
      resolve({ status: Number(head.split(' ')[1]), body: JSON.parse(body) });
    });
  });
}

describe('the binary refuses what Node and look-alikes would let through', () => {
  const SECRET = 'bad-day-signing-secret-long-enough-0123456789';

  it('an unknown Expect and a request without Host answer in the error shape', async () => {
    const server = await serve();
    const expectation = await rawExchange(server.url, 'POST /auth/password/login HTTP/1.1\r\nHost: x\r\nExpect: foo\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}');
    const hostless = await rawExchange(server.url, 'GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect([expectation, hostless]).toEqual([
      { status: 417, body: { error: 'EXPECTATION_FAILED' } },
      { status: 400, body: { error: 'MALFORMED_REQUEST' } },
    ]);
    await server.stop();
  }, 60_000);

  it('look-alike team names are the same name, and invisible characters are refused', async () => {
    const server = await serve();
    const join = async (username: string, name: string) => {
      const cookie = await register(server.url, username);
      const response = await fetch(`${server.url}/api/v1/leagues/global/my-team`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', origin: new URL(server.url).origin },
        body: JSON.stringify({ name }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect((await join('founder_one', 'Founders 1')).status).toBe(201);
    expect(await join('cyrillic_o', 'F\u043eunders 1')).toEqual({ status: 400, body: { error: 'NAME_TAKEN' } });
    expect(await join('zero_width', 'Founders\u200b 1')).toEqual({ status: 400, body: { error: 'TEAM_NAME_LENGTH' } });
    await server.stop();
  }, 60_000);

  it('a session token signed with the real secret needs an end and a past issue time', async () => {
    const server = await serve({ FANTASY_SIGNING_SECRET: SECRET });
    const cookie = await register(server.url, 'token_owner');
    const session = async (cookieHeader: string) => (await fetch(`${server.url}/api/v1/session`, { headers: { cookie: cookieHeader } })).status;
    const { sub } = (await (await fetch(`${server.url}/api/v1/session`, { headers: { cookie } })).json()) as { sub: string };
    const now = Math.floor(Date.now() / 1000);
    const signed = async (times: { iat?: number; exp?: number }) => {
      let jwt = new SignJWT({ name: 'token_owner' }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(sub);
      if (times.iat !== undefined) jwt = jwt.setIssuedAt(times.iat);
      if (times.exp !== undefined) jwt = jwt.setExpirationTime(times.exp);
      return `session_token=${await jwt.sign(new TextEncoder().encode(SECRET))}`;
    };
    expect({
      own: await session(cookie),
      // issued now: one issued before the account's password was set would be ended by it
      handMade: await session(await signed({ iat: now, exp: now + 3_600 })),
      noExp: await session(await signed({ iat: now - 60 })),
      futureIat: await session(await signed({ iat: now + 86_400, exp: now + 2 * 86_400 })),
      tooOld: await session(await signed({ iat: now - 8 * 86_400, exp: now + 365 * 86_400 })),
    }).toEqual({ own: 200, handMade: 200, noExp: 401, futureIat: 401, tooOld: 401 });
    await server.stop();
  }, 60_000);
});

describe('metrics of the built binary', () => {
  it('/metrics is unreachable when not configured', async () => {
    const server = await serve();
    const metrics = await fetch(`${server.url}/metrics`);
    expect(metrics.status).toBe(404);
    expect(await metrics.json()).toEqual({ error: 'NOT_FOUND' });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('with metrics.port: served on loopback, counting the main listener’s requests', async () => {
    const server = await serve({ FANTASY_METRICS_PORT: '0' });
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
});
