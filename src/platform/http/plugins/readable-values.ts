/**
 * Path and query values are text a person or a link wrote: none can hold a control character
 * (C0 other than tab and line breaks, DEL, C1). No id, code, date, address or search does, and
 * PostgreSQL's text cannot hold a NUL at all: one that reached the store failed there (500)
 * where SQLite merely found nothing. Judged here once, for every route, after the route has
 * checked its body and query and before its handler reads anything:
 * - a path value holding one names nothing: it is read with each such character replaced by
 *   U+FFFD, which no id holds, so the route answers it as it answers any unknown id (a 404,
 *   or whatever that route answers for an id it does not know);
 * - a query value holding one is refused as the route refuses a query it cannot read (400).
 */
import { Elysia } from 'elysia';
import { fail } from '../../../domain/errors';
import { refusalFor } from '../route-options';

const UNREADABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const UNREADABLE_ALL = new RegExp(UNREADABLE.source, 'g');

/**
 * Whether a query value, as the client sent it, holds one: the raw query, not the route's checked
 * one, where a value the route tolerates (a page size falling back to its default) is gone.
 */
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
