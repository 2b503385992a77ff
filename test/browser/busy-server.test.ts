/**
 * A busy morning (issue 40): the service turns requests away with 503 and Retry-After when it
 * is overloaded or its database is away. The app asks a read again after the wait, saying on
 * the screen that it is waiting, and draws the screen without a reload; a write is never
 * asked again behind the player's back: the player is told, and repeats it.
 */
import type { Browser, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPlayer, registerThroughForm, type Player, type Service, useServiceAndBrowser } from './harness';

let service: Service;
let browser: Browser;

useServiceAndBrowser({}, async (started, launched) => {
  [service, browser] = [started, launched];
  expect((await service.fantasy('seed-global')).status).toBe(0);
});

/** Answers the first `times` matching requests as a shedding server does, then lets them through. */
function shedFirst(times: number, code: 'OVERLOADED' | 'DATABASE_UNAVAILABLE', retryAfterSeconds: number) {
  let shed = 0;
  let seen = 0;
  const handler = async (route: Route) => {
    seen++;
    if (shed < times) {
      shed++;
      await route.fulfill({ status: 503, headers: { 'retry-after': String(retryAfterSeconds) }, contentType: 'application/json', body: JSON.stringify({ error: code }) });
    } else {
      await route.fallback();
    }
  };
  return { handler, seen: () => seen };
}

describe('the app when the service is busy', () => {
  let player: Player;

  it('tells the player when a join was turned away and does not send it again by itself', async () => {
    player = await newPlayer(browser, service.base, 'busy');
    const { page } = player;
    await registerThroughForm(player, service.base, 'ada_busy');
    const join = shedFirst(1, 'OVERLOADED', 1);
    await page.route(/\/api\/v1\/leagues\/global\/my-team$/, async (route) => (route.request().method() === 'POST' ? join.handler(route) : route.fallback()));
    await page.getByLabel(/Your team name in/).first().fill('Ada XI');
    await page.getByRole('button', { name: /^Join Global/ }).click();
    await page.getByRole('alert').filter({ hasText: 'The server is very busy right now and did not take that request' }).waitFor();
    // longer than any retry's wait: nothing went out behind the player's back
    await page.waitForTimeout(2_500);
    expect(join.seen(), 'join requests sent').toBe(1);
    await page.getByRole('button', { name: /^Join Global/ }).click();
    await page.getByRole('heading', { name: 'Ada XI' }).waitFor();
    expect(join.seen(), 'join requests sent').toBe(2);
    await page.unrouteAll();
  });

  it('says it is waiting while a read is turned away, then draws the league home without a reload', async () => {
    const { page } = player;
    // the league home's one answer is shed as busy, then refused while the database is away
    const overloaded = shedFirst(1, 'OVERLOADED', 3);
    const unavailable = shedFirst(1, 'DATABASE_UNAVAILABLE', 3);
    await page.route(/\/api\/v1\/leagues\/global\/home$/, (route) => (overloaded.seen() === 0 ? overloaded.handler(route) : unavailable.handler(route)));
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto(`${service.base}/leagues/global`);
    const notice = page.getByRole('status').filter({ hasText: 'The server is busy right now. Trying again in a moment' });
    await notice.waitFor();
    // neither a blank page nor an error: the screen is still loading, and says why
    expect(await page.getByRole('alert').count()).toBe(0);
    await player.screen('busy-waiting');
    await page.getByRole('heading', { name: 'Ada XI' }).waitFor({ timeout: 15_000 });
    await page.getByRole('table').first().waitFor();
    await notice.waitFor({ state: 'detached' });
    expect([overloaded.seen(), unavailable.seen()], 'league home requests').toEqual([1, 2]);
    expect(loads, 'page loads').toBe(1);
    await player.screen('busy-recovered');
    expect(player.foreignRequests).toEqual([]);
    // the browser logs every 503; the harness forgives those the service shed as OVERLOADED,
    // so only the database's own refusal is left
    expect(player.consoleErrors).toEqual([expect.stringMatching(/status of 503 \(Service Unavailable\)/)]);
  });
});
