/**
 * The API reference (`GET /docs`, issue 38 point 6): the binary draws its own OpenAPI document
 * with the Swagger UI it carries, under its content security policy: no request leaves the
 * origin, no policy refusal reaches the console, axe finds nothing serious at phone and desktop
 * sizes, and an operation opens to show its parameters and answers.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPlayer, type Service, useServiceAndBrowser } from './harness';

let service: Service;
let browser: Browser;

useServiceAndBrowser({}, async (started, launched) => {
  [service, browser] = [started, launched];
});

describe('GET /docs in a browser', () => {
  it('draws the service’s own API reference, from its own origin, within its policy', { timeout: 180_000 }, async () => {
    const reader = await newPlayer(browser, service.base, 'api-docs');
    const { page } = reader;
    const documentRead = page.waitForResponse((response) => new URL(response.url()).pathname === '/openapi.json');
    await page.goto(`${service.base}/docs`);
    expect((await documentRead).status()).toBe(200);
    await page.getByRole('heading', { name: /Article Fantasy League/ }).first().waitFor();
    // the groups of the document's tags, and an operation of each regime
    await page.getByRole('heading', { name: 'Leagues' }).first().waitFor();
    await page.locator('.opblock-summary-path', { hasText: '/api/v1/leagues/{id}/leaderboard' }).first().waitFor();
    await page.locator('.opblock-summary-path', { hasText: '/internal/v1/scoring-inputs' }).first().waitFor();
    await reader.screen('reference');

    // an operation opens (by keyboard) to its parameters and answers
    const leaderboard = page.locator('.opblock-summary-control', { hasText: '/api/v1/leagues/{id}/leaderboard' }).first();
    await leaderboard.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Parameters' }).first().waitFor();
    await page.getByRole('heading', { name: 'Responses' }).first().waitFor();
    await reader.screen('operation');

    expect(reader.foreignRequests).toEqual([]);
    expect(reader.consoleErrors).toEqual([]);
    await reader.context.close();
  });
});
