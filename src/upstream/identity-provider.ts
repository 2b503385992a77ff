/**
 * OAuth 2 authorization-code client for the configured identity provider (Google-style by
 * default): the authorize URL, the code exchange, and the profile from userinfo.
 */
import { z } from 'zod';
import type { Config } from '../config';
import { HttpClient, UpstreamError } from './http-client';

export interface IdentityProfile {
  subject: string;
  email: string;
  name: string;
  picture: string;
}

export interface IdentityProviderClient {
  readonly configured: boolean;
  authorizeUrl(state: string, redirectUri: string): string;
  /** exchanges the code and reads the profile; throws UpstreamError on any failure */
  profileForCode(code: string, redirectUri: string): Promise<IdentityProfile>;
}

const tokenAnswer = z.object({ access_token: z.string().min(1) });
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
    authorizeUrl(state, redirectUri) {
      const url = new URL(idp.authorizeUrl);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', idp.clientId ?? '');
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('scope', 'openid email profile');
      url.searchParams.set('state', state);
      return url.toString();
    },
    async profileForCode(code, redirectUri) {
      const form = new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: idp.clientId ?? '',
        client_secret: idp.clientSecret ?? '',
      });
      const token = await http.json({
        method: 'POST',
        url: idp.tokenUrl,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
      });
      const parsedToken = tokenAnswer.safeParse(token.body);
      if (!parsedToken.success) throw new UpstreamError('identity-provider', 'invalid', undefined, 'token answer');
      const info = await http.json({
        url: idp.userinfoUrl,
        headers: { authorization: `Bearer ${parsedToken.data.access_token}`, accept: 'application/json' },
      });
      const parsedInfo = userinfoAnswer.safeParse(info.body);
      if (!parsedInfo.success) throw new UpstreamError('identity-provider', 'invalid', undefined, 'userinfo answer');
      const user = parsedInfo.data;
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
