/**
 * Additions for the web app at the HTTP boundary: the article search over the whole edition,
 * the article page, and a team's chemistry pairs. Prices come from the same series and the
 * same §5.2 function as a buy; nothing unreachable is priced at 0.
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../src/domain/dates';
import { buildContract, buildLeague } from '../../support/builders';
import { scenarioTable } from '../../support/scenarios';
import { buy, flatSeries, leagueWorld, setViews, TODAY, withWorld, YESTERDAY } from '../contracts/contracts-fixtures';
import { SCHEMAS } from '../../../src/domain/formations';
import { writeTransaction } from '../../../src/platform/db/database';
import { appendLineupVersion } from '../../../src/features/lineups/store';
import { upsertPerformance } from '../../../src/features/scoring/store';
import type { TestApp } from '../../support/app';
import type { TeamRow } from '../../../src/features/leagues/store';

async function world() {
  const built = await leagueWorld();
  const { app, fake, team, rivalTeam } = built;
  fake.data.setSummary('en', 'Vasco_da_Gama', { description: 'Portuguese explorer', extract: 'Vasco da Gama was a Portuguese explorer.' });
  setViews(fake, 'Vasco_da_Gama', 9_000);
  setViews(fake, 'Vasco_Rossi', 4_000);
  // a page that is no content article (§1.8): search must not offer it
  fake.data.setSummary('en', 'Wikipedia:Vasco_project', { extract: 'A project page.' });
  await buildContract(app, rivalTeam, { articleId: 'Vasco_Rossi' });
  const carol = await app.player('carol');
  const other = await buildLeague(app, carol, { name: 'Elsewhere', teamName: 'Carol City' });
  return { app, world: { ...built, carol, otherTeam: other.team, ownTeam: team } };
}
type W = Awaited<ReturnType<typeof world>>['world'];
const search = (q: string) => (w: W) => `/api/v1/leagues/${w.league.id}/article-search?q=${encodeURIComponent(q)}`;
const page = (id: string) => (w: W) => `/api/v1/leagues/${w.league.id}/article?id=${encodeURIComponent(id)}`;

/** A scored day as the ingest stores it: the placements, their raw views and the link levels. */
async function scoredDay(app: TestApp, team: TeamRow, date: string, snapshot: Record<string, string>, articleViews: number[], chemistryLevels: string[]): Promise<void> {
  await writeTransaction(app.ctx.db, (tx) =>
    upsertPerformance(tx, { teamId: team.id, date, points: 0, formationSnapshot: JSON.stringify(snapshot), articleViews, chemistryLevels }, app.clock.now().toISOString()),
  );
}

/** Alice has held Vasco da Gama since two days ago, in a 4-3-3 that stood before then. */
async function heldForTwoDays(w: W): Promise<void> {
  await buildContract(w.app, w.ownTeam, { articleId: 'Vasco_da_Gama', purchaseDate: addDays(TODAY, -2), termDays: 7 });
  await writeTransaction(w.app.ctx.db, (tx) =>
    appendLineupVersion(tx, { teamId: w.ownTeam.id, schema: '4-3-3', positions: {}, savedAt: `${addDays(TODAY, -4)}T12:00:00.000Z` }),
  );
}

describe('GET /api/v1/leagues/{id}/article-search', () => {
  scenarioTable(world, [
    {
      name: 'finds content articles of the edition by keyword, priced at every tier, with owner and availability',
      method: 'GET',
      path: search('vasco'),
      as: 'admin',
      status: 200,
      expect: (result) => {
        expect(result.body).toEqual([
          {
            id: 'Vasco_da_Gama',
            title: 'Vasco da Gama',
            description: 'Portuguese explorer',
            averageViews30d: 9_000,
            prices: { SHORT: 29, MEDIUM: 67, LONG: 135 },
            pending: false,
            owner: null,
            availability: 'free-agent',
          },
          {
            id: 'Vasco_Rossi',
            title: 'Vasco Rossi',
            description: null,
            averageViews30d: 4_000,
            prices: { SHORT: 8, MEDIUM: 18, LONG: 36 },
            pending: false,
            owner: { name: 'bob', teamName: 'Bob United' },
            availability: 'owned-by-other',
          },
        ]);
      },
    },
    {
      name: "the holder sees its own article as owned by the viewer",
      method: 'GET',
      path: search('vasco rossi'),
      as: 'rival',
      status: 200,
      expect: [{ id: 'Vasco_Rossi', availability: 'owned-by-viewer' }],
    },
    {
      name: 'an article the encyclopedia has no pageviews for is pending, never priced at 0',
      method: 'GET',
      path: search('vasco da'),
      as: 'admin',
      before: (w) => w.fake.data.setSeries('en', 'Vasco_da_Gama', []),
      status: 200,
      exact: true,
      expect: [{ id: 'Vasco_da_Gama', title: 'Vasco da Gama', description: 'Portuguese explorer', averageViews30d: null, prices: null, pending: true, owner: null, availability: 'free-agent' }],
    },
    {
      name: 'unreachable pageviews leave the hits pending; the search still answers',
      method: 'GET',
      path: search('vasco'),
      as: 'admin',
      before: (w) => w.fake.faults.failAlways('per-article', 503),
      status: 200,
      expect: (result) => {
        expect(result.body.map((hit: { id: string; pending: boolean; prices: unknown }) => [hit.id, hit.pending, hit.prices])).toEqual([
          ['Vasco_da_Gama', true, null],
          ['Vasco_Rossi', true, null],
        ]);
      },
    },
    {
      name: 'at most ten hits',
      method: 'GET',
      path: search('sample article'),
      as: 'admin',
      status: 200,
      expect: (result) => expect(result.body).toHaveLength(10),
    },
    {
      name: 'an empty query answers no hits without asking the encyclopedia',
      method: 'GET',
      path: search('   '),
      as: 'admin',
      before: (w) => w.fake.resetCounters(),
      status: 200,
      exact: true,
      expect: (result, w) => {
        expect(result.body).toEqual([]);
        expect(w.fake.requests).toHaveLength(0);
      },
    },
    { name: 'a query over 100 characters is refused, not cut', method: 'GET', path: search('x'.repeat(101)), as: 'admin', status: 400, exact: true, expect: { error: 'ARTICLE_QUERY_TOO_LONG' } },
    {
      name: 'the encyclopedia search unreachable: 503',
      method: 'GET',
      path: search('vasco'),
      as: 'admin',
      before: (w) => w.fake.faults.failAlways('search', 500),
      status: 503,
      exact: true,
      expect: { error: 'ENCYCLOPEDIA_UNAVAILABLE' },
    },
    { name: 'unknown league', method: 'GET', path: '/api/v1/leagues/lg_nope/article-search?q=vasco', as: 'admin', status: 404, exact: true, expect: { error: 'LEAGUE_NOT_FOUND' } },
    { name: 'anonymous caller', method: 'GET', path: search('vasco'), as: 'anonymous', status: 401, exact: true, expect: { error: 'UNAUTHORIZED' } },
  ]);

  it('the same search within the hour asks the encyclopedia once', () =>
    withWorld(world(), async ({ app, world: { fake, admin, league } }) => {
      const path = `/api/v1/leagues/${league.id}/article-search?q=vasco`;
      expect((await app.call('GET', path, { as: admin })).status).toBe(200);
      expect((await app.call('GET', path.replace('vasco', 'Vasco'), { as: admin })).status).toBe(200);
      expect(fake.requests.filter((request) => request.route === 'search')).toHaveLength(1);
    }));

  it('a hit can be bought at the tier price the search showed', () =>
    withWorld(world(), async ({ app, world: { admin, league } }) => {
      const hits = (await app.call('GET', `/api/v1/leagues/${league.id}/article-search?q=gama`, { as: admin })).body;
      const bought = await buy(app, league.id, admin, hits[0].id, 'LONG');
      expect(bought.status).toBe(201);
      expect(bought.body.purchasePrice).toBe(hits[0].prices.LONG);
    }));
});

describe('GET /api/v1/leagues/{id}/article?id=', () => {
  scenarioTable(world, [
    {
      name: 'summary, prices and the last 90 days of the series the price comes from',
      method: 'GET',
      path: page('Vasco_da_Gama'),
      as: 'admin',
      status: 200,
      expect: (result) => {
        expect(result.body).toMatchObject({
          id: 'Vasco_da_Gama',
          title: 'Vasco da Gama',
          description: 'Portuguese explorer',
          extract: 'Vasco da Gama was a Portuguese explorer.',
          averageViews30d: 9_000,
          prices: { SHORT: 29, MEDIUM: 67, LONG: 135 },
          pending: false,
          availability: 'free-agent',
          snapshotDate: YESTERDAY,
        });
        // setViews gives 60 days; the page shows them all, oldest first, ending at the snapshot day
        expect(result.body.views).toEqual(flatSeries(9_000));
      },
    },
    {
      name: 'a long history is cut to the last 90 days',
      method: 'GET',
      path: page('Vasco_da_Gama'),
      as: 'admin',
      before: (w) => w.fake.data.setSeries('en', 'Vasco_da_Gama', flatSeries(500, YESTERDAY, 200)),
      status: 200,
      expect: (result) => {
        expect(result.body.views).toHaveLength(90);
        expect(result.body.views[0].date).toBe(addDays(YESTERDAY, -89));
        expect(result.body.views.at(-1).date).toBe(YESTERDAY);
      },
    },
    {
      name: 'a redirect title opens the canonical article',
      method: 'GET',
      path: page('Messi'),
      as: 'admin',
      status: 200,
      expect: { id: 'Lionel_Messi', title: 'Lionel Messi' },
    },
    {
      name: 'unreachable pageviews: the page answers, pending, with no chart',
      method: 'GET',
      path: page('Vasco_da_Gama'),
      as: 'admin',
      before: (w) => w.fake.faults.failAlways('per-article', 503),
      status: 200,
      expect: { id: 'Vasco_da_Gama', pending: true, prices: null, views: [], snapshotDate: null },
    },
    {
      name: 'the 30-day average beside the prices on every page; no points when the caller holds no contract on it',
      method: 'GET',
      path: page('Vasco_Rossi'),
      as: 'admin',
      status: 200,
      expect: { averageViews30d: 4_000, prices: { SHORT: 8, MEDIUM: 18, LONG: 36 }, availability: 'owned-by-other', myPoints: null },
    },
    {
      name: 'its holder sees what it scored each day of the contract, newest first: a bench day scores 0, days before it was held are not shown',
      method: 'GET',
      path: page('Vasco_da_Gama'),
      as: 'admin',
      before: async (w) => {
        await heldForTwoDays(w);
        // before the contract: another article in its place, not this one's day
        await scoredDay(w.app, w.ownTeam, addDays(TODAY, -3), { LW: 'Vasco_da_Gama' }, [64_000], []);
        // fielded on the left wing, an excellent link to the striker (LW–ST is a 4-3-3 link)
        await scoredDay(w.app, w.ownTeam, addDays(TODAY, -2), { LW: 'Vasco_da_Gama', ST: 'Lionel_Messi' }, [8_000, 32_000], ['excellent']);
        // on the bench
        await scoredDay(w.app, w.ownTeam, addDays(TODAY, -1), { ST: 'Lionel_Messi' }, [32_000], []);
      },
      status: 200,
      expect: (result) => {
        expect(result.body.availability).toBe('owned-by-viewer');
        expect(result.body.myPoints).toEqual([
          { date: addDays(TODAY, -1), position: null, views: null, points: 0, chemistry: 0 },
          { date: addDays(TODAY, -2), position: 'LW', views: 8_000, points: 2, chemistry: 0.75 },
        ]);
      },
    },
    {
      name: 'its chemistry share is scaled down as the day’s synergy was when the cap of 20 bound',
      method: 'GET',
      path: page('Vasco_da_Gama'),
      as: 'admin',
      before: async (w) => {
        await heldForTwoDays(w);
        // all eleven 4-3-3 positions filled, every one of its 16 links excellent: 24 points capped at 20
        const snapshot = Object.fromEntries(SCHEMAS['4-3-3'].map((position) => [position, position === 'CM' ? 'Vasco_da_Gama' : `Filler_${position}`]));
        await scoredDay(w.app, w.ownTeam, addDays(TODAY, -1), snapshot, SCHEMAS['4-3-3'].map(() => 4_000), Array(16).fill('excellent'));
      },
      status: 200,
      expect: (result) => {
        // CM stands on 5 links: 5 × 1.5 / 2 = 3.75, times 20/24
        expect(result.body.myPoints).toEqual([{ date: addDays(TODAY, -1), position: 'CM', views: 4_000, points: 1, chemistry: 3.125 }]);
      },
    },
    {
      name: 'a rival does not see what another team’s article scored',
      method: 'GET',
      path: page('Vasco_da_Gama'),
      as: 'rival',
      before: async (w) => {
        await heldForTwoDays(w);
        await scoredDay(w.app, w.ownTeam, addDays(TODAY, -1), { LW: 'Vasco_da_Gama' }, [8_000], []);
      },
      status: 200,
      expect: { availability: 'owned-by-other', myPoints: null },
    },
    { name: 'no such article', method: 'GET', path: page('No_such_article_at_all'), as: 'admin', status: 404, exact: true, expect: { error: 'ARTICLE_NOT_FOUND' } },
    { name: 'no id', method: 'GET', path: (w) => `/api/v1/leagues/${w.league.id}/article`, as: 'admin', status: 400, exact: true, expect: { error: 'INVALID_ARTICLE' } },
    {
      name: 'the summary unreachable: 503',
      method: 'GET',
      path: page('Vasco_da_Gama'),
      as: 'admin',
      before: (w) => w.fake.faults.failAlways('summary', 500),
      status: 503,
      exact: true,
      expect: { error: 'ENCYCLOPEDIA_UNAVAILABLE' },
    },
    { name: 'unknown league', method: 'GET', path: '/api/v1/leagues/lg_nope/article?id=Vasco_da_Gama', as: 'admin', status: 404, exact: true, expect: { error: 'LEAGUE_NOT_FOUND' } },
  ]);
});

describe('GET /api/v1/leagues/{id}/teams/{teamId}/chemistry', () => {
  async function chemistryWorld() {
    const { app, world: w } = await world();
    for (const articleId of ['Lionel_Messi', 'FC_Barcelona', 'Taylor_Swift']) await buildContract(app, w.ownTeam, { articleId });
    await buildContract(app, w.ownTeam, { articleId: 'Ballon_d\'Or', status: 'sold' });
    return { app, world: w };
  }
  const chemistry = (team: (w: W) => { id: string }) => (w: W) => `/api/v1/leagues/${w.league.id}/teams/${team(w).id}/chemistry`;
  scenarioTable(chemistryWorld, [
    {
      name: 'the §3.3 level of every pair of the live articles, in words',
      method: 'GET',
      path: chemistry((w) => w.ownTeam),
      as: 'rival',
      status: 200,
      exact: true,
      expect: {
        pairs: [
          { a: 'FC_Barcelona', b: 'Lionel_Messi', level: 'excellent' },
          { a: 'FC_Barcelona', b: 'Taylor_Swift', level: 'weak' },
          { a: 'Lionel_Messi', b: 'Taylor_Swift', level: 'weak' },
        ],
      },
    },
    { name: 'a team with fewer than two live articles has no pairs', method: 'GET', path: chemistry((w) => w.rivalTeam), as: 'admin', status: 200, exact: true, expect: { pairs: [] } },
    { name: 'a team of another league is not found', method: 'GET', path: chemistry((w) => w.otherTeam), as: 'admin', status: 404, exact: true, expect: { error: 'TEAM_NOT_FOUND' } },
    {
      name: 'links unreachable: 503, and nothing is guessed',
      method: 'GET',
      path: chemistry((w) => w.ownTeam),
      as: 'admin',
      before: (w) => w.fake.faults.failAlways('links', 500),
      status: 503,
      exact: true,
      expect: { error: 'ENCYCLOPEDIA_UNAVAILABLE' },
    },
  ]);

  it('one link direction is good; asked twice the same day, the encyclopedia is asked once', () =>
    withWorld(chemistryWorld(), async ({ app, world: { fake, admin, league, ownTeam } }) => {
      fake.data.setLinks('en', 'Taylor_Swift', ['Lionel Messi']);
      const path = `/api/v1/leagues/${league.id}/teams/${ownTeam.id}/chemistry`;
      const first = await app.call('GET', path, { as: admin });
      expect(first.body.pairs).toContainEqual({ a: 'Lionel_Messi', b: 'Taylor_Swift', level: 'good' });
      const calls = fake.requests.filter((request) => request.route === 'links').length;
      expect((await app.call('GET', path, { as: admin })).body).toEqual(first.body);
      expect(fake.requests.filter((request) => request.route === 'links')).toHaveLength(calls);
    }));
});

describe('GET /api/v1/leagues/{id}/genie-candidates (§10.2 on the server)', () => {
  const candidates = (query: string) => (w: W) => `/api/v1/leagues/${w.league.id}/genie-candidates?${query}`;
  scenarioTable(world, [
    {
      name: 'anchors and keywords: merged, the anchors left out, mutual links first, every candidate described',
      method: 'GET',
      path: candidates('keywords=national%20football&anchor=Lionel%20Messi&anchor=Cristiano_Ronaldo'),
      as: 'admin',
      status: 200,
      exact: true,
      expect: {
        candidates: [
          // links to both anchors and both link back to it
          { id: "Ballon_d'Or", title: "Ballon d'Or", description: "Ballon d'Or is an article of the fake encyclopedia.", mutualLinks: 2 },
          {
            id: 'Argentina_national_football_team',
            title: 'Argentina national football team',
            description: 'Argentina national football team is an article of the fake encyclopedia.',
            mutualLinks: 0,
          },
        ],
      },
    },
    {
      name: "a search's own description is kept",
      method: 'GET',
      path: candidates('keywords=gama'),
      as: 'admin',
      status: 200,
      exact: true,
      expect: { candidates: [{ id: 'Vasco_da_Gama', title: 'Vasco da Gama', description: 'Portuguese explorer', mutualLinks: 0 }] },
    },
    { name: 'nothing to search for: no candidates', method: 'GET', path: candidates('keywords=%20'), as: 'admin', status: 200, exact: true, expect: { candidates: [] } },
    { name: 'more than three anchors', method: 'GET', path: candidates('anchor=A&anchor=B&anchor=C&anchor=D'), as: 'admin', status: 400, exact: true, expect: { error: 'INVALID_REQUEST' } },
    { name: 'keywords over 200 characters', method: 'GET', path: candidates(`keywords=${'x'.repeat(201)}`), as: 'admin', status: 400, exact: true, expect: { error: 'ARTICLE_QUERY_TOO_LONG' } },
    {
      name: 'the encyclopedia unreachable: 503',
      method: 'GET',
      path: candidates('keywords=vasco'),
      as: 'admin',
      before: (w) => w.fake.faults.failAlways('search', 500),
      status: 503,
      exact: true,
      expect: { error: 'ENCYCLOPEDIA_UNAVAILABLE' },
    },
    { name: 'unknown league', method: 'GET', path: '/api/v1/leagues/lg_nope/genie-candidates?keywords=vasco', as: 'admin', status: 404, exact: true, expect: { error: 'LEAGUE_NOT_FOUND' } },
    { name: 'anonymous caller', method: 'GET', path: candidates('keywords=vasco'), as: 'anonymous', status: 401, exact: true, expect: { error: 'UNAUTHORIZED' } },
  ]);
});
