/**
 * The league's activity on a phone after the admin removes a team and starts the next season
 * (issue 39): the removal reads as the admin's doing, and the ended season's feed links to the
 * new league, which opens on a tap.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPlayer, registerThroughForm, writeThroughPage, type Service, useServiceAndBrowser } from './harness';

let service: Service;
let browser: Browser;

useServiceAndBrowser({}, async (started, launched) => {
  [service, browser] = [started, launched];
});

describe('the activity of a league whose season the admin renewed', () => {
  it('says who the admin removed and links to the new season', async () => {
    const [ann, bob, cat] = [await newPlayer(browser, service.base, 'tell-ann'), await newPlayer(browser, service.base, 'tell-bob'), await newPlayer(browser, service.base, 'tell-cat')];
    await registerThroughForm(ann, service.base, 'tell_ann');
    await registerThroughForm(bob, service.base, 'tell_bob');
    await registerThroughForm(cat, service.base, 'tell_cat');
    const league = await writeThroughPage(ann.page, service.base, 'POST', '/api/v1/leagues', {
      name: 'Quiet Cup',
      icon: '🏆',
      domain: 'en',
      duration: '2w',
      visibility: 'public',
      invitePolicy: 'members',
      teamName: 'Ann Pages',
    });
    const leagueId = league.id as string;
    await writeThroughPage(bob.page, service.base, 'POST', `/api/v1/leagues/${leagueId}/my-team`, { name: 'Bob Lines' });
    const catTeam = await writeThroughPage(cat.page, service.base, 'POST', `/api/v1/leagues/${leagueId}/my-team`, { name: 'Cat Chapters' });
    await writeThroughPage(ann.page, service.base, 'POST', `/api/v1/leagues/${leagueId}/teams/${catTeam.id as string}/removal`, {});
    await writeThroughPage(ann.page, service.base, 'POST', `/api/v1/leagues/${leagueId}/closure`, {});
    const next = await writeThroughPage(ann.page, service.base, 'POST', `/api/v1/leagues/${leagueId}/next-season`, {});

    const { page } = bob;
    await page.goto(`${service.base}/leagues/${leagueId}/activity`);
    await page.getByText('Cat Chapters was removed by the admin.').waitFor();
    const link = page.getByRole('link', { name: 'Quiet Cup — Season 2' });
    await link.waitFor();
    await bob.screen('activity-season-started');
    await link.click();
    await page.waitForURL(`${service.base}/leagues/${next.id as string}`);
    expect([ann, bob, cat].flatMap((player) => [...player.foreignRequests, ...player.consoleErrors])).toEqual([]);
  }, 120_000);
});
