/** Named by the route template, never the raw path: an invitation code must not reach the log or a metric label. */
import crypto from 'node:crypto';
import { type AnyElysia, Elysia } from 'elysia';
import { Memoirist } from 'memoirist';
import type { Logger } from '../../log';
import type { ServiceMetrics } from '../../../features/operations/service-metrics';
import { pathOf } from './guards';

export const UNMATCHED_ROUTE = '(unmatched)';

interface RequestMark {
  id: string;
  started: number;
}

const marks = new WeakMap<Request, RequestMark>();

export function requestIdOf(request: Request): string | undefined {
  return marks.get(request)?.id;
}

/** For requests a guard refused before routing (a 401 still names its route), from Elysia's own router library. */
class RouteNames {
  private router: Memoirist<string> | undefined;

  constructor(private readonly app: () => AnyElysia | undefined) {}

  nameOf(method: string, url: string): string | undefined {
    if (!this.router) {
      const routes = this.app()?.routes;
      if (!routes) return undefined;
      this.router = new Memoirist<string>();
      for (const route of routes) this.router.add(route.method, route.path, route.path, { ignoreError: true });
    }
    const path = pathOf(url);
    return this.router.find(method === 'HEAD' ? 'GET' : method, path)?.store;
  }
}

export function requestLog(log: Logger, metrics: ServiceMetrics, app: () => AnyElysia | undefined) {
  const names = new RouteNames(app);
  return new Elysia({ name: 'request-log' })
    .onRequest(({ request, set }) => {
      const id = crypto.randomUUID();
      marks.set(request, { id, started: performance.now() });
      (set.headers as Record<string, string>)['x-request-id'] = id;
    })
    .onAfterResponse({ as: 'global' }, ({ request, set, route }) => {
      const mark = marks.get(request);
      if (!mark) return;
      const ms = performance.now() - mark.started;
      const status = typeof set.status === 'number' ? set.status : 200;
      const template = route || names.nameOf(request.method, request.url) || UNMATCHED_ROUTE;
      metrics.observeRequest(request.method, template, status, ms / 1000);
      log.info('request', { method: request.method, route: template, status, ms: Math.round(ms * 10) / 10, requestId: mark.id });
    });
}
