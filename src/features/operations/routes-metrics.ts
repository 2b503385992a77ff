/** With `metrics.token` the main listener answers only that bearer token; the loopback listener needs none, only this machine reaches it. */
import { Elysia } from 'elysia';
import { z } from 'zod';
import { fail } from '../../domain/errors';
import type { ServiceMetrics } from './service-metrics';
import { bytesAnswer } from '../../platform/http/route-schemas';
import { verifyServiceToken } from '../../platform/http/service-token';
import { docs } from '../../platform/http/route-docs';

async function exposition(metrics: ServiceMetrics, set: { headers: Record<string, unknown> }): Promise<Buffer> {
  const { contentType, text } = await metrics.exposition();
  set.headers['content-type'] = contentType;
  return Buffer.from(text);
}

export function metricsRoutes(metrics: ServiceMetrics, token: string) {
  return new Elysia().get(
    '/metrics',
    async ({ request, set }) => {
      if (!verifyServiceToken(token, request)) {
        set.headers['www-authenticate'] = 'Bearer';
        fail('UNAUTHORIZED');
      }
      return exposition(metrics, set);
    },
    {
      response: bytesAnswer(z.string()),
      ...docs('Service', 'service')({
        id: 'getMetrics',
        summary: 'Prometheus metrics, in the text exposition format',
        description: 'Served only when `metrics.token` is set, and then only to `Authorization: Bearer <metrics.token>` (not the service token).',
      }),
    },
  );
}

/** The whole of the loopback metrics listener: `/metrics`, and 404 for anything else. */
export function loopbackMetricsApp(metrics: ServiceMetrics) {
  return new Elysia()
    .get('/metrics', ({ set }) => exposition(metrics, set))
    .onError(({ set }) => {
      set.status = 404;
      return { error: 'NOT_FOUND' };
    });
}
