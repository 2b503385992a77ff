/**
 * Cross-site writes (issue 13, point 1): a SameSite=Lax cookie still rides along from a
 * same-site page (another app on localhost, a sibling subdomain), so `/api/v1` writes look at
 * Origin, else Sec-Fetch-Site, and take JSON bodies only. Reads, scripts that send neither
 * header, and body-less writes from the frontend keep working.
 */
import { describe, expect, it } from 'vitest';
import { tablesOf } from '../../../src/platform/db/dialect';
import { createTestApp, TEST_FRONTEND, type TestApp } from '../../support/app';
import { scenarioTable, type Scenario } from '../../support/scenarios';
import { leagueWorld, setViews } from '../contracts/contracts-fixtures';

async function world() {
  const w = await leagueWorld();
  setViews(w.fake, 'Alpha', 9_000);
  return { app: w.app, world: w };
}

type World = Awaited<ReturnType<typeof world>>['world'];
const myContracts = (w: World) => `/api/v1/leagues/${w.league.id}/my-contracts`;
const purchase = JSON.stringify({ articleId: 'Alpha', tier: 'SHORT' });

async function nothingBought(_r: unknown, w: World) {
  const { contracts } = tablesOf(w.app.ctx.db);
  expect(await w.app.ctx.db.select().from(contracts)).toEqual([]);
}

const buy = (row: Omit<Scenario<World>, 'method' | 'path'>): Scenario<World> => ({ method: 'POST', path: myContracts, as: 'admin', ...row });

describe('POST /api/v1/leagues/{id}/my-contracts from another site', () => {
  scenarioTable(world, [
    buy({
      name: 'the issue\'s request: a foreign Origin with a text/plain body is refused, nothing bought',
      headers: { origin: 'http://evil.example', 'content-type': 'text/plain' },
      rawBody: purchase,
      status: 403,
      exact: true,
      expect: async (r, w) => {
        expect(r.body).toEqual({ error: 'FORBIDDEN_ORIGIN' });
        await nothingBought(r, w);
      },
    }),
    buy({
      name: 'a foreign Origin with a JSON body is refused too',
      headers: { origin: 'http://localhost:3000' },
      rawBody: purchase,
      status: 403,
      expect: { error: 'FORBIDDEN_ORIGIN' },
    }),
    buy({ name: 'Origin: null (a sandboxed page) is refused', headers: { origin: 'null' }, rawBody: purchase, status: 403, expect: { error: 'FORBIDDEN_ORIGIN' } }),
    buy({
      name: 'no Origin but Sec-Fetch-Site: same-site (a sibling subdomain) is refused',
      headers: { 'sec-fetch-site': 'same-site' },
      rawBody: purchase,
      status: 403,
      expect: { error: 'FORBIDDEN_ORIGIN' },
    }),
    buy({ name: 'no Origin but Sec-Fetch-Site: cross-site is refused', headers: { 'sec-fetch-site': 'cross-site' }, rawBody: purchase, status: 403, expect: { error: 'FORBIDDEN_ORIGIN' } }),
    buy({
      name: 'a text/plain body (a form needs no preflight for it) is refused with its own constant, nothing bought',
      headers: { 'content-type': 'text/plain' },
      rawBody: purchase,
      status: 415,
      exact: true,
      expect: async (r, w) => {
        expect(r.body).toEqual({ error: 'UNSUPPORTED_CONTENT_TYPE' });
        await nothingBought(r, w);
      },
    }),
    buy({
      name: 'a form-encoded body is refused',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      rawBody: 'articleId=Alpha&tier=SHORT',
      status: 415,
      expect: { error: 'UNSUPPORTED_CONTENT_TYPE' },
    }),
    buy({
      name: 'a multipart body is refused',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      rawBody: '--x\r\nContent-Disposition: form-data; name="articleId"\r\n\r\nAlpha\r\n--x--\r\n',
      status: 415,
      expect: { error: 'UNSUPPORTED_CONTENT_TYPE' },
    }),
    buy({ name: 'a body with no content type at all is refused', headers: { 'content-type': '' }, rawBody: purchase, status: 415, expect: { error: 'UNSUPPORTED_CONTENT_TYPE' } }),
    buy({
      name: 'the frontend\'s Origin with JSON (charset parameter and all) buys',
      headers: { origin: TEST_FRONTEND, 'content-type': 'application/json; charset=utf-8', 'sec-fetch-site': 'same-site' },
      rawBody: purchase,
      status: 201,
      expect: { tier: 'SHORT' },
    }),
    buy({ name: 'Sec-Fetch-Site: same-origin without Origin buys', headers: { 'sec-fetch-site': 'same-origin' }, rawBody: purchase, status: 201 }),
    buy({ name: 'a script (neither header) with JSON buys', rawBody: purchase, status: 201 }),
    buy({
      name: 'no session is still 401 first: the guard never tells an anonymous caller more',
      as: 'anonymous',
      headers: { origin: 'http://evil.example' },
      rawBody: purchase,
      status: 401,
      expect: { error: 'UNAUTHORIZED' },
    }),
  ]);
});

describe('other writes and reads', () => {
  scenarioTable(world, [
    {
      name: 'a body-less write from the frontend carries no content type and works (sign-out)',
      method: 'DELETE',
      path: '/api/v1/session',
      as: 'admin',
      headers: { origin: TEST_FRONTEND },
      status: 200,
      expect: { success: true },
    },
    {
      name: 'a body-less write from another site is refused (sign-out)',
      method: 'DELETE',
      path: '/api/v1/session',
      as: 'admin',
      headers: { origin: 'http://evil.example' },
      status: 403,
      expect: { error: 'FORBIDDEN_ORIGIN' },
    },
    {
      name: 'a body-less write from another site is refused (closure), the league stays open',
      method: 'POST',
      path: (w) => `/api/v1/leagues/${w.league.id}/closure`,
      as: 'admin',
      headers: { 'sec-fetch-site': 'cross-site' },
      status: 403,
      expect: async (r, w) => {
        expect(r.body).toEqual({ error: 'FORBIDDEN_ORIGIN' });
        expect((await w.app.call('GET', `/api/v1/leagues/${w.league.id}`, { as: w.admin })).body.closedAt ?? null).toBeNull();
      },
    },
    {
      name: 'a read from another site is answered (reads change nothing; CORS keeps the answer from the page)',
      method: 'GET',
      path: (w) => `/api/v1/leagues/${w.league.id}`,
      as: 'admin',
      headers: { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
      status: 200,
    },
    {
      name: 'a PUT line-up from another site is refused',
      method: 'PUT',
      path: (w) => `/api/v1/leagues/${w.league.id}/lineup`,
      as: 'admin',
      headers: { origin: 'https://sibling.example.org' },
      body: { schema: 'x', positions: {} },
      status: 403,
      expect: { error: 'FORBIDDEN_ORIGIN' },
    },
  ]);
});

/**
 * The loopback trap of web-app.md: `serve` listens on 127.0.0.1:8787 and prints that address,
 * while the default frontendUrl is localhost:8787. Unconfigured, the service's own loopback
 * origins at the port the request really arrived on count as the frontend.
 */
describe('the frontend when frontendUrl is not configured', () => {
  const PORT = 8899;
  const onPort = { remoteAddress: '127.0.0.1', localPort: PORT };
  let app: TestApp;

  async function unconfigured() {
    return createTestApp({ config: { frontendUrl: undefined } });
  }

  it.each([`http://127.0.0.1:${PORT}`, `http://localhost:${PORT}`, `http://[::1]:${PORT}`, 'http://localhost:8787'])(
    'a browser at %s can register (password Origin check) and write (cross-site check)',
    async (origin) => {
      app = await unconfigured();
      try {
        const register = await app.call('POST', '/auth/password/register', {
          body: { username: 'loopy', password: 'pw' },
          headers: { origin },
          connection: onPort,
        });
        expect(register.status).toBe(201);
        const cookie = register.headers.getSetCookie()[0]!.split(';')[0]!;
        const signOut = await app.call('DELETE', '/api/v1/session', { headers: { origin, cookie }, connection: onPort });
        expect(signOut.status).toBe(200);
      } finally {
        await app.close();
      }
    },
  );

  it.each([
    ['another port on loopback', `http://127.0.0.1:${PORT + 1}`],
    ['https on the same port', `https://127.0.0.1:${PORT}`],
    ['a LAN name', `http://192.168.1.20:${PORT}`],
  ])('%s is not the frontend', async (_name, origin) => {
    app = await unconfigured();
    try {
      const register = await app.call('POST', '/auth/password/register', {
        body: { username: 'loopy', password: 'pw' },
        headers: { origin },
        connection: onPort,
      });
      expect(register.body).toEqual({ error: 'FORBIDDEN_ORIGIN' });
    } finally {
      await app.close();
    }
  });

  it('GET / still answers the default as configured', async () => {
    app = await unconfigured();
    try {
      expect((await app.call('GET', '/')).body).toEqual({ resolved_url: 'http://localhost:8787', FRONTEND_URL: 'localhost:8787' });
    } finally {
      await app.close();
    }
  });

  it('a configured frontendUrl means exactly that origin: the loopback names are foreign then', async () => {
    app = await createTestApp();
    try {
      const register = await app.call('POST', '/auth/password/register', {
        body: { username: 'loopy', password: 'pw' },
        headers: { origin: `http://127.0.0.1:${PORT}` },
        connection: onPort,
      });
      expect(register.body).toEqual({ error: 'FORBIDDEN_ORIGIN' });
    } finally {
      await app.close();
    }
  });
});
