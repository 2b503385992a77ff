/**
 * Money invariants under randomised sequences (seeded, so a failure replays) of buys, sells,
 * renewal elections and withdrawals, sweeps and passing days, some of them concurrent:
 * credits never negative, the ledger equals both the API's credits and an independent model
 * of every payment, an article is never held twice in a league, and a re-run sweep changes nothing.
 */
import { asc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, utcDay } from '../../../src/domain/dates';
import { rowsOf, tablesOf } from '../../../src/platform/db/dialect';
import type { TestPlayer } from '../../support/app';
import { buildTeam } from '../../support/builders';
import { flatSeries, leagueWorld, ledgerCredits } from './contracts-fixtures';

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(items: T[]) => items[Math.floor(next() * items.length)]! };
}

const ARTICLES = Array.from({ length: 14 }, (_, i) => `Topic_${i}`);
const TIERS = ['SHORT', 'MEDIUM', 'LONG'];
const VIEW_LEVELS = [1_500, 9_000, 25_000, 130_000, 300_000, 638_000];

async function runSequence(seed: number, steps: number) {
  const random = prng(seed);
  const w = await leagueWorld();
  const { app, fake, league } = w;
  try {
    const members: { player: TestPlayer; teamId: string }[] = [
      { player: w.admin, teamId: w.team.id },
      { player: w.rival, teamId: w.rivalTeam.id },
    ];
    for (const name of ['cleo', 'dan']) {
      const player = await app.player(name);
      members.push({ player, teamId: (await buildTeam(app, league, player, `${name} XI`)).id });
    }
    const seriesFor = (views: number) => flatSeries(views, addDays(utcDay(app.clock.now()), -1), 40);
    const reprice = () => {
      fake.data.publishedThrough = addDays(utcDay(app.clock.now()), -1);
      for (const article of ARTICLES) fake.data.setSeries('en', article, seriesFor(random.pick(VIEW_LEVELS)));
    };
    reprice();
    const model = new Map(members.map((m) => [m.teamId, 1000]));
    const sweeper = app.ctx.services.settlement;
    const base = `/api/v1/leagues/${league.id}`;
    // by article: contracts bought in one millisecond of the pinned clock are listed in the order
    // written on SQLite but by their random ids on PostgreSQL, and a seed must replay on both
    const myContracts = async (m: (typeof members)[number]) =>
      ((await app.call('GET', `${base}/my-contracts`, { as: m.player })).body as { id: string; expireDate: string; article: { id: string } }[]).sort((a, b) =>
        a.article.id < b.article.id ? -1 : a.article.id > b.article.id ? 1 : 0,
      );

    const buyOne = async (m: (typeof members)[number]) => {
      const result = await app.call('POST', `${base}/my-contracts`, { as: m.player, body: { articleId: random.pick(ARTICLES), tier: random.pick(TIERS) } });
      if (result.status === 201) model.set(m.teamId, model.get(m.teamId)! - result.body.purchasePrice);
      else expect(['ARTICLE_TAKEN', 'ALREADY_OWNED', 'TEAM_FULL', 'NOT_ENOUGH_CREDITS']).toContain(result.body.error);
    };

    const checkInvariants = async () => {
      for (const m of members) {
        const ledger = await ledgerCredits(app, m.teamId);
        expect(ledger).toBeGreaterThanOrEqual(0);
        expect(ledger).toBe(model.get(m.teamId));
        const team = await app.call('GET', `${base}/my-team`, { as: m.player });
        expect(team.body.credits).toBe(ledger);
      }
      const { contracts } = tablesOf(app.ctx.db);
      const doubles = await rowsOf<{ n: number }>(
        app.ctx.db,
        sql`SELECT count(*) AS n FROM ${contracts} WHERE status = 'live' GROUP BY league_id, article_id HAVING count(*) > 1`,
      );
      expect(doubles).toEqual([]);
    };

    for (let step = 0; step < steps; step++) {
      const m = random.pick(members);
      const roll = random.next();
      if (roll < 0.4) {
        await buyOne(m);
      } else if (roll < 0.55) {
        // a burst of simultaneous buys by everyone
        await Promise.all(members.map((member) => buyOne(member)));
      } else if (roll < 0.62) {
        const held = await myContracts(m);
        if (held.length > 0) {
          const result = await app.call('POST', `${base}/my-contracts/${random.pick(held).id}/sell`, { as: m.player });
          if (result.status === 200) model.set(m.teamId, model.get(m.teamId)! + result.body.salePayout);
          else expect(result.body.error).toBe('CONTRACT_EXPIRED');
        }
      } else if (roll < 0.8) {
        const held = await myContracts(m);
        const tomorrow = addDays(utcDay(app.clock.now()), 1);
        const inWindow = held.filter((c) => c.expireDate <= tomorrow);
        // mostly: elect every contract of the team inside the window; otherwise one random elect/withdraw
        const targets = inWindow.length > 0 && random.next() < 0.8 ? inWindow : held.length > 0 ? [random.pick(held)] : [];
        const method = targets.length > 1 || random.next() < 0.85 ? 'POST' : 'DELETE';
        for (const target of targets) {
          const result = await app.call(method, `${base}/my-contracts/${target.id}/renew`, { as: m.player });
          if (result.status !== 200) expect(['RENEWAL_WINDOW_CLOSED', 'CONTRACT_EXPIRED', 'RENEWAL_NOT_ELECTED']).toContain(result.body.error);
        }
      } else if (roll < 0.9) {
        const report = await sweeper.sweep(app.clock.now());
        for (const outcome of report.outcomes) { 
          const delta =
            outcome.result === 'renewed' ? outcome.currentPrice! - outcome.newPurchasePrice! : outcome.result === 'skipped' ? 0 : outcome.currentPrice!;
          model.set(outcome.teamId, model.get(outcome.teamId)! + delta);
        }
        const { contracts, ledgerEntries, notifications } = tablesOf(app.ctx.db);
        const snapshot = () =>
          Promise.all([
            app.ctx.db.select().from(contracts).orderBy(asc(contracts.id)),
            app.ctx.db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id)),
            app.ctx.db.select().from(notifications).orderBy(asc(notifications.id)),
          ]);
        const before = await snapshot();
        const rerun = await sweeper.sweep(app.clock.now());
        expect(rerun.outcomes).toEqual([]);
        expect(await snapshot()).toEqual(before);
      } else {
        app.clock.advanceDays(1);
        for (const member of members) member.player.cookie = await app.cookieFor(member.player.subject);
        reprice();
      }
      await checkInvariants();
    }
    const { ledgerEntries } = tablesOf(app.ctx.db);
    const totals = await rowsOf<{ kind: string; n: number }>(app.ctx.db, sql`SELECT kind, count(*) AS n FROM ${ledgerEntries} GROUP BY kind`);
    return Object.fromEntries(totals.map((t) => [t.kind, t.n]));
  } finally {
    await app.close();
  }
}

describe('money invariants under random play', () => {
  it.each([1, 7, 2026])('seed %i', async (seed) => {
    const kinds = await runSequence(seed, 160);
    // the sequence really exercised every kind of money movement
    expect(Object.keys(kinds).sort()).toEqual(['purchase', 'renewal_purchase', 'sale_payout', 'settlement_payout']);
  }, 120_000);
});
