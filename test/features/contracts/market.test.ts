/**
 * The market shelf (§7) through the API: the snapshot day and its fallback, the content
 * filter, the first 50, hydration with the shared series cache, the league's price at
 * MEDIUM, owner and availability per viewer, and the Proposed pending rows.
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../src/domain/dates';
import { buildContract, buildLeague } from '../../support/builders';
import { scenarioTable } from '../../support/scenarios';
import { flatSeries, leagueWorld, TODAY, YESTERDAY, withWorld } from './contracts-fixtures';
import type { FakeEncyclopedia } from '../../fakes/encyclopedia';

const DAY_BEFORE = addDays(TODAY, -2);

/** A top list with the rows AQS really mixes in, then `count` content articles. */
function topList(count: number, stem = 'Article') {
  return [
    { article: 'Main_Page', views: 5_000_000 },
    { article: 'Special:Search', views: 1_000_000 },
    { article: '-', views: 900_000 },
    { article: 'Wikipedia:Featured_articles', views: 500_000 },
    ...Array.from({ length: count }, (_, i) => ({ article: `${stem}_${i + 1}`, views: 100_000 - i * 100 })),
  ];
}

function stock(fake: FakeEncyclopedia) {
  fake.data.setTop('en', YESTERDAY, topList(60));
  fake.data.setSeries('en', 'Article_1', flatSeries(9_000));
  fake.data.setSeries('en', 'Article_2', flatSeries(1_000));
  fake.data.setSeries('en', 'Article_3', flatSeries(25_000));
}

async function world() {
  const w = await leagueWorld();
  stock(w.fake);
  const carol = await w.app.player('carol');
  await buildContract(w.app, w.team, { articleId: 'Article_1', price: 67 });
  await buildContract(w.app, w.rivalTeam, { articleId: 'Article_3', price: 163 });
  return { app: w.app, world: { ...w, carol } };
}
type W = Awaited<ReturnType<typeof world>>['world'];
const market = (w: W) => `/api/v1/leagues/${w.league.id}/market`;

describe('GET /api/v1/leagues/{id}/market', () => {
  scenarioTable(world, [
    {
      name: 'the first 50 content articles of yesterday, priced at MEDIUM and at every tier, with owner and availability',
      method: 'GET',
      path: market,
      as: 'admin',
      status: 200,
      expect: (result) => {
        expect(result.body).toHaveLength(50);
        expect(result.body[0]).toEqual({
          id: 'Article_1',
          title: 'Article 1',
          slug: 'Article_1',
          rank: 1,
          yesterdayViews: 100_000,
          weekViews: 63_000,
          monthViews: 270_000,
          yearViews: 540_000,
          averageViews30d: 9_000,
          price: 67,
          // the §5.2 table's row for a normalized 30-day average of 9,000
          prices: { SHORT: 29, MEDIUM: 67, LONG: 135 },
          pending: false,
          owner: { name: 'alice', teamName: 'Alice FC' },
          availability: 'owned-by-viewer',
        });
        expect(result.body[1]).toMatchObject({ id: 'Article_2', price: 0, owner: null, availability: 'free-agent' });
        expect(result.body[2]).toMatchObject({ id: 'Article_3', price: 163, owner: { name: 'bob', teamName: 'Bob United' }, availability: 'owned-by-other' });
        expect(result.body.map((row: { rank: number }) => row.rank)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
        expect(result.body.at(-1).id).toBe('Article_50');
        expect(result.body.map((row: { id: string }) => row.id)).not.toContain('Main_Page');
      },
    },
    {
      name: 'a viewer without a team sees every held article as owned by others',
      method: 'GET',
      path: market,
      as: 'carol',
      status: 200,
      expect: (result) => {
        expect(result.body.slice(0, 3).map((row: { availability: string }) => row.availability)).toEqual(['owned-by-other', 'free-agent', 'owned-by-other']);
      },
    },
    {
      name: 'an article without a series is pending: no average, no price (never 0)',
      method: 'GET',
      path: market,
      as: 'admin',
      status: 200,
      expect: (result) => {
        expect(result.body[3]).toMatchObject({ id: 'Article_4', averageViews30d: null, price: null, prices: null, pending: true, weekViews: null, yesterdayViews: 99_700 });
      },
    },
    {
      name: 'failed hydration marks rows pending, the shelf still answers',
      method: 'GET',
      path: market,
      as: 'admin',
      before: (w) => w.fake.faults.failAlways('per-article', 503),
      status: 200,
      expect: (result) => {
        expect(result.body).toHaveLength(50);
        expect(result.body.every((row: { pending: boolean; price: unknown }) => row.pending && row.price === null)).toBe(true);
      },
    },
    {
      name: "yesterday not published: the day before's list",
      method: 'GET',
      path: market,
      as: 'admin',
      before: (w) => {
        w.fake.data.unpublishTop('en', YESTERDAY);
        w.fake.data.setTop('en', DAY_BEFORE, topList(10, 'Older'));
      },
      status: 200,
      expect: (result) => {
        expect(result.body.map((row: { id: string }) => row.id)).toEqual(Array.from({ length: 10 }, (_, i) => `Older_${i + 1}`));
      },
    },
    {
      name: 'neither yesterday nor the day before',
      method: 'GET',
      path: market,
      as: 'admin',
      before: (w) => {
        w.fake.data.unpublishTop('en', YESTERDAY);
        w.fake.data.unpublishTop('en', DAY_BEFORE);
      },
      status: 503,
      expect: { error: 'MARKET_UNAVAILABLE' },
      exact: true,
    },
    {
      name: 'top lists unreachable',
      method: 'GET',
      path: market,
      as: 'admin',
      before: (w) => w.fake.faults.failAlways('top', 500),
      status: 503,
      expect: { error: 'MARKET_UNAVAILABLE' },
      exact: true,
    },
    { name: 'unknown league', method: 'GET', path: '/api/v1/leagues/lg_nope/market', as: 'admin', status: 404, expect: { error: 'LEAGUE_NOT_FOUND' }, exact: true },
    { name: 'anonymous', method: 'GET', path: market, as: 'anonymous', status: 401, expect: { error: 'UNAUTHORIZED' }, exact: true },
  ]);

  it("prices with the league's frozen scale; views stay raw", async () => {
    await withWorld(leagueWorld({ languageScale: 2 }), async (w) => {
      w.fake.data.setTop('en', YESTERDAY, [{ article: 'Doubled', views: 5_000 }]);
      w.fake.data.setSeries('en', 'Doubled', flatSeries(4_500));
      const result = await w.app.call('GET', `/api/v1/leagues/${w.league.id}/market`, { as: w.admin });
      expect(result.body[0]).toMatchObject({ averageViews30d: 4_500, price: 67 });
    });
  });

  it('caches the filtered list per (edition, snapshot day) and the series per article, shared by leagues', async () => {
    await withWorld(leagueWorld(), async (w) => {
      stock(w.fake);
      const other = await buildLeague(w.app, w.rival, { name: 'Other', teamName: 'Bob Two', languageScale: 1 });
      await w.app.call('GET', `/api/v1/leagues/${w.league.id}/market`, { as: w.admin });
      const afterFirst = w.fake.requests.length;
      expect(w.fake.requests.filter((r) => r.route === 'top')).toHaveLength(1);
      const again = await w.app.call('GET', `/api/v1/leagues/${other.league.id}/market`, { as: w.rival });
      expect(again.body[0]).toMatchObject({ id: 'Article_1', price: 67 });
      // only the pending rows (no series at all) are asked again; nothing cached is refetched
      const refetched = w.fake.requests.slice(afterFirst);
      expect(refetched.filter((r) => r.route === 'top' || r.route === 'siteinfo')).toEqual([]);
      expect(refetched.filter((r) => r.route === 'per-article' && /Article_[123]\//.test(r.path))).toEqual([]);
      // a buy the same day reuses the series the shelf fetched
      const bought = await w.app.call('POST', `/api/v1/leagues/${w.league.id}/my-contracts`, { as: w.admin, body: { articleId: 'Article_3', tier: 'MEDIUM' } });
      expect(bought.body.purchasePrice).toBe(163);
      expect(w.fake.requests.slice(afterFirst).filter((r) => r.route === 'per-article' && r.path.includes('Article_3'))).toEqual([]);
    });
  });

  it("without the edition's namespaces, filters with the English fallback and does not cache that list", async () => {
    await withWorld(leagueWorld(), async (w) => {
      stock(w.fake);
      w.fake.data.setTop('en', YESTERDAY, [{ article: 'Talk:Chatter', views: 10 }, ...topList(3)]);
      w.fake.faults.failAlways('siteinfo', 500);
      const first = await w.app.call('GET', `/api/v1/leagues/${w.league.id}/market`, { as: w.admin });
      // Talk: is not on the English fallback list, so it slips through
      expect(first.body.map((row: { id: string }) => row.id)).toEqual(['Talk:Chatter', 'Article_1', 'Article_2', 'Article_3']);
      w.fake.faults.clear();
      const second = await w.app.call('GET', `/api/v1/leagues/${w.league.id}/market`, { as: w.admin });
      expect(second.body.map((row: { id: string }) => row.id)).toEqual(['Article_1', 'Article_2', 'Article_3']);
      expect(w.fake.requests.filter((r) => r.route === 'top')).toHaveLength(2);
    });
  });
});
