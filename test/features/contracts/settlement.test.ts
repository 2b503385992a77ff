/**
 * The settlement sweep (§5.9 execution, §5.10, §14 #10), run as the 06:00 UTC daily job and
 * observed through the API and the ledger: expiry P&L, renewal in place with its escalating
 * premium, unaffordable renewals, unavailable views, and re-runs that change nothing.
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../src/domain/dates';
import { settlementJob } from '../../../src/features/contracts/settlement-job';
import { asc, eq } from 'drizzle-orm';
import { tablesOf } from '../../../src/platform/db/dialect';
import type { TestApp } from '../../support/app';
import { buildContract, buildLeague } from '../../support/builders';
import { contractRow, leagueWorld, ledgerCredits, ledgerOf, notificationMessages, setViews, TODAY, withWorld } from './contracts-fixtures';
import { writeTransaction } from '../../../src/platform/db/database';

const sweep = (app: TestApp) => settlementJob.run(app.ctx, app.clock.now());

async function world() {
  const w = await leagueWorld();
  setViews(w.fake, 'Alpha', 9_000); // MEDIUM 67, SHORT 29, LONG 135
  return w;
}

/** Alpha bought 7 days ago for `price` at MEDIUM: it expires today. */
function expiringAlpha(w: Awaited<ReturnType<typeof world>>, price: number, extra: { renewalElected?: boolean; renewalCount?: number } = {}) {
  return buildContract(w.app, w.team, { articleId: 'Alpha', price, purchaseDate: addDays(TODAY, -7), termDays: 7, ...extra });
}

describe('settlement sweep', () => {
  it('is a daily job at 06:00 UTC', () => {
    expect(settlementJob).toMatchObject({ name: 'settlement', hour: 6, minute: 0 });
  });

  it.each([
    [50, 'Alpha settled at expiry: +17 credits', 17],
    [67, 'Alpha settled at expiry: +0 credits', 0],
    [100, 'Alpha settled at expiry: \u221233 credits', -33],
  ])('settles at today’s price: bought at %i', async (bought, message, delta) => {
    await withWorld(world(), async (w) => {
      const c = await expiringAlpha(w, bought);
      await sweep(w.app);
      expect(await contractRow(w.app, c.id)).toMatchObject({ status: 'settled', salePayout: 67, closedOn: TODAY });
      expect(await ledgerOf(w.app, c.id)).toEqual([
        { kind: 'purchase', amount: -bought },
        { kind: 'settlement_payout', amount: 67 },
      ]);
      const team = await w.app.call('GET', `/api/v1/leagues/${w.league.id}/my-team`, { as: w.admin });
      expect(team.body.credits).toBe(1000 + delta);
      expect(await notificationMessages(w.app)).toEqual([message]);
      // a settled contract leaves the lists and frees its article
      const mine = await w.app.call('GET', `/api/v1/leagues/${w.league.id}/my-contracts`, { as: w.admin });
      expect(mine.body).toEqual([]);
    });
  });

  it('leaves contracts that have not reached their expiry day', async () => {
    await withWorld(world(), async (w) => {
      const c = await buildContract(w.app, w.team, { articleId: 'Alpha', price: 50, purchaseDate: addDays(TODAY, -6), termDays: 7 });
      await sweep(w.app);
      expect((await contractRow(w.app, c.id)).status).toBe('live');
      expect(await notificationMessages(w.app)).toEqual([]);
    });
  });

  it('renews an elected contract in place: same id, new term, the old term’s P&L realised, only the premium paid', async () => {
    await withWorld(world(), async (w) => {
      const c = await expiringAlpha(w, 50);
      const elect = await w.app.call('POST', `/api/v1/leagues/${w.league.id}/my-contracts/${c.id}/renew`, { as: w.admin });
      expect(elect.status).toBe(200);
      await sweep(w.app);
      expect(await contractRow(w.app, c.id)).toMatchObject({
        status: 'live',
        heldSince: addDays(TODAY, -7),
        purchaseDate: TODAY,
        expireDate: addDays(TODAY, 7),
        purchasePrice: 74,
        renewalCount: 1,
        renewalElected: false,
      });
      expect(await ledgerOf(w.app, c.id)).toEqual([
        { kind: 'purchase', amount: -50 },
        { kind: 'settlement_payout', amount: 67 },
        { kind: 'renewal_purchase', amount: -74 },
      ]);
      // +17 realised on the first term, −7 premium: 1000 − 50 + 67 − 74
      expect(await ledgerCredits(w.app, w.team.id)).toBe(943);
      expect(await notificationMessages(w.app)).toEqual(['Renewed Alpha for 7 more days at 74 credits (+7 premium): 67 credits paid back for the ended term, 74 charged for the new one']);
      const mine = await w.app.call('GET', `/api/v1/leagues/${w.league.id}/my-contracts`, { as: w.admin });
      expect(mine.body[0]).toMatchObject({ id: c.id, renewalCount: 1, renewalElected: false, startDate: `${TODAY}T00:00:00Z`, duration: 'P7D', status: 'live', purchasePrice: 74 });
      // withdrawing after the sweep acted finds no election
      const withdraw = await w.app.call('DELETE', `/api/v1/leagues/${w.league.id}/my-contracts/${c.id}/renew`, { as: w.admin });
      expect(withdraw.body).toEqual({ error: 'RENEWAL_NOT_ELECTED' });
    });
  });

  it('escalates the premium by 10 % per consecutive renewal: +10 %, +20 %, +30 %', async () => {
    await withWorld(world(), async (w) => {
      const c = await expiringAlpha(w, 67);
      const premiums: string[] = [];
      for (let round = 0; round < 3; round++) {
        // sessions last 7 days: sign in again each week
        w.admin.cookie = await w.app.cookieFor(w.admin.subject);
        const elect = await w.app.call('POST', `/api/v1/leagues/${w.league.id}/my-contracts/${c.id}/renew`, { as: w.admin });
        expect(elect.status).toBe(200);
        await sweep(w.app);
        w.app.clock.advanceDays(7);
      }
      premiums.push(...(await notificationMessages(w.app)));
      expect(premiums).toEqual([
        'Renewed Alpha for 7 more days at 74 credits (+7 premium): 67 credits paid back for the ended term, 74 charged for the new one',
        'Renewed Alpha for 7 more days at 80 credits (+13 premium): 67 credits paid back for the ended term, 80 charged for the new one',
        'Renewed Alpha for 7 more days at 87 credits (+20 premium): 67 credits paid back for the ended term, 87 charged for the new one',
      ]);
      expect(await contractRow(w.app, c.id)).toMatchObject({ renewalCount: 3, heldSince: addDays(TODAY, -7), expireDate: addDays(TODAY, 21) });
      // −67 still invested in the live term; each renewal realised +67 and cost the new price
      expect(await ledgerCredits(w.app, w.team.id)).toBe(1000 - 67 + (67 - 74) + (67 - 80) + (67 - 87));
    });
  });

  it('an unaffordable renewal settles with the "couldn\'t renew" message', async () => {
    await withWorld(world(), async (w) => {
      await buildContract(w.app, w.team, { articleId: 'Spent', price: 945 });
      const c = await expiringAlpha(w, 50, { renewalElected: true }); // credits 5; the premium would be 7
      await sweep(w.app);
      expect(await contractRow(w.app, c.id)).toMatchObject({ status: 'settled', salePayout: 67, renewalCount: 0 });
      expect(await ledgerCredits(w.app, w.team.id)).toBe(5 + 67);
      expect(await notificationMessages(w.app)).toEqual(["Couldn't renew Alpha (not enough credits) \u2014 settled at expiry: +17 credits"]);
    });
  });

  it.each([
    ['closed', { closedAt: `${addDays(TODAY, -1)}T08:00:00.000Z` }],
    ['ended', { startDate: `${addDays(TODAY, -30)}T12:00:00.000Z`, durationDays: 30 }],
  ])('in a %s league an elected contract settles instead of buying a term that can never score, and says why', async (_what, spec) => {
    await withWorld(leagueWorld(spec), async (w) => {
      setViews(w.fake, 'Alpha', 9_000);
      const c = await expiringAlpha(w, 50, { renewalElected: true });
      await sweep(w.app);
      expect(await contractRow(w.app, c.id)).toMatchObject({ status: 'settled', salePayout: 67, renewalCount: 0 });
      expect(await ledgerCredits(w.app, w.team.id)).toBe(1000 - 50 + 67);
      expect(await notificationMessages(w.app)).toEqual(["Couldn't renew Alpha (the league has closed or its season ended) \u2014 settled at expiry: +17 credits"]);
    });
  });

  it('a premium equal to the credits is affordable (the realised P&L pays the rest)', async () => {
    await withWorld(world(), async (w) => {
      await buildContract(w.app, w.team, { articleId: 'Spent', price: 943 });
      const c = await expiringAlpha(w, 50, { renewalElected: true }); // credits 7 = the premium
      await sweep(w.app);
      expect((await contractRow(w.app, c.id)).status).toBe('live');
      expect(await ledgerCredits(w.app, w.team.id)).toBe(0);
    });
  });

  it.each([
    ['the sweep fetches each series', false],
    // the series stored before the sweep: both contracts are priced and written in one set
    ['a player opened both articles before the sweep', true],
  ])('re-reads the balance per contract: two renewals cannot overdraw together (Proposed §5.10): %s', async (_, opened) => {
    await withWorld(world(), async (w) => {
      setViews(w.fake, 'Gamma', 9_000);
      await buildContract(w.app, w.team, { articleId: 'Spent', price: 890 });
      const first = await expiringAlpha(w, 50, { renewalElected: true });
      // bought a millisecond later: the sweep takes contracts in the order they were bought
      w.app.clock.advance(1);
      const second = await buildContract(w.app, w.team, { articleId: 'Gamma', price: 50, purchaseDate: addDays(TODAY, -7), termDays: 7, renewalElected: true });
      for (const id of opened ? ['Alpha', 'Gamma'] : []) {
        expect((await w.app.call('GET', `/api/v1/leagues/${w.league.id}/article?id=${id}`, { as: w.admin })).status).toBe(200);
      }
      const fetchesBefore = w.fake.requests.length;
      // credits 10 at the start: each premium is 7, so a start-of-sweep snapshot would renew both and end at −4
      await sweep(w.app);
      expect((await contractRow(w.app, first.id)).status).toBe('live');
      expect((await contractRow(w.app, second.id)).status).toBe('settled');
      expect(await ledgerCredits(w.app, w.team.id)).toBe(10 - 7 + 67);
      expect(w.fake.requests.length - fetchesBefore).toBe(opened ? 0 : 2);
    });
  });

  it('a renewal at a lower price refunds the difference', async () => {
    await withWorld(world(), async (w) => {
      const c = await expiringAlpha(w, 200, { renewalElected: true });
      await sweep(w.app);
      // realised −133 on the first term, then 74 for the new one: net +126 against the 200 paid
      expect(await contractRow(w.app, c.id)).toMatchObject({ status: 'live', purchasePrice: 74 });
      expect(await ledgerCredits(w.app, w.team.id)).toBe(1000 - 200 + 67 - 74);
    });
  });

  it('leaves a contract untouched when its views are unavailable, and settles it on a later run', async () => {
    await withWorld(world(), async (w) => {
      const c = await expiringAlpha(w, 50);
      w.fake.faults.failAlways('per-article', 503);
      const report = await w.app.ctx.services.settlement.sweep(w.app.clock.now());
      expect(report.outcomes).toEqual([expect.objectContaining({ contractId: c.id, result: 'skipped', reason: 'ENCYCLOPEDIA_UNAVAILABLE' })]);
      expect((await contractRow(w.app, c.id)).status).toBe('live');
      expect(await ledgerOf(w.app, c.id)).toHaveLength(1);
      expect(await notificationMessages(w.app)).toEqual([]);
      w.fake.faults.clear();
      await sweep(w.app);
      expect((await contractRow(w.app, c.id)).status).toBe('settled');
    });
  });

  it('a re-run changes nothing: no second payout, no second notification', async () => {
    await withWorld(world(), async (w) => {
      await expiringAlpha(w, 50, { renewalElected: true });
      await buildContract(w.app, w.rivalTeam, { articleId: 'Beta', price: 10, purchaseDate: addDays(TODAY, -3), termDays: 3 });
      setViews(w.fake, 'Beta', 4_000);
      await sweep(w.app);
      const { ledgerEntries, notifications } = tablesOf(w.app.ctx.db);
      const ledgerRows = () => w.app.ctx.db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id));
      const inboxRows = () => w.app.ctx.db.select().from(notifications).orderBy(asc(notifications.id));
      const ledger = await ledgerRows();
      const inbox = await inboxRows();
      await sweep(w.app);
      w.app.clock.advance(3_600_000);
      await sweep(w.app);
      expect(await ledgerRows()).toEqual(ledger);
      expect(await inboxRows()).toEqual(inbox);
    });
  });

  it('two sweeps at once (the 06:00 job and an operator\'s settle) pay and notify each contract once', async () => {
    await withWorld(world(), async (w) => {
      setViews(w.fake, 'Beta', 25_000);
      const settling = await expiringAlpha(w, 50);
      const renewing = await buildContract(w.app, w.rivalTeam, { articleId: 'Beta', price: 100, purchaseDate: addDays(TODAY, -7), termDays: 7, renewalElected: true });
      const service = () => w.app.ctx.services.settlement;
      const reports = await Promise.all([service().sweep(w.app.clock.now()), service().sweep(w.app.clock.now()), sweep(w.app)]);
      const acted: string[] = reports.flatMap((report) => report?.outcomes ?? []).map((o) => o.result);
      // the job answers nothing: what it did is in its log line (on PostgreSQL any of the three may get there first)
      const job = w.app.log.lines.find((line) => line.message === 'settlement sweep done') as { settled: number; renewed: number; skipped: number };
      acted.push(...Array<string>(job.settled).fill('settled'), ...Array<string>(job.renewed).fill('renewed'), ...Array<string>(job.skipped).fill('skipped'));
      expect(acted.sort()).toEqual(['renewed', 'settled']);
      expect(await ledgerOf(w.app, settling.id)).toEqual([
        { kind: 'purchase', amount: -50 },
        { kind: 'settlement_payout', amount: 67 },
      ]);
      // renewed once: +163 realised, 163 + 16 premium for the new term
      expect(await ledgerOf(w.app, renewing.id)).toEqual([
        { kind: 'purchase', amount: -100 },
        { kind: 'settlement_payout', amount: 163 },
        { kind: 'renewal_purchase', amount: -179 },
      ]);
      expect(await contractRow(w.app, renewing.id)).toMatchObject({ status: 'live', renewalCount: 1, expireDate: addDays(TODAY, 7) });
      expect((await notificationMessages(w.app)).sort()).toEqual(['Alpha settled at expiry: +17 credits', 'Renewed Beta for 7 more days at 179 credits (+16 premium): 163 credits paid back for the ended term, 179 charged for the new one']);
    });
  });

  it("a departed player's contracts keep settling", async () => {
    await withWorld(world(), async (w) => {
      const c = await expiringAlpha(w, 50);
      const { teams } = tablesOf(w.app.ctx.db);
      await writeTransaction(w.app.ctx.db, (tx) => tx.update(teams).set({ leftAt: '2026-05-08T00:00:00.000Z' }).where(eq(teams.id, w.team.id)));
      await sweep(w.app);
      expect((await contractRow(w.app, c.id)).status).toBe('settled');
    });
  });

  it('a sweep that missed days settles a renewed term that has also run out', async () => {
    await withWorld(world(), async (w) => {
      const c = await expiringAlpha(w, 67, { renewalElected: true });
      w.app.clock.advanceDays(8); // the renewed term (today … today+7) is over too
      setViews(w.fake, 'Alpha', 9_000);
      w.fake.data.today = addDays(TODAY, 8);
      w.fake.data.publishedThrough = addDays(TODAY, 7);
      w.fake.data.setSeries('en', 'Alpha', Array.from({ length: 60 }, (_, i) => ({ date: addDays(TODAY, -52 + i), views: 9_000 })));
      await sweep(w.app);
      expect(await contractRow(w.app, c.id)).toMatchObject({ status: 'settled', renewalCount: 1, salePayout: 67 });
      expect(await notificationMessages(w.app)).toEqual([
        'Renewed Alpha for 7 more days at 74 credits (+7 premium): 67 credits paid back for the ended term, 74 charged for the new one',
        'Alpha settled at expiry: \u22127 credits',
      ]);
      // re-running picks up nothing more
      await sweep(w.app);
      expect(await notificationMessages(w.app)).toHaveLength(2);
    });
  });
});

describe('the morning after the sweep: renewals priced before the 07:00 push', () => {
  /** the paths of the pageview-series calls the fake saw, by article */
  const seriesCalls = (w: Awaited<ReturnType<typeof world>>) =>
    w.fake.requests.filter((request) => request.route === 'per-article').map((request) => /\/per-article\/[^/]+\/[^/]+\/[^/]+\/([^/]+)\//.exec(decodeURIComponent(request.path))?.[1]);

  /**
   * Alice holds Tomorrow (LONG, expiring tomorrow: its renewal can be chosen today) and Later
   * (expiring in 5 days); a closed league of hers holds Closed, also expiring tomorrow.
   */
  async function morning() {
    const w = await world();
    for (const article of ['Tomorrow', 'Later', 'Closed']) setViews(w.fake, article, 9_000);
    await buildContract(w.app, w.team, { articleId: 'Tomorrow', price: 100, purchaseDate: addDays(TODAY, -13), termDays: 14 });
    await buildContract(w.app, w.team, { articleId: 'Later', price: 100, purchaseDate: addDays(TODAY, -2), termDays: 7 });
    const closed = await buildLeague(w.app, w.admin, { name: 'Shut Book', teamName: 'Alice Shut' });
    await buildContract(w.app, closed.team, { articleId: 'Closed', price: 100, purchaseDate: addDays(TODAY, -6), termDays: 7 });
    const { leagues } = tablesOf(w.app.ctx.db);
    await writeTransaction(w.app.ctx.db, (tx) => tx.update(leagues).set({ closedAt: `${TODAY}T00:00:01.000Z` }).where(eq(leagues.id, closed.league.id)));
    w.fake.resetCounters();
    return w;
  }

  it('prices each article a renewal can be chosen on today, in active leagues only; the players’ lists then fetch nothing', async () => {
    await withWorld(morning(), async (w) => {
      await sweep(w.app);
      expect(seriesCalls(w)).toEqual(['Tomorrow']);
      w.fake.resetCounters();
      const mine = await w.app.call('GET', `/api/v1/leagues/${w.league.id}/my-contracts`, { as: w.admin });
      expect(w.fake.requests).toEqual([]);
      const tomorrow = mine.body.find((c: { article: { id: string } }) => c.article.id === 'Tomorrow');
      // 9,000 views: LONG costs 135 today, and renewing adds the first 10 % premium
      expect(tomorrow).toMatchObject({ expireDate: addDays(TODAY, 1), currentPrice: 135, renewalPrice: 149, renewalPremium: 14 });
      // a second run finds the prices kept
      await sweep(w.app);
      expect(w.fake.requests).toEqual([]);
    });
  });

  it('past its deadline it fetches nothing more, and the player’s read still prices the renewal', async () => {
    await withWorld(morning(), async (w) => {
      const now = w.app.clock.now();
      expect(await w.app.ctx.services.contracts.priceRenewalWindow(now, now)).toEqual({ articles: 1, fetched: 0, unreachable: 0, late: 1 });
      expect(w.fake.requests).toEqual([]);
      const mine = await w.app.call('GET', `/api/v1/leagues/${w.league.id}/my-contracts`, { as: w.admin });
      expect(seriesCalls(w)).toEqual(['Tomorrow']);
      expect(mine.body.find((c: { article: { id: string } }) => c.article.id === 'Tomorrow')).toMatchObject({ renewalPrice: 149 });
    });
  });

  it('an unreachable encyclopedia leaves the article for the read, and the job still completes', async () => {
    await withWorld(morning(), async (w) => {
      w.fake.faults.failAlways('per-article', 503);
      expect(await w.app.ctx.services.contracts.priceRenewalWindow(w.app.clock.now())).toMatchObject({ articles: 1, fetched: 0, unreachable: 1, late: 0 });
    });
  });
});

describe('§14 #7 inherited renewal count', () => {
  /** The day a settled contract ended (the builder dates it by its term). */
  async function closedOn(app: TestApp, contractId: string, day: string): Promise<void> {
    const { contracts } = tablesOf(app.ctx.db);
    await writeTransaction(app.ctx.db, (tx) => tx.update(contracts).set({ closedOn: day }).where(eq(contracts.id, contractId)));
  }

  it('re-buying an article within the previous term’s length after it ended continues the streak', async () => {
    await withWorld(world(), async (w) => {
      const old = await buildContract(w.app, w.team, { articleId: 'Alpha', price: 67, purchaseDate: addDays(TODAY, -10), termDays: 7, status: 'settled', renewalCount: 2 });
      await closedOn(w.app, old.id, addDays(TODAY, -3));
      const bought = await w.app.call('POST', `/api/v1/leagues/${w.league.id}/my-contracts`, { as: w.admin, body: { articleId: 'Alpha', tier: 'SHORT' } });
      expect(bought.body.renewalCount).toBe(3);
    });
  });

  it('after a longer gap, or by another team, the count starts at 0', async () => {
    await withWorld(world(), async (w) => {
      const old = await buildContract(w.app, w.team, { articleId: 'Alpha', price: 67, purchaseDate: addDays(TODAY, -20), termDays: 7, status: 'settled', renewalCount: 2 });
      await closedOn(w.app, old.id, addDays(TODAY, -8));
      const mine = await w.app.call('POST', `/api/v1/leagues/${w.league.id}/my-contracts`, { as: w.admin, body: { articleId: 'Alpha', tier: 'SHORT' } });
      expect(mine.body.renewalCount).toBe(0);
    });
  });
});
