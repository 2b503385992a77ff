import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock';
import { parseConfig } from '../../src/platform/config';
import { addDays } from '../../src/domain/dates';
import { isFailure } from '../../src/domain/errors';
import { silentLogger } from '../../src/platform/log';
import { PageviewFetches, PageviewSeries, cachedLiveAverages } from '../../src/features/contracts/pageview-series';
import { openDatabase, closeDatabase, type Database } from '../../src/platform/db/database';
import { createEncyclopediaClient } from '../../src/upstream/encyclopedia';
import { ConcurrencyLimiter } from '../../src/upstream/limiter';
import { startFakeEncyclopedia, type FakeEncyclopedia } from '../fakes/encyclopedia';

const TODAY = '2026-05-10';
const YESTERDAY = addDays(TODAY, -1);

let fake: FakeEncyclopedia;
let db: Database;
let clock: ManualClock;

function views(pageviewFetches = new PageviewFetches()) {
  const config = parseConfig({
    encyclopedia: { metricsUrl: fake.metricsUrl, siteUrl: fake.siteUrl, metaUrl: fake.metaUrl, userAgent: 'Test/1.0 (test@example.org)' },
  });
  const encyclopedia = createEncyclopediaClient(config, { sleep: async () => undefined, baseDelayMs: 1, limiter: new ConcurrencyLimiter(3) });
  return new PageviewSeries({ db, clock, log: silentLogger, encyclopedia, pageviewFetches });
}

const series = (views: number, end: string, days = 40) => Array.from({ length: days }, (_, i) => ({ date: addDays(end, -(days - 1) + i), views }));
const perArticleCalls = (article: string) => fake.requests.filter((r) => r.route === 'per-article' && r.path.includes(`/${article}/`));

async function failureCode(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => null, (e: unknown) => e);
  if (!isFailure(error)) throw new Error(`expected a Failure, got ${String(error)}`);
  return error.code;
}

beforeAll(async () => {
  fake = await startFakeEncyclopedia({ today: TODAY });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  db = openDatabase(':memory:', { migrate: true });
  clock = new ManualClock(`${TODAY}T09:00:00Z`);
  fake.faults.clear();
  fake.resetCounters();
  fake.data.publishedThrough = YESTERDAY;
  return () => closeDatabase(db);
});

describe('PageviewSeries', () => {
  it('fetches the 365-day series ending yesterday once a day for the whole server', async () => {
    fake.data.setSeries('en', 'Cached_once', series(3_000, YESTERDAY));
    expect(await views().liveAverage('en', 'Cached_once', TODAY)).toBe(3_000);
    expect(await views().liveAverage('en', 'Cached_once', TODAY)).toBe(3_000);
    const calls = perArticleCalls('Cached_once');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toMatch(/\/daily\/20250510\/20260509$/);
    // the next day is a new snapshot
    clock.advanceDays(1);
    await views().liveAverage('en', 'Cached_once', addDays(TODAY, 1));
    expect(perArticleCalls('Cached_once')).toHaveLength(2);
  });

  it('concurrent callers share one request', async () => {
    fake.data.setSeries('en', 'Shared', series(5_000, YESTERDAY));
    const reader = views();
    await Promise.all(Array.from({ length: 8 }, () => reader.liveAverage('en', 'Shared', TODAY)));
    expect(perArticleCalls('Shared')).toHaveLength(1);
  });

  it('services handed the same fetches share one request and one tally', async () => {
    fake.data.setSeries('en', 'Across_services', series(5_000, YESTERDAY));
    const fetches = new PageviewFetches();
    const [buyer, market] = [views(fetches), views(fetches)];
    await Promise.all([buyer, market, buyer, market].map((reader) => reader.liveAverage('en', 'Across_services', TODAY)));
    expect(perArticleCalls('Across_services')).toHaveLength(1);
    expect(fetches.stats).toEqual({ hits: 3, misses: 1 });
  });

  it("retries once with the day before's snapshot when yesterday's fetch fails", async () => {
    fake.data.setSeries('en', 'Fallback', series(2_000, YESTERDAY));
    // the first request and its three retries fail; the day before's request succeeds
    fake.faults.add({ route: 'per-article', fault: { kind: 'status', status: 500 }, times: 4 });
    const live = await views().liveSeries('en', 'Fallback', TODAY);
    expect(live.snapshotDate).toBe(addDays(TODAY, -2));
    expect(live.series.at(-1)!.date).toBe(addDays(TODAY, -2));
  });

  it('an article without pageviews is UNKNOWN_ARTICLE; the answer is cached', async () => {
    expect(await failureCode(views().liveAverage('en', 'Never_read_anywhere', TODAY))).toBe('UNKNOWN_ARTICLE');
    expect(await failureCode(views().liveAverage('en', 'Never_read_anywhere', TODAY))).toBe('UNKNOWN_ARTICLE');
    expect(perArticleCalls('Never_read_anywhere')).toHaveLength(2); // yesterday, then the day before; once each
  });

  it('an unreachable encyclopedia is ENCYCLOPEDIA_UNAVAILABLE and nothing is cached', async () => {
    fake.data.setSeries('en', 'Flaky', series(9_000, YESTERDAY));
    fake.faults.failAlways('per-article', 503);
    expect(await failureCode(views().liveAverage('en', 'Flaky', TODAY))).toBe('ENCYCLOPEDIA_UNAVAILABLE');
    expect((await cachedLiveAverages(db, 'en', ['Flaky'], TODAY)).size).toBe(0);
    fake.faults.clear();
    expect(await views().liveAverage('en', 'Flaky', TODAY)).toBe(9_000);
  });

  it("cached averages fall back to the day before's snapshot, as a buy would price it", async () => {
    fake.data.setSeries('en', 'Late_cached', series(6_000, YESTERDAY));
    // yesterday's fetch fails, so the live price came from the day before's series
    fake.faults.add({ route: 'per-article', fault: { kind: 'status', status: 500 }, times: 4 });
    expect(await views().liveAverage('en', 'Late_cached', TODAY)).toBe(6_000);
    expect(await cachedLiveAverages(db, 'en', ['Late_cached'], TODAY)).toEqual(new Map([['Late_cached', 6_000]]));
  });

  it('cached averages never call the network', async () => {
    fake.data.setSeries('en', 'Known', series(4_000, YESTERDAY));
    await views().liveAverage('en', 'Known', TODAY);
    fake.resetCounters();
    expect(await cachedLiveAverages(db, 'en', ['Known', 'Unfetched'], TODAY)).toEqual(new Map([['Known', 4_000]]));
    expect(fake.requests).toEqual([]);
  });
});
