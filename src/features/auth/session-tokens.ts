import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const SESSION_COOKIE = 'session_token';
export const SESSION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
/** A token "issued" further ahead than this is forged. */
export const CLOCK_SKEW_SECONDS = 60;

export interface SessionClaims {
  /** for an identity-provider player, the provider's account id as it gave it */
  sub: string;
  email: string;
  name: string;
  picture: string;
  /** the session names an identity-provider account (private claim `idp`), not a local one */
  idp?: boolean;
  /** `auth_time` in seconds: a renewed token carries it over, so a sliding session still ends at the absolute maximum. */
  signedInAt?: number;
  issuedAt?: number;
}

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function mintSessionToken(claims: SessionClaims, secret: string, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const extra = claims.idp ? { idp: true } : {};
  return new SignJWT({ email: claims.email, name: claims.name, picture: claims.picture, auth_time: claims.signedInAt ?? issuedAt, ...extra })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + SESSION_LIFETIME_SECONDS)
    .sign(key(secret));
}

/** Given raw bytes, jose imports a fresh CryptoKey on every verification. */
const verificationKeys = new Map<string, Promise<webcrypto.CryptoKey>>();

function verificationKey(secret: string): Promise<webcrypto.CryptoKey> {
  let imported = verificationKeys.get(secret);
  if (!imported) {
    if (verificationKeys.size >= 16) verificationKeys.clear();
    imported = webcrypto.subtle.importKey('raw', key(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    verificationKeys.set(secret, imported);
  }
  return imported;
}

/** Every signed-in request verifies its cookie; keyed by secret and whole token, so any changed byte or rotated secret is verified afresh. */
const verifiedTokens = new Map<string, { claims: SessionClaims; expiresAt: number }>();
const VERIFIED_TOKENS_KEPT = 10_000;

export async function verifySessionToken(token: string, secret: string, now: Date): Promise<SessionClaims | null> {
  const cacheKey = `${secret}\n${token}`;
  const kept = verifiedTokens.get(cacheKey);
  if (kept) {
    if (now.getTime() < kept.expiresAt) return { ...kept.claims };
    verifiedTokens.delete(cacheKey);
  }
  try {
    // A token without exp and iat (a leaked secret, an old tool) would never end: both are required and iat may not be in the future.
    const { payload } = await jwtVerify(token, await verificationKey(secret), {
      algorithms: ['HS256'],
      currentDate: now,
      requiredClaims: ['exp', 'iat'],
    });
    const nowSeconds = now.getTime() / 1000;
    // (by hand: jose's maxTokenAge allows no skew for iat, and its clockTolerance would also stretch exp)
    if (typeof payload.iat !== 'number' || payload.iat > nowSeconds + CLOCK_SKEW_SECONDS) return null;
    if (nowSeconds - payload.iat >= SESSION_LIFETIME_SECONDS) return null;
    if (typeof payload.exp !== 'number') return null;
    if (typeof payload.sub !== 'string' || payload.sub === '') return null;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const claims: SessionClaims = { sub: payload.sub, email: text(payload.email), name: text(payload.name), picture: text(payload.picture) };
    if (payload.idp === true) claims.idp = true;
    // a token minted before sessions slid has no auth_time: its sign-in is its issue
    claims.signedInAt = typeof payload.auth_time === 'number' && payload.auth_time <= payload.iat ? payload.auth_time : payload.iat;
    claims.issuedAt = payload.iat;
    if (verifiedTokens.size >= VERIFIED_TOKENS_KEPT) verifiedTokens.delete(verifiedTokens.keys().next().value!);
    // kept until the earlier of its exp and the end of its lifetime
    verifiedTokens.set(cacheKey, { claims, expiresAt: Math.min(payload.exp, payload.iat + SESSION_LIFETIME_SECONDS) * 1000 });
    return { ...claims };
  } catch {
    return null;
  }
}

/** A token used after half its lifetime is replaced, so a player back weekly stays signed in; none outlives `maxSeconds`. */
export async function renewedSessionToken(claims: SessionClaims, secret: string, now: Date, maxSeconds: number): Promise<string | null> {
  const nowSeconds = now.getTime() / 1000;
  if (claims.issuedAt === undefined || nowSeconds - claims.issuedAt < SESSION_LIFETIME_SECONDS / 2) return null;
  if (nowSeconds - (claims.signedInAt ?? claims.issuedAt) >= maxSeconds) return null;
  return mintSessionToken(claims, secret, now);
}

export function beyondMaximum(claims: SessionClaims, now: Date, maxSeconds: number): boolean {
  return now.getTime() / 1000 - (claims.signedInAt ?? claims.issuedAt ?? 0) >= maxSeconds;
}
