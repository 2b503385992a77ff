import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_FRONTEND, type TestApp } from '../../support/app';
import { startFakeIdentityProvider, type FakeIdentityProvider } from '../../fakes/identity-provider';
import { createIdentityProviderClient } from '../../../src/upstream/identity-provider';
import { tablesOf } from '../../../src/platform/db/dialect';

let idp: FakeIdentityProvider;
beforeAll(async () => {
  idp = await startFakeIdentityProvider();
});
afterAll(() => idp.close());

async function appWithProvider(extra: Record<string, unknown> = {}): Promise<TestApp> {
  const config = {
    identityProvider: {
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      authorizeUrl: idp.authorizeUrl,
      tokenUrl: idp.tokenUrl,
      userinfoUrl: idp.userinfoUrl,
    },
    ...extra,
  };
  const app = await createTestApp({ config });
  // The client is built from the same configuration the app was given.
  app.ctx.upstream.identityProvider = createIdentityProviderClient(app.ctx.config);
  return app;
}

/** Every player row the service has written. */
async function everyPlayer(app: TestApp) {
  const { players } = tablesOf(app.ctx.db);
  return app.ctx.db.select().from(players);
}

function cookieValue(headers: Headers, name: string): string | undefined {
  const found = headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return found?.split(';')[0];
}

/** The cookies one sign-in attempt binds to the browser: state, PKCE verifier, nonce. */
const BINDING_COOKIES = ['idp_state', 'idp_verifier', 'idp_nonce'];

/** Start → provider approval → callback, the way a browser walks it (`keep` picks which cookies it sends back). */
async function signInThroughProvider(app: TestApp, keep: string[] = BINDING_COOKIES) {
  const start = await app.call('GET', '/auth/idp');
  expect(start.status).toBe(302);
  const cookies = keep.map((name) => cookieValue(start.headers, name)!).join('; ');
  const approval = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  expect(approval.status).toBe(302);
  const back = new URL(approval.headers.get('location')!);
  return app.call('GET', `/auth/idp${back.search}`, { headers: { cookie: cookies } });
}

describe('GET /auth/idp', () => {
  it('without a code redirects to the provider with a state bound to a short-lived cookie', async () => {
    const app = await appWithProvider();
    try {
      const result = await app.call('GET', '/auth/idp');
      expect(result.status).toBe(302);
      const location = new URL(result.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(idp.authorizeUrl);
      expect(Object.fromEntries(location.searchParams)).toMatchObject({
        response_type: 'code',
        client_id: idp.clientId,
        redirect_uri: `${TEST_FRONTEND}/auth/idp`,
        scope: 'openid email profile',
      });
      const state = location.searchParams.get('state')!;
      expect(state.length).toBeGreaterThanOrEqual(32);
      expect(result.headers.getSetCookie().join('\n')).toContain(`idp_state=${state}; Max-Age=600; Path=/; HttpOnly; SameSite=Lax`);
    } finally {
      await app.close();
    }
  });

  it('first sign-in creates the player and lands on /auth/callback?new=1; the next one on /auth/callback', async () => {
    const app = await appWithProvider();
    try {
      const first = await signInThroughProvider(app);
      expect(first.status).toBe(302);
      expect(first.headers.get('location')).toBe(`${TEST_FRONTEND}/auth/callback?new=1`);
      const session = cookieValue(first.headers, 'session_token')!;
      const me = await app.call('GET', '/api/v1/session', { headers: { cookie: session } });
      // the interface: sub is the identity provider's account id, as the provider gave it
      expect(me.body).toEqual({
        sub: '1098765',
        email: 'ana.silva@example.com',
        name: 'Ana Silva',
        picture: 'https://img.example/ana.png',
        features: { articleGenie: false },
      });
      const second = await signInThroughProvider(app);
      expect(second.headers.get('location')).toBe(`${TEST_FRONTEND}/auth/callback`);
      const player1 = await app.call('GET', '/api/v1/player', { headers: { cookie: session } });
      const player2 = await app.call('GET', '/api/v1/player', { headers: { cookie: cookieValue(second.headers, 'session_token')! } });
      expect(player2.body.id).toBe(player1.body.id);
    } finally {
      await app.close();
    }
  });

  it('asks for PKCE (S256) and a nonce, each bound to the browser in a short-lived cookie', async () => {
    const app = await appWithProvider();
    try {
      const start = await app.call('GET', '/auth/idp');
      const query = Object.fromEntries(new URL(start.headers.get('location')!).searchParams);
      const verifier = cookieValue(start.headers, 'idp_verifier')!.split('=')[1]!;
      const nonce = cookieValue(start.headers, 'idp_nonce')!.split('=')[1]!;
      expect(verifier.length).toBeGreaterThanOrEqual(43);
      expect(query).toMatchObject({
        code_challenge: crypto.createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        nonce,
      });
      for (const name of ['idp_verifier', 'idp_nonce']) {
        expect(start.headers.getSetCookie().find((c) => c.startsWith(`${name}=`))).toContain('Max-Age=600; Path=/; HttpOnly; SameSite=Lax');
      }
    } finally {
      await app.close();
    }
  });

  it.each([
    ['without the PKCE verifier cookie (a code replayed from another browser)', ['idp_state', 'idp_nonce']],
    ['without the nonce cookie', ['idp_state', 'idp_verifier']],
  ])('a callback %s signs nobody in', async (_name, keep) => {
    const app = await appWithProvider();
    try {
      const result = await signInThroughProvider(app, keep);
      expect(result.status).toBe(302);
      expect(result.headers.get('location')).toBe(`${TEST_FRONTEND}/home?error=auth_failed`);
      expect(cookieValue(result.headers, 'session_token')).toBeUndefined();
      expect(await everyPlayer(app)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('an ID token carrying another sign-in\'s nonce signs nobody in', async () => {
    const app = await appWithProvider();
    idp.idTokenNonce = 'nonce-of-another-sign-in';
    try {
      const result = await signInThroughProvider(app);
      expect(result.headers.get('location')).toBe(`${TEST_FRONTEND}/home?error=auth_failed`);
      expect(cookieValue(result.headers, 'session_token')).toBeUndefined();
    } finally {
      idp.idTokenNonce = null;
      await app.close();
    }
  });

  it('a provider account id shaped like a password player\'s subject still names its own player', async () => {
    const app = await appWithProvider();
    try {
      const register = await app.call('POST', '/auth/password/register', {
        body: { username: 'ana', password: 'pw' },
        headers: { origin: TEST_FRONTEND },
      });
      expect(register.status).toBe(201);
      const passwordPlayer = await app.call('GET', '/api/v1/player', { headers: { cookie: cookieValue(register.headers, 'session_token')! } });
      idp.profile = { ...idp.profile, sub: 'password:ana' };
      const result = await signInThroughProvider(app);
      const session = cookieValue(result.headers, 'session_token')!;
      expect((await app.call('GET', '/api/v1/session', { headers: { cookie: session } })).body.sub).toBe('password:ana');
      const providerPlayer = await app.call('GET', '/api/v1/player', { headers: { cookie: session } });
      expect(providerPlayer.status).toBe(200);
      expect(providerPlayer.body.id).not.toBe(passwordPlayer.body.id);
    } finally {
      idp.profile = { sub: '1098765', email: 'ana.silva@example.com', name: 'Ana Silva', picture: 'https://img.example/ana.png' };
      await app.close();
    }
  });

  it('a username already taken by a password account gets a numbered variant', async () => {
    const app = await appWithProvider();
    try {
      await app.player('ana.silva'.replace('.', ''));
      idp.profile = { ...idp.profile, sub: 'other-sub', email: 'anasilva@example.com' };
      const result = await signInThroughProvider(app);
      expect(result.headers.get('location')).toBe(`${TEST_FRONTEND}/auth/callback?new=1`);
      const { players } = tablesOf(app.ctx.db);
      const [row] = await app.ctx.db.select({ username: players.username }).from(players).where(eq(players.subject, 'idp:other-sub'));
      expect(row?.username).toBe('anasilva1');
    } finally {
      idp.profile = { sub: '1098765', email: 'ana.silva@example.com', name: 'Ana Silva', picture: 'https://img.example/ana.png' };
      await app.close();
    }
  });

  it('a state that does not match the cookie is a failed sign-in', async () => {
    const app = await appWithProvider();
    try {
      const result = await app.call('GET', '/auth/idp?code=abc&state=forged', { headers: { cookie: 'idp_state=expected' } });
      expect(result.status).toBe(302);
      expect(result.headers.get('location')).toBe(`${TEST_FRONTEND}/home?error=auth_failed`);
      expect(cookieValue(result.headers, 'session_token')).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it.each([
    ['a state with multi-byte characters', `${'a'.repeat(31)}é`, `idp_state=${'a'.repeat(32)}`],
    ['no state cookie at all', 'anything', ''],
    ['an empty state cookie', '', 'idp_state='],
  ])('%s is a failed sign-in, never a 500', async (_name, state, cookie) => {
    const app = await appWithProvider();
    try {
      const result = await app.call('GET', `/auth/idp?code=abc&state=${encodeURIComponent(state)}`, { headers: { cookie } });
      expect(result.status).toBe(302);
      expect(result.headers.get('location')).toBe(`${TEST_FRONTEND}/home?error=auth_failed`);
    } finally {
      await app.close();
    }
  });

  it('an e-mail address the provider has not verified signs nobody in', async () => {
    const app = await appWithProvider();
    idp.profile = { ...idp.profile, sub: 'unverified', email_verified: false };
    try {
      const result = await signInThroughProvider(app);
      expect(result.headers.get('location')).toBe(`${TEST_FRONTEND}/home?error=auth_failed`);
      expect(cookieValue(result.headers, 'session_token')).toBeUndefined();
      expect(await everyPlayer(app)).toEqual([]);
    } finally {
      idp.profile = { sub: '1098765', email: 'ana.silva@example.com', name: 'Ana Silva', picture: 'https://img.example/ana.png' };
      await app.close();
    }
  });

  it('a refused code exchange redirects to /home?error=auth_failed and creates nobody', async () => {
    const app = await appWithProvider();
    idp.failTokenExchange = true;
    try {
      const result = await signInThroughProvider(app);
      expect(result.status).toBe(302);
      expect(result.headers.get('location')).toBe(`${TEST_FRONTEND}/home?error=auth_failed`);
      expect(await everyPlayer(app)).toEqual([]);
    } finally {
      idp.failTokenExchange = false;
      await app.close();
    }
  });

  it.each([
    ['client id', { identityProvider: { clientId: undefined } }, 'IDENTITY_PROVIDER_NOT_CONFIGURED'],
    ['client secret', { identityProvider: { clientSecret: undefined } }, 'IDENTITY_PROVIDER_NOT_CONFIGURED'],
    ['signing secret', { signingSecret: '' }, 'SIGNING_SECRET_MISSING'],
  ])('answers 500 when the %s is not configured', async (_what, override, constant) => {
    const base = { clientId: idp.clientId, clientSecret: idp.clientSecret, authorizeUrl: idp.authorizeUrl, tokenUrl: idp.tokenUrl, userinfoUrl: idp.userinfoUrl };
    const o = override as { identityProvider?: Record<string, unknown>; signingSecret?: string };
    const app = await createTestApp({ config: { ...o, identityProvider: { ...base, ...o.identityProvider } } });
    app.ctx.upstream.identityProvider = createIdentityProviderClient(app.ctx.config);
    try {
      expect(await app.call('GET', '/auth/idp')).toMatchObject({ status: 500, body: { error: constant } });
    } finally {
      await app.close();
    }
  });
});

describe('GET /auth/dev', () => {
  it('in the local environment signs in the demo player and redirects to the frontend callback', async () => {
    const app = await createTestApp({ config: { environment: 'local' } });
    try {
      const first = await app.call('GET', '/auth/dev');
      expect(first.status).toBe(302);
      expect(first.headers.get('location')).toBe(`${TEST_FRONTEND}/auth/callback?new=1`);
      const cookie = cookieValue(first.headers, 'session_token')!;
      expect(first.headers.getSetCookie().join('\n')).toMatch(/session_token=[^;]+; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax/);
      const me = await app.call('GET', '/api/v1/session', { headers: { cookie } });
      expect(me.body).toMatchObject({ sub: 'dev:demo', name: 'Demo Player', picture: '' });
      const again = await app.call('GET', '/auth/dev');
      expect(again.headers.get('location')).toBe(`${TEST_FRONTEND}/auth/callback`);
    } finally {
      await app.close();
    }
  });

  it('eight first sign-ins at once all sign in, as one demo player', async () => {
    const app = await createTestApp({ config: { environment: 'local' }, poolSize: 8 });
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, () => app.call('GET', '/auth/dev')));
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(302));
      const players = await everyPlayer(app);
      expect(players.map((player) => player.subject)).toEqual(['dev:demo']);
      // every session they were given is the one player's
      for (const answer of answers) {
        const me = await app.call('GET', '/api/v1/session', { headers: { cookie: cookieValue(answer.headers, 'session_token')! } });
        expect(me.body).toMatchObject({ sub: 'dev:demo' });
      }
      // exactly one of them was the player's first sign-in
      expect(answers.filter((answer) => answer.headers.get('location')!.endsWith('?new=1'))).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it.each(['production', 'test'] as const)('is a bare 404 in the %s environment', async (environment) => {
    const app = await createTestApp({ config: { environment } });
    try {
      const result = await app.call('GET', '/auth/dev');
      expect(result.status).toBe(404);
      expect(result.text).toBe('');
      expect(result.headers.getSetCookie()).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('answers 500 without a signing secret', async () => {
    const app = await createTestApp({ config: { environment: 'local', signingSecret: '' } });
    try {
      expect(await app.call('GET', '/auth/dev')).toMatchObject({ status: 500, body: { error: 'SIGNING_SECRET_MISSING' } });
      // refused before the demo player exists, so its first real sign-in still starts onboarding
      expect(await everyPlayer(app)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('GET /auth/methods', () => {
  const deployments: [string, () => Promise<TestApp>, { password: boolean; identityProvider: boolean }][] = [
    ['password only (no provider configured)', () => createTestApp(), { password: true, identityProvider: false }],
    ['password and the identity provider', () => appWithProvider(), { password: true, identityProvider: true }],
    ['the identity provider only', () => appWithProvider({ passwordSignIn: false }), { password: false, identityProvider: true }],
  ];
  for (const [name, start, methods] of deployments) {
    it(`answers without a session what the sign-in screen may offer: ${name}`, async () => {
      const app = await start();
      try {
        const result = await app.call('GET', '/auth/methods');
        expect({ status: result.status, body: result.body }).toEqual({ status: 200, body: methods });
      } finally {
        await app.close();
      }
    });
  }
});
