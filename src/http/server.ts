/**
 * Listens with node:http and hands each request to the app as node parsed it (wrapped, not
 * copied: http-request.ts), writing the app's answer back as it stands. We own the listener
 * to report the real port when 0 was asked for, to drain in-flight requests on shutdown,
 * and to keep signal handling in one place.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from '../logger';
import { ERROR_STATUS, type ErrorCode } from '../domain/errors';
import type { HttpHandler } from './app';
import { recordConnection } from './connection';
import { IncomingRequest } from './http-request';

export interface RunningServer {
  url: string;
  port: number;
  /** stops accepting, waits for requests in flight (up to `graceMs`), then resolves */
  close(graceMs?: number): Promise<void>;
}

export async function listen(handler: HttpHandler, host: string, port: number, log: Logger): Promise<RunningServer> {
  const server = http.createServer((req, res) => {
    void bridge(handler, req, res, log);
  });
  server.keepAliveTimeout = 5_000;
  server.requestTimeout = 60_000;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => refuseClient(error, socket, log));
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
        const timer = setTimeout(() => server.closeAllConnections(), graceMs);
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}

async function bridge(handler: HttpHandler, req: http.IncomingMessage, res: http.ServerResponse, log: Logger) {
  try {
    const request = new IncomingRequest(req);
    recordConnection(request, { remoteAddress: req.socket.remoteAddress ?? 'unknown', localPort: req.socket.localPort ?? 0 });
    const response = await handler(request);
    const body = response.body;
    // The length is known: one framed write instead of chunked encoding's size lines and trailer.
    if (body && response.headers['content-length'] === undefined) response.headers['content-length'] = String(body.byteLength);
    res.writeHead(response.status, response.headers);
    if (body) res.end(body);
    else res.end();
  } catch (error) {
    log.error('response could not be written', { errorMessage: error instanceof Error ? error.message : String(error) });
    if (!res.headersSent) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'INTERNAL_ERROR' }));
    } else {
      res.destroy();
    }
  }
}

/** Node's parser codes we answer with a constant of their own; any other parse failure is bad framing. */
const CLIENT_ERRORS: Record<string, ErrorCode> = {
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
};

/**
 * What Node refuses before a request exists (an unknown method, headers over its limit, bad
 * framing, a request too slow to arrive) answers in the error shape too, instead of Node's
 * empty 400/431. The connection is closed after: its framing can no longer be trusted.
 */
function refuseClient(error: NodeJS.ErrnoException, socket: Duplex, log: Logger): void {
  const code: ErrorCode = CLIENT_ERRORS[error.code ?? ''] ?? 'MALFORMED_REQUEST';
  // A peer that went away, or a response whose head is already on the wire (a body that
  // broke its framing after the handler answered), leaves nothing to answer in.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  log.info('request refused by the parser', { status: ERROR_STATUS[code], error: code, reason: error.code ?? 'unknown' });
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
