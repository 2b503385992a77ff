import crypto from 'node:crypto';
import { z } from 'zod';
import { identityRedirectUrl, resolvedFrontendUrl } from '../../config';
import type { AppContext } from '../../app-context';
import { accepted } from '../../domain/checked';
import { fail } from '../../domain/errors';
import { errorFields } from '../../logger';
import { claimsFor, type SignInResult } from '../../services/auth-service';
import { mintSessionToken } from '../../services/session-tokens';
import type { PlayerRow } from '../../store/players';
import { newSignInBinding } from '../../upstream/identity-provider';
import { PasswordCredentialsSchema, PasswordSessionSchema } from '../../wire/session';
import { clientAddress } from '../connection';
import { readCookie, redirectWithCookies, serializeCookie } from '../cookies';
import type { HttpRequest } from '../http-request';
import { HttpResponse, jsonResponse } from '../http-response';
import { originTrusted } from '../origins';
import { route } from '../route-kit';
import { constantTimeEqual } from '../service-token';
import { sessionCookie } from '../session';

const tag = 'Sign-in';

const STATE_COOKIE = 'idp_state';
/** the PKCE verifier and the nonce of the sign-in in progress, beside the state */
const VERIFIER_COOKIE = 'idp_verifier';
const NONCE_COOKIE = 'idp_nonce';
const STATE_LIFETIME_SECONDS = 600;
const PASSWORD_BODY_LIMIT_BYTES = 4096;

/** A query value as the provider sends it; a repeated name counts by its first value, as ever. */
const firstValue = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (Array.isArray(value) ? value[0] : value));

const IdentityCallbackQuerySchema = z.object({
  code: firstValue.describe('the provider’s authorization code; absent on the way out to the provider'),
  state: firstValue.describe('the state the sign-in started with'),
  error: firstValue.describe('the provider’s refusal (the player declined)'),
});

function frontendOf(ctx: AppContext) {
  const frontend = resolvedFrontendUrl(ctx.config);
  return { frontend, secure: frontend.startsWith('https://') };
}

async function sessionFor(ctx: AppContext, player: PlayerRow): Promise<string> {
  if (!ctx.signingSecret) fail('SIGNING_SECRET_MISSING');
  return sessionCookie(ctx, await mintSessionToken(claimsFor(player), ctx.signingSecret, ctx.clock.now()));
}

/** Password sign-in answers from the frontend's origin only, checked before its body (§ PasswordCredentials). */
function requireFrontendOrigin(ctx: AppContext, request: HttpRequest): void {
  const origin = request.headers.get('origin');
  if (origin === null || !originTrusted(ctx.config, request, origin)) fail('FORBIDDEN_ORIGIN');
}

async function passwordSession(ctx: AppContext, status: number, result: SignInResult): Promise<HttpResponse> {
  return jsonResponse({ isNew: result.isNew }, status, { 'set-cookie': await sessionFor(ctx, result.player) });
}

/**
 * The credentials are read and checked by the kit, but their refusal waits for the origin
 * check (the handler's `accepted`), so a foreign origin always answers FORBIDDEN_ORIGIN.
 */
const passwordBody = {
  schema: PasswordCredentialsSchema,
  malformed: 'MALFORMED_JSON',
  invalid: 'INVALID_REQUEST',
  limitBytes: PASSWORD_BODY_LIMIT_BYTES,
  tooLargeAs: 'text',
  checkedByService: true,
} as const;

/** `/auth/*` (§6): the identity provider's round trip, the local demo sign-in, password sign-in. */
export const authRoutes = [
  route({
    id: 'signInWithIdentityProvider',
    method: 'GET',
    path: '/auth/idp',
    summary: 'Without a code, redirects to the identity provider; with one, signs the player in and redirects to the frontend',
    description: 'A failed exchange redirects to `/home?error=auth_failed`; the first sign-in lands on `/auth/callback?new=1`.',
    tag,
    access: 'public',
    query: IdentityCallbackQuerySchema,
    answer: { redirect: true },
    handle: async ({ ctx, services, request, query }) => {
      const idp = ctx.upstream.identityProvider;
      if (!idp.configured) fail('IDENTITY_PROVIDER_NOT_CONFIGURED');
      if (!ctx.signingSecret) fail('SIGNING_SECRET_MISSING');
      const { frontend, secure } = frontendOf(ctx);
      const { code } = query;
      const redirectUri = identityRedirectUrl(ctx.config);
      const clearState = [STATE_COOKIE, VERIFIER_COOKIE, NONCE_COOKIE].map((name) => serializeCookie(name, '', { maxAgeSeconds: 0, secure }));
      if (!code) {
        // A provider error (the player declined) comes back without a code but with a state.
        if (query.error !== undefined && query.state !== undefined) {
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
      const given = query.state ?? '';
      const stateOk = expected !== undefined && expected !== '' && constantTimeEqual(expected, given);
      if (!stateOk) return redirectWithCookies(`${frontend}/home?error=auth_failed`, clearState);
      const binding = { codeVerifier: readCookie(request, VERIFIER_COOKIE) ?? '', nonce: readCookie(request, NONCE_COOKIE) ?? '' };
      let result;
      try {
        if (!binding.codeVerifier || !binding.nonce) throw new Error('sign-in binding cookies missing');
        result = services.auth.signInWithIdentity(await idp.profileForCode(code, redirectUri, binding));
      } catch (error) {
        ctx.log.warn('identity-provider sign-in failed', errorFields(error));
        return redirectWithCookies(`${frontend}/home?error=auth_failed`, clearState);
      }
      const target = `${frontend}/auth/callback${result.isNew ? '?new=1' : ''}`;
      return redirectWithCookies(target, [await sessionFor(ctx, result.player), ...clearState]);
    },
  }),
  route({
    id: 'signInAsDemoPlayer',
    method: 'GET',
    path: '/auth/dev',
    summary: 'The local environment’s demo sign-in: redirects to the frontend callback with a session',
    description: 'Outside the local environment it answers a bare 404 with no body (deliberately not 403).',
    tag,
    access: 'public',
    answer: { redirect: true },
    handle: async ({ ctx, services }) => {
      // Outside the local environment the demo route does not exist: a bare 404, no body.
      if (ctx.config.environment !== 'local') return new HttpResponse(404, {});
      // Refuse before the demo player is created: its first working sign-in must still be new.
      if (!ctx.signingSecret) fail('SIGNING_SECRET_MISSING');
      const result = services.auth.demoPlayer();
      const { frontend } = frontendOf(ctx);
      return redirectWithCookies(`${frontend}/auth/callback${result.isNew ? '?new=1' : ''}`, [await sessionFor(ctx, result.player)]);
    },
  }),
  route({
    id: 'registerWithPassword',
    method: 'POST',
    path: '/auth/password/register',
    summary: 'Create a password account and its player, and sign in',
    description: 'Only from the frontend’s origin; a body over 4 KB answers 413 as plain text.',
    tag,
    access: 'public',
    body: passwordBody,
    status: 201,
    answer: { json: PasswordSessionSchema },
    mountedWhen: (config) => config.passwordSignIn,
    handle: async ({ ctx, services, request, body }) => {
      requireFrontendOrigin(ctx, request);
      const { username, password } = accepted(body);
      // Refuse before creating an account nobody could sign in to.
      if (!ctx.signingSecret) fail('SIGNING_SECRET_MISSING');
      return passwordSession(ctx, 201, await services.auth.register(username, password, clientAddress(request, ctx.config.trustProxy)));
    },
  }),
  route({
    id: 'signInWithPassword',
    method: 'POST',
    path: '/auth/password/login',
    summary: 'Sign in with a username and password',
    description: 'Only from the frontend’s origin; a body over 4 KB answers 413 as plain text.',
    tag,
    access: 'public',
    body: passwordBody,
    answer: { json: PasswordSessionSchema },
    mountedWhen: (config) => config.passwordSignIn,
    handle: async ({ ctx, services, request, body }) => {
      requireFrontendOrigin(ctx, request);
      const { username, password } = accepted(body);
      return passwordSession(ctx, 200, await services.auth.login(username, password, clientAddress(request, ctx.config.trustProxy)));
    },
  }),
];
