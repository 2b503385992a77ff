/**
 * GET /metrics: off unless configured; behind its own bearer token on the main listener, or
 * on a loopback listener of its own; Prometheus text whose counters move with requests,
 * jobs and upstream calls, and whose labels carry route templates, never raw paths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../src/domain/dates';
import { loopbackMetricsApp } from '../../../src/features/operations/routes-metrics';
import { listen } from '../../../src/platform/http/server';
import { silentLogger } from '../../../src/platform/log';
import { collectorJob } from '../../../src/features/scoring/collector-job';
import { type DailyJob, memoryJobRuns, startScheduler } from '../../../src/platform/jobs/scheduler';
import { startFakeEncyclopedia, type FakeEncyclopedia } from '../../fakes/encyclopedia';
import { createTestApp, type TestApp } from '../../support/app';
import { buildLeague } from '../../support/builders';
import { clientFor } from '../../support/encyclopedia';
import { parsePrometheusText, sampleValue } from '../../support/prometheus';

const TOKEN = 'metrics-token-for-tests-0123';
const AUTH = { authorization: `Bearer ${TOKEN}` };

let fake: FakeEncyclopedia;
beforeAll(async () => {
  fake = await startFakeEncyclopedia({ defaults: false });
});
afterAll(async () => {
  await fake.close();
});

async function scrape(app: TestApp) {
  const result = await app.call('GET', '/metrics', { headers: AUTH });
  expect(result.status).toBe(200);
  expect(result.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return { text: result.text, ...parsePrometheusText(result.text) };
}

describe('GET /metrics', () => {
  it('is an unknown route when not configured', async () => {
    const app = await createTestApp();
    try {
      const result = await app.call('GET', '/metrics', { headers: AUTH });
      expect(result).toMatchObject({ status: 404, body: { error: 'NOT_FOUND' } });
    } finally {
      await app.close();
    }
  });

  it.each([
    ['no Authorization', {}],
    ['a wrong token', { authorization: 'Bearer metrics-token-for-tests-0124' }],
    ['the service token', { authorization: 'Bearer test-service-token' }],
    ['a token without the Bearer scheme', { authorization: TOKEN }],
  ])('answers 401 UNAUTHORIZED with %s', async (_, headers) => {
    const app = await createTestApp({ config: { metrics: { token: TOKEN } } });
    try {
      const result = await app.call('GET', '/metrics', { headers });
      expect(result).toMatchObject({ status: 401, body: { error: 'UNAUTHORIZED' } });
      expect(result.headers.get('www-authenticate')).toBe('Bearer');
      expect(result.text).not.toContain('fantasy_');
    } finally {
      await app.close();
    }
  });

  it('parses as Prometheus text, and request counters move by route template and status', async () => {
    const app = await createTestApp({ config: { metrics: { token: TOKEN } } });
    try {
      const alice = await app.player('alice');
      const before = await scrape(app);
      const route = { method: 'GET', route: '/api/v1/leagues/by-code/:code', status: '404' };
      const countBefore = sampleValue(before.samples, 'fantasy_http_requests_total', route) ?? 0;
      for (let i = 0; i < 3; i++) await app.call('GET', '/api/v1/leagues/by-code/SECRETCODE', { as: alice });
      const after = await scrape(app);
      expect(sampleValue(after.samples, 'fantasy_http_requests_total', route)).toBe(countBefore + 3);
      expect(sampleValue(after.samples, 'fantasy_http_request_duration_seconds_count', { method: 'GET', route: route.route })).toBe(countBefore + 3);
      expect(after.types.get('fantasy_http_request_duration_seconds')).toBe('histogram');
      // an invitation code is a secret: labels carry the template only
      expect(after.text).not.toContain('SECRETCODE');
      // a made-up method does not make a label value of its own
      await app.call('BREW', '/api/v1/session', { as: alice });
      expect((await scrape(app)).text).not.toContain('BREW');
      expect(sampleValue(after.samples, 'fantasy_build_info')).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('counts job runs by outcome with their durations', async () => {
    const app = await createTestApp({ now: '2026-05-12T09:00:00.000Z', config: { metrics: { token: TOKEN } } });
    try {
      const failing: DailyJob = { name: 'housekeeping', hour: 6, minute: 30, run: async () => Promise.reject(new Error('disk full')) };
      // both are past their hour and not run today: the scheduler runs them at once
      const scheduler = startScheduler(app.ctx, [collectorJob, failing], memoryJobRuns());
      await scheduler.idle();
      scheduler.stop();
      const { samples } = await scrape(app);
      expect(sampleValue(samples, 'fantasy_job_runs_total', { job: 'collect', outcome: 'ok' })).toBe(1);
      expect(sampleValue(samples, 'fantasy_job_runs_total', { job: 'housekeeping', outcome: 'failed' })).toBe(1);
      expect(sampleValue(samples, 'fantasy_job_duration_seconds_count', { job: 'collect' })).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('counts calls, retries and failures per outside system, and shows unscored days', async () => {
    const app = await createTestApp({
      now: '2026-05-12T09:00:00.000Z',
      config: { metrics: { token: TOKEN } },
      upstream: { encyclopedia: clientFor(fake) },
    });
    try {
      // a league in season for five days, never scored: four days are overdue by 09:00
      const founder = await app.player('founder');
      await buildLeague(app, founder, { startDate: `${addDays('2026-05-12', -4)}T00:00:00.000Z` });
      const encyclopedia = { upstream: 'encyclopedia' };
      const before = (await scrape(app)).samples;
      const value = (samples: typeof before, name: string) => sampleValue(samples, name, encyclopedia) ?? 0;
      fake.data.setSeries('en', 'Alpha', [{ date: '2026-05-10', views: 5 }]);
      fake.faults.failOnce('per-article', 503);
      await app.ctx.upstream.encyclopedia.dailySeries('en', 'Alpha', '2026-05-10', '2026-05-10');
      fake.faults.failAlways('per-article', 500);
      await expect(app.ctx.upstream.encyclopedia.dailySeries('en', 'Alpha', '2026-05-10', '2026-05-10')).rejects.toThrow();
      fake.faults.clear();

      const after = (await scrape(app)).samples;
      expect(value(after, 'fantasy_upstream_calls_total') - value(before, 'fantasy_upstream_calls_total')).toBe(2);
      // the first call retried once; the second used all 3 retries
      expect(value(after, 'fantasy_upstream_retries_total') - value(before, 'fantasy_upstream_retries_total')).toBe(4);
      expect(value(after, 'fantasy_upstream_failures_total') - value(before, 'fantasy_upstream_failures_total')).toBe(1);
      expect(sampleValue(after, 'fantasy_unscored_days')).toBe(4);
      expect(sampleValue(after, 'fantasy_database_size_bytes')).toBeGreaterThan(0);
      expect(sampleValue(after, 'fantasy_pageview_cache_hit_ratio')).toBeGreaterThanOrEqual(0);
    } finally {
      await app.close();
    }
  });

  it('on its own loopback listener: /metrics without a token, nothing else', async () => {
    const app = await createTestApp();
    const server = await listen(loopbackMetricsApp(app.ctx.metrics).fetch, '127.0.0.1', 0, silentLogger);
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
      const metrics = await fetch(`${server.url}/metrics`);
      expect(metrics.status).toBe(200);
      expect(parsePrometheusText(await metrics.text()).types.get('fantasy_http_requests_total')).toBe('counter');
      const other = await fetch(`${server.url}/api/v1/session`);
      expect(other.status).toBe(404);
      expect(await other.json()).toEqual({ error: 'NOT_FOUND' });
    } finally {
      await server.close();
      await app.close();
    }
  });
});
