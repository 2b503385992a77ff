import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { REQUEST_SECONDS_BUCKETS, RequestTallies } from '../../src/features/operations/request-tallies';

const NAME = 'fantasy_http_request_duration_seconds';
const HELP = 'Time to answer an HTTP request, by route template';

describe('RequestTallies', () => {
  it("exposes latencies exactly as prom-client's own histogram would", async () => {
    const observations: [string, string, number][] = [
      ['GET', '/', 0.001],
      ['GET', '/', 0.005],
      ['GET', '/', 0.3],
      ['POST', '/api/v1/leagues', 0.02],
      ['GET', '/', 12],
      ['POST', '/api/v1/leagues', 0.0051],
    ];
    const tallies = new RequestTallies();
    const ours = new Registry();
    ours.registerMetric(tallies.histogram(NAME, HELP));
    const theirs = new Registry();
    const reference = new Histogram({ name: NAME, help: HELP, labelNames: ['method', 'route'], buckets: REQUEST_SECONDS_BUCKETS, registers: [theirs] });
    for (const [method, route, seconds] of observations) {
      tallies.observe(method, route, 200, seconds);
      reference.observe({ method, route }, seconds);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });

  it('counts each method, route and status apart', () => {
    const tallies = new RequestTallies();
    tallies.observe('GET', '/', 200, 0.001);
    tallies.observe('GET', '/', 200, 0.001);
    tallies.observe('GET', '/', 404, 0.001);
    expect([...tallies.answeredSeries()]).toEqual([
      { labels: { method: 'GET', route: '/', status: '200' }, count: 2 },
      { labels: { method: 'GET', route: '/', status: '404' }, count: 1 },
    ]);
  });
});
