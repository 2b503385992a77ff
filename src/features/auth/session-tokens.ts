import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const SESSION_COOKIE = 'session_token';
export const SESSION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
/** how far ahead of this clock another machine's may run: a token "issued" later is forged */
export const CLOCK_SKEW_SECONDS = 60;

/** The claims every sign-in mints (identity provider, demo, password): one session shape. */
export interface SessionClaims {
  /** for an identity-provider player, the provider's account id as it gave it */
  sub: string;
  email: string;
  name: string;
  picture: string;
  /** the session names an identity-provider account (private claim `idp`), not a local one */
  idp?: boolean;
  /**
   * When the player signed in (claim `auth_time`, seconds): a renewed token carries it over,
   * so a session that slides still ends at the configured absolute maximum.
   */
  signedInAt?: number;
  /** when this token was issued (`iat`, seconds); set on verified claims */
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

/**
 * Given raw bytes, jose imports a fresh CryptoKey on every verification; a signed-in read
 * verifies one, so the imported key is kept per secret (a process has one, tests a few).
 */
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

/**
 * Tokens already verified, with their claims and expiry. Every signed-in request verifies its
 * cookie, and the HMAC on WebCrypto cost more than the rest of a cached read (a 304 spent most
 * of its time there). The key is the secret and the whole token, so a token that differs in
 * any byte, or a rotated secret, is verified afresh; expiry is checked on every use.
 */
const verifiedTokens = new Map<string, { claims: SessionClaims; expiresAt: number }>();
/** about 4 MB of tokens: the sessions of a busy deployment's last hours */
const VERIFIED_TOKENS_KEPT = 10_000;

/** Answers the claims of a valid, unexpired token signed with `secret`, else null. */
export async function verifySessionToken(token: string, secret: string, now: Date): Promise<SessionClaims | null> {
  const cacheKey = `${secret}\n${token}`;
  const kept = verifiedTokens.get(cacheKey);
  if (kept) {
    if (now.getTime() < kept.expiresAt) return { ...kept.claims };
    verifiedTokens.delete(cacheKey);
  }
  try {
    // Every token we mint carries exp and iat. One signed with the real secret but without
    // them (a leaked secret, an old tool) would never end, so both are required, an iat in the
    // future is refused, and no token outlives a session's lifetime whatever its exp says.
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

/**
 * Sliding sessions: a token used after half its lifetime is replaced by a fresh one (a new
 * 7-day token with the same claims and sign-in time), so a player who comes back at least
 * once a week stays signed in, while one away a whole lifetime is signed out. No session
 * outlives `maxSeconds` from its sign-in. Answers the token to set, or null.
 */
export async function renewedSessionToken(claims: SessionClaims, secret: string, now: Date, maxSeconds: number): Promise<string | null> {
  const nowSeconds = now.getTime() / 1000;
  if (claims.issuedAt === undefined || nowSeconds - claims.issuedAt < SESSION_LIFETIME_SECONDS / 2) return null;
  if (nowSeconds - (claims.signedInAt ?? claims.issuedAt) >= maxSeconds) return null;
  return mintSessionToken(claims, secret, now);
}

/** Whether a session signed in at `signedInAt` has outlived the absolute maximum. */
export function beyondMaximum(claims: SessionClaims, now: Date, maxSeconds: number): boolean {
  return now.getTime() / 1000 - (claims.signedInAt ?? claims.issuedAt ?? 0) >= maxSeconds;
}
