import { Elysia } from 'elysia';
import { resolvedFrontendUrl } from '../../config';
import type { AppContext } from '../../app-context';

export function rootRoutes(ctx: AppContext) {
  return new Elysia().get('/', () => ({
    resolved_url: resolvedFrontendUrl(ctx.config),
    FRONTEND_URL: ctx.config.frontendUrl,
  }));
}
