/**
 * The notification in-box (§8) through the API: the exact sentences, the player-wide and
 * per-league lists (newest first, each naming its league and carrying the whole contract),
 * mark-read (owner only), and the rule that a failed notification never undoes money.
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../src/domain/dates';
import { settlementJob } from '../../../src/features/contracts/settlement-job';
import { buildContract, buildLeague } from '../../support/builders';
import { scenarioTable } from '../../support/scenarios';
import { contractRow, leagueWorld, ledgerCredits, notificationMessages, setViews, TODAY, withWorld, writeSql } from '../contracts/contracts-fixtures';
import { sql } from 'drizzle-orm';
import { dialectOf } from '../../../src/platform/db/dialect';
import type { TestApp } from '../../support/app';

/** alice sells Alpha (league 1) today; later her Beta in league 2 settles at expiry. */
/**
 * Makes every notification insert fail, `BEFORE` the row goes in or `AFTER` it went in (then
 * only a rollback takes it out again): SQLite's trigger RAISEs, PostgreSQL's trigger function
 * raises an exception.
 */
async function refuseNotifications(app: TestApp, when: 'BEFORE' | 'AFTER'): Promise<void> {
  if (dialectOf(app.ctx.db) === 'postgres') {
    await writeSql(app, sql.raw("CREATE FUNCTION refuse_notification() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'in-box broken'; END $$"));
    await writeSql(app, sql.raw(`CREATE TRIGGER refuse_notifications ${when} INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION refuse_notification()`));
    return;
  }
  // ABORT undoes the statement; FAIL keeps what the statement already wrote (the row itself)
  const raise = when === 'BEFORE' ? 'ABORT' : 'FAIL';
  await writeSql(app, sql.raw(`CREATE TRIGGER refuse_notifications ${when} INSERT ON notifications BEGIN SELECT RAISE(${raise}, 'in-box broken'); END`));
}

async function inboxWorld() {
  const w = await leagueWorld({ name: 'First League' });
  setViews(w.fake, 'Alpha', 9_000);
  setViews(w.fake, 'Beta_(film)', 25_000);
  const second = await buildLeague(w.app, w.admin, { name: 'Second League', teamName: 'Alice Two' });
  const alpha = await buildContract(w.app, w.team, { articleId: 'Alpha', price: 60, purchaseDate: addDays(TODAY, -3), termDays: 14 });
  const beta = await buildContract(w.app, second.team, { articleId: 'Beta_(film)', price: 200, purchaseDate: addDays(TODAY, -7), termDays: 7 });
  const sold = await w.app.call('POST', `/api/v1/leagues/${w.league.id}/my-contracts/${alpha.id}/sell`, { as: w.admin });
  expect(sold.status).toBe(200);
  w.app.clock.advance(60_000);
  await settlementJob.run(w.app.ctx, w.app.clock.now());
  const outsider = await w.app.player('mallory');
  const inbox = await w.app.call('GET', '/api/v1/player/notifications', { as: w.admin });
  return { app: w.app, world: { ...w, second, alpha, beta, outsider, firstId: inbox.body[0].id as string } };
}

describe('notification in-box', () => {
  scenarioTable(inboxWorld, [
    {
      name: 'every league, newest first, each naming its league and carrying the whole contract',
      method: 'GET',
      path: '/api/v1/player/notifications',
      as: 'admin',
      status: 200,
      expect: (result, w) => {
        expect(result.body).toEqual([
          {
            id: expect.stringMatching(/^nt_/),
            leagueId: w.second.league.id,
            contract: expect.objectContaining({
              id: w.beta.id,
              article: { id: 'Beta_(film)', title: 'Beta (film)', domain: 'en' },
              status: 'settled',
              salePayout: 163,
              team: expect.objectContaining({ name: 'Alice Two', player: { id: w.admin.id, name: 'alice' } }),
            }),
            message: 'Beta (film) settled at expiry: \u221237 credits',
            date: TODAY,
            isRead: false,
          },
          {
            id: expect.stringMatching(/^nt_/),
            leagueId: w.league.id,
            contract: expect.objectContaining({ id: w.alpha.id, status: 'sold', salePayout: 106, purchasePrice: 60 }),
            message: 'Sold Alpha early for 106 credits',
            date: TODAY,
            isRead: false,
          },
        ]);
      },
    },
    { name: 'someone with no notifications gets an empty list', method: 'GET', path: '/api/v1/player/notifications', as: 'outsider', status: 200, expect: [], exact: true },
    { name: 'anonymous', method: 'GET', path: '/api/v1/player/notifications', as: 'anonymous', status: 401, expect: { error: 'UNAUTHORIZED' }, exact: true },
    {
      name: 'one league only',
      method: 'GET',
      path: (w) => `/api/v1/leagues/${w.league.id}/my-notifications`,
      as: 'admin',
      status: 200,
      expect: (result, w) => {
        expect(result.body.map((n: { message: string; leagueId: string }) => [n.leagueId, n.message])).toEqual([[w.league.id, 'Sold Alpha early for 106 credits']]);
      },
    },
    { name: 'per league without a team there', method: 'GET', path: (w) => `/api/v1/leagues/${w.league.id}/my-notifications`, as: 'outsider', status: 404, expect: { error: 'NO_TEAM_IN_LEAGUE' }, exact: true },
    { name: 'per league, unknown league', method: 'GET', path: '/api/v1/leagues/lg_nope/my-notifications', as: 'admin', status: 404, expect: { error: 'LEAGUE_NOT_FOUND' }, exact: true },
    { name: 'mark read: a notification that does not exist', method: 'PATCH', path: '/api/v1/notifications/nt_missing/read', as: 'admin', status: 404, expect: { error: 'NOTIFICATION_NOT_FOUND' }, exact: true },
    { name: 'mark read: an id with a broken percent escape is not found (never 500)', method: 'PATCH', path: '/api/v1/notifications/%ZZ/read', as: 'admin', status: 404, expect: { error: 'NOTIFICATION_NOT_FOUND' }, exact: true },
    { name: 'mark read: an id of 9,000 characters is not found', method: 'PATCH', path: `/api/v1/notifications/${'n'.repeat(9_000)}/read`, as: 'admin', status: 404, expect: { error: 'NOTIFICATION_NOT_FOUND' }, exact: true },
    {
      name: 'mark read ignores a body sent with it',
      method: 'PATCH',
      path: (w) => `/api/v1/notifications/${w.firstId}/read`,
      rawBody: '{"isRead": false, "playerId": "someone"',
      as: 'admin',
      status: 200,
      expect: { success: true },
      exact: true,
    },
  ]);

  it('mark read: the owner gets success and the flag sticks; twice is still success', async () => {
    await withWorld(inboxWorld(), async ({ app, world: w }) => {
      const id = w.firstId;
      const first = await app.call('PATCH', `/api/v1/notifications/${id}/read`, { as: w.admin });
      expect(first).toMatchObject({ status: 200, body: { success: true } });
      const again = await app.call('PATCH', `/api/v1/notifications/${id}/read`, { as: w.admin });
      expect(again).toMatchObject({ status: 200, body: { success: true } });
      const list = await app.call('GET', '/api/v1/player/notifications', { as: w.admin });
      expect(list.body.map((n: { isRead: boolean }) => n.isRead)).toEqual([true, false]);
    });
  });

  it("mark read: someone else's notification is 403 and stays unread", async () => {
    await withWorld(inboxWorld(), async ({ app, world: w }) => {
      const id = w.firstId;
      const result = await app.call('PATCH', `/api/v1/notifications/${id}/read`, { as: w.outsider });
      expect(result).toMatchObject({ status: 403, body: { error: 'NOTIFICATION_NOT_AUTHORIZED' } });
      const list = await app.call('GET', '/api/v1/player/notifications', { as: w.admin });
      expect(list.body[0].isRead).toBe(false);
    });
  });

  it('mark read: anonymous is 401', async () => {
    await withWorld(inboxWorld(), async ({ app, world: w }) => {
      const id = w.firstId;
      expect((await app.call('PATCH', `/api/v1/notifications/${id}/read`)).status).toBe(401);
    });
  });
});

describe('exact sentences (§8)', () => {
  it('renewal, unaffordable renewal, settlement gain and loss, early sell', async () => {
    await withWorld(leagueWorld(), async (w) => {
      setViews(w.fake, 'Alpha', 9_000); // MEDIUM 67
      setViews(w.fake, 'Kyiv_2_Long_Title', 4_000); // MEDIUM 18
      setViews(w.fake, 'Rising', 25_000); // MEDIUM 163
      await buildContract(w.app, w.team, { articleId: 'Alpha', price: 67, purchaseDate: addDays(TODAY, -7), termDays: 7, renewalElected: true, renewalCount: 1 });
      await buildContract(w.app, w.rivalTeam, { articleId: 'Kyiv_2_Long_Title', price: 1000, purchaseDate: addDays(TODAY, -7), termDays: 7, renewalElected: true });
      // bought a millisecond after Kyiv: the sweep goes in purchase order, so Kyiv's renewal is
      // decided before Rising's +163 arrives (within one millisecond only SQLite keeps the order)
      w.app.clock.advance(1);
      await buildContract(w.app, w.rivalTeam, { articleId: 'Rising', price: 0, purchaseDate: addDays(TODAY, -7), termDays: 7 });
      await settlementJob.run(w.app.ctx, w.app.clock.now());
      expect((await notificationMessages(w.app)).sort()).toEqual(
        [
          'Renewed Alpha for 7 more days at 80 credits (+13 premium): 67 credits paid back for the ended term, 80 charged for the new one',
          "Couldn't renew Kyiv 2 Long Title (not enough credits) \u2014 settled at expiry: \u2212982 credits",
          'Rising settled at expiry: +163 credits',
        ].sort(),
      );
    });
  });

  it('a failed notification write is logged, never raised: the sale stands', async () => {
    await withWorld(leagueWorld(), async (w) => {
      setViews(w.fake, 'Alpha', 9_000);
      const c = await buildContract(w.app, w.team, { articleId: 'Alpha', price: 67, termDays: 7 });
      await refuseNotifications(w.app, 'BEFORE');
      const sold = await w.app.call('POST', `/api/v1/leagues/${w.league.id}/my-contracts/${c.id}/sell`, { as: w.admin });
      expect(sold).toMatchObject({ status: 200, body: { status: 'sold', salePayout: 67 } });
      expect(await ledgerCredits(w.app, w.team.id)).toBe(1000);
      expect(w.app.log.lines).toContainEqual(expect.objectContaining({ level: 'error', message: 'notification not written', contractId: c.id }));
      expect(await notificationMessages(w.app)).toEqual([]);
    });
  });

  it('a failed notification write in the sweep is rolled back alone: the settlement and its payout commit', async () => {
    await withWorld(leagueWorld(), async (w) => {
      setViews(w.fake, 'Alpha', 9_000);
      const c = await buildContract(w.app, w.team, { articleId: 'Alpha', price: 50, purchaseDate: addDays(TODAY, -7), termDays: 7 });
      // fails after the row went in: only a savepoint undoes the half-written notification
      await refuseNotifications(w.app, 'AFTER');
      await settlementJob.run(w.app.ctx, w.app.clock.now());
      expect(await contractRow(w.app, c.id)).toMatchObject({ status: 'settled', salePayout: 67 });
      expect(await ledgerCredits(w.app, w.team.id)).toBe(1000 - 50 + 67);
      expect(w.app.log.lines).toContainEqual(expect.objectContaining({ level: 'error', message: 'notification not written', contractId: c.id }));
      expect(await notificationMessages(w.app)).toEqual([]);
    });
  });
});
