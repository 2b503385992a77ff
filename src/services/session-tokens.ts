import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const SESSION_COOKIE = 'session_token';
export const SESSION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

/** The claims every sign-in mints (identity provider, demo, password): one session shape. */
export interface SessionClaims {
  /** for an identity-provider player, the provider's account id as it gave it */
  sub: string;
  email: string;
  name: string;
  picture: string;
  /** the session names an identity-provider account (private claim `idp`), not a local one */
  idp?: boolean;
}

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function mintSessionToken(claims: SessionClaims, secret: string, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const extra = claims.idp ? { idp: true } : {};
  return new SignJWT({ email: claims.email, name: claims.name, picture: claims.picture, ...extra })
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

/** Answers the claims of a valid, unexpired token signed with `secret`, else null. */
export async function verifySessionToken(token: string, secret: string, now: Date): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await verificationKey(secret), {
      algorithms: ['HS256'],
      currentDate: now,
    });
    if (typeof payload.sub !== 'string' || payload.sub === '') return null;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const claims: SessionClaims = { sub: payload.sub, email: text(payload.email), name: text(payload.name), picture: text(payload.picture) };
    if (payload.idp === true) claims.idp = true;
    return claims;
  } catch {
    return null;
  }
}
