/** Unconfigured, the service's own origin under every loopback name is the frontend, so the address `serve` prints can sign in. */

import { type Config, frontendOrigin } from '../config';
import { fail } from '../../domain/errors';
import { connectionOf, nodeMessageOf } from './connection';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

export function originTrusted(config: Config, request: Request, origin: string): boolean {
  if (origin === frontendOrigin(config)) return true;
  if (config.frontendUrl !== undefined) return false;
  const port = connectionOf(request)?.localPort;
  if (port === undefined) return false;
  return LOOPBACK_NAMES.some((name) => origin === `http://${name}:${port}`);
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** An in-process Request by its body stream. */
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
 /** SameSite=Lax cookies ride along from sibling sites, so a foreign Origin or Sec-Fetch-Site is refused; bodies a plain form can send are refused too. */
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
