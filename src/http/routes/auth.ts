import crypto from 'node:crypto';
import { Elysia } from 'elysia';
import { identityRedirectUrl, resolvedFrontendUrl } from '../../config';
import { fail } from '../../domain/errors';
import { errorFields } from '../../logger';
import { claimsFor, validateCredentials } from '../../services/auth-service';
import { mintSessionToken } from '../../services/session-tokens';
import { newSignInBinding } from '../../upstream/identity-provider';
import type { PlayerRow } from '../../store/players';
import type { AppContext } from '../../app-context';
import { clientAddress } from '../connection';
import { readCookie, redirectWithCookies, serializeCookie } from '../cookies';
import { originTrusted } from '../origins';
import { readJsonBody } from '../request-body';
import { constantTimeEqual } from '../service-token';
import { sessionCookie } from '../session';

const STATE_COOKIE = 'idp_state';
/** the PKCE verifier and the nonce of the sign-in in progress, beside the state */
const VERIFIER_COOKIE = 'idp_verifier';
const NONCE_COOKIE = 'idp_nonce';
const STATE_LIFETIME_SECONDS = 600;
const PASSWORD_BODY_LIMIT_BYTES = 4096;

export function authRoutes(ctx: AppContext) {
  const { auth } = ctx.services;
  const frontend = resolvedFrontendUrl(ctx.config);
  const secure = frontend.startsWith('https://');

  async function sessionFor(player: PlayerRow): Promise<string> {
    if (!ctx.signingSecret) fail('SIGNING_SECRET_MISSING');
    return sessionCookie(ctx, await mintSessionToken(claimsFor(player), ctx.signingSecret, ctx.clock.now()));
  }

  const routes = new Elysia()
    .get('/auth/idp', async ({ request }) => {
      const idp = ctx.upstream.identityProvider;
      if (!idp.configured) fail('IDENTITY_PROVIDER_NOT_CONFIGURED');
      if (!ctx.signingSecret) fail('SIGNING_SECRET_MISSING');
      const url = new URL(request.url);
      const code = url.searchParams.get('code');
      const redirectUri = identityRedirectUrl(ctx.config);
      const clearState = [STATE_COOKIE, VERIFIER_COOKIE, NONCE_COOKIE].map((name) => serializeCookie(name, '', { maxAgeSeconds: 0, secure }));
      if (!code) {
        // A provider error (the player declined) comes back without a code but with a state.
        if (url.searchParams.has('error') && url.searchParams.has('state')) {
          return redirectWithCookies(`${frontend}/home?error=auth_failed`, clearState);
        }
        const state = crypto.randomBytes(24).toString('base64url');
        const binding = newSignInBinding();
        const keep = { maxAgeSeconds: STATE_LIFETIME_SECONDS, secure };
        return redirectWithCookies(idp.authorizeUrl(state, redirectUri, binding), [
          serializeCookie(STATE_COOKIE, state, keep),
          serializeCookie(VERIFIER_COOKIE, binding.codeVerifier, keep),
          serializeCookie(NONCE_COOKIE, binding.nonce, keep),
        ]);
      }
      const expected = readCookie(request, STATE_COOKIE);
      const given = url.searchParams.get('state') ?? '';
      const stateOk = expected !== undefined && expected !== '' && constantTimeEqual(expected, given);
      if (!stateOk) return redirectWithCookies(`${frontend}/home?error=auth_failed`, clearState);
      const binding = { codeVerifier: readCookie(request, VERIFIER_COOKIE) ?? '', nonce: readCookie(request, NONCE_COOKIE) ?? '' };
      let result;
      try {
        if (!binding.codeVerifier || !binding.nonce) throw new Error('sign-in binding cookies missing');
        result = auth.signInWithIdentity(await idp.profileForCode(code, redirectUri, binding));
      } catch (error) {
        ctx.log.warn('identity-provider sign-in failed', errorFields(error));
        return redirectWithCookies(`${frontend}/home?error=auth_failed`, clearState);
      }
      const target = `${frontend}/auth/callback${result.isNew ? '?new=1' : ''}`;
      return redirectWithCookies(target, [await sessionFor(result.player), ...clearState]);
    })
    .get('/auth/dev', async () => {
      // Outside the local environment the demo route does not exist: a bare 404, no body.
      if (ctx.config.environment !== 'local') return new Response(null, { status: 404 });
      // Refuse before the demo player is created: its first working sign-in must still be new.
      if (!ctx.signingSecret) fail('SIGNING_SECRET_MISSING');
      const result = auth.demoPlayer();
      return redirectWithCookies(`${frontend}/auth/callback${result.isNew ? '?new=1' : ''}`, [await sessionFor(result.player)]);
    });

  if (!ctx.config.passwordSignIn) return routes;

  async function credentials(request: Request) {
    const origin = request.headers.get('origin');
    if (origin === null || !originTrusted(ctx.config, request, origin)) fail('FORBIDDEN_ORIGIN');
    return validateCredentials(await readJsonBody(request, 'MALFORMED_JSON', PASSWORD_BODY_LIMIT_BYTES, 'text'));
  }
  async function answer(status: number, result: { player: PlayerRow; isNew: boolean }) {
    return new Response(JSON.stringify({ isNew: result.isNew }), {
      status,
      headers: { 'content-type': 'application/json', 'set-cookie': await sessionFor(result.player) },
    });
  }

  return routes
    .post(
      '/auth/password/register',
      async ({ request }) => {
        const { username, password } = await credentials(request);
        // Refuse before creating an account nobody could sign in to.
        if (!ctx.signingSecret) fail('SIGNING_SECRET_MISSING');
        return answer(201, await auth.register(username, password, clientAddress(request, ctx.config.trustProxy)));
      },
      { parse: 'none' },
    )
    .post(
      '/auth/password/login',
      async ({ request }) => {
        const { username, password } = await credentials(request);
        return answer(200, await auth.login(username, password, clientAddress(request, ctx.config.trustProxy)));
      },
      { parse: 'none' },
    );
}
