import { resolvedFrontendUrl } from '../config';
import { fail } from '../../domain/errors';
import { beyondMaximum, renewedSessionToken, SESSION_COOKIE, SESSION_LIFETIME_SECONDS, type SessionClaims, verifySessionToken } from '../../features/auth/session-tokens';
import type { AppContext } from '../app-context';
import { readCookie, serializeCookie } from './cookies';

const verified = new WeakMap<Request, SessionClaims>();

/** 401 when missing, expired or not ours. */
export async function requireSession(ctx: AppContext, request: Request): Promise<SessionClaims> {
  const known = verified.get(request);
  if (known) return known;
  const token = readCookie(request, SESSION_COOKIE);
  if (!token || !ctx.signingSecret) fail('UNAUTHORIZED');
  const claims = await verifySessionToken(token, ctx.signingSecret, ctx.clock.now());
  if (!claims || beyondMaximum(claims, ctx.clock.now(), sessionMaximumSeconds(ctx))) fail('UNAUTHORIZED');
  // a new password ends the sessions signed in before it: a borrowed device is signed out too
  if (await ctx.services.auth.sessionOutlivedPassword(claims)) fail('UNAUTHORIZED');
  verified.set(request, claims);
  return claims;
}

function secureCookies(ctx: AppContext): boolean {
  return resolvedFrontendUrl(ctx.config).startsWith('https://');
}

export function sessionCookie(ctx: AppContext, token: string): string {
  return serializeCookie(SESSION_COOKIE, token, {
    maxAgeSeconds: SESSION_LIFETIME_SECONDS,
    httpOnly: true,
    sameSite: 'Lax',
    secure: secureCookies(ctx),
  });
}

export function expiredSessionCookie(ctx: AppContext): string {
  return serializeCookie(SESSION_COOKIE, '', { maxAgeSeconds: 0, httpOnly: true, sameSite: 'Lax', secure: secureCookies(ctx) });
}

function sessionMaximumSeconds(ctx: AppContext): number {
  return ctx.config.sessions.maximumDays * 86_400;
}

/** Past half its life (README, sessions), else null. */
export async function renewedSessionCookie(ctx: AppContext, claims: SessionClaims): Promise<string | null> {
  if (!ctx.signingSecret) return null;
  const token = await renewedSessionToken(claims, ctx.signingSecret, ctx.clock.now(), sessionMaximumSeconds(ctx));
  return token === null ? null : sessionCookie(ctx, token);
}
