/** Our own listener to report the real port when 0 is asked, refuse a taken port (the adapter sets reusePort), drain on shutdown, and answer Node's refusals in the error shape. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { FastURL, NodeRequest, sendNodeResponse } from 'srvx/node';
import { LARGEST_BODY_BYTES } from './request-body';
import type { Logger } from '../log';
import { requestTurns, type TurnOptions } from './request-turns';
import { isAppFileRequest } from './web-app';
import { ERROR_STATUS, type ErrorCode } from '../../domain/errors';

export type FetchHandler = (request: Request) => Response | Promise<Response>;

export interface RunningServer {
  url: string;
  port: number;
  /** waits for requests in flight up to `graceMs` */
  close(graceMs?: number): Promise<void>;
}

export interface ListenOptions {
  turns?: TurnOptions;
  /** a slower one answers 408 */
  requestTimeoutMs?: number;
}

const REQUEST_TIMEOUT_MS = 60_000;

/** The path of a request line's target (`/a/b?c`), as the router will see it. */
function pathOfTarget(target: string | undefined): string {
  const raw = target ?? '/';
  const end = raw.search(/[?#]/);
  return end < 0 ? raw : raw.slice(0, end);
}

export async function listen(fetch: FetchHandler, host: string, port: number, log: Logger, options: ListenOptions = {}): Promise<RunningServer> {
  // Node's own answers to a missing Host (400) and an unknown Expect (417) have no body.
  let stopping = false;
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const inFlight = new Set<http.ServerResponse>();
  const turns = requestTurns(options.turns);
  // Once stopping, an answer closes its connection, or a browser would keep it for the keep-alive timeout.
  const lastOnItsConnection = (res: http.ServerResponse) => {
    res.shouldKeepAlive = false;
    res.once('finish', () => server.closeIdleConnections());
  };
  const server = http.createServer(
    {
      requireHostHeader: false,
      requestTimeout,
      headersTimeout: requestTimeout,
      // Node otherwise looks for requests past their deadline only every 30 s
      connectionsCheckingInterval: Math.min(1_000, Math.max(10, Math.round(requestTimeout / 10))),
    },
    (req, res) => {
      inFlight.add(res);
      res.once('close', () => inFlight.delete(res));
      if (stopping) lastOnItsConnection(res);
      // turned away now rather than after a wait with no end; the app's own files wait in line
      const sheddable = !isAppFileRequest(req.method, pathOfTarget(req.url), req.headers.accept ?? null);
      if (!turns.enter(() => void bridge(fetch, req, res, log), sheddable)) refuse(res, 'OVERLOADED', { 'retry-after': '1' });
    },
  );
  server.on('checkExpectation', (_req: http.IncomingMessage, res: http.ServerResponse) => refuse(res, 'EXPECTATION_FAILED'));
  server.keepAliveTimeout = 5_000;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => refuseClient(error, socket, log));
  // CONNECT: no tunnel is ever opened; unheard, Node would close without a word
  server.on('connect', (_req: http.IncomingMessage, socket: Duplex) => {
    log.info('request refused: CONNECT', { status: ERROR_STATUS.MALFORMED_REQUEST, error: 'MALFORMED_REQUEST' });
    answerOnSocket(socket, 'MALFORMED_REQUEST');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    port: address.port,
    close: (graceMs = 10_000) =>
      new Promise<void>((resolve) => {
        stopping = true;
        for (const res of inFlight) lastOnItsConnection(res);
        const timer = setTimeout(() => server.closeAllConnections(), graceMs);
        server.close(() => {
          clearTimeout(timer);
          turns.stop();
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}

function refuse(res: http.ServerResponse, code: ErrorCode, headers: Record<string, string> = {}): void {
  const body = JSON.stringify({ error: code });
  res.writeHead(ERROR_STATUS[code], {
    ...headers,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    connection: 'close',
  });
  res.end(body);
}

async function bridge(fetch: FetchHandler, req: http.IncomingMessage, res: http.ServerResponse, log: Logger) {
  if (req.headers.host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor === 1) {
    refuse(res, 'MALFORMED_REQUEST');
    return;
  }
  // a host name and port never hold a path character: such a Host names no server
  if (req.headers.host !== undefined && /[/\\?#]/.test(req.headers.host)) {
    refuse(res, 'MALFORMED_REQUEST');
    return;
  }
  try {
    const request = new NodeRequest({ req, res, maxRequestBodySize: LARGEST_BODY_BYTES });
    // A fixed origin, never the client's Host header, so an odd Host cannot move the path the guards and router read.
    request._url = localUrl(req.url ?? '');
    const response = await fetch(request as Request);
    await sendNodeResponse(res, response as never);
    // a body refused part-read (too large) is left paused; reading the rest to nowhere lets the
    // client finish sending and read the answer instead of meeting a reset (the request timeout bounds it)
    if (!req.complete) req.resume();
  } catch (error) {
    log.error('response could not be written', { errorMessage: error instanceof Error ? error.message : String(error) });
    if (!res.headersSent) refuse(res, 'INTERNAL_ERROR');
    else res.destroy();
  }
}

/** Given its parts, srvx's FastURL builds no WHATWG URL unless the path needs normalising. */
function localUrl(target: string): URL {
  const path = target.startsWith('/') ? target : `/${target}`;
  const query = path.indexOf('?');
  // a bare `?` is kept in the href but is no search: the parse says so
  if (query === path.length - 1) return new FastURL(`http://localhost${path}`);
  return new FastURL({
    protocol: 'http:',
    host: 'localhost',
    pathname: query < 0 ? path : path.slice(0, query),
    search: query < 0 ? '' : path.slice(query),
  });
}

/** Node's parser codes we answer with a constant of their own; any other parse failure is bad framing. */
const CLIENT_ERRORS: Record<string, ErrorCode> = {
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
};

/** Instead of Node's empty 400/431; the connection is closed after, its framing no longer trusted. */
function refuseClient(error: NodeJS.ErrnoException, socket: Duplex, log: Logger): void {
  const code: ErrorCode = CLIENT_ERRORS[error.code ?? ''] ?? 'MALFORMED_REQUEST';
  // A peer gone, or a response whose head is already on the wire, leaves nothing to answer in.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  log.info('request refused by the parser', { status: ERROR_STATUS[code], error: code, reason: error.code ?? 'unknown' });
  answerOnSocket(socket, code);
}

/** No response object exists; the connection is closed after. */
function answerOnSocket(socket: Duplex, code: ErrorCode): void {
  const body = JSON.stringify({ error: code });
  socket.end(
    `HTTP/1.1 ${ERROR_STATUS[code]} ${STATUS_TEXT[code] ?? 'Bad Request'}\r\n` +
      'Content-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\n' +
      'X-Content-Type-Options: nosniff\r\n' +
      'Connection: close\r\n\r\n' +
      body,
  );
}

const STATUS_TEXT: Partial<Record<ErrorCode, string>> = {
  HEADERS_TOO_LARGE: 'Request Header Fields Too Large',
  REQUEST_TIMEOUT: 'Request Timeout',
  MALFORMED_REQUEST: 'Bad Request',
};
