/**
 * Which browser origins may write: the frontend's. When `frontendUrl` is not configured the
 * service's own origin is the frontend under every loopback name it is reached by, so the
 * address `serve` prints (http://127.0.0.1:PORT) is one a browser can sign in at.
 */

import { type Config, frontendOrigin } from '../config';
import { fail } from '../../domain/errors';
import { connectionOf } from './connection';
import { nodeMessageOf } from './request-body';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** Answers whether `origin` (the header's value) is one the frontend speaks from for this request. */
export function originTrusted(config: Config, request: Request, origin: string): boolean {
  if (origin === frontendOrigin(config)) return true;
  if (config.frontendUrl !== undefined) return false;
  const port = connectionOf(request)?.localPort;
  if (port === undefined) return false;
  return LOOPBACK_NAMES.some((name) => origin === `http://${name}:${port}`);
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A request that carries a body by its framing; an in-process Request by its body stream. */
function carriesBody(request: Request): boolean {
  const length = request.headers.get('content-length');
  if (length !== null) return length.trim() !== '0';
  if (request.headers.has('transfer-encoding')) return true;
  // over a socket the framing headers are the whole truth (srvx would build a stream for any write)
  return nodeMessageOf(request) === undefined && request.body !== null;
}

function isJson(contentType: string | null): boolean {
  const media = contentType?.split(';')[0]?.trim().toLowerCase();
  return media === 'application/json';
}

/**
 * The cross-site guard of `/api/v1` writes. A browser names the page that sent the request in
 * `Origin` (or, failing that, says in `Sec-Fetch-Site` how it relates to us); SameSite=Lax
 * cookies still ride along from a sibling site, so either one pointing elsewhere is refused.
 * A client that sends neither (a script, the scoring engine) is not a browser and keeps
 * working. A body must be JSON: the types a plain HTML form can send without a preflight
 * (text/plain, form-encoded, multipart) are refused, body-less writes carry no type at all.
 */
export function guardWrite(config: Config, request: Request): void {
  if (!WRITE_METHODS.has(request.method)) return;
  const origin = request.headers.get('origin');
  if (origin !== null) {
    if (!originTrusted(config, request, origin)) fail('FORBIDDEN_ORIGIN');
  } else {
    const site = request.headers.get('sec-fetch-site')?.toLowerCase();
    if (site === 'cross-site' || site === 'same-site') fail('FORBIDDEN_ORIGIN');
  }
  if (carriesBody(request) && !isJson(request.headers.get('content-type'))) fail('UNSUPPORTED_CONTENT_TYPE');
}
