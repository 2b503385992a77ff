/** The ID token comes straight from the token endpoint over TLS (OIDC Core 3.1.3.7), so it is read for its nonce and subject only. */
import crypto from 'node:crypto';
import { z } from 'zod';
import type { Config } from '../platform/config';
import { HttpClient, UpstreamError } from './http-client';

export interface IdentityProfile {
  subject: string;
  email: string;
  name: string;
  picture: string;
}

/** Kept in short-lived cookies meanwhile. */
export interface SignInBinding {
  /** RFC 7636; its S256 challenge goes in the authorize URL */
  codeVerifier: string;
  /** must come back in the ID token */
  nonce: string;
}

export interface IdentityProviderClient {
  readonly configured: boolean;
  authorizeUrl(state: string, redirectUri: string, binding: SignInBinding): string;
  /** exchanges the code and reads the profile; throws UpstreamError on any failure */
  profileForCode(code: string, redirectUri: string, binding: SignInBinding): Promise<IdentityProfile>;
}

/** base64url (43 characters). */
export function newSignInBinding(): SignInBinding {
  return { codeVerifier: crypto.randomBytes(32).toString('base64url'), nonce: crypto.randomBytes(32).toString('base64url') };
}

export function codeChallenge(codeVerifier: string): string {
  return crypto.createHash('sha256').update(codeVerifier).digest('base64url');
}

/** Unverified; null when not a compact JWT. */
function jwtClaims(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const tokenAnswer = z.object({ access_token: z.string().min(1), id_token: z.string().min(1) });
const userinfoAnswer = z
  .object({
    sub: z.string().min(1).optional(),
    id: z.string().min(1).optional(),
    email: z.string().optional(),
    email_verified: z.boolean().optional(),
    verified_email: z.boolean().optional(),
    name: z.string().optional(),
    picture: z.string().optional(),
  })
  .refine((u) => u.sub ?? u.id, 'no subject');

export function createIdentityProviderClient(config: Config, options: { timeoutMs?: number } = {}): IdentityProviderClient {
  const idp = config.identityProvider;
  const http = new HttpClient({ name: 'identity-provider', timeoutMs: options.timeoutMs ?? 10_000, retries: 0, baseDelayMs: 0, maxDelayMs: 0 });
  return {
    configured: Boolean(idp.clientId && idp.clientSecret),
    authorizeUrl(state, redirectUri, binding) {
      const url = new URL(idp.authorizeUrl);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', idp.clientId ?? '');
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('scope', 'openid email profile');
      url.searchParams.set('state', state);
      url.searchParams.set('code_challenge', codeChallenge(binding.codeVerifier));
      url.searchParams.set('code_challenge_method', 'S256');
      url.searchParams.set('nonce', binding.nonce);
      return url.toString();
    },
    async profileForCode(code, redirectUri, binding) {
      const form = new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: idp.clientId ?? '',
        client_secret: idp.clientSecret ?? '',
        code_verifier: binding.codeVerifier,
      });
      const token = await http.json({
        method: 'POST',
        url: idp.tokenUrl,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
      });
      const parsedToken = tokenAnswer.safeParse(token.body);
      if (!parsedToken.success) throw new UpstreamError('identity-provider', 'invalid', undefined, 'token answer');
      // The nonce ties the answer to this browser's sign-in: a code injected from another session carries another nonce.
      const idClaims = jwtClaims(parsedToken.data.id_token);
      if (!idClaims || typeof idClaims.nonce !== 'string' || !sameText(idClaims.nonce, binding.nonce)) {
        throw new UpstreamError('identity-provider', 'invalid', undefined, 'ID token nonce');
      }
      const info = await http.json({
        url: idp.userinfoUrl,
        headers: { authorization: `Bearer ${parsedToken.data.access_token}`, accept: 'application/json' },
      });
      const parsedInfo = userinfoAnswer.safeParse(info.body);
      if (!parsedInfo.success) throw new UpstreamError('identity-provider', 'invalid', undefined, 'userinfo answer');
      const user = parsedInfo.data;
      // OIDC Core 5.3.2: the userinfo subject must be the ID token's.
      if (idClaims.sub !== (user.sub ?? user.id)) throw new UpstreamError('identity-provider', 'invalid', undefined, 'subject mismatch');
      // An address the provider has not verified must not become someone's identity.
      if (user.email_verified === false || user.verified_email === false) {
        throw new UpstreamError('identity-provider', 'invalid', undefined, 'e-mail not verified');
      }
      return {
        subject: (user.sub ?? user.id) as string,
        email: user.email ?? '',
        name: user.name ?? user.email ?? 'Player',
        picture: user.picture ?? '',
      };
    },
  };
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
