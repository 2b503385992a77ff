import crypto from 'node:crypto';
import { routesWhen } from '../../platform/http/optional-routes';
import { Elysia } from 'elysia';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context';
import { identityRedirectUrl, resolvedFrontendUrl } from '../../platform/config';
import { accepted } from '../../domain/checked';
import { fail } from '../../domain/errors';
import { errorFields } from '../../platform/log';
import { claimsFor, type SignInResult } from './service';
import type { Services } from '../../platform/composition-root';
import { mintSessionToken } from './session-tokens';
import { newSignInBinding } from '../../upstream/identity-provider';
import { PasswordChangeSchema, PasswordCredentialsSchema, PasswordSessionSchema, SignInMethodsSchema } from './wire';
import { clientAddress } from '../../platform/http/connection';
import { readCookie, serializeCookie } from '../../platform/http/cookies';
import { originTrusted } from '../../platform/http/origins';
import type { ResponseSet } from '../../platform/http/raw-answer';
import { heldBackBody, jsonBody, judged } from '../../platform/http/route-options';
import { answer, checkedValue } from '../../platform/http/route-schemas';
import { sessionClaims } from '../../platform/http/plugins/guards';
import { SuccessSchema } from '../../platform/http/wire/common';
import { constantTimeEqual } from '../../platform/http/service-token';
import { sessionCookie } from '../../platform/http/session';
import { docs } from '../../platform/http/route-docs';

const doc = docs('Sign-in', 'public');

const STATE_COOKIE = 'idp_state';
/** the PKCE verifier and the nonce, beside the state */
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

function redirect(set: ResponseSet, location: string, cookies: string[] = []): undefined {
  set.status = 302;
  const headers = set.headers as Record<string, string | string[]>;
  headers.location = location;
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  return undefined;
}

const redirectDoc = { response: { 302: answer(z.undefined()) } };

export function authRoutes(ctx: AppContext, services: Services) {
  const frontend = () => resolvedFrontendUrl(ctx.config);
  const secure = () => frontend().startsWith('https://');

  const sessionFor = async (result: SignInResult): Promise<string> => {
    if (!ctx.signingSecret) fail('SIGNING_SECRET_MISSING');
    return sessionCookie(ctx, await mintSessionToken(claimsFor(result.player), ctx.signingSecret, ctx.clock.now()));
  };

  /** Answers from the frontend's origin only, checked before the body. */
  const requireFrontendOrigin = (request: Request) => {
    const origin = request.headers.get('origin');
    if (origin === null || !originTrusted(ctx.config, request, origin)) fail('FORBIDDEN_ORIGIN');
  };

  const passwordSession = async (set: ResponseSet, result: SignInResult) => {
    (set.headers as Record<string, string>)['set-cookie'] = await sessionFor(result);
    return { isNew: result.isNew };
  };

  /** Waits for the origin check, so a foreign origin always answers FORBIDDEN_ORIGIN. */
  const credentials = (request: Request, body: unknown) => {
    requireFrontendOrigin(request);
    return accepted(judged(PasswordCredentialsSchema, body, 'INVALID_REQUEST'));
  };
  const passwordBody = heldBackBody(PasswordCredentialsSchema, { malformed: 'MALFORMED_JSON', limitBytes: PASSWORD_BODY_LIMIT_BYTES, tooLargeAs: 'text' });
  const passwordDescription = 'Only from the frontend’s origin; a body over 4 KB answers 413 as plain text.';

  const routes = new Elysia({ prefix: '/auth' })
    .get(
      '/methods',
      () => ({ password: ctx.config.passwordSignIn, identityProvider: ctx.upstream.identityProvider.configured && ctx.signingSecret !== null }),
      {
        response: answer(SignInMethodsSchema),
        ...doc({ id: 'listSignInMethods', summary: 'How a player can sign in here: password, the identity provider, or both (an addition)' }),
      },
    )
    .get(
      '/idp',
      async ({ query, request, set }) => {
        const idp = ctx.upstream.identityProvider;
        if (!idp.configured) fail('IDENTITY_PROVIDER_NOT_CONFIGURED');
        if (!ctx.signingSecret) fail('SIGNING_SECRET_MISSING');
        const failed = `${frontend()}/home?error=auth_failed`;
        const { code } = query;
        const redirectUri = identityRedirectUrl(ctx.config);
        const clearState = [STATE_COOKIE, VERIFIER_COOKIE, NONCE_COOKIE].map((name) => serializeCookie(name, '', { maxAgeSeconds: 0, secure: secure() }));
        if (!code) {
          // A provider error (the player declined) comes back without a code but with a state.
          if (query.error !== undefined && query.state !== undefined) return redirect(set, failed, clearState);
          const state = crypto.randomBytes(24).toString('base64url');
          const binding = newSignInBinding();
          const keep = { maxAgeSeconds: STATE_LIFETIME_SECONDS, secure: secure() };
          return redirect(set, idp.authorizeUrl(state, redirectUri, binding), [
            serializeCookie(STATE_COOKIE, state, keep),
            serializeCookie(VERIFIER_COOKIE, binding.codeVerifier, keep),
            serializeCookie(NONCE_COOKIE, binding.nonce, keep),
          ]);
        }
        const expected = readCookie(request, STATE_COOKIE);
        const stateOk = expected !== undefined && expected !== '' && constantTimeEqual(expected, query.state ?? '');
        if (!stateOk) return redirect(set, failed, clearState);
        const binding = { codeVerifier: readCookie(request, VERIFIER_COOKIE) ?? '', nonce: readCookie(request, NONCE_COOKIE) ?? '' };
        let result;
        try {
          if (!binding.codeVerifier || !binding.nonce) throw new Error('sign-in binding cookies missing');
          result = services.auth.signInWithIdentity(await idp.profileForCode(code, redirectUri, binding));
        } catch (error) {
          ctx.log.warn('identity-provider sign-in failed', errorFields(error));
          return redirect(set, failed, clearState);
        }
        return redirect(set, `${frontend()}/auth/callback${(await result).isNew ? '?new=1' : ''}`, [await sessionFor(await result), ...clearState]);
      },
      {
        query: IdentityCallbackQuerySchema,
        ...redirectDoc,
        ...doc({
          id: 'signInWithIdentityProvider',
          summary: 'Without a code, redirects to the identity provider; with one, signs the player in and redirects to the frontend',
          description: 'A failed exchange redirects to `/home?error=auth_failed`; the first sign-in lands on `/auth/callback?new=1`.',
        }),
      },
    )
    .get(
      '/dev',
      async ({ set }) => {
        // Outside the local environment the demo route does not exist.
        if (ctx.config.environment !== 'local') {
          set.status = 404;
          return undefined;
        }
        // Refuse before the demo player is created: its first working sign-in must still be new.
        if (!ctx.signingSecret) fail('SIGNING_SECRET_MISSING');
        const result = await services.auth.demoPlayer();
        return redirect(set, `${frontend()}/auth/callback${result.isNew ? '?new=1' : ''}`, [await sessionFor(result)]);
      },
      {
        ...redirectDoc,
        ...doc({
          id: 'signInAsDemoPlayer',
          summary: 'The local environment’s demo sign-in: redirects to the frontend callback with a session',
          description: 'Outside the local environment it answers a bare 404 with no body (deliberately not 403).',
        }),
      },
    );

  const password = new Elysia({ prefix: '/auth' })
    .post(
      '/password/register',
      async ({ request, body, set }) => {
        const { username, password } = credentials(request, body);
        // Refuse before creating an account nobody could sign in to.
        if (!ctx.signingSecret) fail('SIGNING_SECRET_MISSING');
        set.status = 201;
        return passwordSession(set, await services.auth.register(username, password, clientAddress(request, ctx.config.trustProxy)));
      },
      {
        ...passwordBody,
        response: { 201: answer(PasswordSessionSchema) },
        ...doc({ id: 'registerWithPassword', summary: 'Create a password account and its player, and sign in', description: passwordDescription }),
      },
    )
    .post(
      '/password/login',
      async ({ request, body, set }) => {
        const { username, password } = credentials(request, body);
        return passwordSession(set, await services.auth.login(username, password, clientAddress(request, ctx.config.trustProxy)));
      },
      {
        ...passwordBody,
        response: answer(PasswordSessionSchema),
        ...doc({ id: 'signInWithPassword', summary: 'Sign in with a username and password', description: passwordDescription }),
      },
    );

  const ownPassword = new Elysia({ prefix: '/api/v1' }).use(sessionClaims(ctx)).put(
    '/me/password',
    async ({ claims, body, request, set }) => {
      const { currentPassword, newPassword } = checkedValue(PasswordChangeSchema, body);
      const player = await services.auth.changePassword(claims, currentPassword, newPassword, clientAddress(request, ctx.config.trustProxy));
      // the other sessions end with the old password; this one is signed in afresh and stays
      (set.headers as Record<string, string>)['set-cookie'] = await sessionFor({ player, isNew: false });
      return { success: true as const };
    },
    {
      ...jsonBody(PasswordChangeSchema, { malformed: 'MALFORMED_JSON', invalid: 'INVALID_REQUEST' }),
      response: answer(SuccessSchema),
      ...docs('Session', 'session')({
        id: 'changePassword',
        summary: 'Change the caller’s own password, proving the current one (an addition)',
        description:
          'A wrong current password answers 403 `WRONG_PASSWORD` and counts as a failed sign-in (429 `LOGIN_THROTTLED` past the free ones); a player who signs in another way has no password here (409 `NO_PASSWORD_ACCOUNT`). The account’s other sessions end; this one gets a new cookie and stays signed in.',
      }),
    },
  );

  return new Elysia().use(routes).use(routesWhen(ctx.config.passwordSignIn, () => new Elysia().use(password).use(ownPassword)));
}
