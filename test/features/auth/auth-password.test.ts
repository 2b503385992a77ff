import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, TEST_FRONTEND, TEST_PASSWORD_COST, type TestApp } from '../../support/app';
import { scenarioTable } from '../../support/scenarios';
import { PasswordHasher, PRODUCTION_PASSWORD_COST } from '../../../src/features/auth/password-hashing';
import { writeTransaction } from '../../../src/platform/db/database';
import { tablesOf } from '../../../src/platform/db/dialect';

const origin = { origin: TEST_FRONTEND };

async function withAccount(name = 'alice', password = 'correct horse', passwordCost = TEST_PASSWORD_COST) {
  const app = await createTestApp({ passwordCost });
  const created = await app.call('POST', '/auth/password/register', { body: { username: name, password }, headers: origin });
  expect(created.status).toBe(201);
  return { app, world: { cookie: created.headers.get('set-cookie') ?? '' } };
}

function sessionCookieOf(result: { headers: Headers }): string {
  const cookie = result.headers.getSetCookie().find((c) => c.startsWith('session_token='));
  expect(cookie).toBeDefined();
  return cookie!.split(';')[0];
}

describe('POST /auth/password/register', () => {
  scenarioTable(async () => ({ app: await createTestApp(), world: {} }), [
    { name: 'creates the account and player', method: 'POST', path: '/auth/password/register', headers: origin, body: { username: 'alice', password: 'pw' }, status: 201, expect: { isNew: true }, exact: true },
    { name: 'an empty password is allowed', method: 'POST', path: '/auth/password/register', headers: origin, body: { username: 'bob_1-x', password: '' }, status: 201 },
    { name: '200-character password is allowed', method: 'POST', path: '/auth/password/register', headers: origin, body: { username: 'carol', password: 'p'.repeat(200) }, status: 201 },
    { name: '201-character password', method: 'POST', path: '/auth/password/register', headers: origin, body: { username: 'carol', password: 'p'.repeat(201) }, status: 400, expect: { error: 'PASSWORD_TOO_LONG' }, exact: true },
    { name: 'username of 2 characters', method: 'POST', path: '/auth/password/register', headers: origin, body: { username: 'ab', password: 'pw' }, status: 400, expect: { error: 'USERNAME_INVALID' }, exact: true },
    { name: 'username of 31 characters', method: 'POST', path: '/auth/password/register', headers: origin, body: { username: 'a'.repeat(31), password: 'pw' }, status: 400, expect: { error: 'USERNAME_INVALID' } },
    { name: 'username of 30 characters', method: 'POST', path: '/auth/password/register', headers: origin, body: { username: 'a'.repeat(30), password: 'pw' }, status: 201 },
    { name: 'username outside [A-Za-z0-9_-]', method: 'POST', path: '/auth/password/register', headers: origin, body: { username: 'ana silva', password: 'pw' }, status: 400, expect: { error: 'USERNAME_INVALID' } },
    { name: 'username missing', method: 'POST', path: '/auth/password/register', headers: origin, body: { password: 'pw' }, status: 400, expect: { error: 'USERNAME_INVALID' } },
    { name: 'password not a string', method: 'POST', path: '/auth/password/register', headers: origin, body: { username: 'alice', password: 42 }, status: 400, expect: { error: 'INVALID_REQUEST' } },
    { name: 'body is not an object', method: 'POST', path: '/auth/password/register', headers: origin, body: ['alice'], status: 400, expect: { error: 'USERNAME_INVALID' } },
    { name: 'malformed JSON', method: 'POST', path: '/auth/password/register', headers: origin, rawBody: '{"username": "alice",', status: 400, expect: { error: 'MALFORMED_JSON' }, exact: true },
    { name: 'no Origin header', method: 'POST', path: '/auth/password/register', body: { username: 'alice', password: 'pw' }, status: 403, expect: { error: 'FORBIDDEN_ORIGIN' } },
    { name: 'another Origin', method: 'POST', path: '/auth/password/register', headers: { origin: 'https://evil.example' }, body: { username: 'alice', password: 'pw' }, status: 403, expect: { error: 'FORBIDDEN_ORIGIN' } },
    {
      name: 'body over 4 KB is 413 in plain text',
      method: 'POST',
      path: '/auth/password/register',
      headers: origin,
      body: { username: 'alice', password: 'p', padding: 'x'.repeat(4100) },
      status: 413,
      expect: (result) => {
        expect(result.headers.get('content-type')).toMatch(/^text\/plain/);
        expect(result.body).toBeUndefined();
      },
    },
  ]);

  it('sets the session cookie that /api/v1/session accepts', async () => {
    const app = await createTestApp();
    try {
      const result = await app.call('POST', '/auth/password/register', { body: { username: 'alice', password: 'pw' }, headers: origin });
      const raw = result.headers.getSetCookie().join('\n');
      expect(raw).toMatch(/session_token=[^;]+; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax/);
      expect(raw).not.toMatch(/Secure/);
      const session = await app.call('GET', '/api/v1/session', { headers: { cookie: sessionCookieOf(result) } });
      expect(session.status).toBe(200);
      expect(session.body).toEqual({ sub: 'password:alice', email: '', name: 'alice', picture: '', features: { articleGenie: false } });
      const player = await app.call('GET', '/api/v1/player', { headers: { cookie: sessionCookieOf(result) } });
      expect(player.body).toEqual({ id: expect.stringMatching(/^pl_/), name: 'alice' });
    } finally {
      await app.close();
    }
  });

  it('marks the cookie Secure when the frontend is served over https', async () => {
    const app = await createTestApp({ config: { frontendUrl: 'https://fantasy.example' } });
    try {
      const result = await app.call('POST', '/auth/password/register', {
        body: { username: 'alice', password: 'pw' },
        headers: { origin: 'https://fantasy.example' },
      });
      expect(result.status).toBe(201);
      expect(result.headers.getSetCookie().join('\n')).toMatch(/HttpOnly; Secure; SameSite=Lax/);
    } finally {
      await app.close();
    }
  });

  it('refuses a username already taken, whatever its case, and by an identity-provider player', async () => {
    const { app } = await withAccount('alice');
    try {
      const again = await app.call('POST', '/auth/password/register', { body: { username: 'ALICE', password: 'x' }, headers: origin });
      expect(again).toMatchObject({ status: 409, body: { error: 'USERNAME_TAKEN' } });
      const idpPlayer = await app.player('ana_silva');
      expect(idpPlayer.id).toBeTruthy();
      const clash = await app.call('POST', '/auth/password/register', { body: { username: 'Ana_Silva', password: 'x' }, headers: origin });
      expect(clash).toMatchObject({ status: 409, body: { error: 'USERNAME_TAKEN' } });
    } finally {
      await app.close();
    }
  });

  it('lets exactly one of two simultaneous registrations of a name win', async () => {
    const app = await createTestApp();
    try {
      const results = await Promise.all(
        [1, 2].map(() => app.call('POST', '/auth/password/register', { body: { username: 'twin', password: 'pw' }, headers: origin })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    } finally {
      await app.close();
    }
  });

  it('answers 500 and creates nothing when there is no signing secret', async () => {
    const app = await createTestApp({ config: { signingSecret: '' } });
    try {
      const result = await app.call('POST', '/auth/password/register', { body: { username: 'alice', password: 'pw' }, headers: origin });
      expect(result).toMatchObject({ status: 500, body: { error: 'SIGNING_SECRET_MISSING' } });
      const after = await app.call('POST', '/auth/password/login', { body: { username: 'alice', password: 'pw' }, headers: origin });
      expect(after.status).toBe(401);
    } finally {
      await app.close();
    }
  });
});

describe('POST /auth/password/login', () => {
  scenarioTable(() => withAccount('alice', 'correct horse'), [
    { name: 'right password', method: 'POST', path: '/auth/password/login', headers: origin, body: { username: 'alice', password: 'correct horse' }, status: 200, expect: { isNew: false }, exact: true },
    { name: 'username is case-insensitive', method: 'POST', path: '/auth/password/login', headers: origin, body: { username: 'Alice', password: 'correct horse' }, status: 200 },
    { name: 'wrong password', method: 'POST', path: '/auth/password/login', headers: origin, body: { username: 'alice', password: 'wrong' }, status: 401, expect: { error: 'INVALID_CREDENTIALS' }, exact: true },
    { name: 'unknown username answers the same', method: 'POST', path: '/auth/password/login', headers: origin, body: { username: 'nobody', password: 'correct horse' }, status: 401, expect: { error: 'INVALID_CREDENTIALS' }, exact: true },
    { name: 'invalid username', method: 'POST', path: '/auth/password/login', headers: origin, body: { username: 'a!', password: 'x' }, status: 400, expect: { error: 'USERNAME_INVALID' } },
    { name: 'password too long', method: 'POST', path: '/auth/password/login', headers: origin, body: { username: 'alice', password: 'x'.repeat(201) }, status: 400, expect: { error: 'PASSWORD_TOO_LONG' } },
    { name: 'malformed JSON', method: 'POST', path: '/auth/password/login', headers: origin, rawBody: 'not json', status: 400, expect: { error: 'MALFORMED_JSON' } },
    { name: 'wrong Origin', method: 'POST', path: '/auth/password/login', headers: { origin: 'http://localhost:9999' }, body: { username: 'alice', password: 'correct horse' }, status: 403 },
    { name: 'over 4 KB', method: 'POST', path: '/auth/password/login', headers: origin, rawBody: JSON.stringify({ username: 'alice', password: 'x', pad: 'y'.repeat(5000) }), status: 413 },
  ]);

  it('mints the same session as the registration did', async () => {
    const { app } = await withAccount('alice', 'pw');
    try {
      const login = await app.call('POST', '/auth/password/login', { body: { username: 'alice', password: 'pw' }, headers: origin });
      const session = await app.call('GET', '/api/v1/session', { headers: { cookie: sessionCookieOf(login) } });
      expect(session.body).toMatchObject({ sub: 'password:alice', name: 'alice' });
    } finally {
      await app.close();
    }
  });
});

describe('password sign-in switched off', () => {
  it.each(['/auth/password/register', '/auth/password/login'])('%s is absent: the 404 of an unknown route', async (path) => {
    const app: TestApp = await createTestApp({ config: { passwordSignIn: false } });
    try {
      const result = await app.call('POST', path, { body: { username: 'alice', password: 'pw' }, headers: origin });
      expect(result).toMatchObject({ status: 404, body: { error: 'NOT_FOUND' } });
    } finally {
      await app.close();
    }
  });
});

/** The stored credential record of a username, read straight from the store. */
async function recordOf(app: TestApp, username: string): Promise<string> {
  const { passwordCredentials, players } = tablesOf(app.ctx.db);
  const [row] = await app.ctx.db
    .select({ record: passwordCredentials.record })
    .from(passwordCredentials)
    .innerJoin(players, eq(players.id, passwordCredentials.playerId))
    .where(eq(players.usernameKey, username.toLowerCase()));
  return row!.record;
}

const fromAddress = (remoteAddress: string) => ({ remoteAddress, localPort: 8787 });

function register(app: TestApp, username: string, address = '203.0.113.7', headers: Record<string, string> = {}) {
  return app.call('POST', '/auth/password/register', { body: { username, password: 'pw' }, headers: { ...origin, ...headers }, connection: fromAddress(address) });
}

function login(app: TestApp, username: string, password: string, address = '203.0.113.7', headers: Record<string, string> = {}) {
  return app.call('POST', '/auth/password/login', { body: { username, password }, headers: { ...origin, ...headers }, connection: fromAddress(address) });
}

describe('account creation per address', () => {
  const limits = { registrationsPerAddress: 3, registrationWindowSeconds: 3600 };

  it('refuses the account past the limit with 429 REGISTRATION_RATE_LIMITED and Retry-After; nothing is created', async () => {
    const app = await createTestApp({ config: { limits } });
    try {
      for (const name of ['acct1', 'acct2', 'acct3']) expect((await register(app, name)).status).toBe(201);
      const refused = await register(app, 'acct4');
      expect(refused).toMatchObject({ status: 429, body: { error: 'REGISTRATION_RATE_LIMITED' } });
      expect(refused.headers.get('retry-after')).toBe('3600');
      expect(refused.headers.getSetCookie()).toEqual([]);
      expect((await login(app, 'acct4', 'pw')).status).toBe(401);
      // another address has its own budget, and the window frees this one
      expect((await register(app, 'acct5', '198.51.100.9')).status).toBe(201);
      app.clock.advance(3600_000);
      expect((await register(app, 'acct6')).status).toBe(201);
    } finally {
      await app.close();
    }
  });

  it('counts an IPv6 client by its /64: rotating the interface id buys nothing', async () => {
    const app = await createTestApp({ config: { limits } });
    try {
      for (const [i, address] of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:aaaa::3'].entries()) {
        expect((await register(app, `six${i}`, address)).status).toBe(201);
      }
      expect((await register(app, 'six9', '2001:db8:1:2:ffff:ffff:ffff:ffff')).status).toBe(429);
      expect((await register(app, 'other64', '2001:db8:1:3::1')).status).toBe(201);
    } finally {
      await app.close();
    }
  });

  it('behind a CDN in front of the reverse proxy (trustProxy: 2) counts the client the CDN saw, not the CDN', async () => {
    const app = await createTestApp({ config: { limits: { registrationsPerAddress: 1 }, trustProxy: 2 } });
    try {
      // one CDN edge (203.0.113.10) in front of Caddy (10.0.0.1), two visitors: each its own budget
      expect((await register(app, 'cdnA', '10.0.0.1', { 'x-forwarded-for': '198.51.100.1, 203.0.113.10' })).status).toBe(201);
      expect((await register(app, 'cdnB', '10.0.0.1', { 'x-forwarded-for': '198.51.100.2, 203.0.113.10' })).status).toBe(201);
      // the first visitor again, through another edge: the same client, its budget spent
      expect((await register(app, 'cdnA2', '10.0.0.1', { 'x-forwarded-for': '198.51.100.1, 203.0.113.99' })).status).toBe(429);
      // nor can it pick another address by prepending one
      expect((await register(app, 'cdnA3', '10.0.0.1', { 'x-forwarded-for': '192.0.2.5, 198.51.100.1, 203.0.113.10' })).status).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('trusts only the listed proxies: a request from elsewhere is counted by its own address', async () => {
    const app = await createTestApp({ config: { limits: { registrationsPerAddress: 1 }, trustProxy: ['10.0.0.0/8'] } });
    try {
      expect((await register(app, 'listA', '10.0.0.1', { 'x-forwarded-for': '198.51.100.1' })).status).toBe(201);
      expect((await register(app, 'listB', '10.9.9.9', { 'x-forwarded-for': '198.51.100.2' })).status).toBe(201);
      // a host outside the list sends the header itself: it names nobody but the host
      expect((await register(app, 'outside1', '192.0.2.7', { 'x-forwarded-for': '198.51.100.3' })).status).toBe(201);
      expect((await register(app, 'outside2', '192.0.2.7', { 'x-forwarded-for': '198.51.100.4' })).status).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('behind a trusted proxy counts the last X-Forwarded-For entry; without trustProxy the header is ignored', async () => {
    const proxied = await createTestApp({ config: { limits: { registrationsPerAddress: 1 }, trustProxy: true } });
    try {
      // same proxy socket, different clients: each gets its own budget
      expect((await register(proxied, 'viaA', '10.0.0.1', { 'x-forwarded-for': '198.51.100.1' })).status).toBe(201);
      expect((await register(proxied, 'viaB', '10.0.0.1', { 'x-forwarded-for': '198.51.100.2' })).status).toBe(201);
      // a client cannot pick its address by prepending entries: the proxy appended the real one last
      expect((await register(proxied, 'viaA2', '10.0.0.1', { 'x-forwarded-for': '192.0.2.99, 198.51.100.1' })).status).toBe(429);
    } finally {
      await proxied.close();
    }
    const direct = await createTestApp({ config: { limits: { registrationsPerAddress: 1 } } });
    try {
      expect((await register(direct, 'spoof1', '203.0.113.50', { 'x-forwarded-for': '198.51.100.1' })).status).toBe(201);
      expect((await register(direct, 'spoof2', '203.0.113.50', { 'x-forwarded-for': '198.51.100.2' })).status).toBe(429);
    } finally {
      await direct.close();
    }
  });
});

describe('sign-in throttling (growing delays after failures)', () => {
  it('per username: after the free failures each attempt waits 1 s, then 2 s, …; Retry-After says how long', async () => {
    const { app } = await withAccount('alice', 'right');
    const throttled = await createTestApp({ database: app.database, config: { limits: { loginFreeFailuresPerUsername: 2 } } });
    await app.close();
    try {
      expect((await login(throttled, 'alice', 'wrong1')).status).toBe(401);
      expect((await login(throttled, 'alice', 'wrong2')).status).toBe(401);
      // now even the right password waits: a guesser learns nothing from the answer
      const early = await login(throttled, 'alice', 'right');
      expect(early).toMatchObject({ status: 429, body: { error: 'LOGIN_THROTTLED' } });
      expect(early.headers.get('retry-after')).toBe('1');
      throttled.clock.advance(1000);
      expect((await login(throttled, 'ALICE', 'wrong3')).status).toBe(401);
      throttled.clock.advance(1000);
      const second = await login(throttled, 'alice', 'right');
      expect(second.status).toBe(429);
      expect(second.headers.get('retry-after')).toBe('1');
      throttled.clock.advance(1000);
      expect((await login(throttled, 'alice', 'right')).status).toBe(200);
      // a success forgives the username: the next mistake is a plain 401 again
      expect((await login(throttled, 'alice', 'wrong4')).status).toBe(401);
      expect((await login(throttled, 'alice', 'wrong5')).status).toBe(401);
    } finally {
      await throttled.close();
    }
  }, 30_000);

  it('guesses sent all at once are counted as they arrive, not after they fail', async () => {
    const { app } = await withAccount('alice', 'right');
    const throttled = await createTestApp({ database: app.database, config: { limits: { loginFreeFailuresPerUsername: 2 } } });
    await app.close();
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => login(throttled, 'alice', `guess${i}`)));
      expect(answers.map((a) => a.status).sort()).toEqual([401, 401, 429, 429, 429, 429]);
    } finally {
      await throttled.close();
    }
  }, 30_000);

  it('unknown usernames are throttled the same way (no tell between known and unknown)', async () => {
    const app = await createTestApp({ config: { limits: { loginFreeFailuresPerUsername: 1 } } });
    try {
      expect((await login(app, 'ghost', 'x')).status).toBe(401);
      expect((await login(app, 'ghost', 'x')).body).toEqual({ error: 'LOGIN_THROTTLED' });
    } finally {
      await app.close();
    }
  });

  it('per address: failures spread over many usernames slow that address, not the others', async () => {
    const { app } = await withAccount('alice', 'right');
    const throttled = await createTestApp({ database: app.database, config: { limits: { loginFreeFailuresPerAddress: 3 } } });
    await app.close();
    try {
      for (const name of ['user1', 'user2', 'user3']) expect((await login(throttled, name, 'guess')).status).toBe(401);
      const refused = await login(throttled, 'alice', 'right');
      expect(refused).toMatchObject({ status: 429, body: { error: 'LOGIN_THROTTLED' } });
      expect(refused.headers.get('retry-after')).toBe('1');
      expect((await login(throttled, 'alice', 'right', '198.51.100.77')).status).toBe(200);
      // signing in elsewhere did not wipe the guessing address's record
      expect((await login(throttled, 'user4', 'guess')).status).toBe(429);
    } finally {
      await throttled.close();
    }
  }, 30_000);

  it('the delay never exceeds loginMaxDelaySeconds', async () => {
    const app = await createTestApp({ config: { limits: { loginFreeFailuresPerUsername: 1, loginFirstDelaySeconds: 4, loginMaxDelaySeconds: 5 } } });
    try {
      expect((await login(app, 'ghost', 'x')).status).toBe(401);
      expect((await login(app, 'ghost', 'x')).headers.get('retry-after')).toBe('4');
      app.clock.advance(4000);
      expect((await login(app, 'ghost', 'x')).status).toBe(401);
      expect((await login(app, 'ghost', 'x')).headers.get('retry-after')).toBe('5');
    } finally {
      await app.close();
    }
  });
});

describe('passwords.algorithm', () => {
  it('argon2id writes an OWASP-cost argon2id record that signs in', async () => {
    const app = await createTestApp({ config: { passwords: { algorithm: 'argon2id' } }, passwordCost: PRODUCTION_PASSWORD_COST });
    try {
      expect((await register(app, 'argo')).status).toBe(201);
      expect(await recordOf(app, 'argo')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect((await login(app, 'argo', 'pw')).status).toBe(200);
      expect((await login(app, 'argo', 'nope')).status).toBe(401);
    } finally {
      await app.close();
    }
  });

  it.each([
    ['pbkdf2-sha256', 'argon2id', /^\$argon2id\$/],
    ['argon2id', 'pbkdf2-sha256', /^pbkdf2-sha256\$600000\$/],
  ] as const)('a %s record still verifies under %s and is rewritten by the first successful sign-in', async (before, after, rewritten) => {
    const first = await createTestApp({ config: { passwords: { algorithm: before } }, passwordCost: PRODUCTION_PASSWORD_COST });
    expect((await register(first, 'mover')).status).toBe(201);
    const old = await recordOf(first, 'mover');
    await first.close();
    const app = await createTestApp({ database: first.database, config: { passwords: { algorithm: after } }, passwordCost: PRODUCTION_PASSWORD_COST });
    try {
      expect((await login(app, 'mover', 'wrong')).status).toBe(401);
      expect(await recordOf(app, 'mover')).toBe(old);
      expect((await login(app, 'mover', 'pw')).status).toBe(200);
      expect(await recordOf(app, 'mover')).toMatch(rewritten);
      expect((await login(app, 'mover', 'pw')).status).toBe(200);
    } finally {
      await app.close();
    }
  }, 30_000);

  it('a PBKDF2 record of an older cost is rewritten at today\'s 600,000 iterations', async () => {
    const { app } = await withAccount('legacy', 'pw', PRODUCTION_PASSWORD_COST);
    try {
      const cheap = await new PasswordHasher('pbkdf2-sha256', TEST_PASSWORD_COST).hash('pw');
      await writeTransaction(app.ctx.db, (tx) => tx.update(tablesOf(tx).passwordCredentials).set({ record: cheap }));
      expect((await login(app, 'legacy', 'pw')).status).toBe(200);
      expect(await recordOf(app, 'legacy')).toMatch(/^pbkdf2-sha256\$600000\$/);
    } finally {
      await app.close();
    }
  });
});
