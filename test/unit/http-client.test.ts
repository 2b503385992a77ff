import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, UpstreamError } from '../../src/upstream/http-client';
import { ConcurrencyLimiter } from '../../src/upstream/limiter';

/** Answers each path with the scripted statuses in turn (the last one repeats). */
const script = new Map<string, { status: number; headers?: Record<string, string>; delayMs?: number }[]>();
const hits = new Map<string, number>();
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    const n = hits.get(path) ?? 0;
    hits.set(path, n + 1);
    const steps = script.get(path) ?? [{ status: 200 }];
    const step = steps[Math.min(n, steps.length - 1)];
    setTimeout(() => {
      res.writeHead(step.status, { 'content-type': 'application/json', ...step.headers });
      res.end(JSON.stringify({ path, n }));
    }, step.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function client(overrides: Partial<ConstructorParameters<typeof HttpClient>[0]> = {}) {
  const waits: number[] = [];
  const http = new HttpClient({
    name: 'test',
    timeoutMs: 1_000,
    retries: 3,
    baseDelayMs: 100,
    maxDelayMs: 5_000,
    sleep: async (ms) => void waits.push(ms),
    ...overrides,
  });
  return { http, waits };
}

describe('HttpClient', () => {
  it('retries a 429 after the Retry-After it was given, then answers the success', async () => {
    script.set('/limited', [{ status: 429, headers: { 'retry-after': '2' } }, { status: 200 }]);
    const { http, waits } = client();
    const answer = await http.json({ url: `${base}/limited` });
    expect(answer.body).toEqual({ path: '/limited', n: 1 });
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(2_000);
  });

  it('backs off exponentially on 5xx and gives up after 1 + retries attempts with a typed error', async () => {
    script.set('/down', [{ status: 503 }]);
    const { http, waits } = client();
    const error = await http.send({ url: `${base}/down` }).catch((e) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ kind: 'status', status: 503 });
    expect(hits.get('/down')).toBe(4);
    expect(waits).toHaveLength(3);
    expect(waits[1]).toBeGreaterThan(waits[0]);
    expect(waits[2]).toBeGreaterThan(waits[1]);
  });

  it('does not wait for a Retry-After longer than its ceiling', async () => {
    script.set('/later', [{ status: 429, headers: { 'retry-after': '3600' } }, { status: 200 }]);
    const { http, waits } = client();
    await expect(http.send({ url: `${base}/later` })).rejects.toMatchObject({ kind: 'status', status: 429 });
    expect(waits).toEqual([]);
  });

  it('answers other 4xx as data, without retrying; json() turns them into a status error', async () => {
    script.set('/missing', [{ status: 404 }]);
    const { http, waits } = client();
    expect((await http.send({ url: `${base}/missing` })).status).toBe(404);
    await expect(http.json({ url: `${base}/missing` })).rejects.toMatchObject({ kind: 'status', status: 404 });
    expect(hits.get('/missing')).toBe(2);
    expect(waits).toEqual([]);
  });

  it('reports a timeout and a refused connection as such', async () => {
    script.set('/slow', [{ status: 200, delayMs: 300 }]);
    const { http } = client({ timeoutMs: 50, retries: 0 });
    await expect(http.send({ url: `${base}/slow` })).rejects.toMatchObject({ kind: 'timeout' });
    await expect(http.send({ url: 'http://127.0.0.1:9/nothing' })).rejects.toMatchObject({ kind: 'network' });
  });

  it('keeps at most the limiter’s count in flight', async () => {
    script.set('/busy', [{ status: 200, delayMs: 30 }]);
    const limiter = new ConcurrencyLimiter(2);
    const { http } = client({ limiter });
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, limiter.inFlight)), 1);
    await Promise.all(Array.from({ length: 8 }, () => http.send({ url: `${base}/busy` })));
    clearInterval(watch);
    expect(peak).toBe(2);
    expect(limiter.inFlight).toBe(0);
  });
});
