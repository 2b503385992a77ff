/**
 * Shared starting points for the league and team API tests: an app whose encyclopedia is
 * the loopback fake (pinned to the app's day), and a valid founding request.
 */
import type { TestApp, TestAppOptions } from '../support/app';
import { appWithFakeEncyclopedia, type FakeBackedApp } from '../support/encyclopedia';
import type { FakeEncyclopedia } from '../fakes/encyclopedia';

export const NOW = '2026-05-10T12:00:00.000Z';
export const TODAY = '2026-05-10';

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
