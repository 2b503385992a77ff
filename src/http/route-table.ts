/**
 * Finds the route a request reaches, and names it by its template
 * (`/api/v1/leagues/by-code/:code`), never by its raw path: logs and metrics then carry no
 * invitation code or other path value, and a metric label has a bounded set of values. One
 * matcher serves both, so a log line always names the route that answered.
 *
 * Static segments are compared as sent (still percent-encoded) and win over parameters,
 * parameters over a trailing `*`; parameter values are decoded. HEAD is answered by the GET
 * route, and one trailing slash is forgiven when the path without it matches.
 */

/** What a request is called when no route template matches it. */
export const UNMATCHED_ROUTE = '(unmatched)';

export interface RouteTemplate {
  method: string;
  path: string;
}

export interface RouteMatch<T> {
  template: string;
  params: Record<string, string>;
  target: T;
}

interface Compiled<T> {
  template: string;
  segments: string[];
  /** a trailing `*` takes the rest of the path, slashes and all */
  wildcard: boolean;
  /** static segments count for more than parameters: `/leagues/global` beats `/leagues/:id` */
  staticCount: number;
  target: T;
}

const isParameter = (segment: string) => segment.startsWith(':');

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // a broken escape is kept as sent: the route answers its own "not found" for it
    return segment;
  }
}

export class RouteTable<T> {
  /** method → segment count → routes, most specific first */
  private readonly exact = new Map<string, Map<number, Compiled<T>[]>>();
  private readonly wildcards = new Map<string, Compiled<T>[]>();
  private readonly declared: RouteTemplate[] = [];

  add(method: string, template: string, target: T): void {
    const upper = method.toUpperCase();
    this.declared.push({ method: upper, path: template });
    const segments = template.split('/');
    const wildcard = segments.at(-1) === '*';
    const route: Compiled<T> = {
      template,
      segments: wildcard ? segments.slice(0, -1) : segments,
      wildcard,
      staticCount: segments.filter((segment) => !isParameter(segment) && segment !== '*').length,
      target,
    };
    let list: Compiled<T>[];
    if (wildcard) {
      list = this.wildcards.get(upper) ?? [];
      this.wildcards.set(upper, list);
    } else {
      const byLength = this.exact.get(upper) ?? new Map<number, Compiled<T>[]>();
      this.exact.set(upper, byLength);
      list = byLength.get(segments.length) ?? [];
      byLength.set(segments.length, list);
    }
    list.push(route);
    list.sort((a, b) => b.staticCount - a.staticCount || b.segments.length - a.segments.length);
  }

  /** Every template added, as added. */
  get templates(): readonly RouteTemplate[] {
    return this.declared;
  }

  match(method: string, path: string): RouteMatch<T> | undefined {
    const upper = method.toUpperCase();
    const found = this.methodMatch(upper, path);
    if (found || path.length < 2 || !path.endsWith('/')) return found;
    return this.methodMatch(upper, path.slice(0, -1));
  }

  private methodMatch(method: string, path: string): RouteMatch<T> | undefined {
    return this.find(method, path) ?? (method === 'HEAD' ? this.find('GET', path) : undefined);
  }

  private find(method: string, path: string): RouteMatch<T> | undefined {
    const segments = path.split('/');
    for (const route of this.exact.get(method)?.get(segments.length) ?? []) {
      const params = paramsOf(route, segments);
      if (params) return { template: route.template, params, target: route.target };
    }
    for (const route of this.wildcards.get(method) ?? []) {
      if (segments.length < route.segments.length + 1) continue;
      const params = paramsOf(route, segments);
      if (params) {
        params['*'] = decoded(segments.slice(route.segments.length).join('/'));
        return { template: route.template, params, target: route.target };
      }
    }
    return undefined;
  }
}

/** The route's parameters in `segments`, or undefined when its static segments differ. */
function paramsOf(route: Compiled<unknown>, segments: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < route.segments.length; i++) {
    const expected = route.segments[i]!;
    const actual = segments[i]!;
    if (isParameter(expected)) {
      if (actual === '') return undefined;
      params[expected.slice(1)] = decoded(actual);
    } else if (expected !== actual) {
      return undefined;
    }
  }
  return params;
}
