import { describe, expect, it } from 'vitest';
import { createTestApp, TEST_FRONTEND, TEST_SERVICE_TOKEN } from '../../support/app';
import { buildContract, buildLeague } from '../../support/builders';
import type { LanguageModelClient } from '../../../src/upstream/language-model';
import type { EncyclopediaClient } from '../../../src/upstream/encyclopedia';
import { UpstreamError } from '../../../src/upstream/http-client';
import { sql } from 'drizzle-orm';
import { writeTransaction } from '../../../src/platform/db/database';
import { execute } from '../../../src/platform/db/dialect';

/** Every session route of interface-spec.md, with placeholder ids. */
const API_ROUTES: [string, string][] = [
  ['GET', '/api/v1/session'],
  ['DELETE', '/api/v1/session'],
  ['GET', '/api/v1/player'],
  ['GET', '/api/v1/leagues'],
  ['POST', '/api/v1/leagues'],
  ['GET', '/api/v1/leagues/global'],
  ['GET', '/api/v1/leagues/public'],
  ['GET', '/api/v1/leagues/by-code/ABCDE'],
  ['GET', '/api/v1/leagues/lg_x'],
  ['GET', '/api/v1/leagues/lg_x/leaderboard'],
  ['GET', '/api/v1/leagues/lg_x/my-role'],
  ['GET', '/api/v1/leagues/lg_x/invite-code'],
  ['POST', '/api/v1/leagues/lg_x/closure'],
  ['GET', '/api/v1/leagues/lg_x/my-team'],
  ['POST', '/api/v1/leagues/lg_x/my-team'],
  ['POST', '/api/v1/leagues/lg_x/my-departure'],
  ['GET', '/api/v1/leagues/lg_x/market'],
  ['GET', '/api/v1/leagues/lg_x/contracts'],
  ['GET', '/api/v1/leagues/lg_x/my-contracts'],
  ['POST', '/api/v1/leagues/lg_x/my-contracts'],
  ['POST', '/api/v1/leagues/lg_x/my-contracts/ct_x/sell'],
  ['POST', '/api/v1/leagues/lg_x/my-contracts/ct_x/renew'],
  ['DELETE', '/api/v1/leagues/lg_x/my-contracts/ct_x/renew'],
  ['GET', '/api/v1/leagues/lg_x/lineup'],
  ['PUT', '/api/v1/leagues/lg_x/lineup'],
  ['GET', '/api/v1/leagues/lg_x/teams/tm_x/lineup'],
  ['GET', '/api/v1/leagues/lg_x/my-performances'],
  // additions for the web app
  ['GET', '/api/v1/leagues/lg_x/my-contracts/ct_x/sale-quote'],
  ['GET', '/api/v1/leagues/lg_x/article-search?q=x'],
  ['GET', '/api/v1/leagues/lg_x/article?id=X'],
  ['GET', '/api/v1/leagues/lg_x/teams/tm_x/chemistry'],
  ['GET', '/api/v1/leagues/lg_x/genie-candidates?keywords=x'],
  ['GET', '/api/v1/player/notifications'],
  ['GET', '/api/v1/leagues/lg_x/my-notifications'],
  ['PATCH', '/api/v1/notifications/nt_x/read'],
  ['POST', '/api/v1/me/genie-seeds'],
  ['POST', '/api/v1/me/genie-turns'],
  ['POST', '/api/v1/reports'],
  ['GET', '/api/v1/encyclopedia-editions'],
  ['GET', '/api/v1/no-such-route'],
];

const INTERNAL_ROUTES: [string, string][] = [
  ['GET', '/internal/v1/scoring-inputs?date=2026-05-09'],
  ['POST', '/internal/v1/performances'],
  ['GET', '/internal/scoring-inputs?date=2026-05-09'],
  ['POST', '/internal/performances'],
];

describe('the session guard', () => {
  it.each(API_ROUTES)('%s %s without a cookie is 401', async (method, path) => {
    const app = await createTestApp();
    try {
      const result = await app.call(method, path, { body: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect({ status: result.status, body: result.body }).toEqual({ status: 401, body: { error: 'UNAUTHORIZED' } });
    } finally {
      await app.close();
    }
  });

  it.each(API_ROUTES.filter(([, path]) => path !== '/api/v1/no-such-route'))('%s %s is mounted: a signed-in call never gets the unknown-route 404', async (method, path) => {
    // An encyclopedia that is down and says so at once: routes that need it answer 503.
    const down = () => Promise.reject(new UpstreamError('encyclopedia', 'network'));
    const encyclopedia = { listEditions: down, dailySeries: down, topArticles: down, siteInfo: down } as unknown as EncyclopediaClient;
    const app = await createTestApp({ upstream: { encyclopedia } });
    try {
      const ana = await app.player('ana');
      const result = await app.call(method, path, { as: ana, body: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(result.body?.error).not.toBe('NOT_FOUND');
      expect(typeof result.body?.error === 'string' || result.status < 300).toBe(true);
      expect(result.status).not.toBe(500);
    } finally {
      await app.close();
    }
  });

  it('answers an unknown route 404 in the error shape once signed in', async () => {
    const app = await createTestApp();
    try {
      const ana = await app.player('ana');
      expect(await app.call('GET', '/api/v1/no-such-route', { as: ana })).toMatchObject({ status: 404, body: { error: 'NOT_FOUND' } });
      expect(await app.call('GET', '/nothing/here')).toMatchObject({ status: 404, body: { error: 'NOT_FOUND' } });
    } finally {
      await app.close();
    }
  });
});

describe('the service-token guard', () => {
  it.each(INTERNAL_ROUTES)('%s %s refuses a missing or wrong bearer token', async (method, path) => {
    const app = await createTestApp();
    try {
      for (const headers of [{} as Record<string, string>, { authorization: 'Bearer wrong-token' }, { authorization: `Basic ${TEST_SERVICE_TOKEN}` }, { authorization: `Bearer ${TEST_SERVICE_TOKEN}x` }]) {
        const result = await app.call(method, path, { headers, body: method === 'POST' ? { date: '2026-05-09', results: [] } : undefined });
        expect({ status: result.status, body: result.body }).toEqual({ status: 401, body: { error: 'UNAUTHORIZED' } });
        expect(result.headers.get('www-authenticate')).toBe('Bearer');
      }
    } finally {
      await app.close();
    }
  });

  it('fails closed when no service token is configured', async () => {
    const app = await createTestApp({ config: { serviceToken: undefined } });
    try {
      const result = await app.call('GET', '/internal/v1/scoring-inputs?date=2026-05-09', { headers: { authorization: 'Bearer ' } });
      expect(result.status).toBe(401);
      const undefinedToken = await app.call('GET', '/internal/v1/scoring-inputs?date=2026-05-09', { headers: { authorization: 'Bearer undefined' } });
      expect(undefinedToken.status).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('lets the configured token through', async () => {
    const app = await createTestApp();
    try {
      const result = await app.call('GET', '/internal/v1/scoring-inputs?date=2026-05-09', { headers: { authorization: `Bearer ${TEST_SERVICE_TOKEN}` } });
      expect(result.status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('malformed JSON bodies', () => {
  /** Every body-taking route, called by a player who has a team, a contract and a league to act on. */
  const bodyRoutes = (leagueId: string): [string, string, Record<string, string>?][] => [
    ['POST', '/api/v1/leagues'],
    ['POST', `/api/v1/leagues/${leagueId}/my-team`],
    ['POST', `/api/v1/leagues/${leagueId}/my-contracts`],
    ['PUT', `/api/v1/leagues/${leagueId}/lineup`],
    ['POST', '/api/v1/me/genie-seeds'],
    ['POST', '/api/v1/me/genie-turns'],
    ['POST', '/api/v1/reports'],
    ['POST', '/internal/v1/performances', { authorization: `Bearer ${TEST_SERVICE_TOKEN}` }],
    ['POST', '/internal/performances', { authorization: `Bearer ${TEST_SERVICE_TOKEN}` }],
    ['POST', '/auth/password/register', { origin: TEST_FRONTEND }],
    ['POST', '/auth/password/login', { origin: TEST_FRONTEND }],
  ];

  it('answers 400 with an error constant on every body-taking route, and the server keeps serving', async () => {
    // A bound model, so the genie routes get as far as reading the body.
    const languageModel = { complete: async () => '{}' } as unknown as LanguageModelClient;
    // An unreachable encyclopedia that says so at once (the default address would retry with backoff).
    const down = () => Promise.reject(new UpstreamError('encyclopedia', 'network'));
    const encyclopedia = { dailySeries: down, topArticles: down, siteInfo: down } as unknown as EncyclopediaClient;
    const app = await createTestApp({ upstream: { languageModel, encyclopedia } });
    try {
      const ana = await app.player('ana');
      const bob = await app.player('bob');
      const { league, team } = await buildLeague(app, ana);
      await buildContract(app, team, { articleId: 'Taylor_Swift', price: 10 });
      for (const [method, path, headers] of bodyRoutes(league.id)) {
        const caller = path.includes('/my-team') ? bob : ana;
        for (const rawBody of ['{"name": ', 'not json at all', '{"a":1}}']) {
          const result = await app.call(method, path, { rawBody, as: caller, headers: { 'content-type': 'application/json', ...headers } });
          if (path.endsWith('/sell')) {
            // sell takes no body: whatever is sent is ignored, never parsed into a crash (this app has
            // no encyclopedia, so the price it needs is 503 ENCYCLOPEDIA_UNAVAILABLE, §5.3)
            expect(result.status).not.toBe(500);
            continue;
          }
          expect({ path, status: result.status }).toEqual({ path, status: 400 });
          expect(typeof result.body?.error).toBe('string');
        }
      }
      expect((await app.call('GET', '/api/v1/player', { as: ana })).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('body size', () => {
  it('refuses a body over the limit with 413 in the error shape (plain text only on the password routes)', async () => {
    const app = await createTestApp();
    try {
      const ana = await app.player('ana');
      const huge = JSON.stringify({ name: 'x'.repeat(300 * 1024) });
      const result = await app.call('POST', '/api/v1/leagues', { rawBody: huge, as: ana });
      expect(result).toMatchObject({ status: 413, body: { error: 'PAYLOAD_TOO_LARGE' } });
      const password = await app.call('POST', '/auth/password/login', { rawBody: huge, headers: { origin: TEST_FRONTEND } });
      expect(password.status).toBe(413);
      expect(password.text).toBe('Payload Too Large');
    } finally {
      await app.close();
    }
  });
});

describe('response headers', () => {
  it('mark answers as not cacheable and not sniffable', async () => {
    const app = await createTestApp();
    try {
      const ana = await app.player('ana');
      const result = await app.call('GET', '/api/v1/session', { as: ana });
      expect(result.headers.get('cache-control')).toBe('no-store');
      expect(result.headers.get('x-content-type-options')).toBe('nosniff');
    } finally {
      await app.close();
    }
  });
});

describe('CORS', () => {
  it('lets the configured frontend origin call with credentials, and no other origin', async () => {
    const app = await createTestApp();
    try {
      const ana = await app.player('ana');
      const allowed = await app.call('GET', '/api/v1/player', { as: ana, headers: { origin: TEST_FRONTEND } });
      expect(allowed.headers.get('access-control-allow-origin')).toBe(TEST_FRONTEND);
      expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
      const other = await app.call('GET', '/api/v1/player', { as: ana, headers: { origin: 'https://evil.example' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await app.call('OPTIONS', '/api/v1/leagues', {
        headers: { origin: TEST_FRONTEND, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(TEST_FRONTEND);
      expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
      const foreignPreflight = await app.call('OPTIONS', '/api/v1/leagues', {
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(foreignPreflight.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await app.close();
    }
  });
});

describe('request log', () => {
  it('writes one JSON line per request with method, route template, status, ms and request id, and never the cookie', async () => {
    const app = await createTestApp();
    try {
      const ana = await app.player('ana');
      const result = await app.call('GET', '/api/v1/player?x=1', { as: ana });
      const line = app.log.lines.find((l) => l.message === 'request' && l.route === '/api/v1/player');
      expect(line).toMatchObject({ method: 'GET', status: 200, requestId: result.headers.get('x-request-id') });
      expect(typeof line!.ms).toBe('number');
      const everything = JSON.stringify(app.log.lines);
      expect(everything).not.toContain(ana.cookie.split('=')[1]);
      expect(everything).not.toContain(app.ctx.signingSecret!);
    } finally {
      await app.close();
    }
  });

  it('logs an unexpected failure under the request id and answers a bare 500', async () => {
    const app = await createTestApp();
    try {
      const ana = await app.player('ana');
      // the tables a signed-in request reads vanish under the running service (either engine)
      await writeTransaction(app.ctx.db, async (tx) => {
        await execute(tx, sql`DROP TABLE password_credentials`);
        await execute(tx, sql`ALTER TABLE players RENAME TO players_gone`);
      });
      const result = await app.call('GET', '/api/v1/player', { as: ana });
      expect(result).toMatchObject({ status: 500, body: { error: 'INTERNAL_ERROR' } });
      expect(result.text).not.toContain('players');
      const logged = app.log.lines.find((l) => l.message === 'unexpected error');
      expect(logged).toMatchObject({ requestId: result.headers.get('x-request-id') });
    } finally {
      await app.close();
    }
  });
});
