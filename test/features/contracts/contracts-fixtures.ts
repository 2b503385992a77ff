/**
 * Starting points for the market, contract, settlement and notification API tests: an app on
 * the loopback encyclopedia (pinned to the app's day), helpers to give articles a pageview
 * history, and shortcuts for reading money straight from the ledger.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import { addDays } from '../../../src/domain/dates';
import { writeTransaction } from '../../../src/platform/db/database';
import { newId } from '../../../src/platform/db/ids';
import { execute, first, tablesOf } from '../../../src/platform/db/dialect';
import type { TeamRow } from '../../../src/features/leagues/store';
import type { TestApp, TestAppOptions, TestPlayer } from '../../support/app';
import { buildLeague, buildTeam, type LeagueSpec } from '../../support/builders';
import { appWithFakeEncyclopedia, type FakeBackedApp } from '../../support/encyclopedia';
import type { FakeEncyclopedia } from '../../fakes/encyclopedia';

export const NOW = '2026-05-10T12:00:00.000Z';
export const TODAY = '2026-05-10';
export const YESTERDAY = '2026-05-09';

export type MarketApp = FakeBackedApp;

/** An app wired to a fresh loopback encyclopedia pinned to the app's day; `app.close()` stops both. */
export function appWithEncyclopedia(options: TestAppOptions = {}): Promise<MarketApp> {
  return appWithFakeEncyclopedia({ now: NOW, ...options });
}

/** `days` daily points of `views` each, ending at `end` (the fake publishes through yesterday). */
export function flatSeries(views: number, end = YESTERDAY, days = 60) {
  return Array.from({ length: days }, (_, i) => ({ date: addDays(end, -(days - 1) + i), views }));
}

/** Gives an article a flat history so its 30-day average is exactly `views`. */
export function setViews(fake: FakeEncyclopedia, articleId: string, views: number, domain = 'en'): void {
  fake.data.setSeries(domain, articleId, flatSeries(views));
}

export interface League {
  app: TestApp;
  fake: FakeEncyclopedia;
  admin: TestPlayer;
  league: Awaited<ReturnType<typeof buildLeague>>['league'];
  team: TeamRow;
}

/** An app, a league founded by `admin` (with a team), and a second member `rival`. */
export async function leagueWorld(spec: LeagueSpec = {}, options: TestAppOptions = {}) {
  const { app, fake } = await appWithEncyclopedia(options);
  const admin = await app.player('alice');
  const rival = await app.player('bob');
  const { league, team } = await buildLeague(app, admin, { teamName: 'Alice FC', ...spec });
  const rivalTeam = await buildTeam(app, league, rival, 'Bob United');
  return { app, fake, admin, rival, league, team, rivalTeam };
}

/** Runs `body` on a freshly built world and closes its app (and its encyclopedia) whatever happens. */
export async function withWorld<W extends { app: TestApp }>(world: Promise<W>, body: (world: W) => Promise<void> | void): Promise<void> {
  const built = await world;
  try {
    await body(built);
  } finally {
    await built.app.close();
  }
}

export function buy(app: TestApp, leagueId: string, as: TestPlayer, articleId: string, tier = 'MEDIUM') {
  return app.call('POST', `/api/v1/leagues/${leagueId}/my-contracts`, { as, body: { articleId, tier } });
}

/** Credits straight from the ledger (1000 + Σ), independent of any endpoint. */
export async function ledgerCredits(app: TestApp, teamId: string): Promise<number> {
  const { ledgerEntries } = tablesOf(app.ctx.db);
  const row = await first(
    app.ctx.db
      .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.teamId, teamId)),
  );
  return 1000 + Number(row?.total ?? 0);
}

export async function ledgerOf(app: TestApp, contractId: string) {
  const { ledgerEntries } = tablesOf(app.ctx.db);
  const entries = await app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.contractId, contractId)).orderBy(ledgerEntries.id);
  return entries.map((e) => ({ kind: e.kind, amount: e.amount }));
}

export async function contractRow(app: TestApp, id: string) {
  const { contracts } = tablesOf(app.ctx.db);
  return (await first(app.ctx.db.select().from(contracts).where(eq(contracts.id, id))))!;
}

export async function notificationMessages(app: TestApp): Promise<string[]> {
  const { notifications } = tablesOf(app.ctx.db);
  return (await app.ctx.db.select().from(notifications)).map((n) => n.message);
}

/**
 * Runs one raw statement in a write transaction on either engine (drizzle's `sql` binds the
 * values for both): a test's set-up that no endpoint offers, such as closing a league by hand.
 */
export function writeSql(app: TestApp, statement: SQL): Promise<number> {
  return writeTransaction(app.ctx.db, (tx) => execute(tx, statement));
}

/** Past winnings, so a test can afford prices above the starting 1,000 (a settled contract's payout). */
export async function grantWinnings(app: TestApp, team: TeamRow, amount: number): Promise<void> {
  const { contracts, ledgerEntries } = tablesOf(app.ctx.db);
  await writeTransaction(app.ctx.db, async (tx) => {
    const id = newId('ct');
    await tx
      .insert(contracts)
      .values({
        id,
        leagueId: team.leagueId,
        teamId: team.id,
        articleId: `Past_winner_${id}`,
        domain: 'en',
        heldSince: '2026-01-01',
        purchaseDate: '2026-01-01',
        expireDate: '2026-01-08',
        purchasePrice: 0,
        status: 'settled',
        salePayout: amount,
        closedOn: '2026-01-08',
        createdAt: '2026-01-01T00:00:00.000Z',
      });
    await tx.insert(ledgerEntries).values({ teamId: team.id, contractId: id, kind: 'settlement_payout', amount, createdAt: '2026-01-08T06:00:00.000Z' });
  });
}
