/**
 * What the app reads of a request: the few members of the web Request it uses. An in-process
 * web Request (the API tests) is one as it stands; the listener wraps node's IncomingMessage
 * in one that copies no header and builds no stream until asked. Building a full web Request
 * per request cost more than the rest of a small request together (issue 11).
 */
import type http from 'node:http';
import { Readable } from 'node:stream';

export interface RequestHeaders {
  /** the value, several joined with ", ", as web Headers.get answers; null when absent */
  get(name: string): string | null;
  has(name: string): boolean;
}

export interface HttpRequest {
  readonly method: string;
  /** absolute, as a web Request's: the fixed origin `http://localhost` and the target as sent */
  readonly url: string;
  readonly headers: RequestHeaders;
  /** the body as it arrives; null when the request carries none */
  readonly body: ReadableStream<Uint8Array> | null;
}

class IncomingHeaders implements RequestHeaders {
  constructor(private readonly raw: http.IncomingHttpHeaders) {}

  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()];
    if (value === undefined) return null;
    // node hands a repeated header as an array only for set-cookie; ", " is how Headers joins it
    return Array.isArray(value) ? value.join(', ') : value;
  }

  has(name: string): boolean {
    return this.raw[name.toLowerCase()] !== undefined;
  }
}

/** A request as node:http received it. */
export class IncomingRequest implements HttpRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: RequestHeaders;
  private stream: ReadableStream<Uint8Array> | null | undefined;

  constructor(private readonly message: http.IncomingMessage) {
    this.method = message.method ?? 'GET';
    // The origin is fixed, never the client's Host header: a short or odd Host must not
    // change the path the guards and the router read.
    const target = message.url ?? '';
    this.url = `http://localhost${target.startsWith('/') ? target : `/${target}`}`;
    this.headers = new IncomingHeaders(message.headers);
  }

  get body(): ReadableStream<Uint8Array> | null {
    if (this.stream === undefined) {
      // node's parser already decided the framing: without a length or chunking there is no body
      const raw = this.message.headers;
      const framed = raw['transfer-encoding'] !== undefined || (raw['content-length'] ?? '0') !== '0';
      const carries = framed && this.method !== 'GET' && this.method !== 'HEAD';
      this.stream = carries ? (Readable.toWeb(this.message) as ReadableStream<Uint8Array>) : null;
    }
    return this.stream;
  }
}

const paths = new WeakMap<HttpRequest, string>();

/** Paths a URL parser would hand back unchanged: no dot segment, escape, backslash or odd byte. */
const PLAIN_PATH = /^\/[A-Za-z0-9_~.\-/]*$/;
const ORIGIN_LENGTH = 'http://localhost'.length;

/** The request's path, percent-encoding kept and dot segments resolved, read once per request. */
export function pathOf(request: HttpRequest): string {
  let path = paths.get(request);
  if (path === undefined) {
    const url = request.url;
    const query = url.indexOf('?', ORIGIN_LENGTH);
    const plain = url.startsWith('http://localhost/') ? url.slice(ORIGIN_LENGTH, query < 0 ? undefined : query) : '';
    path = PLAIN_PATH.test(plain) && !plain.includes('/.') ? plain : new URL(url).pathname;
    paths.set(request, path);
  }
  return path;
}
