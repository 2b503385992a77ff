/**
 * Web Push for players (issue 25 §2), one table per endpoint: the VAPID key, subscriptions
 * (https only, the address rule, well-formed keys) and the push choices. Delivery to a push
 * service over TLS is in test/e2e/push.test.ts, on the built binary.
 */
import crypto from 'node:crypto';
import { describe, expect } from 'vitest';
import { createCallerWorld, createTestApp, type TestApp, type TestPlayer } from '../../support/app';
import { scenarioTable } from '../../support/scenarios';

const refused = (error: string) => ({ expect: { error }, exact: true });

function browserKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') };
}

/** an endpoint on a public address, written as a literal: judged without any DNS */
const ENDPOINT = 'https://93.184.215.14/wpush/v2/gAAAAABk-secret';
const KEYS = browserKeys();

interface World extends Record<string, unknown> {
  app: TestApp;
  alice: TestPlayer;
  bob: TestPlayer;
}

async function world(): Promise<{ app: TestApp; world: World }> {
  const { app, alice } = await createCallerWorld();
  return { app, world: { app, alice, bob: await app.player('bob') } };
}

const subscribe = (as: TestPlayer, app: TestApp, endpoint = ENDPOINT) => app.call('POST', '/api/v1/me/push-subscriptions', { as, body: { endpoint, keys: KEYS } });
const removePath = (endpoint = ENDPOINT) => `/api/v1/me/push-subscriptions?endpoint=${encodeURIComponent(endpoint)}`;

describe('GET /api/v1/push/public-key', () => {
  scenarioTable<World>(world, [
    {
      name: 'the VAPID public key: an uncompressed P-256 point, base64url',
      method: 'GET',
      path: '/api/v1/push/public-key',
      as: 'alice',
      status: 200,
      expect: (res) => {
        const point = Buffer.from(res.body.publicKey, 'base64url');
        expect([point.length, point[0]]).toEqual([65, 4]);
      },
    },
    {
      name: 'the same key after a restart (kept in the database)',
      method: 'GET',
      path: '/api/v1/push/public-key',
      as: 'alice',
      status: 200,
      expect: async (res, w) => {
        const again = await createTestApp({ database: w.app.database });
        try {
          const alice = { ...w.alice, cookie: await again.cookieFor(w.alice.subject) };
          expect((await again.call('GET', '/api/v1/push/public-key', { as: alice })).body).toEqual(res.body);
        } finally {
          await again.close();
        }
      },
    },
    { name: 'no session', method: 'GET', path: '/api/v1/push/public-key', as: 'anonymous', status: 401, ...refused('UNAUTHORIZED') },
  ]);
});

describe('POST /api/v1/me/push-subscriptions', () => {
  const post = (endpoint: unknown, keys: unknown = KEYS) => ({ method: 'POST', path: '/api/v1/me/push-subscriptions', as: 'alice', body: { endpoint, keys } });
  scenarioTable<World>(world, [
    { name: 'a browser’s subscription is kept', ...post(ENDPOINT), status: 201, expect: { endpoint: ENDPOINT, id: expect.stringMatching(/^ps_/) } },
    {
      name: 'the same endpoint again is the same subscription, new keys',
      ...post(ENDPOINT, browserKeys()),
      before: async (w, app) => void (await subscribe(w.alice, app)),
      status: 201,
      expect: { endpoint: ENDPOINT },
    },
    ...[
      ['http: (not https:)', 'http://93.184.215.14/push/1'],
      ['not a URL', 'push me'],
      ['longer than 500 characters', `https://93.184.215.14/${'a'.repeat(480)}`],
      ['loopback', 'https://127.0.0.1/push/1'],
      ['loopback by name', 'https://localhost/push/1'],
      ['private', 'https://192.168.0.2/push/1'],
      ['link-local', 'https://169.254.169.254/push/1'],
      ['IPv6 unique local', 'https://[fd00::5]/push/1'],
      ['unspecified', 'https://0.0.0.0/push/1'],
    ].map(([what, endpoint]) => ({ name: `refused: ${what}`, ...post(endpoint), status: 400, ...refused('PUSH_ENDPOINT_REFUSED') })),
    { name: 'an endpoint that is not a string', ...post(7), status: 400, ...refused('PUSH_ENDPOINT_REFUSED') },
    { name: 'no keys', method: 'POST', path: '/api/v1/me/push-subscriptions', as: 'alice', body: { endpoint: ENDPOINT }, status: 400, ...refused('PUSH_KEYS_INVALID') },
    { name: 'a p256dh that is not a P-256 point', ...post(ENDPOINT, { ...KEYS, p256dh: 'abc' }), status: 400, ...refused('PUSH_KEYS_INVALID') },
    { name: 'an auth secret of the wrong size', ...post(ENDPOINT, { ...KEYS, auth: 'x'.repeat(60) }), status: 400, ...refused('PUSH_KEYS_INVALID') },
    { name: 'a body that is not JSON', method: 'POST', path: '/api/v1/me/push-subscriptions', as: 'alice', rawBody: '{', status: 400, ...refused('MALFORMED_JSON') },
    { name: 'no session', ...post(ENDPOINT), as: 'anonymous', status: 401, ...refused('UNAUTHORIZED') },
    {
      name: 'a refused endpoint writes nothing',
      method: 'DELETE',
      path: removePath('https://127.0.0.1/push/1'),
      as: 'alice',
      before: async (w, app) => void (await subscribe(w.alice, app, 'https://127.0.0.1/push/1')),
      status: 404,
      ...refused('PUSH_SUBSCRIPTION_NOT_FOUND'),
    },
  ]);
});

describe('DELETE /api/v1/me/push-subscriptions?endpoint=', () => {
  const withSubscription = async (w: World, app: TestApp) => void (await subscribe(w.alice, app));
  scenarioTable<World>(world, [
    { name: 'the caller’s subscription is forgotten', method: 'DELETE', path: removePath(), as: 'alice', before: withSubscription, status: 200, expect: { deleted: true }, exact: true },
    {
      name: 'forgotten: a second delete finds nothing',
      method: 'DELETE',
      path: removePath(),
      as: 'alice',
      before: async (w, app) => {
        await withSubscription(w, app);
        await app.call('DELETE', removePath(), { as: w.alice });
      },
      status: 404,
      ...refused('PUSH_SUBSCRIPTION_NOT_FOUND'),
    },
    { name: 'another player’s subscription is not the caller’s to remove', method: 'DELETE', path: removePath(), as: 'bob', before: withSubscription, status: 404, ...refused('PUSH_SUBSCRIPTION_NOT_FOUND') },
    { name: 'no endpoint given', method: 'DELETE', path: '/api/v1/me/push-subscriptions', as: 'alice', status: 400, ...refused('INVALID_REQUEST') },
    { name: 'no session', method: 'DELETE', path: removePath(), as: 'anonymous', status: 401, ...refused('UNAUTHORIZED') },
  ]);
});

describe('GET/PUT /api/v1/me/push-preferences', () => {
  const everything = { morningResult: true, contractExpiring: true, roundResult: true };
  scenarioTable<World>(world, [
    { name: 'every choice on until changed', method: 'GET', path: '/api/v1/me/push-preferences', as: 'alice', status: 200, expect: everything, exact: true },
    { name: 'one choice off: the whole set answered', method: 'PUT', path: '/api/v1/me/push-preferences', as: 'alice', body: { contractExpiring: false }, status: 200, expect: { ...everything, contractExpiring: false }, exact: true },
    {
      name: 'kept, and per player',
      method: 'GET',
      path: '/api/v1/me/push-preferences',
      as: 'alice',
      before: async (w, app) => {
        await app.call('PUT', '/api/v1/me/push-preferences', { as: w.alice, body: { morningResult: false, roundResult: false } });
        await app.call('PUT', '/api/v1/me/push-preferences', { as: w.bob, body: { contractExpiring: false } });
      },
      status: 200,
      expect: { morningResult: false, contractExpiring: true, roundResult: false },
      exact: true,
    },
    { name: 'a value that is not a boolean', method: 'PUT', path: '/api/v1/me/push-preferences', as: 'alice', body: { morningResult: 'yes' }, status: 400, ...refused('INVALID_REQUEST') },
    { name: 'an unknown choice', method: 'PUT', path: '/api/v1/me/push-preferences', as: 'alice', body: { everything: true }, status: 400, ...refused('INVALID_REQUEST') },
    { name: 'no session', method: 'GET', path: '/api/v1/me/push-preferences', as: 'anonymous', status: 401, ...refused('UNAUTHORIZED') },
  ]);
});
