import { Elysia } from 'elysia';
import { configuredFrontendUrl, resolvedFrontendUrl } from '../../config';
import type { AppContext } from '../../app-context';

export function rootRoutes(ctx: AppContext) {
  return new Elysia().get('/', () => ({
    resolved_url: resolvedFrontendUrl(ctx.config),
    FRONTEND_URL: configuredFrontendUrl(ctx.config),
  }));
}
