/** No id holds a control character and PostgreSQL text cannot hold NUL: a path value with one reads as U+FFFD (unknown id), a query value is refused. */
import { Elysia } from 'elysia';
import { fail } from '../../../domain/errors';
import { refusalFor } from '../route-options';

const UNREADABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const UNREADABLE_ALL = new RegExp(UNREADABLE.source, 'g');

/** The raw query: the route's checked one has dropped values it tolerates. */
function unreadableQuery(url: string): boolean {
  const start = url.indexOf('?');
  if (start < 0) return false;
  for (const value of new URLSearchParams(url.slice(start + 1)).values()) if (UNREADABLE.test(value)) return true;
  return false;
}

export function readableValues() {
  return new Elysia({ name: 'readable-values' }).onBeforeHandle({ as: 'global' }, ({ request, params }) => {
    const path = params as Record<string, unknown> | undefined;
    for (const [name, value] of Object.entries(path ?? {})) {
      if (typeof value === 'string' && UNREADABLE.test(value)) path![name] = value.replace(UNREADABLE_ALL, '\uFFFD');
    }
    if (unreadableQuery(request.url)) fail(refusalFor(request, 'query', undefined));
  });
}
