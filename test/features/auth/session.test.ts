import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createTestApp, TEST_SIGNING_SECRET } from '../../support/app';
import { scenarioTable } from '../../support/scenarios';
import type { LanguageModelClient } from '../../../src/upstream/language-model';

/** A token signed with the deployment's real secret, with exactly the time claims given. */
async function handSigned(subject: string, times: { iat?: number; exp?: number }): Promise<string> {
  let jwt = new SignJWT({ email: 'ana@example.org', name: 'ana', picture: '' }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(subject);
  if (times.iat !== undefined) jwt = jwt.setIssuedAt(times.iat);
  if (times.exp !== undefined) jwt = jwt.setExpirationTime(times.exp);
  return `session_token=${await jwt.sign(new TextEncoder().encode(TEST_SIGNING_SECRET))}`;
}

async function signedIn() {
  const app = await createTestApp();
  const ana = await app.player('ana');
  const ghost = { ...ana, cookie: await app.cookieFor('idp:nobody-we-know') };
  const expired = { ...ana, cookie: await app.cookieFor(ana.subject, { now: new Date(app.clock.now().getTime() - 8 * 86_400_000) }) };
  const forged = { ...ana, cookie: await app.cookieFor(ana.subject, { secret: 'another-secret-that-is-also-32-characters-long' }) };
  const garbage = { ...ana, cookie: 'session_token=not.a.token' };
  const now = Math.floor(app.clock.now().getTime() / 1000);
  const day = 86_400;
  const signed = async (times: { iat?: number; exp?: number }) => ({ ...ana, cookie: await handSigned(ana.subject, times) });
  const world = {
    app,
    ana,
    ghost,
    expired,
    forged,
    garbage,
    handMade: await signed({ iat: now - 60, exp: now + day }),
    skewed: await signed({ iat: now + 30, exp: now + day }),
    noExp: await signed({ iat: now - 60 }),
    noIat: await signed({ exp: now + day }),
    neither: await signed({}),
    futureIat: await signed({ iat: now + day, exp: now + 2 * day }),
    tooOld: await signed({ iat: now - 8 * day, exp: now + 365 * day }),
  };
  return { app, world };
}

describe('GET /api/v1/session', () => {
  scenarioTable(signedIn, [
    {
      name: 'the claims of the token, and what the deployment offers',
      method: 'GET',
      path: '/api/v1/session',
      as: 'ana',
      status: 200,
      expect: { sub: 'test:ana', email: 'ana@example.org', name: 'ana', picture: '', features: { articleGenie: false } },
      exact: true,
    },
    { name: 'no cookie', method: 'GET', path: '/api/v1/session', status: 401, expect: { error: 'UNAUTHORIZED' }, exact: true },
    { name: 'expired token', method: 'GET', path: '/api/v1/session', as: 'expired', status: 401, expect: { error: 'UNAUTHORIZED' } },
    { name: 'token signed with another secret', method: 'GET', path: '/api/v1/session', as: 'forged', status: 401 },
    { name: 'garbage token', method: 'GET', path: '/api/v1/session', as: 'garbage', status: 401 },
    { name: 'read from the token, not the database', method: 'GET', path: '/api/v1/session', as: 'ghost', status: 200, expect: { sub: 'idp:nobody-we-know' } },
    // tokens signed with the real secret: the secret alone does not make a session without an end
    { name: 'hand-signed with iat and exp: accepted', method: 'GET', path: '/api/v1/session', as: 'handMade', status: 200, expect: { sub: 'test:ana' } },
    { name: 'iat 30 s ahead: a clock skew allowed', method: 'GET', path: '/api/v1/session', as: 'skewed', status: 200, expect: { sub: 'test:ana' } },
    { name: 'no exp', method: 'GET', path: '/api/v1/session', as: 'noExp', status: 401, expect: { error: 'UNAUTHORIZED' }, exact: true },
    { name: 'no iat', method: 'GET', path: '/api/v1/session', as: 'noIat', status: 401, expect: { error: 'UNAUTHORIZED' }, exact: true },
    { name: 'neither exp nor iat', method: 'GET', path: '/api/v1/session', as: 'neither', status: 401, expect: { error: 'UNAUTHORIZED' }, exact: true },
    { name: 'iat a day in the future', method: 'GET', path: '/api/v1/session', as: 'futureIat', status: 401, expect: { error: 'UNAUTHORIZED' }, exact: true },
    { name: 'issued 8 days ago with an exp a year away: older than a session lives', method: 'GET', path: '/api/v1/session', as: 'tooOld', status: 401, expect: { error: 'UNAUTHORIZED' }, exact: true },
    { name: 'no exp, on a signed-in route', method: 'GET', path: '/api/v1/player', as: 'noExp', status: 401, expect: { error: 'UNAUTHORIZED' }, exact: true },
  ]);

  it('refuses a session once it expires, however often it was accepted before', async () => {
    const app = await createTestApp();
    try {
      const ana = await app.player('ana');
      expect((await app.call('GET', '/api/v1/session', { as: ana })).status).toBe(200);
      app.clock.advance(7 * 86_400_000 - 1_000);
      expect((await app.call('GET', '/api/v1/session', { as: ana })).status).toBe(200);
      app.clock.advance(1_000);
      expect(await app.call('GET', '/api/v1/session', { as: ana })).toMatchObject({ status: 401, body: { error: 'UNAUTHORIZED' } });
    } finally {
      await app.close();
    }
  });

  it('refuses a token that differs by one byte from one it accepted', async () => {
    const app = await createTestApp();
    try {
      const ana = await app.player('ana');
      expect((await app.call('GET', '/api/v1/session', { as: ana })).status).toBe(200);
      const last = ana.cookie.at(-1)!;
      const altered = { ...ana, cookie: `${ana.cookie.slice(0, -1)}${last === 'A' ? 'B' : 'A'}` };
      expect(await app.call('GET', '/api/v1/session', { as: altered })).toMatchObject({ status: 401, body: { error: 'UNAUTHORIZED' } });
    } finally {
      await app.close();
    }
  });

  it('reports the genie only when a language-model client exists', async () => {
    const languageModel: LanguageModelClient = { complete: async () => '{}' } as unknown as LanguageModelClient;
    const app = await createTestApp({ upstream: { languageModel } });
    try {
      const ana = await app.player('ana');
      const result = await app.call('GET', '/api/v1/session', { as: ana });
      expect(result.body.features).toEqual({ articleGenie: true });
    } finally {
      await app.close();
    }
  });
});

describe('DELETE /api/v1/session', () => {
  scenarioTable(signedIn, [
    {
      name: 'expires the cookie; nothing is revoked server-side',
      method: 'DELETE',
      path: '/api/v1/session',
      as: 'ana',
      status: 200,
      expect: async (result, world) => {
        expect(result.body).toEqual({ success: true });
        expect(result.headers.getSetCookie().join('\n')).toMatch(/session_token=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax/);
        expect(world.ana.cookie).toBeTruthy();
      },
    },
    { name: 'no cookie', method: 'DELETE', path: '/api/v1/session', status: 401 },
  ]);

  it('leaves a copied token valid until it expires', async () => {
    const { app, world } = await signedIn();
    try {
      await app.call('DELETE', '/api/v1/session', { as: world.ana });
      expect((await app.call('GET', '/api/v1/player', { as: world.ana })).status).toBe(200);
      app.clock.advanceDays(7);
      app.clock.advance(1000);
      expect((await app.call('GET', '/api/v1/player', { as: world.ana })).status).toBe(401);
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/v1/player', () => {
  scenarioTable(signedIn, [
    { name: 'the signed-in player', method: 'GET', path: '/api/v1/player', as: 'ana', status: 200, expect: (r, w) => expect(r.body).toEqual({ id: w.ana.id, name: 'ana' }) },
    { name: 'a valid token naming an unknown player', method: 'GET', path: '/api/v1/player', as: 'ghost', status: 404, expect: { error: 'PLAYER_NOT_FOUND' }, exact: true },
    { name: 'no cookie', method: 'GET', path: '/api/v1/player', status: 401 },
    { name: 'expired token', method: 'GET', path: '/api/v1/player', as: 'expired', status: 401 },
    { name: 'wrongly signed token', method: 'GET', path: '/api/v1/player', as: 'forged', status: 401 },
    { name: 'garbage token', method: 'GET', path: '/api/v1/player', as: 'garbage', status: 401 },
  ]);
});

describe('GET /', () => {
  it('answers the frontend URL as configured and resolved', async () => {
    const app = await createTestApp({ config: { frontendUrl: 'localhost:8787' } });
    try {
      const result = await app.call('GET', '/');
      expect(result).toMatchObject({ status: 200, body: { resolved_url: 'http://localhost:8787', FRONTEND_URL: 'localhost:8787' } });
    } finally {
      await app.close();
    }
  });

  it('assumes https for a public host without a scheme', async () => {
    const app = await createTestApp({ config: { frontendUrl: 'fantasy.example.org' } });
    try {
      expect((await app.call('GET', '/')).body).toEqual({ resolved_url: 'https://fantasy.example.org', FRONTEND_URL: 'fantasy.example.org' });
    } finally {
      await app.close();
    }
  });
});

describe('sliding sessions (issue 36)', () => {
  const DAY_MS = 86_400_000;
  /** The session cookie a response set, as a request sends it, or null. */
  const renewedCookie = (headers: Headers): string | null => {
    const set = headers.getSetCookie().find((line) => line.startsWith('session_token='));
    return set ? set.split(';')[0]! : null;
  };

  scenarioTable(signedIn, [
    {
      name: 'a token used in the first half of its life is kept (no new cookie)',
      method: 'GET',
      path: '/api/v1/session',
      as: 'ana',
      before: (_w, app) => app.clock.advance(3 * DAY_MS),
      status: 200,
      expect: (result) => expect(renewedCookie(result.headers)).toBeNull(),
    },
    {
      name: 'a token used after half its life gets a fresh 7-day cookie, the same session',
      method: 'GET',
      path: '/api/v1/player',
      as: 'ana',
      before: (_w, app) => app.clock.advance(4 * DAY_MS),
      status: 200,
      expect: async (result, w) => {
        const line = result.headers.getSetCookie().find((l) => l.startsWith('session_token='))!;
        expect(line).toMatch(/Max-Age=604800/);
        expect(line).toMatch(/HttpOnly/);
        expect(line).toMatch(/SameSite=Lax/);
        const app = w.app;
        // the old token ends 7 days after it was issued; the new one carries the player on
        app.clock.advance(5 * DAY_MS);
        expect((await app.call('GET', '/api/v1/session', { as: w.ana })).status).toBe(401);
        const next = await app.call('GET', '/api/v1/session', { as: { ...w.ana, cookie: renewedCookie(result.headers)! } });
        expect(next.status).toBe(200);
        expect(next.body.sub).toBe('test:ana');
      },
    },
  ]);

  it('a player who plays every day for three weeks is never signed out', async () => {
    const app = await createTestApp();
    try {
      const ana = await app.player('ana');
      let cookie = ana.cookie;
      for (let day = 1; day <= 21; day++) {
        app.clock.advance(DAY_MS);
        const read = await app.call('GET', '/api/v1/player', { as: { ...ana, cookie } });
        expect(read.status, `day ${day}`).toBe(200);
        cookie = renewedCookie(read.headers) ?? cookie;
      }
    } finally {
      await app.close();
    }
  });

  it('a session unused for its whole 7 days ends', async () => {
    const app = await createTestApp();
    try {
      const ana = await app.player('ana');
      app.clock.advance(7 * DAY_MS);
      expect((await app.call('GET', '/api/v1/player', { as: ana })).status).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('no session outlives sessions.maximumDays from its sign-in, however often it is used', async () => {
    const app = await createTestApp({ config: { sessions: { maximumDays: 10 } } });
    try {
      const ana = await app.player('ana');
      let cookie = ana.cookie;
      const statuses: number[] = [];
      for (let day = 1; day <= 12; day++) {
        app.clock.advance(DAY_MS);
        const read = await app.call('GET', '/api/v1/player', { as: { ...ana, cookie } });
        statuses.push(read.status);
        cookie = renewedCookie(read.headers) ?? cookie;
      }
      // days 1–9 inside the maximum; from day 10 the session is over
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 401, 401, 401]);
      // a new sign-in starts a new session
      const again = await app.call('GET', '/api/v1/player', { as: { ...ana, cookie: await app.cookieFor(ana.subject) } });
      expect(again.status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
