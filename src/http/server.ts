/**
 * Listens with node:http and hands each request to the app as a web Request. We own the
 * listener (rather than the adapter's) to report the real port when 0 was asked for, to
 * drain in-flight requests on shutdown, and to keep signal handling in one place.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { Logger } from '../logger';
import type { RequestHandler } from './app';
import { bodyBytes } from './known-body';

export interface RunningServer {
  url: string;
  port: number;
  /** stops accepting, waits for requests in flight (up to `graceMs`), then resolves */
  close(graceMs?: number): Promise<void>;
}

export async function listen(handler: RequestHandler, host: string, port: number, log: Logger): Promise<RunningServer> {
  const server = http.createServer((req, res) => {
    void bridge(handler, req, res, log);
  });
  server.keepAliveTimeout = 5_000;
  server.requestTimeout = 60_000;
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

/** Methods node:http accepts but a web Request cannot be built with. */
const UNCARRIED_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);

async function bridge(handler: RequestHandler, req: http.IncomingMessage, res: http.ServerResponse, log: Logger) {
  try {
    const method = req.method ?? 'GET';
    if (UNCARRIED_METHODS.has(method)) {
      // fetch's Request refuses these methods; no route serves them, so they are unknown routes.
      log.info('request', { method, status: 404 });
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'NOT_FOUND' }));
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else if (value !== undefined) headers.set(name, value);
    }
    const hasBody = method !== 'GET' && method !== 'HEAD';
    // The origin is fixed, never the client's Host header: the router finds the path by
    // position in the URL, so a short or odd Host made it route a path the guards never saw.
    const target = req.url?.startsWith('/') ? req.url : `/${req.url ?? ''}`;
    const request = new Request(`http://localhost${target}`, {
      method,
      headers,
      body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
      // Node's fetch needs half-duplex for streamed request bodies.
      duplex: 'half',
    } as RequestInit);
    const response = await handler(request);
    const outHeaders: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') outHeaders[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) outHeaders['set-cookie'] = cookies;
    res.writeHead(response.status, outHeaders);
    const body = method === 'HEAD' ? null : await bodyBytes(response);
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
