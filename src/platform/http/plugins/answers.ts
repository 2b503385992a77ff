/**
 * What every answer needs whatever answered it: no caching by a browser or proxy unless the
 * answer says otherwise (answers carry a player's own data), `nosniff`, and JSON bodies
 * serialized once and compressed when large (gzip or brotli, as the client accepts). JSON is
 * handed to Elysia as a Buffer with its type set: Elysia on Node writes Buffers as they stand
 * (typed as a Response, the only answer Elysia's types allow a mapResponse hook).
 */
import { Elysia } from 'elysia';
import { compress, MIN_COMPRESSED_BYTES } from '../compression';
import { preferredEncoding } from '../negotiation';

type Headers = Record<string, string>;

function appendVary(headers: Headers, value: string): void {
  const current = headers.vary;
  headers.vary = current ? `${current}, ${value}` : value;
}

function isPlainJson(value: unknown): value is object {
  return value !== null && typeof value === 'object' && !(value instanceof Uint8Array) && !(value instanceof Response) && !(value instanceof Promise);
}

/** A Buffer as a mapResponse hook's answer (Elysia's types allow only a Response there). */
function asAnswer(body: Buffer): Response {
  return body as unknown as Response;
}

export function answerHeaders() {
  return new Elysia({ name: 'answer-headers' })
    .onRequest(({ set }) => {
      const headers = set.headers as Headers;
      headers['cache-control'] = 'no-store';
      headers['x-content-type-options'] = 'nosniff';
    })
    .mapResponse({ as: 'global' }, ({ responseValue, set, request }) => {
      // A handler's null is an answer too (a setting that is not set); a raw answer's absent
      // body (a 304, a HEAD of an asset) is not, and comes with its own headers.
      const jsonNull = responseValue === null && set.status !== 304 && request.method !== 'HEAD' && !(set.headers as Headers)['content-type'];
      if (!isPlainJson(responseValue) && !jsonNull) return;
      const headers = set.headers as Headers;
      const json = Buffer.from(JSON.stringify(responseValue));
      headers['content-type'] = 'application/json';
      appendVary(headers, 'Accept-Encoding');
      const encoding = json.byteLength >= MIN_COMPRESSED_BYTES ? preferredEncoding(request.headers.get('accept-encoding')) : null;
      if (!encoding) return asAnswer(json);
      headers['content-encoding'] = encoding;
      return asAnswer(compress(json, encoding));
    });
}
