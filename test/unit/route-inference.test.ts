/**
 * Elysia reads each route's handler and hooks as text to decide what to build per request.
 * A handler that hands its whole context to a function (`(c) => answers.reply(c, …)`) cannot
 * be read, so Elysia builds everything for it on every request: a cookie jar from the Cookie
 * header and a copy of every request header (on Node that also builds a web Headers). That
 * cost about 100 µs of CPU a signed-in request on the cached leaderboard (issue 22's
 * read-path bench). Handlers name the fields they use instead; this pins it for every route.
 */
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/platform/app-context';
import { createApp } from '../../src/platform/http/app';
import { testConfig } from '../support/app';

interface RouteEntry {
  method: string;
  path: string;
  compile?: () => (context: unknown) => unknown;
  composed?: ((context: unknown) => unknown) | null;
}

describe('what Elysia builds for each route', () => {
  const config = testConfig({ metrics: { token: 'metrics-token-for-the-inference-test' } });
  const app = createApp({ config } as AppContext);
  const routes = (app as unknown as { router: { history: RouteEntry[] } }).router.history;
  const code = (route: RouteEntry) => String(route.compile?.() ?? route.composed);

  it('covers every route of the app', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s parses no cookie jar and copies no headers',
    (_name, route) => {
      const handler = code(route);
      expect(handler).toContain('async function handle');
      expect(handler).not.toContain('parseCookie(');
      expect(handler).not.toContain('c.headers={}');
    },
  );
});
