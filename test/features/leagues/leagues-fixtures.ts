/**
 * Shared starting points for the league and team API tests: a world of four leagues, an app
 * whose encyclopedia is the loopback fake (pinned to the app's day), and a valid founding request.
 */
import { seedGlobalLeague } from '../../../src/features/leagues/global-league';
import type { LeagueRow } from '../../../src/features/leagues/store';
import { createTestApp, type TestApp, type TestAppOptions, type TestPlayer } from '../../support/app';
import { buildLeague, buildTeam } from '../../support/builders';
import { appWithFakeEncyclopedia, type FakeBackedApp } from '../../support/encyclopedia';
import type { FakeEncyclopedia } from '../../fakes/encyclopedia';

export const NOW = '2026-05-10T12:00:00.000Z';
export const TODAY = '2026-05-10';

/** The instant `days` (fractions allowed) after NOW. */
export const plus = (days: number) => new Date(Date.parse(NOW) + days * 86_400_000).toISOString();

export interface LeagueWorld extends Record<string, unknown> {
  admin: TestPlayer;
  member: TestPlayer;
  outsider: TestPlayer;
  /** public, invite policy `members`; teams `admin FC` and `Member United` */
  open: LeagueRow;
  /** private, invite policy `admin`, code K7M2Q; only the admin's team */
  secret: LeagueRow;
  /** closed yesterday; only the admin's team */
  closed: LeagueRow;
  /** its 30-day season is over; only the admin's team */
  ended: LeagueRow;
}

/** Four leagues founded by `admin` (each with its team `admin FC`), one of every state a join or leave can meet. */
export async function leagueWorld(): Promise<{ app: TestApp; world: LeagueWorld }> {
  const app = await createTestApp({ now: NOW });
  const [admin, member, outsider] = [await app.player('admin'), await app.player('member'), await app.player('outsider')];
  const open = (await buildLeague(app, admin, { name: 'Open League', invitePolicy: 'members', startDate: plus(-3) })).league;
  await buildTeam(app, open, member, 'Member United');
  const secret = (await buildLeague(app, admin, { name: 'Secret League', visibility: 'private', invitePolicy: 'admin', invitationCode: 'K7M2Q', startDate: plus(-2) })).league;
  const closed = (await buildLeague(app, admin, { name: 'Closed League', closedAt: plus(-1), startDate: plus(-1) })).league;
  const ended = (await buildLeague(app, admin, { name: 'Ended League', startDate: plus(-40), durationDays: 30 })).league;
  return { app, world: { admin, member, outsider, open, secret, closed, ended } };
}

/** What `fantasy seed-global` does, against the app's own database and encyclopedia. */
export function seedGlobal(app: TestApp) {
  const { db, clock, log, services } = app.ctx;
  return seedGlobalLeague({ db, clock, log, scales: services.leagues });
}

export function createBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Readers Cup',
    icon: '🏆',
    domain: 'en',
    duration: '1m',
    visibility: 'public',
    invitePolicy: 'members',
    teamName: 'Founders FC',
    ...overrides,
  };
}

export type { FakeBackedApp };

/** An app wired to a fresh loopback encyclopedia pinned to the app's day; `app.close()` stops both. */
export function appWithFake(options: TestAppOptions = {}): Promise<FakeBackedApp> {
  return appWithFakeEncyclopedia({ now: NOW, ...options });
}

/**
 * Makes `domain` a copy of English with every top-list row scaled: en's views × `en`, the
 * target's × `target` (whole numbers, as AQS counts), so its L is exactly `en / target`.
 */
export function mirrorEnglish(fake: FakeEncyclopedia, domain: string, factor: number | { en: number; target: number }): void {
  const { en: enTimes, target: targetTimes } = typeof factor === 'number' ? { en: factor, target: 1 } : factor;
  fake.data.setSiteInfo(domain, { ...fake.data.siteInfoOf('en')!, lang: domain });
  for (let offset = 1; offset <= 30; offset++) {
    const day = new Date(Date.parse(`${TODAY}T00:00:00Z`) - offset * 86_400_000).toISOString().slice(0, 10);
    const en = fake.data.topList('en', day);
    fake.data.setTop('en', day, en && en.map((row) => ({ article: row.article, views: row.views * enTimes })));
    fake.data.setTop(domain, day, en && en.map((row) => ({ article: row.article, views: row.views * targetTimes })));
  }
}

/** Encyclopedia requests the fake saw for one route (and edition). */
export function requestsTo(fake: FakeEncyclopedia, route: string, domain?: string) {
  return fake.requests.filter((r) => r.route === route && (domain === undefined || r.domain === domain));
}
