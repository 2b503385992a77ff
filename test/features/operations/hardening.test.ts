/**
 * Hostile and clumsy callers over a real socket: what the node:http bridge hands the app must
 * never let a client steer routing around the guards, and odd requests never answer 500.
 */
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../src/platform/http/app';
import { listen, type ListenOptions, type RunningServer } from '../../../src/platform/http/server';
import { createTestApp, ENGINE_HEADERS, type TestApp } from '../../support/app';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One request with headers exactly as given (node:http lets us choose Host); a body given as
 * several parts goes out chunked, with no Content-Length.
 */
function rawRequest(server: RunningServer, method: string, path: string, headers: Record<string, string> = {}, body?: string | string[]): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: server.port, method, path, headers, setHost: !('host' in headers) }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on('error', reject);
    if (Array.isArray(body)) {
      for (const part of body) request.write(part);
      request.end();
    } else {
      request.end(body);
    }
  });
}

let app: TestApp | undefined;
let server: RunningServer | undefined;

async function serve(options?: ListenOptions): Promise<RunningServer> {
  app = await createTestApp();
  server = await listen(createApp(app.ctx).fetch, '127.0.0.1', 0, app.ctx.log, options);
  return server;
}

/** Writes `raw` on a connection of its own and answers all that comes back until the server closes it. */
function rawExchange(running: RunningServer, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(running.port, '127.0.0.1', () => socket.write(raw));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(text));
  });
}

/** The status line and the JSON body of a raw answer. */
function statusAndBody(answer: string): { status: string; body: unknown } {
  const [head, body] = answer.split('\r\n\r\n');
  return { status: head!.split('\r\n')[0]!, body: body ? JSON.parse(body) : undefined };
}

afterEach(async () => {
  await server?.close(100);
  await app?.close();
  server = undefined;
  app = undefined;
});

describe('the Host header', () => {
  it('cannot move a request past the service-token guard', async () => {
    const running = await serve();
    // A one-letter Host once made the router read `/abc/internal/...` as `/internal/...`
    // while the guard, reading the real path, let it through without a token.
    const read = await rawRequest(running, 'GET', '/abc/internal/v1/scoring-inputs?date=2026-05-09', { host: 'x' });
    expect(read.status).toBe(404);
    const write = await rawRequest(running, 'POST', '/abc/internal/v1/performances', { host: 'x', 'content-type': 'application/json' }, '{"date":"2026-05-09","results":[]}');
    expect(write.status).toBe(404);
  });

  it('does not change which route answers', async () => {
    const running = await serve();
    const short = await rawRequest(running, 'GET', '/internal/v1/scoring-inputs?date=2026-05-09', { host: 'api' });
    expect({ status: short.status, body: JSON.parse(short.body) }).toEqual({ status: 401, body: { error: 'UNAUTHORIZED' } });
    const root = await rawRequest(running, 'GET', '/', { host: 'x' });
    expect(root.status).toBe(200);
  });

  it.each(['x/y', 'evil.example/admin', 'x?y', 'x#y', 'x\\y'])('%s, holding a path character, answers 400 MALFORMED_REQUEST', async (host) => {
    const running = await serve();
    const answer = await rawRequest(running, 'GET', '/', { host });
    expect({ status: answer.status, body: JSON.parse(answer.body) }).toEqual({ status: 400, body: { error: 'MALFORMED_REQUEST' } });
  });

  it.each(['a b', '[::1', 'x:99999', 'user:secret-password@x'])('%s is not a 500 and never reaches the log', async (host) => {
    const running = await serve();
    const answer = await rawRequest(running, 'GET', '/', { host });
    expect(answer.status).toBe(200);
    expect(JSON.stringify(app!.log.lines)).not.toContain('secret-password');
  });
});

describe('a method no route serves', () => {
  it('TRACE answers 404 in the error shape, not 500', async () => {
    const running = await serve();
    const answer = await rawRequest(running, 'TRACE', '/');
    expect({ status: answer.status, body: JSON.parse(answer.body) }).toEqual({ status: 404, body: { error: 'NOT_FOUND' } });
  });
});

describe('what the listener hands the app and writes back', () => {
  it('a HEAD answers the GET route with its length and headers and no body', async () => {
    const running = await serve();
    const get = await rawRequest(running, 'GET', '/');
    const head = await rawRequest(running, 'HEAD', '/');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.body)));
    expect(head.headers['content-type']).toBe('application/json');
  });

  it('a chunked body (no Content-Length) reaches the route whole', async () => {
    const running = await serve();
    const headers = { ...ENGINE_HEADERS, 'content-type': 'application/json' };
    const answer = await rawRequest(running, 'POST', '/internal/v1/performances', headers, ['{"date":"2026-05-09",', '"results":[]}']);
    expect({ status: answer.status, body: JSON.parse(answer.body) }).toEqual({ status: 200, body: { written: 0 } });
    const broken = await rawRequest(running, 'POST', '/internal/v1/performances', headers, ['{"date":"2026-05-09",', '"results":[']);
    expect({ status: broken.status, body: JSON.parse(broken.body) }).toEqual({ status: 400, body: { error: 'MALFORMED_JSON' } });
  });

  it('a chunked body past its route\'s limit, or past the largest any route reads, answers 413 and the server reads on', async () => {
    const running = await serve();
    const password = await rawRequest(running, 'POST', '/auth/password/login', { 'content-type': 'application/json', origin: 'http://localhost:5173' }, [
      '{"username":"ana","password":"',
      'x'.repeat(8 * 1024),
      '"}',
    ]);
    expect({ status: password.status, type: password.headers['content-type'], body: password.body }).toEqual({
      status: 413,
      type: 'text/plain; charset=utf-8',
      body: 'Payload Too Large',
    });
    const headers = { ...ENGINE_HEADERS, 'content-type': 'application/json' };
    const megabyte = 'x'.repeat(1_048_576);
    const ingest = await rawRequest(running, 'POST', '/internal/v1/performances', headers, ['{"date":"2026-05-09","results":[],"pad":"', ...Array(5).fill(megabyte), '"}']);
    expect({ status: ingest.status, body: JSON.parse(ingest.body) }).toEqual({ status: 413, body: { error: 'PAYLOAD_TOO_LARGE' } });
    const after = await rawRequest(running, 'POST', '/internal/v1/performances', headers, ['{"date":"2026-05-09",', '"results":[]}']);
    expect({ status: after.status, body: JSON.parse(after.body) }).toEqual({ status: 200, body: { written: 0 } });
  });

  it('header names are read whatever their case, and the answer names the request id it logged', async () => {
    const running = await serve();
    const answer = await rawRequest(running, 'GET', '/internal/v1/scoring-inputs?date=2026-05-09', { AUTHORIZATION: ENGINE_HEADERS.authorization });
    expect(answer.status).toBe(200);
    // the line is written once the answer is on its way, so it may land just after the client reads it
    const logged = await vi.waitFor(() => {
      const line = app!.log.lines.find((l) => l.message === 'request' && l.route === '/internal/v1/scoring-inputs');
      expect(line).toBeDefined();
      return line!;
    });
    expect(logged.requestId).toBe(answer.headers['x-request-id']);
  });
});

describe('what Node would answer outside the error shape', () => {
  it('an Expect other than 100-continue answers 417 EXPECTATION_FAILED', async () => {
    const running = await serve();
    const answer = await rawRequest(running, 'POST', '/internal/v1/performances', { ...ENGINE_HEADERS, expect: 'foo', 'content-type': 'application/json' }, '{}');
    expect({ status: answer.status, type: answer.headers['content-type'], body: JSON.parse(answer.body) }).toEqual({
      status: 417,
      type: 'application/json',
      body: { error: 'EXPECTATION_FAILED' },
    });
  });

  it('an HTTP/1.1 request without Host answers 400 MALFORMED_REQUEST', async () => {
    const running = await serve();
    const answer = await rawRequest(running, 'GET', '/', {});
    // rawRequest sets Host unless told; this request is sent with none at all
    const bare = await new Promise<RawAnswer>((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port: running.port, method: 'GET', path: '/', setHost: false }, (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      });
      request.on('error', reject);
      request.end();
    });
    expect(answer.status).toBe(200);
    expect({ status: bare.status, body: JSON.parse(bare.body) }).toEqual({ status: 400, body: { error: 'MALFORMED_REQUEST' } });
  });

  it('headers that do not arrive within the deadline answer 408 REQUEST_TIMEOUT (the deadline shortened here; 60 s when served)', async () => {
    const running = await serve({ requestTimeoutMs: 300 });
    // the request line and one header, then nothing: the blank line that ends the headers never comes
    const answer = await rawExchange(running, 'GET / HTTP/1.1\r\nHost: x\r\n');
    expect(statusAndBody(answer)).toEqual({ status: 'HTTP/1.1 408 Request Timeout', body: { error: 'REQUEST_TIMEOUT' } });
  });

  it('CONNECT answers 400 MALFORMED_REQUEST in the error shape instead of closing without a word', async () => {
    const running = await serve();
    const answer = await rawExchange(running, 'CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n');
    expect(statusAndBody(answer)).toEqual({ status: 'HTTP/1.1 400 Bad Request', body: { error: 'MALFORMED_REQUEST' } });
  });

  it('broken JSON to every body route answers a refusal in the error shape, never 500', async () => {
    const running = await serve();
    const player = await app!.player('broken_json');
    const bodyRoutes = createApp(app!.ctx).routes.filter((route) => route.hooks?.body !== undefined && !route.path.includes('*'));
    expect(bodyRoutes.length).toBeGreaterThan(8);
    for (const route of bodyRoutes) {
      const path = route.path.replace(/:[A-Za-z]+/g, 'x');
      const headers = { ...ENGINE_HEADERS, cookie: player.cookie, origin: 'http://localhost:5173', 'content-type': 'application/json' };
      const answer = await rawRequest(running, route.method, path, headers, '{"broken');
      expect(answer.status, `${route.method} ${route.path}`).toBeGreaterThanOrEqual(400);
      // a refusal the interface orders before the body (the Genie switched off: 503) may answer first
      expect(answer.status, `${route.method} ${route.path}`).not.toBe(500);
      expect(Object.keys(JSON.parse(answer.body)), `${route.method} ${route.path}`).toEqual(['error']);
    }
  });
});
