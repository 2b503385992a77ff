/**
 * The service wired to a loopback encyclopedia: a fresh fake pinned to the app's day and a
 * client pointed at it that retries without waiting. `app.close()` stops both.
 */
import { parseConfig } from '../../src/platform/config';
import { createEncyclopediaClient, type EncyclopediaClient } from '../../src/upstream/encyclopedia';
import { ConcurrencyLimiter } from '../../src/upstream/limiter';
import { startFakeEncyclopedia, type FakeEncyclopedia, type FakeEncyclopediaOptions } from '../fakes/encyclopedia';
import { createTestApp, type TestApp, type TestAppOptions } from './app';

export const FAKE_USER_AGENT = 'FantasyTest/1.0 (test@example.org)';
export const DEFAULT_NOW = '2026-05-10T12:00:00.000Z';

/** The `encyclopedia` configuration section pointing at `fake`. */
export function encyclopediaConfigFor(fake: FakeEncyclopedia, userAgent = FAKE_USER_AGENT) {
  return { metricsUrl: fake.metricsUrl, siteUrl: fake.siteUrl, metaUrl: fake.metaUrl, userAgent };
}

/** A client for `fake` that retries at once, with its own limiter of 3 (tests run in parallel). */
export function clientFor(fake: FakeEncyclopedia, userAgent = FAKE_USER_AGENT): EncyclopediaClient {
  const config = parseConfig({ encyclopedia: encyclopediaConfigFor(fake, userAgent) });
  return createEncyclopediaClient(config, {
    sleep: async () => undefined,
    baseDelayMs: 1,
    timeoutMs: 5_000,
    limiter: new ConcurrencyLimiter(config.encyclopedia.maxConcurrency),
  });
}

export interface FakeBackedApp {
  app: TestApp;
  fake: FakeEncyclopedia;
}

export async function appWithFakeEncyclopedia(
  options: TestAppOptions = {},
  fakeOptions: FakeEncyclopediaOptions = {},
): Promise<FakeBackedApp> {
  const now = options.now ?? DEFAULT_NOW;
  const fake = await startFakeEncyclopedia({ today: now.slice(0, 10), ...fakeOptions });
  const app = await createTestApp({ ...options, now, upstream: { encyclopedia: clientFor(fake), ...options.upstream } });
  const closeApp = app.close.bind(app);
  app.close = async () => {
    await closeApp();
    await fake.close();
  };
  return { app, fake };
}
