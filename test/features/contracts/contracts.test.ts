/**
 * Contracts at the HTTP boundary (§5.6–§5.9): buy, the two lists, early sell and renewal
 * election / withdrawal. One table per endpoint, one row per rule; money is read back from
 * the ledger, never trusted from the response alone.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../src/domain/dates';
import { tablesOf } from '../../../src/platform/db/dialect';
import type { TestApp, TestPlayer } from '../../support/app';
import { buildContract, buildLeague, buildTeam } from '../../support/builders';
import { scenarioTable } from '../../support/scenarios';
import {
  buy,
  contractRow,
  grantWinnings,
  leagueWorld,
  ledgerCredits,
  ledgerOf,
  notificationMessages,
  setViews,
  TODAY,
  withWorld,
} from './contracts-fixtures';
import { writeTransaction } from '../../../src/platform/db/database';

/** alice (team, 1000 credits), bob (rival team), carol (no team); Alpha at 9,000 views/day. */
async function world() {
  const w = await leagueWorld();
  const carol = await w.app.player('carol');
  setViews(w.fake, 'Alpha', 9_000);
  setViews(w.fake, 'Beta', 25_000);
  setViews(w.fake, 'Vasco_da_gama', 4_000);
  setViews(w.fake, 'Huge', 638_000);
  setViews(w.fake, 'Quiet', 1_500);
  const bobs = await buildContract(w.app, w.rivalTeam, { articleId: 'Beta', price: 163, termDays: 7 });
  const other = await buildLeague(w.app, carol, { name: 'Elsewhere', teamName: 'Carol FC' });
  const foreign = await buildContract(w.app, other.team, { articleId: 'Alpha', price: 10, termDays: 7 });
  return { app: w.app, world: { ...w, carol, bobs, other, foreign } };
}

type World = Awaited<ReturnType<typeof world>>['world'];

/** Closes or ends a league by hand: set-up no endpoint offers (a league ends on its own date). */
async function setLeague(app: TestApp, leagueId: string, change: { closedAt?: string; endDate?: string }): Promise<void> {
  const { leagues } = tablesOf(app.ctx.db);
  await writeTransaction(app.ctx.db, (tx) => tx.update(leagues).set(change).where(eq(leagues.id, leagueId)));
}
const myContracts = (w: World) => `/api/v1/leagues/${w.league.id}/my-contracts`;

/** bob leaves through the real endpoint: his team and contracts stay, his money paths close. */
async function bobLeaves(w: { league: { id: string }; rival: TestPlayer }, app: TestApp) {
  const left = await app.call('POST', `/api/v1/leagues/${w.league.id}/my-departure`, { as: w.rival });
  expect(left.status).toBe(200);
}

describe('POST /api/v1/leagues/{id}/my-contracts (buy)', () => {
  scenarioTable(world, [
    {
      name: 'buys at the MEDIUM price of the 30-day average and answers the contract',
      method: 'POST',
      path: myContracts,
      body: { articleId: 'Alpha', tier: 'MEDIUM' },
      as: 'admin',
      status: 201,
      expect: async (result, w) => {
        expect(result.body).toEqual({
          id: expect.stringMatching(/^ct_/),
          team: { id: w.team.id, name: 'Alice FC', credits: 933, player: { id: w.admin.id, name: 'alice' } },
          article: { id: 'Alpha', title: 'Alpha', domain: 'en' },
          startDate: `${TODAY}T00:00:00Z`,
          duration: 'P7D',
          purchasePrice: 67,
          renewalCount: 0,
          renewalElected: false,
          tier: 'MEDIUM',
          expireDate: addDays(TODAY, 7),
          currentPrice: 67,
          salePayout: null,
          status: 'live',
          renewalPrice: 74,
          renewalPremium: 7,
        });
        expect(await ledgerOf(w.app, result.body.id)).toEqual([{ kind: 'purchase', amount: -67 }]);
        const row = await contractRow(w.app, result.body.id);
        expect(row).toMatchObject({ heldSince: TODAY, purchaseDate: TODAY, expireDate: '2026-05-17', status: 'live' });
      },
    },
    {
      name: 'SHORT runs 3 days and LONG 14, each priced for its own term',
      method: 'POST',
      path: myContracts,
      body: { articleId: 'Alpha', tier: 'LONG' },
      as: 'admin',
      status: 201,
      expect: { purchasePrice: 135, duration: 'P14D', tier: 'LONG', expireDate: '2026-05-24' },
    },
    {
      name: 'the article id is canonicalised (§7.4): spaces become underscores, first letter upper-cased',
      method: 'POST',
      path: myContracts,
      body: { articleId: '  vasco da gama ', tier: 'SHORT' },
      as: 'admin',
      status: 201,
      expect: { article: { id: 'Vasco_da_gama', title: 'Vasco da gama' }, purchasePrice: 8, duration: 'P3D', tier: 'SHORT' },
    },
    {
      name: 'a free article (normalized average ≤ 2,000) costs 0',
      method: 'POST',
      path: myContracts,
      body: { articleId: 'Quiet', tier: 'LONG' },
      as: 'admin',
      status: 201,
      expect: { purchasePrice: 0, team: { credits: 1000 } },
    },
    { name: 'no team in the league', method: 'POST', path: myContracts, body: { articleId: 'Alpha', tier: 'MEDIUM' }, as: 'carol', status: 404, expect: { error: 'NO_TEAM_IN_LEAGUE' }, exact: true },
    { name: 'unknown league: the caller has no team there (first check of §5.6)', method: 'POST', path: '/api/v1/leagues/lg_nope/my-contracts', body: { articleId: 'Alpha', tier: 'MEDIUM' }, as: 'admin', status: 404, expect: { error: 'NO_TEAM_IN_LEAGUE' }, exact: true },
    { name: 'anonymous', method: 'POST', path: myContracts, body: { articleId: 'Alpha', tier: 'MEDIUM' }, as: 'anonymous', status: 401, expect: { error: 'UNAUTHORIZED' }, exact: true },
    // §5.6 checks the caller's team and the league before the request's own fields
    { name: 'no team in the league outranks an unknown tier', method: 'POST', path: myContracts, body: { articleId: 'Alpha', tier: 'HUGE' }, as: 'carol', status: 404, expect: { error: 'NO_TEAM_IN_LEAGUE' }, exact: true },
    { name: 'no team in the league outranks a body that is not JSON', method: 'POST', path: myContracts, rawBody: '{"tier":', as: 'carol', status: 404, expect: { error: 'NO_TEAM_IN_LEAGUE' }, exact: true },
    {
      name: 'an inactive league outranks an unknown tier',
      method: 'POST',
      path: myContracts,
      body: { articleId: 'Alpha', tier: 'HUGE' },
      as: 'admin',
      before: (w: World, app: TestApp) => setLeague(app, w.league.id, { closedAt: '2026-05-09T00:00:00.000Z' }),
      status: 409,
      expect: { error: 'LEAGUE_INACTIVE' },
      exact: true,
    },
    ...[
      { why: 'a closed league refuses buys (Proposed)', change: { closedAt: '2026-05-09T00:00:00.000Z' } },
      { why: 'an ended league refuses buys', change: { endDate: '2026-05-10T11:00:00.000Z' } },
    ].map(({ why, change }) => ({
      name: why,
      method: 'POST',
      path: myContracts,
      body: { articleId: 'Alpha', tier: 'MEDIUM' },
      as: 'admin',
      before: (w: World, app: TestApp) => setLeague(app, w.league.id, change),
      status: 409,
      expect: { error: 'LEAGUE_INACTIVE' },
      exact: true,
    })),
    { name: 'unknown tier', method: 'POST', path: myContracts, body: { articleId: 'Alpha', tier: 'HUGE' }, as: 'admin', status: 400, expect: { error: 'INVALID_TIER' }, exact: true },
    { name: 'tier is case-sensitive', method: 'POST', path: myContracts, body: { articleId: 'Alpha', tier: 'medium' }, as: 'admin', status: 400, expect: { error: 'INVALID_TIER' }, exact: true },
    { name: 'missing tier', method: 'POST', path: myContracts, body: { articleId: 'Alpha' }, as: 'admin', status: 400, expect: { error: 'INVALID_TIER' }, exact: true },
    { name: 'a body that is not an object has no tier', method: 'POST', path: myContracts, body: ['Alpha'], as: 'admin', status: 400, expect: { error: 'INVALID_TIER' }, exact: true },
    { name: 'tier is checked before the article (§5.6 order)', method: 'POST', path: myContracts, body: { articleId: 'Beta', tier: 'X' }, as: 'admin', status: 400, expect: { error: 'INVALID_TIER' }, exact: true },
    { name: 'malformed JSON', method: 'POST', path: myContracts, rawBody: '{"articleId":', as: 'admin', status: 400, expect: { error: 'MALFORMED_JSON' }, exact: true },
    { name: 'missing article id', method: 'POST', path: myContracts, body: { tier: 'SHORT' }, as: 'admin', status: 400, expect: { error: 'INVALID_ARTICLE' }, exact: true },
    { name: 'an article id that cannot be a title', method: 'POST', path: myContracts, body: { articleId: 'A|B', tier: 'SHORT' }, as: 'admin', status: 400, expect: { error: 'INVALID_ARTICLE' }, exact: true },
    { name: 'an article id with a lone surrogate', method: 'POST', path: myContracts, body: { articleId: 'Ab\ud800c', tier: 'SHORT' }, as: 'admin', status: 400, expect: { error: 'INVALID_ARTICLE' }, exact: true },
    { name: 'article held by another team', method: 'POST', path: myContracts, body: { articleId: 'Beta', tier: 'SHORT' }, as: 'admin', status: 400, expect: { error: 'ARTICLE_TAKEN' }, exact: true },
    { name: 'the same article spelled with spaces is still taken', method: 'POST', path: myContracts, body: { articleId: 'beta ', tier: 'SHORT' }, as: 'admin', status: 400, expect: { error: 'ARTICLE_TAKEN' }, exact: true },
    { name: 'article already held by the caller', method: 'POST', path: myContracts, body: { articleId: 'Beta', tier: 'SHORT' }, as: 'rival', status: 400, expect: { error: 'ALREADY_OWNED' }, exact: true },
    {
      name: 'an expired contract awaiting the sweep still blocks its article',
      method: 'POST',
      path: myContracts,
      body: { articleId: 'Alpha', tier: 'SHORT' },
      as: 'admin',
      before: async (w, app) => {
        await buildContract(app, w.rivalTeam, { articleId: 'Alpha', price: 5, purchaseDate: addDays(TODAY, -7), termDays: 7 });
      },
      status: 400,
      expect: { error: 'ARTICLE_TAKEN' },
      exact: true,
    },
    {
      name: 'a sold contract frees its article',
      method: 'POST',
      path: myContracts,
      body: { articleId: 'Alpha', tier: 'SHORT' },
      as: 'admin',
      before: async (w, app) => {
        await buildContract(app, w.rivalTeam, { articleId: 'Alpha', price: 5, status: 'sold' });
      },
      status: 201,
      expect: { article: { id: 'Alpha' } },
    },
    {
      name: '22 live or expired contracts fill a team',
      method: 'POST',
      path: myContracts,
      body: { articleId: 'Alpha', tier: 'SHORT' },
      as: 'admin',
      before: async (w, app) => {
        for (let i = 0; i < 21; i++) await buildContract(app, w.team, { articleId: `Filler_${i}` });
        await buildContract(app, w.team, { articleId: 'Expired_one', purchaseDate: addDays(TODAY, -3), termDays: 3 });
      },
      status: 400,
      expect: { error: 'TEAM_FULL' },
      exact: true,
    },
    {
      name: 'the taken rule comes before the full rule',
      method: 'POST',
      path: myContracts,
      body: { articleId: 'Beta', tier: 'SHORT' },
      as: 'admin',
      before: async (w, app) => {
        for (let i = 0; i < 22; i++) await buildContract(app, w.team, { articleId: `Filler_${i}` });
      },
      status: 400,
      expect: { error: 'ARTICLE_TAKEN' },
      exact: true,
    },
    {
      name: 'an article without any pageviews is unknown, and nothing is written',
      method: 'POST',
      path: myContracts,
      body: { articleId: 'No_such_page_anywhere', tier: 'SHORT' },
      as: 'admin',
      status: 400,
      expect: async (result, w) => {
        expect(result.body).toEqual({ error: 'UNKNOWN_ARTICLE' });
        expect(await ledgerCredits(w.app, w.team.id)).toBe(1000);
        const { contracts } = tablesOf(w.app.ctx.db);
        expect(await w.app.ctx.db.select().from(contracts).where(eq(contracts.teamId, w.team.id))).toHaveLength(0);
      },
    },
    {
      name: 'an unreachable encyclopedia is 503 and nothing is written (never priced as 0)',
      method: 'POST',
      path: myContracts,
      body: { articleId: 'Alpha', tier: 'SHORT' },
      as: 'admin',
      before: (w) => w.fake.faults.failAlways('per-article', 503),
      status: 503,
      expect: async (result, w) => {
        expect(result.body).toEqual({ error: 'ENCYCLOPEDIA_UNAVAILABLE' });
        const { ledgerEntries } = tablesOf(w.app.ctx.db);
        expect(await w.app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.teamId, w.team.id))).toHaveLength(0);
      },
    },
    {
      name: 'a free article is affordable with no credits left (§5.2: always affordable)',
      method: 'POST',
      path: myContracts,
      body: { articleId: 'Quiet', tier: 'LONG' },
      as: 'admin',
      before: async (w, app) => {
        await buildContract(app, w.team, { articleId: 'Spent', price: 1000 });
      },
      status: 201,
      expect: { purchasePrice: 0, status: 'live', team: { credits: 0 } },
    },
    {
      name: 'a player who left the league can no longer buy there',
      method: 'POST',
      path: myContracts,
      body: { articleId: 'Alpha', tier: 'SHORT' },
      as: 'rival',
      before: (w, app) => bobLeaves(w, app),
      status: 404,
      expect: async (result, w) => {
        expect(result.body).toEqual({ error: 'NO_TEAM_IN_LEAGUE' });
        expect(await ledgerCredits(w.app, w.rivalTeam.id)).toBe(1000 - 163);
      },
    },
    {
      name: 'a body over the size limit is refused whole and nothing is written',
      method: 'POST',
      path: myContracts,
      rawBody: JSON.stringify({ articleId: 'Alpha', tier: 'SHORT', padding: 'x'.repeat(2_000_000) }),
      as: 'admin',
      status: 413,
      expect: async (result, w) => {
        expect(result.body).toEqual({ error: 'PAYLOAD_TOO_LARGE' });
        expect(await ledgerCredits(w.app, w.team.id)).toBe(1000);
      },
    },
    {
      name: 'a price above the credits',
      method: 'POST',
      path: myContracts,
      body: { articleId: 'Huge', tier: 'MEDIUM' },
      as: 'admin',
      status: 400,
      expect: { error: 'NOT_ENOUGH_CREDITS' },
      exact: true,
    },
    {
      name: 'a price equal to the credits is affordable and leaves 0',
      method: 'POST',
      path: myContracts,
      body: { articleId: 'Alpha', tier: 'MEDIUM' },
      as: 'admin',
      before: async (w, app) => {
        await buildContract(app, w.team, { articleId: 'Spent', price: 933 });
      },
      status: 201,
      expect: { team: { credits: 0 } },
    },
  ]);
});

describe('§5.2 price table, through buys (L = 1)', () => {
  // normalized average → [SHORT, MEDIUM, LONG]
  const table: [number, number, number, number][] = [
    [2_000, 0, 0, 0],
    [3_000, 3, 7, 15],
    [4_000, 8, 18, 36],
    [9_000, 29, 67, 135],
    [25_000, 70, 163, 325],
    [130_000, 164, 382, 764],
    [300_000, 338, 789, 1_578],
    [638_000, 861, 2_008, 4_016],
  ];
  it.each(table)('average %i views costs %i / %i / %i', async (views, short, medium, long) => {
    await withWorld(leagueWorld(), async (w) => {
      await grantWinnings(w.app, w.team, 10_000);
      for (const [tier, expected] of [['SHORT', short], ['MEDIUM', medium], ['LONG', long]] as const) {
        setViews(w.fake, `Article_${tier}`, views);
        const result = await buy(w.app, w.league.id, w.admin, `Article_${tier}`, tier);
        expect(result.status).toBe(201);
        expect(result.body.purchasePrice).toBe(expected);
      }
      expect(await ledgerCredits(w.app, w.team.id)).toBe(11_000 - short - medium - long);
    });
  });

  it('the league frozen scale normalizes the views: 4,500 raw × L 2 prices like 9,000', async () => {
    await withWorld(leagueWorld({ languageScale: 2 }), async (w) => {
      setViews(w.fake, 'Doubled', 4_500);
      const result = await buy(w.app, w.league.id, w.admin, 'Doubled', 'MEDIUM');
      expect(result.body.purchasePrice).toBe(67);
    });
  });

  it('the average is over the last 30 data points present: gaps are absent days, not zeros', async () => {
    await withWorld(leagueWorld(), async (w) => {
      // 40 days at 1,000 then 30 published days at 9,000 spread over 45 days (every third day missing)
      const points = [];
      for (let i = 0; i < 40; i++) points.push({ date: addDays(TODAY, -90 + i), views: 1_000 });
      for (let i = 0, day = -45; i < 30; day++) {
        if ((day + 45) % 3 === 2) continue;
        points.push({ date: addDays(TODAY, day), views: 9_000 });
        i++;
      }
      w.fake.data.setSeries('en', 'Gappy', points.filter((p) => p.date < TODAY));
      const result = await buy(w.app, w.league.id, w.admin, 'Gappy', 'MEDIUM');
      expect(result.body.purchasePrice).toBe(67);
    });
  });

  it('falls back to the day before when the series ending yesterday has no data point', async () => {
    await withWorld(leagueWorld(), async (w) => {
      // AQS has nothing up to yesterday for this article (published only through today-2)
      w.fake.data.publishedThrough = addDays(TODAY, -2);
      setViews(w.fake, 'Late', 9_000);
      const result = await buy(w.app, w.league.id, w.admin, 'Late', 'MEDIUM');
      expect(result.status).toBe(201);
      expect(result.body.purchasePrice).toBe(67);
    });
  });
});

describe('GET /api/v1/leagues/{id}/contracts and my-contracts', () => {
  async function listWorld() {
    const { app, world: w } = await world();
    const mine = await buildContract(app, w.team, { articleId: 'Alpha', price: 67 });
    // bought a millisecond apart: the lists go by purchase time, and within one millisecond
    // only SQLite has a write order (PostgreSQL breaks that tie by id)
    app.clock.advance(1);
    const expired = await buildContract(app, w.team, { articleId: 'Gone_by', price: 5, purchaseDate: addDays(TODAY, -7), termDays: 7 });
    await buildContract(app, w.team, { articleId: 'Sold_one', price: 5, status: 'sold' });
    return { app, world: { ...w, mine, expired } };
  }
  scenarioTable(listWorld, [
    {
      name: 'every live or expired contract of the league, whoever holds it',
      method: 'GET',
      path: (w) => `/api/v1/leagues/${w.league.id}/contracts`,
      as: 'carol',
      status: 200,
      expect: (result) => {
        const byArticle = Object.fromEntries(result.body.map((c: { article: { id: string }; status: string }) => [c.article.id, c.status]));
        expect(byArticle).toEqual({ Beta: 'live', Alpha: 'live', Gone_by: 'expired' });
      },
    },
    { name: 'unknown league', method: 'GET', path: '/api/v1/leagues/lg_nope/contracts', as: 'admin', status: 404, expect: { error: 'LEAGUE_NOT_FOUND' }, exact: true },
    {
      name: "the caller's own live and expired contracts, with team and credits",
      method: 'GET',
      path: myContracts,
      as: 'admin',
      status: 200,
      expect: (result) => {
        expect(result.body.map((c: { article: { id: string } }) => c.article.id)).toEqual(['Alpha', 'Gone_by']);
        expect(result.body[0].team).toMatchObject({ name: 'Alice FC', credits: 1000 - 67 - 5 - 5 });
        // not fetched yet today: lists never call the encyclopedia
        expect(result.body[0].currentPrice).toBeNull();
      },
    },
    {
      name: "currentPrice is shown once today's series is cached",
      method: 'GET',
      path: myContracts,
      as: 'admin',
      before: async (w, app) => {
        await buy(app, w.league.id, w.admin, 'Vasco_da_gama', 'LONG');
      },
      status: 200,
      expect: (result) => {
        expect(result.body.find((c: { article: { id: string } }) => c.article.id === 'Vasco_da_gama').currentPrice).toBe(36);
      },
    },
    {
      name: 'an addition: a priced contract states what a renewal would cost today, the price plus the 10 % premium',
      method: 'GET',
      path: myContracts,
      as: 'admin',
      before: async (w, app) => {
        await buy(app, w.league.id, w.admin, 'Vasco_da_gama', 'LONG');
      },
      status: 200,
      expect: (result) => {
        const byArticle = new Map(result.body.map((c: { article: { id: string } }) => [c.article.id, c]));
        // 36 for 14 days, 10 % of it rounded is 4
        expect(byArticle.get('Vasco_da_gama')).toMatchObject({ currentPrice: 36, renewalPrice: 40, renewalPremium: 4 });
        // not priced today: no renewal price is guessed
        expect(byArticle.get('Alpha')).toMatchObject({ currentPrice: null, renewalPrice: null, renewalPremium: null });
      },
    },
    { name: 'my-contracts without a team', method: 'GET', path: myContracts, as: 'carol', status: 404, expect: { error: 'NO_TEAM_IN_LEAGUE' }, exact: true },
    {
      name: "issue 36: a contract in its renewal window is priced on the read, so its renewal cost and expiry's payback show without opening the article",
      method: 'GET',
      path: myContracts,
      as: 'admin',
      before: async (w, app) => {
        await buildContract(app, w.team, { articleId: 'Vasco_da_gama', price: 30, purchaseDate: addDays(TODAY, -13), termDays: 14 });
      },
      status: 200,
      expect: (result) => {
        const byArticle = new Map(result.body.map((c: { article: { id: string } }) => [c.article.id, c]));
        // expires tomorrow: today's LONG price 36 is what expiry pays back, 40 what renewing costs
        expect(byArticle.get('Vasco_da_gama')).toMatchObject({ expireDate: addDays(TODAY, 1), currentPrice: 36, renewalPrice: 40, renewalPremium: 4 });
        // a contract outside its window is still not fetched for
        expect(byArticle.get('Alpha')).toMatchObject({ currentPrice: null, renewalPrice: null });
      },
    },
    {
      name: 'issue 36: in a closed league no renewal is quoted (none can be chosen) and nothing is fetched',
      method: 'GET',
      path: myContracts,
      as: 'admin',
      before: async (w, app) => {
        await buildContract(app, w.team, { articleId: 'Vasco_da_gama', price: 30, purchaseDate: addDays(TODAY, -13), termDays: 14 });
        await buy(app, w.league.id, w.admin, 'Quiet', 'SHORT');
        await setLeague(app, w.league.id, { closedAt: `${TODAY}T00:00:01.000Z` });
      },
      status: 200,
      expect: (result) => {
        const byArticle = new Map(result.body.map((c: { article: { id: string } }) => [c.article.id, c]));
        expect(byArticle.get('Vasco_da_gama')).toMatchObject({ currentPrice: null, renewalPrice: null, renewalPremium: null });
        // priced today (bought before the close), yet no renewal price: the league renews nothing
        expect(byArticle.get('Quiet')).toMatchObject({ currentPrice: expect.any(Number), renewalPrice: null, renewalPremium: null });
      },
    },
  ]);
});

/** alice holds Alpha (LONG, bought 3 days ago at 100): today it would cost 135 for 14 days. */
async function sellWorld() {
  const { app, world: w } = await world();
  const held = await buildContract(app, w.team, { articleId: 'Alpha', price: 100, purchaseDate: addDays(TODAY, -3), termDays: 14 });
  const sold = await buildContract(app, w.team, { articleId: 'Sold_before', price: 5, status: 'sold' });
  const settled = await buildContract(app, w.team, { articleId: 'Settled_before', price: 5, status: 'settled' });
  const expiresToday = await buildContract(app, w.team, { articleId: 'Vasco_da_gama', price: 5, purchaseDate: addDays(TODAY, -7), termDays: 7 });
  const pastExpiry = await buildContract(app, w.team, { articleId: 'Quiet', price: 0, purchaseDate: addDays(TODAY, -10), termDays: 7 });
  return { app, world: { ...w, held, sold, settled, expiresToday, pastExpiry } };
}
type SellWorld = Awaited<ReturnType<typeof sellWorld>>['world'];
const contractAction = (action: string) => (id: (w: SellWorld) => string) => (w: SellWorld) =>
  `/api/v1/leagues/${w.league.id}/my-contracts/${id(w)}/${action}`;

describe('POST …/my-contracts/{contractId}/sell', () => {
  const sell = contractAction('sell');
  scenarioTable(sellWorld, [
    {
      name: 'pays today’s price for the unused 11 of 14 days: round(135 × 11 / 14) = 106',
      method: 'POST',
      path: sell((w) => w.held.id),
      as: 'admin',
      status: 200,
      expect: async (result, w) => {
        expect(result.body).toMatchObject({ id: w.held.id, status: 'sold', salePayout: 106, currentPrice: 135, team: { credits: 1000 - 100 - 5 - 5 - 5 + 106 } });
        expect(await ledgerOf(w.app, w.held.id)).toEqual([
          { kind: 'purchase', amount: -100 },
          { kind: 'sale_payout', amount: 106 },
        ]);
        expect(await contractRow(w.app, w.held.id)).toMatchObject({ status: 'sold', salePayout: 106, closedOn: TODAY });
        expect(await notificationMessages(w.app)).toEqual(['Sold Alpha early for 106 credits']);
      },
    },
    { name: 'a contract that does not exist', method: 'POST', path: sell(() => 'ct_nope'), as: 'admin', status: 404, expect: { error: 'CONTRACT_NOT_FOUND' }, exact: true },
    { name: "another league's contract is not found here", method: 'POST', path: sell((w) => w.foreign.id), as: 'admin', status: 404, expect: { error: 'CONTRACT_NOT_FOUND' }, exact: true },
    { name: "another team's contract", method: 'POST', path: sell((w) => w.bobs.id), as: 'admin', status: 400, expect: { error: 'NOT_CONTRACT_OWNER' }, exact: true },
    { name: 'already sold', method: 'POST', path: sell((w) => w.sold.id), as: 'admin', status: 400, expect: { error: 'ALREADY_SOLD' }, exact: true },
    { name: 'already settled', method: 'POST', path: sell((w) => w.settled.id), as: 'admin', status: 400, expect: { error: 'ALREADY_SOLD' }, exact: true },
    { name: 'on the expiry day (Proposed: no 0 payout)', method: 'POST', path: sell((w) => w.expiresToday.id), as: 'admin', status: 400, expect: { error: 'CONTRACT_EXPIRED' }, exact: true },
    { name: 'past expiry, awaiting the sweep', method: 'POST', path: sell((w) => w.pastExpiry.id), as: 'admin', status: 400, expect: { error: 'CONTRACT_EXPIRED' }, exact: true },
    { name: 'no team in the league', method: 'POST', path: sell((w) => w.held.id), as: 'carol', status: 404, expect: { error: 'NO_TEAM_IN_LEAGUE' }, exact: true },
    { name: 'a contract id with a broken percent escape is not found (never 500)', method: 'POST', path: sell(() => '%ZZ'), as: 'admin', status: 404, expect: { error: 'CONTRACT_NOT_FOUND' }, exact: true },
    { name: 'a contract id of 5,000 characters is not found', method: 'POST', path: sell(() => 'c'.repeat(5_000)), as: 'admin', status: 404, expect: { error: 'CONTRACT_NOT_FOUND' }, exact: true },
    {
      name: 'after leaving the league the departed player cannot sell; the contract keeps running',
      method: 'POST',
      path: sell((w) => w.bobs.id),
      as: 'rival',
      before: (w, app) => bobLeaves(w, app),
      status: 404,
      expect: async (result, w) => {
        expect(result.body).toEqual({ error: 'NO_TEAM_IN_LEAGUE' });
        expect(await contractRow(w.app, w.bobs.id)).toMatchObject({ status: 'live', salePayout: null });
      },
    },

    {
      name: 'issue 36: a closed league sells nothing: 409 LEAGUE_INACTIVE, no credits move',
      method: 'POST',
      path: sell((w) => w.held.id),
      as: 'admin',
      before: (w, app) => setLeague(app, w.league.id, { closedAt: `${TODAY}T00:00:01.000Z` }),
      status: 409,
      expect: async (result, w) => {
        expect(result.body).toEqual({ error: 'LEAGUE_INACTIVE' });
        expect(await ledgerOf(w.app, w.held.id)).toEqual([{ kind: 'purchase', amount: -100 }]);
        expect(await contractRow(w.app, w.held.id)).toMatchObject({ status: 'live', salePayout: null });
      },
    },
    {
      name: 'issue 36: an ended season sells nothing either',
      method: 'POST',
      path: sell((w) => w.held.id),
      as: 'admin',
      before: (w, app) => setLeague(app, w.league.id, { endDate: `${addDays(TODAY, -1)}T00:00:00.000Z` }),
      status: 409,
      expect: { error: 'LEAGUE_INACTIVE' },
      exact: true,
    },
    {
      name: 'unreachable encyclopedia: 503 and the contract stays live',
      method: 'POST',
      path: sell((w) => w.held.id),
      as: 'admin',
      before: (w) => w.fake.faults.failAlways('per-article', 500),
      status: 503,
      expect: async (result, w) => {
        expect(result.body).toEqual({ error: 'ENCYCLOPEDIA_UNAVAILABLE' });
        expect((await contractRow(w.app, w.held.id)).status).toBe('live');
        expect(await notificationMessages(w.app)).toEqual([]);
      },
    },
    {
      name: "completes from the same day's cached series while the encyclopedia is down (shared with the market)",
      method: 'POST',
      path: sell((w) => w.held.id),
      as: 'admin',
      before: async (w, app) => {
        w.fake.data.setTop('en', '2026-05-09', [{ article: 'Alpha', views: 9_000 }]);
        const shelf = await app.call('GET', `/api/v1/leagues/${w.league.id}/market`, { as: w.admin });
        expect(shelf.body[0]).toMatchObject({ id: 'Alpha', price: 67 });
        w.fake.faults.failAlways('per-article', 500);
      },
      status: 200,
      expect: { status: 'sold', salePayout: 106 },
    },
  ]);

  it('selling on the purchase day returns the full current price', async () => {
    await withWorld(world(), async ({ app, world: w }) => {
      const bought = await buy(app, w.league.id, w.admin, 'Alpha', 'LONG');
      w.fake.data.setSeries('en', 'Alpha', []); // the cached series of today still prices it
      const sold = await app.call('POST', `/api/v1/leagues/${w.league.id}/my-contracts/${bought.body.id}/sell`, { as: w.admin });
      expect(sold.body).toMatchObject({ salePayout: 135, team: { credits: 1000 } });
    });
  });

  it('a second sell of the same contract is ALREADY_SOLD and pays nothing more', async () => {
    await withWorld(world(), async ({ app, world: w }) => {
      const c = await buildContract(app, w.team, { articleId: 'Alpha', price: 67, termDays: 7 });
      const path = `/api/v1/leagues/${w.league.id}/my-contracts/${c.id}/sell`;
      const [first, second] = await Promise.all([app.call('POST', path, { as: w.admin }), app.call('POST', path, { as: w.admin })]);
      expect([first.status, second.status].sort()).toEqual([200, 400]);
      expect([first.body, second.body].find((b) => b.error)).toEqual({ error: 'ALREADY_SOLD' });
      expect(await ledgerCredits(app, w.team.id)).toBe(1000);
      expect(await notificationMessages(app)).toHaveLength(1);
    });
  });
});

describe('GET …/my-contracts/{contractId}/sale-quote (an addition: what a sell would pay now)', () => {
  const quote = contractAction('sale-quote');
  scenarioTable(sellWorld, [
    {
      name: 'quotes the payout the sell table pays, and writes nothing',
      method: 'GET',
      path: quote((w) => w.held.id),
      as: 'admin',
      status: 200,
      exact: true,
      expect: async (result, w) => {
        expect(result.body).toEqual({ contractId: w.held.id, currentPrice: 135, remainingDays: 11, termDays: 14, payout: 106 });
        expect(await ledgerOf(w.app, w.held.id)).toEqual([{ kind: 'purchase', amount: -100 }]);
        expect(await contractRow(w.app, w.held.id)).toMatchObject({ status: 'live', salePayout: null });
        expect(await notificationMessages(w.app)).toEqual([]);
      },
    },
    { name: 'a contract that does not exist', method: 'GET', path: quote(() => 'ct_nope'), as: 'admin', status: 404, expect: { error: 'CONTRACT_NOT_FOUND' }, exact: true },
    { name: "another league's contract is not found here", method: 'GET', path: quote((w) => w.foreign.id), as: 'admin', status: 404, expect: { error: 'CONTRACT_NOT_FOUND' }, exact: true },
    { name: "another team's contract", method: 'GET', path: quote((w) => w.bobs.id), as: 'admin', status: 400, expect: { error: 'NOT_CONTRACT_OWNER' }, exact: true },
    { name: 'already sold', method: 'GET', path: quote((w) => w.sold.id), as: 'admin', status: 400, expect: { error: 'ALREADY_SOLD' }, exact: true },
    { name: 'on the expiry day', method: 'GET', path: quote((w) => w.expiresToday.id), as: 'admin', status: 400, expect: { error: 'CONTRACT_EXPIRED' }, exact: true },
    { name: 'no team in the league', method: 'GET', path: quote((w) => w.held.id), as: 'carol', status: 404, expect: { error: 'NO_TEAM_IN_LEAGUE' }, exact: true },
    { name: 'anonymous caller', method: 'GET', path: quote((w) => w.held.id), as: 'anonymous', status: 401, expect: { error: 'UNAUTHORIZED' }, exact: true },
    {
      name: 'issue 36: a closed league quotes no sale (the sell would be refused)',
      method: 'GET',
      path: quote((w) => w.held.id),
      as: 'admin',
      before: (w, app) => setLeague(app, w.league.id, { closedAt: `${TODAY}T00:00:01.000Z` }),
      status: 409,
      expect: { error: 'LEAGUE_INACTIVE' },
      exact: true,
    },
    {
      name: 'unreachable encyclopedia: 503, as the sell would answer',
      method: 'GET',
      path: quote((w) => w.held.id),
      as: 'admin',
      before: (w) => w.fake.faults.failAlways('per-article', 500),
      status: 503,
      expect: { error: 'ENCYCLOPEDIA_UNAVAILABLE' },
      exact: true,
    },
  ]);

  it('the sell that follows a quote pays exactly the quoted payout', async () => {
    await withWorld(world(), async ({ app, world: w }) => {
      const bought = await buy(app, w.league.id, w.admin, 'Alpha', 'LONG');
      app.clock.advance(5 * 86_400_000);
      const base = `/api/v1/leagues/${w.league.id}/my-contracts/${bought.body.id}`;
      const quoted = await app.call('GET', `${base}/sale-quote`, { as: w.admin });
      expect(quoted.body).toMatchObject({ remainingDays: 9, termDays: 14 });
      const sold = await app.call('POST', `${base}/sell`, { as: w.admin });
      expect(sold.body.salePayout).toBe(quoted.body.payout);
      expect(sold.body.currentPrice).toBe(quoted.body.currentPrice);
    });
  });
});

describe('POST and DELETE …/my-contracts/{contractId}/renew', () => {
  async function renewWorld() {
    const { app, world: w } = await world();
    const tomorrow = await buildContract(app, w.team, { articleId: 'Alpha', price: 67, purchaseDate: addDays(TODAY, -6), termDays: 7 });
    const today = await buildContract(app, w.team, { articleId: 'Today_ends', price: 5, purchaseDate: addDays(TODAY, -3), termDays: 3 });
    const later = await buildContract(app, w.team, { articleId: 'Later', price: 5, purchaseDate: addDays(TODAY, -5), termDays: 7 });
    const past = await buildContract(app, w.team, { articleId: 'Past', price: 5, purchaseDate: addDays(TODAY, -8), termDays: 7 });
    const sold = await buildContract(app, w.team, { articleId: 'Sold_before', price: 5, status: 'sold' });
    const settled = await buildContract(app, w.team, { articleId: 'Settled_before', price: 5, purchaseDate: addDays(TODAY, -8), termDays: 7, status: 'settled' });
    const elected = await buildContract(app, w.team, { articleId: 'Elected', price: 5, purchaseDate: addDays(TODAY, -6), termDays: 7, renewalElected: true });
    return { app, world: { ...w, tomorrow, today, later, past, sold, settled, elected } };
  }
  type RW = Awaited<ReturnType<typeof renewWorld>>['world'];
  const renew = (id: (w: RW) => string) => (w: RW) => `/api/v1/leagues/${w.league.id}/my-contracts/${id(w)}/renew`;
  scenarioTable(renewWorld, [
    {
      name: 'the day before expiry: elected, no money moves',
      method: 'POST',
      path: renew((w) => w.tomorrow.id),
      as: 'admin',
      status: 200,
      expect: async (result, w) => {
        expect(result.body).toMatchObject({ id: w.tomorrow.id, renewalElected: true, status: 'live', expireDate: addDays(TODAY, 1) });
        expect(await ledgerOf(w.app, w.tomorrow.id)).toEqual([{ kind: 'purchase', amount: -67 }]);
      },
    },
    { name: 'on the expiry day, before the sweep', method: 'POST', path: renew((w) => w.today.id), as: 'admin', status: 200, expect: { renewalElected: true, status: 'expired' } },
    { name: 're-electing an elected contract succeeds', method: 'POST', path: renew((w) => w.elected.id), as: 'admin', status: 200, expect: { renewalElected: true } },
    { name: 'two days before expiry the window is closed', method: 'POST', path: renew((w) => w.later.id), as: 'admin', status: 400, expect: { error: 'RENEWAL_WINDOW_CLOSED' }, exact: true },
    { name: 'after expiry', method: 'POST', path: renew((w) => w.past.id), as: 'admin', status: 400, expect: { error: 'CONTRACT_EXPIRED' }, exact: true },
    { name: 'a sold contract', method: 'POST', path: renew((w) => w.sold.id), as: 'admin', status: 400, expect: { error: 'ALREADY_SETTLED' }, exact: true },
    { name: "another team's contract", method: 'POST', path: renew((w) => w.bobs.id), as: 'admin', status: 400, expect: { error: 'NOT_CONTRACT_OWNER' }, exact: true },
    { name: 'unknown contract', method: 'POST', path: renew(() => 'ct_nope'), as: 'admin', status: 404, expect: { error: 'CONTRACT_NOT_FOUND' }, exact: true },
    { name: 'a settled contract', method: 'POST', path: renew((w) => w.settled.id), as: 'admin', status: 400, expect: { error: 'ALREADY_SETTLED' }, exact: true },
    { name: "another league's contract is not found here", method: 'POST', path: renew((w) => w.foreign.id), as: 'admin', status: 404, expect: { error: 'CONTRACT_NOT_FOUND' }, exact: true },
    { name: 'a contract id with a broken percent escape', method: 'POST', path: renew(() => '%E0%A4%A'), as: 'admin', status: 404, expect: { error: 'CONTRACT_NOT_FOUND' }, exact: true },
    { name: 'a departed player cannot elect', method: 'POST', path: renew((w) => w.bobs.id), as: 'rival', before: (w, app) => bobLeaves(w, app), status: 404, expect: { error: 'NO_TEAM_IN_LEAGUE' }, exact: true },
    { name: "withdraw on another league's contract", method: 'DELETE', path: renew((w) => w.foreign.id), as: 'admin', status: 404, expect: { error: 'CONTRACT_NOT_FOUND' }, exact: true },
    { name: 'withdraw with a broken percent escape', method: 'DELETE', path: renew(() => '%ZZ'), as: 'admin', status: 404, expect: { error: 'CONTRACT_NOT_FOUND' }, exact: true },
    { name: 'no team', method: 'POST', path: renew((w) => w.tomorrow.id), as: 'carol', status: 404, expect: { error: 'NO_TEAM_IN_LEAGUE' }, exact: true },
    { name: 'withdraw an election', method: 'DELETE', path: renew((w) => w.elected.id), as: 'admin', status: 200, expect: { id: expect.any(String), renewalElected: false } },
    { name: 'withdraw without an election', method: 'DELETE', path: renew((w) => w.tomorrow.id), as: 'admin', status: 400, expect: { error: 'RENEWAL_NOT_ELECTED' }, exact: true },
    { name: 'withdraw on a sold contract', method: 'DELETE', path: renew((w) => w.sold.id), as: 'admin', status: 400, expect: { error: 'ALREADY_SETTLED' }, exact: true },
    { name: "withdraw on another team's contract", method: 'DELETE', path: renew((w) => w.bobs.id), as: 'admin', status: 400, expect: { error: 'NOT_CONTRACT_OWNER' }, exact: true },
    { name: 'withdraw on an unknown contract', method: 'DELETE', path: renew(() => 'ct_nope'), as: 'admin', status: 404, expect: { error: 'CONTRACT_NOT_FOUND' }, exact: true },
    { name: 'withdraw without a team', method: 'DELETE', path: renew((w) => w.elected.id), as: 'carol', status: 404, expect: { error: 'NO_TEAM_IN_LEAGUE' }, exact: true },
    {
      name: 'issue 36: a closed league takes no renewal election: 409 LEAGUE_INACTIVE',
      method: 'POST',
      path: renew((w) => w.tomorrow.id),
      as: 'admin',
      before: (w, app) => setLeague(app, w.league.id, { closedAt: `${TODAY}T00:00:01.000Z` }),
      status: 409,
      expect: async (result, w) => {
        expect(result.body).toEqual({ error: 'LEAGUE_INACTIVE' });
        expect((await contractRow(w.app, w.tomorrow.id)).renewalElected).toBe(false);
      },
    },
    {
      name: 'issue 36: nor a withdrawal (the election is void: the contract settles at expiry)',
      method: 'DELETE',
      path: renew((w) => w.elected.id),
      as: 'admin',
      before: (w, app) => setLeague(app, w.league.id, { closedAt: `${TODAY}T00:00:01.000Z` }),
      status: 409,
      expect: { error: 'LEAGUE_INACTIVE' },
      exact: true,
    },
  ]);
});

describe('concurrent buys', () => {
  it('twenty simultaneous buys by one team never overspend: exactly as many as the credits allow', async () => {
    await withWorld(world(), async ({ app, world: w }) => {
      for (let i = 0; i < 20; i++) setViews(w.fake, `Rush_${i}`, 9_000);
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => buy(app, w.league.id, w.admin, `Rush_${i}`, 'MEDIUM')));
      const created = results.filter((r) => r.status === 201);
      expect(created).toHaveLength(Math.floor(1000 / 67));
      expect(results.filter((r) => r.status !== 201).map((r) => r.body)).toEqual(
        Array(20 - created.length).fill({ error: 'NOT_ENOUGH_CREDITS' }),
      );
      expect(await ledgerCredits(app, w.team.id)).toBe(1000 - 14 * 67);
    });
  });

  it('ten players racing for one article: one owner, the others told it is taken', async () => {
    await withWorld(world(), async ({ app, world: w }) => {
      const players = [];
      for (let i = 0; i < 10; i++) {
        const p = await app.player(`racer${i}`);
        await buildTeam(app, w.league, p, `Racer ${i}`);
        players.push(p);
      }
      const results = await Promise.all(players.map((p) => buy(app, w.league.id, p, 'Alpha', 'SHORT')));
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      expect(results.filter((r) => r.status === 400).map((r) => r.body)).toEqual(Array(9).fill({ error: 'ARTICLE_TAKEN' }));
      const { contracts } = tablesOf(app.ctx.db);
      expect((await app.ctx.db.select().from(contracts).where(eq(contracts.articleId, 'Alpha'))).filter((c) => c.leagueId === w.league.id)).toHaveLength(1);
      // the series was fetched once for everyone
      expect(w.fake.requests.filter((r) => r.route === 'per-article' && r.path.includes('/Alpha/'))).toHaveLength(1);
    });
  });

  it('one team buying the 22nd and 23rd contract at once fills the team and refuses the other', async () => {
    await withWorld(world(), async ({ app, world: w }) => {
      for (let i = 0; i < 21; i++) await buildContract(app, w.team, { articleId: `Filler_${i}` });
      setViews(w.fake, 'Last_a', 1_000);
      setViews(w.fake, 'Last_b', 1_000);
      const results = await Promise.all([buy(app, w.league.id, w.admin, 'Last_a'), buy(app, w.league.id, w.admin, 'Last_b')]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
      expect(results.find((r) => r.status === 400)!.body).toEqual({ error: 'TEAM_FULL' });
    });
  });
});
