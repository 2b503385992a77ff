/**
 * A loopback OAuth 2 / OpenID Connect provider in Google's shape: /authorize auto-approves
 * with a 302 back to redirect_uri, /token exchanges codes it issued (form or JSON bodies,
 * snake_case or camelCase) checking the PKCE verifier against the S256 challenge and
 * answering an ID token that carries the authorize request's nonce, /userinfo answers the
 * profile for the access token.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { rewindable, fieldsOf } from './rewind';

export interface FakeProfile {
  sub: string;
  email: string;
  name: string;
  picture: string;
  email_verified?: boolean;
}

export interface FakeIdentityProvider {
  url: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  clientId: string;
  clientSecret: string;
  /** the profile the next approval signs in as */
  profile: FakeProfile;
  /** make the token endpoint answer `invalid_grant` */
  failTokenExchange: boolean;
  /** put this nonce in the next ID tokens instead of the authorize request's */
  idTokenNonce: string | null;
  /** the query of the last authorize request */
  lastAuthorize: Record<string, string>;
  requests: { method: string; path: string; body: string }[];
  close(): Promise<void>;
}

export async function startFakeIdentityProvider(): Promise<FakeIdentityProvider> {
  const codes = new Map<string, { profile: FakeProfile; redirectUri: string; challenge: string | null; nonce: string | null }>();
  const tokens = new Map<string, FakeProfile>();
  const state: Omit<FakeIdentityProvider, 'url' | 'authorizeUrl' | 'tokenUrl' | 'userinfoUrl' | 'close'> = {
    clientId: 'fake-client-id',
    clientSecret: 'fake-client-secret',
    profile: { sub: '1098765', email: 'ana.silva@example.com', name: 'Ana Silva', picture: 'https://img.example/ana.png' },
    failTokenExchange: false,
    idTokenNonce: null,
    lastAuthorize: {},
    requests: [],
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake');
      state.requests.push({ method: req.method ?? 'GET', path: url.pathname, body });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (url.pathname === '/authorize') {
        const redirectUri = url.searchParams.get('redirect_uri');
        if (url.searchParams.get('client_id') !== state.clientId || !redirectUri) return json(400, { error: 'invalid_request' });
        state.lastAuthorize = Object.fromEntries(url.searchParams);
        const method = url.searchParams.get('code_challenge_method');
        if (url.searchParams.has('code_challenge') && method !== 'S256') return json(400, { error: 'invalid_request' });
        const code = crypto.randomBytes(8).toString('hex');
        codes.set(code, {
          profile: { ...state.profile },
          redirectUri,
          challenge: url.searchParams.get('code_challenge'),
          nonce: url.searchParams.get('nonce'),
        });
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        const params: Record<string, string> = (req.headers['content-type'] ?? '').includes('json')
          ? JSON.parse(body || '{}')
          : Object.fromEntries(new URLSearchParams(body));
        const clientId = params.client_id ?? params.clientId;
        const clientSecret = params.client_secret ?? params.clientSecret;
        const issued = codes.get(params.code ?? '');
        if (
          state.failTokenExchange ||
          !issued ||
          clientId !== state.clientId ||
          clientSecret !== state.clientSecret ||
          params.redirect_uri !== issued.redirectUri ||
          // RFC 7636 §4.6: a code issued with a challenge needs the verifier that hashes to it
          (issued.challenge !== null && crypto.createHash('sha256').update(params.code_verifier ?? '').digest('base64url') !== issued.challenge)
        ) {
          return json(400, { error: 'invalid_grant', error_description: 'Bad Request' });
        }
        codes.delete(params.code);
        const token = `ya29.${crypto.randomBytes(12).toString('hex')}`;
        tokens.set(token, issued.profile);
        const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
        const nonce = state.idTokenNonce ?? issued.nonce;
        const idToken = [
          part({ alg: 'RS256', typ: 'JWT' }),
          part({ iss: url.origin, aud: state.clientId, sub: issued.profile.sub, ...(nonce === null ? {} : { nonce }) }),
          'signature-not-checked',
        ].join('.');
        return json(200, { access_token: token, expires_in: 3599, token_type: 'Bearer', scope: 'openid email profile', id_token: idToken });
      }
      if (url.pathname === '/userinfo') {
        const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        const profile = tokens.get(token);
        if (!profile) return json(401, { error: 'invalid_token' });
        return json(200, { email_verified: true, ...profile });
      }
      json(404, { error: 'not_found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fields = fieldsOf(state, ['clientId', 'clientSecret', 'profile', 'failTokenExchange', 'idTokenNonce', 'lastAuthorize', 'requests']);
  let saved = structuredClone({ codes, tokens });
  return rewindable(
    Object.assign(state, {
      url,
      authorizeUrl: `${url}/authorize`,
      tokenUrl: `${url}/token`,
      userinfoUrl: `${url}/userinfo`,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    }),
    {
      checkpoint() {
        fields.checkpoint();
        saved = structuredClone({ codes, tokens });
      },
      rewind() {
        fields.rewind();
        const copy = structuredClone(saved);
        codes.clear();
        for (const [k, v] of copy.codes) codes.set(k, v);
        tokens.clear();
        for (const [k, v] of copy.tokens) tokens.set(k, v);
      },
    },
  );
}
