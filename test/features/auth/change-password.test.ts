/**
 * PUT /api/v1/me/password: a signed-in player changes their own password. One row per rule, each
 * on a copy of one world: alice has a password account and is signed in here and on another
 * device, bob signs in another way. A sign-in allows 2 free failures per username, so the throttle rows stay short.
 */
import { describe, expect, it, vi } from 'vitest';
import * as authStore from '../../../src/features/auth/store';
import { PASSWORD_RECHECK_MS } from '../../../src/features/auth/service';
import { Failure } from '../../../src/domain/errors';
import { createTestApp, TEST_FRONTEND, type TestApp, type TestPlayer } from '../../support/app';
import { type Scenario, scenarioTable } from '../../support/scenarios';

const PATH = '/api/v1/me/password';
const origin = { origin: TEST_FRONTEND };
const limits = { loginFreeFailuresPerUsername: 2 };

const login = (app: TestApp, password: string) => app.call('POST', '/auth/password/login', { body: { username: 'alice', password }, headers: origin });
const change = (currentPassword: string, newPassword = 'new secret') => ({ currentPassword, newPassword });

/** The refusal changed nothing: the old password still signs in, the new one does not. */
async function unchanged(app: TestApp) {
  // the right one first: a success forgives the failures the refusal counted
  expect((await login(app, 'old secret')).status).toBe(200);
  expect((await login(app, 'new secret')).status).toBe(401);
}

const cookieOf = (result: { headers: Headers }) => ({ cookie: result.headers.getSetCookie()[0].split(';')[0] });

/** alice is signed in twice: here, and on another device (`aliceElsewhere`). */
async function world() {
  const app = await createTestApp({ config: { limits } });
  const registered = await app.call('POST', '/auth/password/register', { body: { username: 'alice', password: 'old secret' }, headers: origin });
  expect(registered.status).toBe(201);
  // a second later, on another device
  app.clock.advance(1000);
  const elsewhere = await login(app, 'old secret');
  expect(elsewhere.status).toBe(200);
  return { app, world: { app, alice: cookieOf(registered), aliceElsewhere: cookieOf(elsewhere), bob: await app.player('bob') } };
}

const sessionStatus = (app: TestApp, as: { cookie: string }) => app.call('GET', '/api/v1/session', { as: as as TestPlayer }).then((r) => r.status);

type World = Awaited<ReturnType<typeof world>>['world'];

/** alice's change, from the app's own origin, unless the row says otherwise */
const put = (row: Omit<Scenario<World>, 'method' | 'path'>): Scenario<World> => ({ method: 'PUT', path: PATH, as: 'alice', headers: origin, ...row });

describe(`PUT ${PATH}`, () => {
  scenarioTable(world, [
    put({
      name: 'with the current password: the new one signs in, and the old one no longer does',
      body: change('old secret'),
      status: 200,
      expect: async (result, w) => {
        expect(result.body).toEqual({ success: true });
        expect((await login(w.app, 'old secret')).status).toBe(401);
        expect((await login(w.app, 'new secret')).status).toBe(200);
      },
    }),
    put({
      name: 'the account’s other sessions end with the old password; this one gets a new cookie and stays signed in',
      body: change('old secret'),
      before: async (w, app) => {
        app.clock.advance(1000);
        expect(await sessionStatus(app, w.aliceElsewhere)).toBe(200);
      },
      status: 200,
      expect: async (result, w) => {
        expect(await sessionStatus(w.app, w.aliceElsewhere)).toBe(401);
        expect(await sessionStatus(w.app, w.alice)).toBe(401);
        expect(await sessionStatus(w.app, cookieOf(result))).toBe(200);
        // and a sign-in with the new password after it is a session like any other
        w.app.clock.advance(1000);
        expect(await sessionStatus(w.app, cookieOf(await login(w.app, 'new secret')))).toBe(200);
      },
    }),
    put({
      name: 'a wrong current password → 403 WRONG_PASSWORD (not 401: the session is fine); the password stays, and no session ends',
      body: change('a guess'),
      status: 403,
      expect: async (result, w) => {
        expect(result.body).toEqual({ error: 'WRONG_PASSWORD' });
        expect(await sessionStatus(w.app, w.aliceElsewhere)).toBe(200);
        expect(await sessionStatus(w.app, w.alice)).toBe(200);
        await unchanged(w.app);
      },
    }),
    put({
      name: 'wrong guesses count as failed sign-ins: past the free ones even the right one waits (429, Retry-After)',
      body: change('old secret'),
      before: async (w, app) => {
        for (const guess of ['guess one', 'guess two']) {
          expect((await app.call('PUT', PATH, { as: w.alice as TestPlayer, headers: origin, body: change(guess) })).status).toBe(403);
        }
      },
      status: 429,
      expect: (result) => {
        expect(result.body).toEqual({ error: 'LOGIN_THROTTLED' });
        expect(result.headers.get('retry-after')).toBe('1');
      },
    }),
    put({
      name: 'a new password over 200 characters → 400 PASSWORD_TOO_LONG, nothing changes',
      body: { currentPassword: 'old secret', newPassword: 'p'.repeat(201) },
      status: 400,
      expect: async (result, w) => {
        expect(result.body).toEqual({ error: 'PASSWORD_TOO_LONG' });
        expect((await login(w.app, 'old secret')).status).toBe(200);
      },
    }),
    put({
      name: 'an empty new password is allowed, as at sign-up',
      body: change('old secret', ''),
      status: 200,
      expect: async (_result, w) => {
        expect((await login(w.app, '')).status).toBe(200);
      },
    }),
    put({ name: 'the current password missing → 400 INVALID_REQUEST', body: { newPassword: 'x' }, status: 400, expect: { error: 'INVALID_REQUEST' }, exact: true }),
    put({ name: 'malformed JSON → 400 MALFORMED_JSON', rawBody: '{"currentPassword":', status: 400, expect: { error: 'MALFORMED_JSON' }, exact: true }),
    put({ name: 'no session → 401 UNAUTHORIZED', as: 'anonymous', body: change('old secret'), status: 401, expect: { error: 'UNAUTHORIZED' }, exact: true }),
    put({
      name: 'another site’s page → 403 FORBIDDEN_ORIGIN',
      headers: { origin: 'https://evil.example' },
      body: change('old secret'),
      status: 403,
      expect: { error: 'FORBIDDEN_ORIGIN' },
      exact: true,
    }),
    put({
      name: 'a player who signs in another way has no password here → 409 NO_PASSWORD_ACCOUNT',
      as: 'bob',
      body: change(''),
      status: 409,
      expect: { error: 'NO_PASSWORD_ACCOUNT' },
      exact: true,
    }),
  ]);

  it('with the database out of reach, the sessions check goes on with what it last knew instead of refusing', async () => {
    const { app, world: w } = await world();
    try {
      // known: alice's password was set at registration, before either session
      expect(await sessionStatus(app, w.aliceElsewhere)).toBe(200);
      const unreachable = vi.spyOn(authStore, 'credentialSetAt').mockRejectedValue(new Failure('DATABASE_UNAVAILABLE'));
      app.clock.advance(PASSWORD_RECHECK_MS);
      expect(await sessionStatus(app, w.aliceElsewhere)).toBe(200);
      expect(unreachable).toHaveBeenCalled();
      unreachable.mockRestore();
    } finally {
      await app.close();
    }
  });

  it('a session of a player without a password costs the check no read', async () => {
    const { app, world: w } = await world();
    try {
      const reads = vi.spyOn(authStore, 'credentialSetAt');
      expect(await sessionStatus(app, w.bob)).toBe(200);
      expect(reads).not.toHaveBeenCalled();
      // and a password account's does, once until the recheck is due
      expect(await sessionStatus(app, w.alice)).toBe(200);
      expect(await sessionStatus(app, w.alice)).toBe(200);
      expect(reads).toHaveBeenCalledTimes(1);
      reads.mockRestore();
    } finally {
      await app.close();
    }
  });

  it('is absent when password sign-in is off, as the other password routes are', async () => {
    const app = await createTestApp({ config: { passwordSignIn: false } });
    try {
      const player = await app.player('carol');
      const result = await app.call('PUT', PATH, { as: player, headers: origin, body: change('x') });
      expect(result.status).toBe(404);
    } finally {
      await app.close();
    }
  });
});
