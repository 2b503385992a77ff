/**
 * Shared starting points for the league and team API tests: an app whose encyclopedia is
 * the loopback fake (pinned to the app's day), and a valid founding request.
 */
import { parseConfig } from '../../src/config';
import { createEncyclopediaClient } from '../../src/upstream/encyclopedia';
import { ConcurrencyLimiter } from '../../src/upstream/limiter';
import { createTestApp, type TestApp, type TestAppOptions } from '../support/app';
import { startFakeEncyclopedia, type FakeEncyclopedia } from '../fakes/encyclopedia';

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

export interface FakeBackedApp {
  app: TestApp;
  fake: FakeEncyclopedia;
}

/** An app wired to a fresh loopback encyclopedia; `app.close()` stops both. */
export async function appWithFake(options: TestAppOptions = {}): Promise<FakeBackedApp> {
  const fake = await startFakeEncyclopedia({ today: TODAY });
  const config = parseConfig({
    encyclopedia: { metricsUrl: fake.metricsUrl, siteUrl: fake.siteUrl, metaUrl: fake.metaUrl, userAgent: 'FantasyTest/1.0 (test@example.org)' },
  });
  const encyclopedia = createEncyclopediaClient(config, {
    sleep: async () => undefined,
    baseDelayMs: 1,
    timeoutMs: 5_000,
    limiter: new ConcurrencyLimiter(config.encyclopedia.maxConcurrency),
  });
  const app = await createTestApp({ now: NOW, ...options, upstream: { encyclopedia, ...options.upstream } });
  const closeApp = app.close.bind(app);
  app.close = async () => {
    await closeApp();
    await fake.close();
  };
  return { app, fake };
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
