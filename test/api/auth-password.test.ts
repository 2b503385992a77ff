import { describe, expect, it } from 'vitest';
import { createTestApp, TEST_FRONTEND, type TestApp } from '../support/app';
import { scenarioTable } from '../support/scenarios';

const origin = { origin: TEST_FRONTEND };

async function withAccount(name = 'alice', password = 'correct horse') {
  const app = await createTestApp();
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
      expect(raw).toMatch(/session_token=[^;]+; Path=\/; Max-Age=604800; HttpOnly; SameSite=Lax/);
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
