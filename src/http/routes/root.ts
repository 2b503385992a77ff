import { Elysia } from 'elysia';
import type { Config } from '../../config';
import { configuredFrontendUrl, resolvedFrontendUrl } from '../../config';
import { FrontendUrlsSchema } from '../../wire/root';
import { answer } from '../route-schemas';
import { docs } from './route-docs';

export function rootRoutes(config: Config) {
  // computed once: a handler, never a static value route (Elysia on Node clones those per request)
  const urls = { resolved_url: resolvedFrontendUrl(config), FRONTEND_URL: configuredFrontendUrl(config) };
  return new Elysia().get('/', () => urls, {
    response: answer(FrontendUrlsSchema),
    ...docs('Service', 'public')({ id: 'getFrontendUrls', summary: 'Where this deployment’s frontend is, resolved and as configured' }),
  });
}
