/** Run before routing, so every path under a prefix is covered and an anonymous caller cannot probe which /api/v1 routes exist. */
import { Elysia } from 'elysia';
import type { AppContext } from '../../app-context';
import { frontendOrigin } from '../../config';
import { fail } from '../../../domain/errors';
import type { Services } from '../../composition-root';
import { guardWrite } from '../origins';
import { verifyServiceToken } from '../service-token';
import { renewedSessionCookie, requireSession } from '../session';

/** From the first slash after the origin to the query, as Elysia's router reads it. */
export function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  const query = url.indexOf('?', start);
  const hash = url.indexOf('#', start);
  const end = query < 0 ? hash : hash < 0 ? query : Math.min(query, hash);
  return end < 0 ? url.slice(start) : url.slice(start, end);
}

export function guards(ctx: AppContext) {
  const allowedOrigin = frontendOrigin(ctx.config);
  return new Elysia({ name: 'guards' }).onRequest(async ({ request, set }) => {
    const headers = set.headers as Record<string, string>;
    const origin = request.headers.get('origin');
    const corsAllowed = origin !== null && origin === allowedOrigin;
    if (corsAllowed) {
      headers['access-control-allow-origin'] = allowedOrigin;
      headers['access-control-allow-credentials'] = 'true';
      headers.vary = 'Origin';
    }
    if (request.method === 'OPTIONS' && request.headers.has('access-control-request-method')) {
      set.status = 204;
      if (corsAllowed) {
        headers['access-control-allow-methods'] = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
        headers['access-control-allow-headers'] = request.headers.get('access-control-request-headers') ?? 'content-type';
        headers['access-control-max-age'] = '600';
      }
      return new Response(null, { status: 204, headers });
    }
    const path = pathOf(request.url);
    if (path.startsWith('/api/')) {
      const claims = await requireSession(ctx, request);
      guardWrite(ctx.config, request);
      // a route that sets its own cookie (signing out) replaces this one
      const renewed = await renewedSessionCookie(ctx, claims);
      if (renewed) headers['set-cookie'] = renewed;
    } else if (path.startsWith('/internal/') && !verifyServiceToken(ctx.config.serviceToken, request)) {
      headers['www-authenticate'] = 'Bearer';
      fail('UNAUTHORIZED');
    }
  });
}

export function sessionClaims(ctx: AppContext) {
  return new Elysia().derive({ as: 'scoped' }, async ({ request }) => ({ claims: await requireSession(ctx, request) }));
}

/** Resolved once per request, after the guard verified the session. */
export function playerSession(ctx: AppContext, services: Services) {
  return new Elysia().derive({ as: 'scoped' }, async ({ request }) => ({
    player: await services.auth.sessionPlayer(await requireSession(ctx, request)),
  }));
}
