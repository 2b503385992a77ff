import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig, type Config } from '../../src/platform/config';
import { addDays } from '../../src/domain/dates';
import { UpstreamError } from '../../src/upstream/http-client';
import { ConcurrencyLimiter } from '../../src/upstream/limiter';
import { createEncyclopediaClient, type EncyclopediaClientOptions } from '../../src/upstream/encyclopedia';
import { startFakeEncyclopedia, type FakeEncyclopedia } from '../fakes/encyclopedia';

const TODAY = '2026-05-10';
const YESTERDAY = addDays(TODAY, -1);
const USER_AGENT = 'Test/1.0 (test@example.org)';

let fake: FakeEncyclopedia;
let config: Config;
let sleeps: number[] = [];

function client(options: EncyclopediaClientOptions = {}) {
  return createEncyclopediaClient(config, {
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...options,
  });
}

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

beforeAll(async () => {
  fake = await startFakeEncyclopedia({ today: TODAY });
  config = parseConfig({
    encyclopedia: { metricsUrl: fake.metricsUrl, siteUrl: fake.siteUrl, metaUrl: fake.metaUrl, userAgent: USER_AGENT },
  });
});

afterEach(() => {
  fake.faults.clear();
  fake.resetCounters();
  sleeps = [];
});

afterAll(async () => {
  await fake.close();
});


describe('headers', () => {
  it('sends the configured User-Agent, Api-User-Agent and Accept on every call', async () => {
    const c = client();
    await c.siteInfo('en');
    await c.topArticles('en', YESTERDAY);
    await c.listEditions();
    expect(fake.requests.length).toBeGreaterThanOrEqual(3);
    for (const request of fake.requests) {
      expect(request.headers['user-agent']).toBe(USER_AGENT);
      expect(request.headers['api-user-agent']).toBe(USER_AGENT);
      expect(request.headers.accept).toBe('application/json');
    }
  });

  it('surfaces the 403 for a User-Agent without contact details, without retrying', async () => {
    const anonymous = createEncyclopediaClient(
      parseConfig({ encyclopedia: { ...config.encyclopedia, userAgent: 'SomeBot/1.0' } }),
      { sleep: async () => undefined },
    );
    const error = await failure(anonymous.topArticles('en', YESTERDAY));
    expect(error.kind).toBe('status');
    expect(error.status).toBe(403);
    expect(fake.requests).toHaveLength(1);
  });
});

describe('concurrency', () => {
  const twentyCalls = (pick: (i: number) => ReturnType<typeof client>) =>
    Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        pick(i).dailySeries('en', i % 3 ? 'Taylor_Swift' : 'Lionel_Messi', addDays(YESTERDAY, -i), addDays(YESTERDAY, -i)),
      ),
    );

  it('keeps at most 3 requests of one client in flight (the process shares one client)', async () => {
    fake.faults.slow('per-article', 30);
    const only = client();
    await twentyCalls(() => only);
    expect(fake.requests).toHaveLength(20);
    expect(fake.peakInFlight).toBeLessThanOrEqual(3);
    expect(fake.peakInFlight).toBeGreaterThanOrEqual(2);
  });

  it('keeps at most 3 in flight across clients handed the same limiter', async () => {
    fake.faults.slow('per-article', 30);
    const limiter = new ConcurrencyLimiter(config.encyclopedia.maxConcurrency);
    const first = client({ limiter });
    const second = client({ limiter });
    await twentyCalls((i) => (i % 2 ? first : second));
    expect(fake.requests).toHaveLength(20);
    expect(fake.peakInFlight).toBeLessThanOrEqual(3);
    expect(fake.peakInFlight).toBeGreaterThanOrEqual(2);
  });
});

describe('retries', () => {
  it('retries a 429 after the Retry-After it was given', async () => {
    fake.faults.rateLimit('top', { retryAfter: 1 });
    const rows = await client().topArticles('en', YESTERDAY);
    expect(rows?.length).toBeGreaterThan(500);
    expect(fake.requests.map((r) => r.status)).toEqual([429, 200]);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThanOrEqual(1000);
  });

  it('gets through one 503', async () => {
    fake.faults.failOnce('siteinfo', 503);
    const info = await client().siteInfo('it');
    expect(info.mainPage).toBe('Pagina_principale');
    expect(fake.requests.map((r) => r.status)).toEqual([503, 200]);
  });

  it('gives up on a permanent 500 after 1 + 3 attempts with growing backoff', async () => {
    fake.faults.failAlways('per-article', 500);
    const error = await failure(client().dailySeries('en', 'Taylor_Swift', addDays(TODAY, -30), YESTERDAY));
    expect(error.kind).toBe('status');
    expect(error.status).toBe(500);
    expect(fake.requests).toHaveLength(4);
    expect(sleeps).toHaveLength(3);
    expect(sleeps[0]).toBeGreaterThanOrEqual(1000);
    expect(sleeps[1]).toBeGreaterThanOrEqual(2000);
    expect(sleeps[2]).toBeGreaterThanOrEqual(4000);
  });

  it('retries a dropped connection, then reports it as a network failure', async () => {
    fake.faults.reset('top');
    const error = await failure(client().topArticles('en', YESTERDAY));
    expect(error.kind).toBe('network');
    expect(fake.requests).toHaveLength(4);
  });

  it('times out a slow answer on every attempt', async () => {
    fake.faults.slow('siteinfo', 1_000);
    const error = await failure(client({ timeoutMs: 50 }).siteInfo('en'));
    expect(error.kind).toBe('timeout');
    expect(fake.requests).toHaveLength(4);
  });
});

describe('pageviews (W1, W2)', () => {
  it('keys a series by timestamp, keeps gaps, and stops at the last published day', async () => {
    fake.data.setSeries('en', 'Gappy', [
      { date: addDays(TODAY, -5), views: 50 },
      { date: addDays(TODAY, -2), views: 20 },
      { date: addDays(TODAY, -4), views: 40 },
      { date: TODAY, views: 999 }, // not yet published
    ]);
    const series = await client().dailySeries('en', 'Gappy', addDays(TODAY, -6), TODAY);
    expect(series).toEqual([
      { date: addDays(TODAY, -5), views: 50 },
      { date: addDays(TODAY, -4), views: 40 },
      { date: addDays(TODAY, -2), views: 20 },
    ]);
    expect(fake.requests[0].path).toBe(`/metrics/pageviews/per-article/en.wikipedia/all-access/user/Gappy/daily/20260504/20260510`);
  });

  it('encodes a slash in a title as %2F and spaces as underscores', async () => {
    fake.data.setSeries('en', 'AC/DC live (album)', [{ date: YESTERDAY, views: 7 }]);
    expect(await client().dailySeries('en', 'AC/DC live (album)', YESTERDAY, YESTERDAY)).toEqual([{ date: YESTERDAY, views: 7 }]);
    expect(fake.requests[0].url).toContain('/user/AC%2FDC_live_(album)/daily/20260509/20260509');
  });

  it('answers null for an article without any row, and no entry for an unpublished day', async () => {
    const c = client();
    expect(await c.dailySeries('en', 'No_such_article_anywhere', addDays(TODAY, -30), YESTERDAY)).toBeNull();
    expect(await c.dailySeries('en', 'Taylor_Swift', TODAY, TODAY)).toBeNull();
    const [yesterday] = (await c.dailySeries('en', 'Taylor_Swift', YESTERDAY, YESTERDAY))!;
    expect(yesterday.date).toBe(YESTERDAY);
    expect(yesterday.views).toBeGreaterThan(0);
  });

  it('answers null for a top list AQS has not published', async () => {
    const c = client();
    expect(await c.topArticles('en', TODAY)).toBeNull();
    expect(await c.topArticles('en', addDays(TODAY, -6))).toBeNull();
    const rows = await c.topArticles('it', YESTERDAY);
    expect(rows?.[0]).toEqual({ article: 'Pagina_principale', views: expect.any(Number), rank: 1 });
  });

  it('does not take a 404 without a problem body (a wrong metrics root) for "no data"', async () => {
    const wrong = createEncyclopediaClient(
      parseConfig({ encyclopedia: { ...config.encyclopedia, metricsUrl: `${fake.metaUrl}/nothing-here` } }),
      { sleep: async () => undefined },
    );
    const error = await failure(wrong.dailySeries('en', 'Taylor_Swift', addDays(TODAY, -3), YESTERDAY));
    expect(error.status).toBe(404);
  });

  it('rejects a body of the wrong shape as invalid', async () => {
    fake.faults.malformed('top', { items: [{ articles: [{ article: 'X', views: 'many', rank: 1 }] }] }, 1);
    const error = await failure(client().topArticles('en', YESTERDAY));
    expect(error.kind).toBe('invalid');
    expect(error.message).toContain('views');
    fake.faults.malformed('per-article', { itemz: [] }, 1);
    expect((await failure(client().dailySeries('en', 'Taylor_Swift', YESTERDAY, YESTERDAY))).kind).toBe('invalid');
  });

  it('refuses a date that is not YYYY-MM-DD before calling', async () => {
    await expect(client().topArticles('en', '2026-02-30')).rejects.toThrow(RangeError);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('site info and editions (W6, W7)', () => {
  it('derives every namespace prefix and the main page', async () => {
    const info = await client().siteInfo('it');
    expect(info.mainPage).toBe('Pagina_principale');
    for (const prefix of ['Speciale:', 'Special:', 'Discussioni_Wikipedia:', 'Project_talk:', 'Categoria:', 'WP:', 'Immagine:']) {
      expect(info.namespaceNames).toContain(prefix);
    }
    expect(info.namespaceNames).not.toContain(':');
  });

  it('lists open Wikipedias only, draining smcontinue', async () => {
    const editions = await client().listEditions();
    expect(fake.requests.length).toBeGreaterThan(1);
    expect(fake.requests.slice(1).every((r) => r.params.smcontinue !== undefined)).toBe(true);
    const codes = editions.map((e) => e.code);
    expect(codes).toEqual(['de', 'en', 'it', 'kw', 'nb', 'zh-yue', 'xal']);
    expect(editions.find((e) => e.code === 'it')).toEqual({ code: 'it', domain: 'it', autonym: 'italiano', englishName: 'Italian' });
    expect(editions.find((e) => e.code === 'nb')?.domain).toBe('no');
    expect(editions.find((e) => e.code === 'xal')).toEqual({ code: 'xal', domain: 'xal', autonym: 'xal', englishName: 'xal' });
  });

  it('treats an error member in a 200 as a failure', async () => {
    fake.faults.malformed('siteinfo', { error: { code: 'readapidenied', info: 'You need read permission.' } }, 1);
    const error = await failure(client().siteInfo('en'));
    expect(error.kind).toBe('api');
    expect(error.message).toContain('readapidenied');
  });
});

describe('search and summary (W8, W9)', () => {
  it('searches by keyword on the edition host and reads key, title and description', async () => {
    fake.data.setSummary('en', 'Vasco_da_Gama', { description: 'Portuguese explorer', extract: 'Vasco da Gama was an explorer.' });
    const hits = await client().searchPages('en', 'vasco', 10);
    expect(hits).toEqual([{ id: 'Vasco_da_Gama', title: 'Vasco da Gama', description: 'Portuguese explorer' }]);
    const request = fake.requests.at(-1)!;
    expect(request.path).toBe('/wiki-sites/en/w/rest.php/v1/search/page');
    expect(request.params).toMatchObject({ q: 'vasco', limit: '10' });
  });

  it('an empty query answers no hits without a call', async () => {
    fake.resetCounters();
    expect(await client().searchPages('en', '   ', 10)).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it('linksto: finds the pages linking to every anchor', async () => {
    const hits = await client().searchPages('en', 'linksto:Lionel_Messi linksto:Cristiano_Ronaldo', 10);
    expect(hits.map((hit) => hit.id)).toEqual(["Ballon_d'Or"]);
  });

  it('a summary follows a redirect to the canonical page; a missing page is null', async () => {
    const summary = await client().pageSummary('en', 'Messi');
    expect(summary).toMatchObject({ id: 'Lionel_Messi', title: 'Lionel Messi', description: null, type: 'standard' });
    expect(summary!.extract).not.toBe('');
    expect(await client().pageSummary('en', 'No_such_page_anywhere')).toBeNull();
  });

  it('a failing summary is an UpstreamError, never an empty page', async () => {
    fake.faults.failAlways('summary', 500);
    const error = await failure(client().pageSummary('en', 'Taylor_Swift'));
    expect(error.status).toBe(500);
  });
});

describe('outbound links (W5 shape A)', () => {
  it("lists a page's article links across continuations, redirects followed, other namespaces left out", async () => {
    const links = await client().outboundLinks('en', 'Messi', 100);
    expect(links.sort()).toEqual(['Argentina_national_football_team', "Ballon_d'Or", 'Cristiano_Ronaldo', 'FC_Barcelona', 'Inter_Miami_CF', 'Paris_Saint-Germain_F.C.']);
    // the fake answers 3 rows a response: several continuations were followed
    expect(fake.requests.filter((request) => request.route === 'links').length).toBeGreaterThan(1);
  });

  it('stops at the asked maximum', async () => {
    expect(await client().outboundLinks('en', 'Lionel_Messi', 2)).toHaveLength(2);
  });

  it('a missing page has no links', async () => {
    expect(await client().outboundLinks('en', 'No_such_page_anywhere', 10)).toEqual([]);
  });
});
