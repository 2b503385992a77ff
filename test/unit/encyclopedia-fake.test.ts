/** The fake itself: the upstream behaviours other tests rely on it to reproduce. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/platform/config';
import { addDays } from '../../src/domain/dates';
import { createEncyclopediaClient, type SiteInfo } from '../../src/upstream/encyclopedia';
import { startFakeEncyclopedia, type FakeEncyclopedia } from '../fakes/encyclopedia';

const TODAY = '2026-05-10';
const UA = 'Test/1.0 (https://example.org/contact)';
let fake: FakeEncyclopedia;

interface LinksAnswer {
  batchcomplete?: boolean;
  continue?: Record<string, string>;
  query: {
    normalized?: unknown[];
    pages: { title: string; ns: number; missing?: boolean; links?: { ns: number; title: string }[] }[];
  };
}

const get = (url: string, userAgent = UA) => fetch(url, { headers: { 'User-Agent': userAgent } });
const api = (domain: string, params: Record<string, string>) =>
  get(`${fake.siteUrl.replace('{domain}', domain)}/w/api.php?${new URLSearchParams({ format: 'json', formatversion: '2', ...params })}`);

beforeAll(async () => {
  fake = await startFakeEncyclopedia({ today: TODAY });
});

afterAll(async () => {
  await fake.close();
});

describe('fake encyclopedia', () => {
  it('answers 403 to a User-Agent without contact details on every route', async () => {
    for (const url of [
      `${fake.metricsUrl}/pageviews/top/en.wikipedia/all-access/2026/05/09`,
      `${fake.metaUrl}/w/api.php?action=sitematrix&format=json`,
      `${fake.siteUrl.replace('{domain}', 'en')}/w/api.php?action=query&meta=siteinfo&format=json`,
    ]) {
      expect((await get(url, 'python-requests/2.31')).status).toBe(403);
      expect((await get(url)).status).toBe(200);
    }
  });

  it('answers problem+json 404 for an article without rows, and 400 for a bad date', async () => {
    const missing = await get(`${fake.metricsUrl}/pageviews/per-article/en.wikipedia/all-access/user/Nope/daily/20260401/20260509`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/problem+json');
    expect(await missing.json()).toMatchObject({ title: 'Not found.' });
    const bad = await get(`${fake.metricsUrl}/pageviews/per-article/en.wikipedia/all-access/user/Nope/daily/20260231/20260509`);
    expect(bad.status).toBe(400);
  });

  it('serves generated series with gaps that agree with the top lists', async () => {
    const series = fake.data.publishedSeries('en', 'Taylor_Swift', addDays(TODAY, -365), TODAY);
    expect(series.length).toBeGreaterThan(300);
    expect(series.length).toBeLessThan(366);
    expect(series.at(-1)!.date <= addDays(TODAY, -1)).toBe(true);
    const day = series.at(-1)!;
    const row = fake.data.topList('en', day.date)!.find((r) => r.article === 'Taylor_Swift');
    expect(row?.views).toBe(day.views);
  });

  it('refuses more than 50 titles with toomanyvalues inside a 200', async () => {
    const titles = Array.from({ length: 51 }, (_, i) => `T${i}`).join('|');
    const response = await api('en', { action: 'query', prop: 'links', titles });
    expect(response.status).toBe(200);
    expect(response.headers.get('mediawiki-api-error')).toBe('toomanyvalues');
    expect(await response.json()).toMatchObject({ error: { code: 'toomanyvalues' } });
  });

  it('honours plnamespace, marks missing pages, and pages link rows with plcontinue', async () => {
    const body = (await (
      await api('en', { action: 'query', prop: 'links', titles: 'Lionel_Messi|Nowhere', plnamespace: '0', pllimit: 'max' })
    ).json()) as LinksAnswer;
    expect(body.query.normalized).toEqual([{ fromencoded: false, from: 'Lionel_Messi', to: 'Lionel Messi' }]);
    expect(body.query.pages).toContainEqual({ ns: 0, title: 'Nowhere', missing: true });
    expect(body.query.pages.find((p) => p.title === 'Lionel Messi')?.links).toHaveLength(3);
    expect(body.continue).toEqual({ plcontinue: expect.stringMatching(/^\d+\|0\|/), continue: '||' });
    const rest = (await (
      await api('en', { action: 'query', prop: 'links', titles: 'Lionel_Messi|Nowhere', plnamespace: '0', ...body.continue })
    ).json()) as LinksAnswer;
    expect(rest.batchcomplete).toBe(true);
    const all = [...body.query.pages[0].links!, ...rest.query.pages[0].links!].map((l) => l.title);
    expect(all).not.toContain('Wikipedia:Citation needed');
    expect(all).toHaveLength(6);
  });

  it('has editions above and below the calibration floor (median ≥ 300 content rows with ≥ 50 views)', async () => {
    const client = createEncyclopediaClient(
      parseConfig({ encyclopedia: { metricsUrl: fake.metricsUrl, siteUrl: fake.siteUrl, metaUrl: fake.metaUrl, userAgent: UA } }),
    );
    const qualifying = async (domain: string) => {
      const info: SiteInfo = await client.siteInfo(domain);
      const isContent = (t: string) => t !== '-' && t !== info.mainPage && !info.namespaceNames.some((p) => t.startsWith(p));
      const counts: number[] = [];
      let unpublished = 0;
      for (let offset = 1; offset <= 30; offset++) {
        const rows = await client.topArticles(domain, addDays(TODAY, -offset));
        if (!rows) {
          unpublished++;
          continue;
        }
        expect(rows.some((r) => !isContent(r.article))).toBe(true);
        counts.push(rows.filter((r) => isContent(r.article) && r.views >= 50).length);
      }
      counts.sort((a, b) => a - b);
      return { median: counts[Math.floor(counts.length / 2)], unpublished };
    };
    const en = await qualifying('en');
    const it = await qualifying('it');
    const kw = await qualifying('kw');
    expect(en.median).toBeGreaterThanOrEqual(500);
    expect(it.median).toBeGreaterThanOrEqual(500);
    expect(kw.median).toBeLessThan(300);
    expect(en.unpublished).toBeGreaterThan(0);
  });
});
