/**
 * `GET /metrics` (Prometheus text). Mounted on the main listener only when `metrics.token`
 * is set, and then answers only that bearer token (compared in constant time); the
 * loopback listener of `metrics.port` serves it without one, since only this machine
 * reaches it. Unconfigured, the path is an unknown route like any other.
 */
import type { AppContext } from '../../app-context';
import { fail } from '../../domain/errors';
import type { HttpHandler } from '../app';
import { pathOf } from '../http-request';
import { type HttpResponse, jsonResponse, textResponse } from '../http-response';
import { route } from '../route-kit';
import { verifyServiceToken } from '../service-token';

async function exposition(ctx: AppContext): Promise<HttpResponse> {
  const { contentType, text } = await ctx.metrics.exposition();
  return textResponse(text, 200, contentType, { 'cache-control': 'no-store' });
}

export const metricsRoutes = [
  route({
    id: 'getMetrics',
    method: 'GET',
    path: '/metrics',
    summary: 'Prometheus metrics, in the text exposition format',
    description: 'Served only when `metrics.token` is set, and then only to `Authorization: Bearer <metrics.token>` (not the service token).',
    tag: 'Service',
    access: 'service',
    answer: { text: 'text/plain' },
    mountedWhen: (config) => Boolean(config.metrics.token),
    handle: ({ ctx, request }) => {
      if (!verifyServiceToken(ctx.config.metrics.token, request)) fail('UNAUTHORIZED');
      return exposition(ctx);
    },
  }),
];

/** The whole of the loopback metrics listener: `/metrics`, and 404 for anything else. */
export function loopbackMetricsHandler(ctx: AppContext): HttpHandler {
  return async (request) => {
    if (pathOf(request) === '/metrics' && (request.method === 'GET' || request.method === 'HEAD')) return exposition(ctx);
    return jsonResponse({ error: 'NOT_FOUND' }, 404);
  };
}
