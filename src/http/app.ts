/**
 * The request pipeline: guards by path prefix, the route table (route-kit.ts), and what every
 * answer needs whatever answered it (a request id, CORS for the configured frontend origin
 * only, compression, the one-line JSON access log and the request metric). It works on plain
 * request and answer objects (http-request.ts, http-response.ts): the listener hands it what
 * node:http parsed and writes back what it returns, with nothing converted in between.
 */
import crypto from 'node:crypto';
import type { AppContext } from '../app-context';
import { frontendOrigin } from '../config';
import { fail } from '../domain/errors';
import { compressed } from './compression';
import { mapError } from './error-response';
import { type HttpRequest, pathOf } from './http-request';
import { HttpResponse, toWebResponse } from './http-response';
import { guardWrite } from './origins';
import { type RouteHandler, routeTable } from './route-kit';
import { type RouteMatch, type RouteTable, UNMATCHED_ROUTE } from './route-table';
import { declaredRoutes } from './routes';
import { verifyServiceToken } from './service-token';
import { requireSession } from './session';
import { webAppResponder } from './web-app';

export type HttpHandler = (request: HttpRequest) => Promise<HttpResponse>;

/** The routes this deployment serves (some depend on its configuration). */
export function mountedRoutes(ctx: AppContext): RouteTable<RouteHandler> {
  return routeTable(ctx, declaredRoutes);
}

/**
 * Guards run before the route is looked up, so every path under a prefix is covered,
 * including ones no route matches: an anonymous caller cannot probe which /api/v1 routes exist.
 */
async function dispatch(ctx: AppContext, request: HttpRequest, path: string, match: RouteMatch<RouteHandler> | undefined): Promise<HttpResponse> {
  if (path.startsWith('/api/')) {
    await requireSession(ctx, request);
    guardWrite(ctx.config, request);
  } else if (path.startsWith('/internal/') && !verifyServiceToken(ctx.config.serviceToken, request)) {
    fail('UNAUTHORIZED');
  }
  if (!match) fail('NOT_FOUND');
  return match.target(request, match.params);
}

function preflight(request: HttpRequest, corsAllowed: boolean): HttpResponse {
  if (!corsAllowed) return new HttpResponse(204, {});
  return new HttpResponse(204, {
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers': request.headers.get('access-control-request-headers') ?? 'content-type',
    'access-control-max-age': '600',
  });
}

export function createHandler(ctx: AppContext): HttpHandler {
  const routes = mountedRoutes(ctx);
  const webApp = webAppResponder();
  const allowedOrigin = frontendOrigin(ctx.config);
  return async (request) => {
    const started = performance.now();
    const requestId = crypto.randomUUID();
    const path = pathOf(request);
    const origin = request.headers.get('origin');
    const corsAllowed = origin !== null && origin === allowedOrigin;
    // the template, never the raw path: an invitation code opens a private league and
    // must not reach the log (§6.7) or a metric label, whatever shape the client gave the path
    const match = routes.match(request.method, path);
    let response: HttpResponse;
    try {
      if (request.method === 'OPTIONS' && request.headers.has('access-control-request-method')) response = preflight(request, corsAllowed);
      else response = webApp(request, path) ?? (await dispatch(ctx, request, path, match));
    } catch (error) {
      response = mapError(error, ctx.log, requestId);
    }
    response = compressed(request, response);
    const headers = response.headers;
    if (corsAllowed) {
      headers['access-control-allow-origin'] = allowedOrigin;
      headers['access-control-allow-credentials'] = 'true';
      response.appendTo('vary', 'Origin');
    }
    headers['x-request-id'] = requestId;
    // Answers carry a player's own data: never cached by a browser or a proxy in between.
    if (headers['cache-control'] === undefined) headers['cache-control'] = 'no-store';
    headers['x-content-type-options'] = 'nosniff';
    if (response.status === 401 && (path.startsWith('/internal/') || path === '/metrics')) headers['www-authenticate'] = 'Bearer';
    if (request.method === 'HEAD' && response.body) {
      headers['content-length'] ??= String(response.body.byteLength);
      response.body = null;
    }
    const route = match?.template ?? UNMATCHED_ROUTE;
    const ms = performance.now() - started;
    ctx.metrics.observeRequest(request.method, route, response.status, ms / 1000);
    ctx.log.info('request', { method: request.method, route, status: response.status, ms: Math.round(ms * 10) / 10, requestId });
    return response;
  };
}

/** The handler for callers holding web Requests (in-process tests): web Responses out. */
export function webHandler(handler: HttpHandler): (request: Request) => Promise<Response> {
  return async (request) => toWebResponse(await handler(request));
}
