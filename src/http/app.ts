import crypto from 'node:crypto';
import { Elysia } from 'elysia';
import { node } from '@elysiajs/node';
import { frontendOrigin } from '../config';
import { fail } from '../domain/errors';
import type { AppContext } from '../app-context';
import { finalResponse } from './compression';
import { mapError } from './error-response';
import { jsonResponse } from './known-body';
import { verifyServiceToken } from './service-token';
import { routeNamer } from './route-template';
import { guardWrite } from './origins';
import { requireSession } from './session';
import { declaredRoutes } from './routes';
import { mountRoutes } from './route-kit';
import { webAppResponder } from './web-app';

export type RequestHandler = (request: Request) => Promise<Response>;

const requestIds = new WeakMap<Request, string>();

export function requestIdOf(request: Request): string {
  return requestIds.get(request) ?? 'unknown';
}

/** Arrays and plain objects: what routes return for Elysia to serialize as JSON. */
function isPlainJson(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype;
}

/** The Elysia app: guards by path prefix, then one route module per part of the interface. */
export function createApp(ctx: AppContext) {
  const app = (
    new Elysia({ adapter: node() })
      .onError(({ error, code, request }) => mapError(error, code, ctx.log, requestIdOf(request)))
      // JSON answers become Responses whose bytes are remembered (see known-body.ts)
      .mapResponse({ as: 'global' }, ({ responseValue, set }) => {
        if (!isPlainJson(responseValue) || typeof set.status !== 'number' || set.redirect) return;
        return jsonResponse(responseValue, set.status, set.headers as Record<string, string>);
      })
      // Guards run before routing, so every path under a prefix is covered, including
      // ones no route matches: an anonymous caller cannot probe which /api/v1 routes exist.
      .onRequest(async ({ request }) => {
        const path = new URL(request.url).pathname;
        if (path.startsWith('/api/')) {
          await requireSession(ctx, request);
          guardWrite(ctx.config, request);
        } else if (path.startsWith('/internal/') && !verifyServiceToken(ctx.config.serviceToken, request)) {
          fail('UNAUTHORIZED');
        }
      })
  );
  return mountRoutes(app as unknown as Elysia, ctx, declaredRoutes) as unknown as typeof app;
}

/**
 * Wraps the app with what every response needs regardless of route: a request id, CORS for
 * the configured frontend origin only, the one-line JSON access log, and a last-resort 500.
 */
export function createHandler(ctx: AppContext): RequestHandler {
  const app = createApp(ctx);
  const webApp = webAppResponder();
  const nameRoute = routeNamer(app.routes);
  const allowedOrigin = frontendOrigin(ctx.config);
  return async (request) => {
    const started = performance.now();
    const requestId = crypto.randomUUID();
    requestIds.set(request, requestId);
    const origin = request.headers.get('origin');
    const corsAllowed = origin !== null && origin === allowedOrigin;
    let response: Response;
    if (request.method === 'OPTIONS' && request.headers.has('access-control-request-method')) {
      response = new Response(null, { status: 204 });
      if (corsAllowed) {
        response.headers.set('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
        response.headers.set(
          'access-control-allow-headers',
          request.headers.get('access-control-request-headers') ?? 'content-type',
        );
        response.headers.set('access-control-max-age', '600');
      }
    } else {
      try {
        response = webApp(request) ?? (await app.handle(request));
      } catch (error) {
        response = mapError(error, undefined, ctx.log, requestId);
      }
    }
    response = await finalResponse(request, response);
    if (corsAllowed) {
      response.headers.set('access-control-allow-origin', allowedOrigin);
      response.headers.set('access-control-allow-credentials', 'true');
      response.headers.append('vary', 'Origin');
    }
    response.headers.set('x-request-id', requestId);
    // Answers carry a player's own data: never cached by a browser or a proxy in between.
    if (!response.headers.has('cache-control')) response.headers.set('cache-control', 'no-store');
    response.headers.set('x-content-type-options', 'nosniff');
    const path = new URL(request.url).pathname;
    if (response.status === 401 && (path.startsWith('/internal/') || path === '/metrics')) response.headers.set('www-authenticate', 'Bearer');
    // the template, never the raw path: an invitation code opens a private league and
    // must not reach the log (§6.7) or a metric label, whatever shape the client gave the path
    const route = nameRoute(request.method, path);
    const ms = performance.now() - started;
    ctx.metrics.observeRequest(request.method, route, response.status, ms / 1000);
    ctx.log.info('request', {
      method: request.method,
      route,
      status: response.status,
      ms: Math.round(ms * 10) / 10,
      requestId,
    });
    return response;
  };
}
