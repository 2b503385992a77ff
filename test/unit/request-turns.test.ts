/**
 * Overload sheds instead of queueing without end (src/platform/http/request-turns.ts): a newcomer is
 * turned away once the head of the request line has waited more than a second, or while the
 * event loop runs its timers more than a second late. Held with a clock and a loop delay the
 * test sets, and counted in answers: nothing here depends on how fast the machine is.
 */
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_LOOP_DELAY_MS, MAX_WAIT_MS, requestTurns, type ShedReason } from '../../src/platform/http/request-turns';
import { listen, type RunningServer } from '../../src/platform/http/server';
import { memoryLogger } from '../../src/platform/log';
import { ServiceMetrics } from '../../src/features/operations/service-metrics';
import { PageviewFetches } from '../../src/features/contracts/pageview-series';
import { parsePrometheusText, sampleValue } from '../support/prometheus';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

function line(options: { lag?: () => number } = {}) {
  const clock = { ms: 0 };
  const shed: ShedReason[] = [];
  const ran: string[] = [];
  const turns = requestTurns({ now: () => clock.ms, loopDelayMs: options.lag ?? (() => 0), onShed: (reason) => shed.push(reason) });
  const enter = (name: string) => turns.enter(() => ran.push(name));
  return { clock, shed, ran, enter, turns };
}

describe('the request line', () => {
  it('takes newcomers while its head has waited a second or less, and turns them away after', async () => {
    const { clock, shed, ran, enter } = line();
    expect(enter('a')).toBe(true);
    clock.ms = 400;
    expect(enter('b')).toBe(true);
    // the head ('a') has waited exactly the bound: still in time
    clock.ms = MAX_WAIT_MS;
    expect(enter('c')).toBe(true);
    clock.ms = MAX_WAIT_MS + 1;
    expect(enter('late-1')).toBe(false);
    expect(enter('late-2')).toBe(false);
    expect(shed).toEqual(['queue', 'queue']);
    // those already in line are all answered, in order; the refused never run
    while (ran.length < 3) await nextTurn();
    await nextTurn();
    expect(ran).toEqual(['a', 'b', 'c']);
    // an empty line takes the next newcomer, however late the clock
    clock.ms = 10 * MAX_WAIT_MS;
    expect(enter('d')).toBe(true);
    await nextTurn();
    expect(ran).toEqual(['a', 'b', 'c', 'd']);
    expect(shed).toHaveLength(2);
  });

  it('judges the wait of the request at the head, not of the newest', async () => {
    const { clock, shed, ran, enter } = line();
    expect(enter('a')).toBe(true);
    clock.ms = 900;
    expect(enter('b')).toBe(true);
    // 'a' leaves the line; 'b', the new head, has waited 300 ms when the next one comes
    while (ran.length < 2) await nextTurn();
    clock.ms = 1_200;
    expect(enter('c')).toBe(true);
    expect(shed).toEqual([]);
  });

  it('turns newcomers away while the event loop runs more than a second late, and takes them again after', async () => {
    let lag = 0;
    const { shed, ran, enter } = line({ lag: () => lag });
    expect(enter('a')).toBe(true);
    lag = MAX_LOOP_DELAY_MS + 1;
    expect(enter('b')).toBe(false);
    lag = MAX_LOOP_DELAY_MS;
    expect(enter('c')).toBe(true);
    expect(shed).toEqual(['event-loop']);
    while (ran.length < 2) await nextTurn();
    expect(ran).toEqual(['a', 'c']);
  });
});

describe('the listener under overload', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close(1_000);
    server = undefined;
  });

  function get(url: string): Promise<{ status: number; retryAfter: string | undefined; connection: string | undefined; body: string }> {
    return new Promise((resolve, reject) => {
      http
        .get(url, { agent: false }, (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, retryAfter: res.headers['retry-after'], connection: res.headers.connection, body }));
        })
        .once('error', reject);
    });
  }

  it('answers 503 OVERLOADED with Retry-After without running the handler, counts it, and serves again once the loop keeps up', async () => {
    let lag = 0;
    let handled = 0;
    const metrics = new ServiceMetrics(async () => ({ databaseBytes: 0, leagues: [], unscoredDays: [], unsettledContracts: { count: 0, oldestExpireDate: null } }), 'test', new PageviewFetches());
    server = await listen(
      () => {
        handled++;
        return new Response('ok');
      },
      '127.0.0.1',
      0,
      memoryLogger(),
      { turns: { loopDelayMs: () => lag, onShed: (reason) => metrics.observeShed(reason) } },
    );
    expect((await get(`${server.url}/`)).status).toBe(200);
    lag = 2 * MAX_LOOP_DELAY_MS;
    const refused = await Promise.all([1, 2, 3].map(() => get(`${server!.url}/api/v1/leagues/public`)));
    for (const answer of refused) {
      expect(answer).toEqual({ status: 503, retryAfter: '1', connection: 'close', body: '{"error":"OVERLOADED"}' });
    }
    expect(handled).toBe(1);
    lag = 0;
    expect((await get(`${server.url}/`)).status).toBe(200);
    expect(handled).toBe(2);

    const { samples } = parsePrometheusText((await metrics.exposition()).text);
    expect(sampleValue(samples, 'fantasy_http_requests_shed_total', { reason: 'event-loop' })).toBe(3);
    expect(sampleValue(samples, 'fantasy_http_requests_shed_total', { reason: 'queue' })).toBe(0);
  });

  it('still serves the app’s page and the files it loads while it sheds the API, so a player is never left with a blank page', async () => {
    const served: string[] = [];
    server = await listen(
      (request) => {
        served.push(`${request.method} ${new URL(request.url).pathname}`);
        return new Response('ok');
      },
      '127.0.0.1',
      0,
      memoryLogger(),
      { turns: { loopDelayMs: () => 2 * MAX_LOOP_DELAY_MS } },
    );
    for (const path of ['/signin', '/leagues/abc?tab=market', '/assets/main-x.js', '/sw.js']) {
      expect((await get(`${server.url}${path}`)).status, path).toBe(200);
    }
    // a browser opening the bare address gets the page too
    expect((await fetch(`${server.url}/`, { headers: { accept: 'text/html' } })).status).toBe(200);
    // the API, a write to a page's address and the bare address asked for JSON are shed as before
    expect((await get(`${server.url}/api/v1/leagues/public`)).status).toBe(503);
    expect((await get(`${server.url}/`)).status).toBe(503);
    expect((await fetch(`${server.url}/signin`, { method: 'POST' })).status).toBe(503);
    expect(served).toEqual(['GET /signin', 'GET /leagues/abc', 'GET /assets/main-x.js', 'GET /sw.js', 'GET /']);
  });
});
