/**
 * The league's activity (issue 24 §2): `GET /api/v1/leagues/{id}/activity` after every kind
 * of action (each done through the API, or the sweep and the ingest as the daily jobs run
 * them), its paging, that refused actions leave no event, that no amount of credits shows,
 * and the members-only refusals.
 */
import { describe, expect } from 'vitest';
import { addDays } from '../../../src/domain/dates';
import { settlementJob } from '../../../src/features/contracts/settlement-job';
import type { TestApp, TestPlayer } from '../../support/app';
import { buildContract } from '../../support/builders';
import { scenarioTable } from '../../support/scenarios';
import type { FakeEncyclopedia } from '../../fakes/encyclopedia';
import { appWithEncyclopedia, buy, setViews, TODAY } from '../contracts/contracts-fixtures';
import { found, join, leave, moveTo, myTeamId, score } from '../head-to-head/head-to-head-fixtures';

interface World extends Record<string, unknown> {
  app: TestApp;
  fake: FakeEncyclopedia;
  alice: TestPlayer;
  bob: TestPlayer;
  outsider: TestPlayer;
  /** a points league Alice founded at 10:00 and Bob joined at 11:00 today */
  league: string;
  aliceTeam: string;
  bobTeam: string;
}

async function world(): Promise<{ app: TestApp; world: World }> {
  const { app, fake } = await appWithEncyclopedia();
  // sessions are minted at the founding hour: a token issued later than the clock reads is refused
  app.clock.set(`${TODAY}T10:00:00.000Z`);
  const [alice, bob, outsider] = [await app.player('alice'), await app.player('bob'), await app.player('outsider')];
  const league = await found(app, alice, { format: undefined, roundDays: undefined, teamName: 'Alice FC' });
  app.clock.set(`${TODAY}T11:00:00.000Z`);
  const bobTeam = await join(app, league, bob, 'Bob United');
  app.clock.set(`${TODAY}T12:00:00.000Z`);
  setViews(fake, 'Alpha', 9_000); // MEDIUM 67, SHORT 29
  setViews(fake, 'Ada_Lovelace', 9_000);
  return { app, world: { app, fake, alice, bob, outsider, league, aliceTeam: await myTeamId(app, league, alice), bobTeam } };
}

const feed = (query = '') => (w: World) => `/api/v1/leagues/${w.league}/activity${query}`;
const refused = (error: string) => ({ expect: { error }, exact: true });
const event = (kind: string, extra: Record<string, unknown> = {}) => ({ id: expect.any(String), at: expect.any(String), kind, team: null, article: null, tier: null, round: null, nextSeason: null, ...extra });
const sweep = (app: TestApp) => settlementJob.run(app.ctx, app.clock.now());
const kinds = (body: any) => body.events.map((e: any) => e.kind);

/** Nothing in the feed reads as money: no price, payout or credits field, no amount paid. */
function showsNoCredits(text: string, amounts: number[] = []) {
  expect(text).not.toMatch(/price|payout|credit|premium|amount/i);
  for (const amount of amounts) expect(text).not.toContain(`:${amount}`);
}

describe('GET /api/v1/leagues/{id}/activity', () => {
  scenarioTable<World>(world, [
    {
      name: 'founding and joining: newest first, each team named as it was',
      method: 'GET',
      path: feed(),
      as: 'bob',
      status: 200,
      expect: (res, w) =>
        expect(res.body).toEqual({
          events: [
            event('join', { at: `${TODAY}T11:00:00.000Z`, team: { id: w.bobTeam, name: 'Bob United' } }),
            event('join', { at: `${TODAY}T10:00:00.000Z`, team: { id: w.aliceTeam, name: 'Alice FC' } }),
          ],
          next: null,
        }),
    },
    {
      name: 'a buy names the article and the tier, never what it cost',
      method: 'GET',
      path: feed('?limit=1'),
      as: 'alice',
      before: async (w, app) => expect((await buy(app, w.league, w.bob, 'Ada_Lovelace', 'SHORT')).status).toBe(201),
      status: 200,
      expect: (res, w) => {
        expect(res.body.events).toEqual([event('buy', { team: { id: w.bobTeam, name: 'Bob United' }, article: { id: 'Ada_Lovelace', title: 'Ada Lovelace' }, tier: 'SHORT' })]);
        showsNoCredits(res.text, [29]);
      },
    },
    {
      name: 'an early sale names the article, not the payout',
      method: 'GET',
      path: feed('?limit=2'),
      as: 'alice',
      before: async (w, app) => {
        const bought = await buy(app, w.league, w.bob, 'Alpha', 'MEDIUM');
        expect((await app.call('POST', `/api/v1/leagues/${w.league}/my-contracts/${bought.body.id}/sell`, { as: w.bob })).status).toBe(200);
      },
      status: 200,
      expect: (res, w) => {
        expect(res.body.events).toEqual([
          event('early-sale', { team: { id: w.bobTeam, name: 'Bob United' }, article: { id: 'Alpha', title: 'Alpha' } }),
          event('buy', { team: { id: w.bobTeam, name: 'Bob United' }, article: { id: 'Alpha', title: 'Alpha' }, tier: 'MEDIUM' }),
        ]);
        showsNoCredits(res.text, [67]);
      },
    },
    {
      name: 'the sweep’s renewal and expiry, each with its article (the renewal with its term)',
      method: 'GET',
      path: feed('?limit=2'),
      as: 'bob',
      before: async (w, app) => {
        const teams = { alice: { id: w.aliceTeam, leagueId: w.league }, bob: { id: w.bobTeam, leagueId: w.league } };
        await buildContract(app, teams.alice as never, { articleId: 'Alpha', price: 50, purchaseDate: addDays(TODAY, -7), termDays: 7, renewalElected: true });
        await buildContract(app, teams.bob as never, { articleId: 'Ada_Lovelace', price: 40, purchaseDate: addDays(TODAY, -3), termDays: 3 });
        await sweep(app);
      },
      status: 200,
      expect: (res, w) => {
        expect(res.body.events).toEqual(
          expect.arrayContaining([
            event('renewal', { team: { id: w.aliceTeam, name: 'Alice FC' }, article: { id: 'Alpha', title: 'Alpha' }, tier: 'MEDIUM' }),
            event('expiry', { team: { id: w.bobTeam, name: 'Bob United' }, article: { id: 'Ada_Lovelace', title: 'Ada Lovelace' } }),
          ]),
        );
        showsNoCredits(res.text, [50, 40, 67]);
      },
    },
    {
      name: 'a re-run of the sweep adds nothing',
      method: 'GET',
      path: feed(),
      as: 'bob',
      before: async (w, app) => {
        await buildContract(app, { id: w.bobTeam, leagueId: w.league } as never, { articleId: 'Ada_Lovelace', price: 40, purchaseDate: addDays(TODAY, -3), termDays: 3 });
        await sweep(app);
        await sweep(app);
      },
      status: 200,
      expect: (res) => expect(kinds(res.body)).toEqual(['expiry', 'join', 'join']),
    },
    {
      name: 'a departure',
      method: 'GET',
      path: feed('?limit=1'),
      as: 'alice',
      before: (w, app) => leave(app, w.league, w.bob),
      status: 200,
      expect: (res, w) => expect(res.body.events).toEqual([event('departure', { team: { id: w.bobTeam, name: 'Bob United' } })]),
    },
    {
      name: 'a return after a departure is a join under the new name',
      method: 'GET',
      path: feed('?limit=2'),
      as: 'bob',
      before: async (w, app) => {
        await leave(app, w.league, w.bob);
        await join(app, w.league, w.bob, 'Bob Returns');
      },
      status: 200,
      expect: (res, w) =>
        expect(res.body.events).toEqual([event('join', { team: { id: w.bobTeam, name: 'Bob Returns' } }), event('departure', { team: { id: w.bobTeam, name: 'Bob United' } })]),
    },
    {
      name: 'a finished head-to-head round: its results, written by the ingest that completed it',
      method: 'GET',
      path: (w) => `/api/v1/leagues/${w.h2h as string}/activity?limit=1`,
      as: 'bob',
      before: async (w, app) => {
        app.clock.set(`${TODAY}T13:00:00.000Z`);
        const h2h = await found(app, w.alice, { name: 'Duel Cup', teamName: 'Alice Duel', roundDays: 1 });
        app.clock.set(`${TODAY}T14:00:00.000Z`);
        const bobDuel = await join(app, h2h, w.bob, 'Bob Duel');
        const aliceDuel = await myTeamId(app, h2h, w.alice);
        await moveTo(app, `${addDays(TODAY, 1)}T05:00:00.000Z`, [w.bob]);
        await score(app, TODAY, { [aliceDuel]: 2, [bobDuel]: 3 });
        Object.assign(w, { h2h, bobDuel, aliceDuel });
      },
      status: 200,
      expect: (res, w) =>
        expect(res.body.events).toEqual([
          event('round-result', {
            at: `${addDays(TODAY, 1)}T05:00:00.000Z`,
            round: {
              round: 1,
              startDate: TODAY,
              endDate: TODAY,
              matchups: [{ home: { teamId: w.aliceDuel, teamName: 'Alice Duel', points: 2 }, away: { teamId: w.bobDuel, teamName: 'Bob Duel', points: 3 }, result: 'away' }],
            },
          }),
        ]),
    },
    {
      name: 'a round half scored writes no result yet; a re-sent day of a finished round writes none again',
      method: 'GET',
      path: (w) => `/api/v1/leagues/${w.h2h as string}/activity`,
      as: 'bob',
      before: async (w, app) => {
        app.clock.set(`${TODAY}T13:00:00.000Z`);
        const h2h = await found(app, w.alice, { name: 'Duel Cup', teamName: 'Alice Duel', roundDays: 1 });
        app.clock.set(`${TODAY}T14:00:00.000Z`);
        const bobDuel = await join(app, h2h, w.bob, 'Bob Duel');
        const aliceDuel = await myTeamId(app, h2h, w.alice);
        await moveTo(app, `${addDays(TODAY, 1)}T05:00:00.000Z`, [w.bob]);
        await score(app, TODAY, { [aliceDuel]: 2 });
        expect(kinds((await app.call('GET', `/api/v1/leagues/${h2h}/activity`, { as: w.bob })).body)).toEqual(['join', 'join']);
        await score(app, TODAY, { [bobDuel]: 3 });
        await score(app, TODAY, { [aliceDuel]: 4, [bobDuel]: 3 });
        Object.assign(w, { h2h });
      },
      status: 200,
      expect: (res) => expect(kinds(res.body)).toEqual(['round-result', 'join', 'join']),
    },
    {
      name: 'a refused buy and a refused join leave no event',
      method: 'GET',
      path: feed(),
      as: 'alice',
      before: async (w, app) => {
        setViews(w.fake, 'Beta', 5_000_000);
        expect((await buy(app, w.league, w.bob, 'Beta', 'LONG')).body).toEqual({ error: 'NOT_ENOUGH_CREDITS' });
        const res = await app.call('POST', `/api/v1/leagues/${w.league}/my-team`, { as: w.outsider, body: { name: 'bob united' } });
        expect(res.body).toEqual({ error: 'NAME_TAKEN' });
      },
      status: 200,
      expect: (res) => expect(kinds(res.body)).toEqual(['join', 'join']),
    },
    {
      name: 'pages: `next` leads to the older events, and is null on the last page',
      method: 'GET',
      path: feed('?limit=2'),
      as: 'alice',
      before: async (w, app) => {
        for (const article of ['Alpha', 'Ada_Lovelace']) expect((await buy(app, w.league, w.alice, article, 'SHORT')).status).toBe(201);
      },
      status: 200,
      expect: async (res, w) => {
        expect(res.body.events.map((e: any) => e.article?.id)).toEqual(['Ada_Lovelace', 'Alpha']);
        expect(res.body.next).toEqual(expect.any(String));
        const older = await w.app.call('GET', feed(`?limit=2&before=${encodeURIComponent(res.body.next)}`)(w), { as: w.alice });
        expect(older.status).toBe(200);
        expect(older.body.events.map((e: any) => e.team.name)).toEqual(['Bob United', 'Alice FC']);
        expect(older.body.next).toBeNull();
      },
    },
    {
      name: 'limit defaults to 30',
      method: 'GET',
      path: feed(),
      as: 'alice',
      before: async (w, app) => {
        for (let i = 0; i < 16; i++) {
          await leave(app, w.league, w.bob);
          await join(app, w.league, w.bob, 'Bob United');
        }
      },
      status: 200,
      expect: (res) => {
        expect(res.body.events).toHaveLength(30);
        expect(res.body.next).toEqual(expect.any(String));
      },
    },
    { name: 'limit 100 is allowed', method: 'GET', path: feed('?limit=100'), as: 'alice', status: 200, expect: (res) => expect(res.body.events).toHaveLength(2) },
    { name: 'limit 0', method: 'GET', path: feed('?limit=0'), as: 'alice', status: 400, ...refused('INVALID_REQUEST') },
    { name: 'limit 101', method: 'GET', path: feed('?limit=101'), as: 'alice', status: 400, ...refused('INVALID_REQUEST') },
    { name: 'limit not a number', method: 'GET', path: feed('?limit=ten'), as: 'alice', status: 400, ...refused('INVALID_REQUEST') },
    { name: 'a cursor the service never gave', method: 'GET', path: feed('?before=42'), as: 'alice', status: 400, ...refused('INVALID_REQUEST') },
    { name: 'an empty cursor', method: 'GET', path: feed('?before='), as: 'alice', status: 400, ...refused('INVALID_REQUEST') },
    { name: 'members only: an outsider', method: 'GET', path: feed(), as: 'outsider', status: 404, ...refused('NO_TEAM_IN_LEAGUE') },
    {
      name: 'members only: a player who left',
      method: 'GET',
      path: feed(),
      as: 'bob',
      before: (w, app) => leave(app, w.league, w.bob),
      status: 404,
      ...refused('NO_TEAM_IN_LEAGUE'),
    },
    {
      name: 'members only, even after a member’s read was kept',
      method: 'GET',
      path: feed(),
      as: 'outsider',
      before: async (w, app) => void (await app.call('GET', feed()(w), { as: w.alice })),
      status: 404,
      ...refused('NO_TEAM_IN_LEAGUE'),
    },
    { name: 'an unknown league', method: 'GET', path: '/api/v1/leagues/lg_nope/activity', as: 'alice', status: 404, ...refused('LEAGUE_NOT_FOUND') },
    { name: 'without a session', method: 'GET', path: feed(), as: 'anonymous', status: 401 },
  ]);
});
