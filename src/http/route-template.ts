/**
 * Names a request by the route template it reached (`/api/v1/leagues/by-code/:code`), never
 * by its raw path: logs and metrics then carry no invitation code or other path value,
 * whatever shape the client gave the path, and a metric label has a bounded set of values.
 */

/** What a request is called when no route template matches it. */
export const UNMATCHED_ROUTE = '(unmatched)';

export interface RouteDeclaration {
  method: string;
  path: string;
}

export type RouteNamer = (method: string, path: string) => string;

interface CompiledRoute {
  method: string;
  template: string;
  segments: string[];
  /** static segments count for more than parameters: `/leagues/global` beats `/leagues/:id` */
  staticCount: number;
}

const isParameter = (segment: string) => segment.startsWith(':') || segment === '*';

/** Builds the namer from the app's declared routes (Elysia's `app.routes`). */
export function routeNamer(routes: readonly RouteDeclaration[]): RouteNamer {
  const compiled: CompiledRoute[] = routes.map((route) => {
    const segments = route.path.split('/');
    return {
      method: route.method.toUpperCase(),
      template: route.path,
      segments,
      staticCount: segments.filter((segment) => !isParameter(segment)).length,
    };
  });
  const byLength = new Map<number, CompiledRoute[]>();
  for (const route of compiled) {
    const list = byLength.get(route.segments.length) ?? [];
    list.push(route);
    byLength.set(route.segments.length, list);
  }
  for (const list of byLength.values()) list.sort((a, b) => b.staticCount - a.staticCount);

  return (method, path) => {
    const segments = path.split('/');
    const wanted = method.toUpperCase();
    // HEAD is answered by the GET route
    const methods = wanted === 'HEAD' ? ['HEAD', 'GET'] : [wanted];
    for (const route of byLength.get(segments.length) ?? []) {
      if (route.method !== 'ALL' && !methods.includes(route.method)) continue;
      if (route.segments.every((segment, i) => (isParameter(segment) ? segments[i] !== '' : segment === segments[i]))) {
        return route.template;
      }
    }
    return UNMATCHED_ROUTE;
  };
}
