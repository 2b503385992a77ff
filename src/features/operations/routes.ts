import { Elysia } from 'elysia';
import type { Config } from '../../platform/config';
import { configuredFrontendUrl, resolvedFrontendUrl } from '../../platform/config';
import { FrontendUrlsSchema } from './wire';
import { answer } from '../../platform/http/route-schemas';
import type { Services } from '../../platform/composition-root';
import { z } from 'zod';
import { docs } from '../../platform/http/route-docs';

export function rootRoutes(config: Config, services: Services) {
  // computed once: a handler, never a static value route (Elysia on Node clones those per request)
  const urls = { resolved_url: resolvedFrontendUrl(config), FRONTEND_URL: configuredFrontendUrl(config) };
  const doc = docs('Service', 'public');
  return new Elysia()
    .get('/', () => urls, {
      response: answer(FrontendUrlsSchema),
      ...doc({ id: 'getFrontendUrls', summary: 'Where this deployment’s frontend is, resolved and as configured' }),
    })
    .get('/healthz', () => services.health.check(), {
      response: answer(z.object({ status: z.literal('ok') })),
      ...doc({
        id: 'checkHealth',
        summary: 'For a load balancer or a container health check: 200 while the database answers, else 503 DATABASE_UNAVAILABLE',
      }),
    });
}
