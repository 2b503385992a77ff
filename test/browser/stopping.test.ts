/**
 * Stopping promptly with browsers connected (issue 23 point 10): a restart waited seconds for
 * keep-alive connections that browsers hold open. `serve` closes idle connections at once on
 * SIGTERM and lets a request in flight finish inside a bounded grace, then exits.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPlayer, registerThroughForm, type Player, type Service, useServiceAndBrowser } from './harness';

let service: Service;
let browser: Browser;

useServiceAndBrowser({}, async (started, launched) => {
  [service, browser] = [started, launched];
  expect((await service.fantasy('seed-global')).status).toBe(0);
});

async function playGlobal(player: Player, username: string): Promise<void> {
  const { page } = player;
  await registerThroughForm(player, service.base, username);
  await page.getByLabel(/Your team name in/).first().fill(`${username} XI`);
  await page.getByRole('button', { name: /^Join Global/ }).click();
  await page.getByRole('heading', { name: `${username} XI` }).waitFor();
}

// The keep-alive timeout is 5 s and the grace for requests in flight 10 s: a stop that waited
// for either would take longer than this.
const PROMPT_MS = 3_000;

describe('serve on SIGTERM with browsers connected', () => {
  it('answers the request in flight, then exits at once despite the idle connections browsers keep', async () => {
    const [ada, bob] = [await newPlayer(browser, service.base, 'stopping'), await newPlayer(browser, service.base, 'stopping')];
    await playGlobal(ada, 'ada_stops');
    await playGlobal(bob, 'bob_stops');
    // Bob's browser sits on the market with its connections open and idle.
    await bob.page.goto(`${service.base}/leagues/global/market`);
    await bob.page.getByRole('heading', { level: 1, name: /Market/ }).waitFor();

    // Ada opens an article whose encyclopedia summary is slow to come: her read is in flight.
    service.fake.faults.slow('summary', 1_500, 1);
    const asked = ada.page.waitForRequest((request) => request.url().includes('/api/v1/leagues/global/article?'));
    const answered = ada.page.waitForResponse((response) => response.url().includes('/api/v1/leagues/global/article?'));
    await ada.page.goto(`${service.base}/leagues/global/articles/Sample_article_200`);
    await asked;

    const stopAsked = Date.now();
    const exited = service.signal('SIGTERM');
    const response = await answered;
    const answeredAt = Date.now();
    expect(response.status()).toBe(200);
    await ada.page.getByRole('heading', { level: 1, name: 'Sample article 200' }).waitFor();

    expect(await exited).toBe(0);
    const exitedAt = Date.now();
    expect(exitedAt - answeredAt, 'exit after the last answer').toBeLessThan(PROMPT_MS);
    expect(exitedAt - stopAsked, 'the whole stop').toBeLessThan(1_500 + PROMPT_MS);
  });
});
