/**
 * `GET /metrics` (Prometheus text). Mounted on the main listener only when `metrics.token`
 * is set, and then answers only that bearer token (compared in constant time); the
 * loopback listener of `metrics.port` serves it without one, since only this machine
 * reaches it. Unconfigured, the path is an unknown route like any other.
 */
import type { AppContext } from '../../app-context';
import { fail } from '../../domain/errors';
import type { RequestHandler } from '../app';
import { route } from '../route-kit';
import { verifyServiceToken } from '../service-token';

async function exposition(ctx: AppContext): Promise<Response> {
  const { contentType, text } = await ctx.metrics.exposition();
  return new Response(text, { status: 200, headers: { 'content-type': contentType, 'cache-control': 'no-store' } });
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
export function loopbackMetricsHandler(ctx: AppContext): RequestHandler {
  return async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/metrics' && (request.method === 'GET' || request.method === 'HEAD')) return exposition(ctx);
    return new Response(JSON.stringify({ error: 'NOT_FOUND' }), { status: 404, headers: { 'content-type': 'application/json' } });
  };
}
