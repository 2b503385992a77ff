/**
 * Leagues between friends in a browser: found a private league with the edition picker,
 * copy its invitation, a friend joins by the shared link and reads a line-up, leaves after
 * a confirmation, the founder closes the league; refusals read as sentences, and a lapsed
 * session returns to sign-in and then to the page the player was on.
 */
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPlayer, type Player, type Service, useServiceAndBrowser } from './harness';
import { scanQr } from './qr';

let service: Service;
let browser: Browser;

useServiceAndBrowser({}, async (started, launched) => {
  [service, browser] = [started, launched];
});

async function register(player: Player, username: string): Promise<void> {
  await player.page.goto(`${service.base}/signin`);
  await player.page.getByRole('button', { name: 'I am new here' }).click();
  await player.page.getByLabel('Username').fill(username);
  await player.page.getByLabel('Password', { exact: true }).fill(`${username}-password`);
  // the welcome looks for the Global League (serve seeds it) as it opens; its answer must arrive
  // before the test moves on, so what the test reads next does not depend on timing
  const globalLookup = player.page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/leagues/global');
  await player.page.getByRole('button', { name: 'Create account' }).click();
  await player.page.getByRole('heading', { level: 1, name: 'Welcome to the league' }).waitFor();
  expect((await globalLookup).status()).toBe(200);
}

describe('leagues between friends', () => {
  it('a season that has ended reads as an archive, with nothing offered that the league refuses', async () => {
    const player = await newPlayer(browser, service.base, 'leagues-ended');
    await register(player, 'season_player');
    // Founded through the API from the page itself (same origin, as the app does), then ended:
    // the binary's clock cannot move, so its store gets a season that ended yesterday, with the
    // league's version bumped as every write bumps it.
    const league = (await player.page.evaluate(`fetch('/api/v1/leagues', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Last Season', teamName: 'Old Hands', icon: '📚', domain: 'en', duration: '2w', visibility: 'private', invitePolicy: 'admin' }),
    }).then((response) => response.json())`)) as { id: string };
    const store = new Database(service.databasePath);
    try {
      const ended = store
        .prepare('UPDATE leagues SET start_date = ?, end_date = ?, version = version + 1 WHERE id = ?')
        .run(new Date(Date.now() - 15 * 86_400_000).toISOString(), new Date(Date.now() - 86_400_000).toISOString(), league.id);
      expect(ended.changes).toBe(1);
    } finally {
      store.close();
    }
    await player.page.goto(`${service.base}/leagues/${league.id}`);
    await player.page.getByText(/The season ended on .*the standings are final\./).waitFor();
    await player.page.getByText(/This league is an archive/).waitFor();
    const nav = player.page.getByRole('navigation', { name: /sections/ });
    await expect(nav.getByRole('link').allTextContents()).resolves.toEqual(['Final standings', 'Activity', 'History']);
    for (const offer of [/Buy articles/, /Set the line-up/, /Leave the league/, /Close the league/, /Copy code/]) {
      await expect(player.page.getByRole('link', { name: offer }).or(player.page.getByRole('button', { name: offer })).count()).resolves.toBe(0);
    }
    await player.page.getByRole('row', { name: /Old Hands/ }).waitFor();
    await player.screen('ended-archive');
    expect(player.foreignRequests).toEqual([]);
    expect(player.consoleErrors).toEqual([]);
  }, 60_000);

  it('founds, invites, joins by link, reads a line-up, leaves and closes', async () => {
    const founder = await newPlayer(browser, service.base, 'leagues-founder');
    const friend = await newPlayer(browser, service.base, 'leagues-friend');
    await register(founder, 'host_player');
    // serve seeded the Global League: the welcome offers it first, then the other ways in
    await founder.page.getByRole('button', { name: 'Join Global League' }).waitFor();
    await founder.screen('welcome');

    await founder.page.getByRole('link', { name: 'Found a league' }).click();
    await founder.page.getByRole('heading', { level: 1, name: 'Found a league' }).waitFor();
    await founder.page.getByLabel('League name').fill('Book Club');
    await founder.page.getByLabel('Your team name').fill('Page Turners');
    await founder.page.getByLabel('Search editions').fill('engl');
    const editions = founder.page.getByLabel(/^Edition \(\d+ shown\)/);
    await expect(editions.locator('option').allTextContents()).resolves.toEqual(['English · English (en)']);
    await editions.selectOption('en');
    await founder.screen('found-league');
    await founder.page.getByRole('button', { name: 'Found the league' }).click();

    await founder.page.getByRole('heading', { level: 1, name: 'Book Club' }).waitFor();
    const code = (await founder.page.locator('strong.code').textContent())!;
    expect(code).toMatch(/^[A-Z0-9]{5}$/);
    // no share sheet in a desktop browser: the Share button copies the link, and says so
    await founder.page.getByRole('button', { name: 'Share the invitation' }).click();
    await founder.page.getByRole('status').getByText('Link copied: paste it to your friends.').waitFor();
    expect(await founder.page.evaluate('navigator.clipboard.readText()')).toBe(`${service.base}/join/${code}?league=Book%20Club`);
    // the QR code beside it opens the same link when a friend's camera reads it
    const qr = founder.page.getByRole('img', { name: 'QR code of the invitation link to Book Club' });
    await expect(scanQr(qr)).resolves.toBe(`${service.base}/join/${code}?league=Book%20Club`);
    await founder.screen('league-home-invite');
    const leagueUrl = founder.page.url();

    // The friend opens the shared link.
    await register(friend, 'guest_player');
    await friend.page.goto(`${service.base}/join/${code}`);
    await friend.page.getByRole('heading', { name: 'Book Club' }).waitFor();
    await friend.screen('join-by-link');
    await friend.page.getByLabel('Your team name in Book Club').fill('Page Turners');
    await friend.page.getByRole('button', { name: 'Join Book Club' }).click();
    // A refusal in words: the founder's team already has that name.
    await friend.page.getByText('Another team in this league already has that name.').waitFor();
    await friend.screen('join-refused');
    await friend.page.getByLabel('Your team name in Book Club').fill('Margin Notes');
    await friend.page.getByRole('button', { name: 'Join Book Club' }).click();
    await friend.page.getByRole('row', { name: /Margin Notes/ }).waitFor();

    await friend.page.getByRole('link', { name: 'Page Turners' }).click();
    await friend.page.getByRole('heading', { level: 1, name: 'Page Turners: line-up' }).waitFor();
    await friend.page.getByRole('group', { name: 'Goalkeeper: empty' }).waitFor();
    await friend.screen('team-lineup');

    await friend.page.getByRole('link', { name: 'Leagues' }).click();
    await friend.page.getByRole('link', { name: 'Browse public leagues' }).click();
    await friend.page.getByRole('heading', { level: 1, name: 'Public leagues' }).waitFor();
    // the private Book Club is not on the shelf; the Global League that serve seeded is
    await friend.page.getByRole('button', { name: /^Join Global League/ }).waitFor();
    expect(await friend.page.getByText('Book Club').count()).toBe(0);
    await friend.screen('public-leagues');

    await friend.page.goto(leagueUrl);
    await friend.page.getByRole('button', { name: 'Leave the league…' }).click();
    await friend.page.getByText(/Leave Book Club\?/).waitFor();
    await friend.screen('leave-confirm');
    await friend.page.getByRole('button', { name: 'Leave the league', exact: true }).click();
    await friend.page.getByRole('heading', { level: 1, name: 'Your leagues' }).waitFor();
    await friend.page.getByText('You are not in any league yet.').waitFor();
    await friend.screen('home-no-leagues');

    await founder.page.reload();
    await founder.page.getByRole('button', { name: 'Close the league…' }).click();
    await founder.screen('close-confirm');
    await founder.page.getByRole('button', { name: 'Close the league', exact: true }).click();
    await founder.page.getByText(/Closed on .*the standings are final\./).waitFor();
    // Closed, the league is an archive: the final standings, the line-ups and what happened, nothing it refuses.
    await founder.page.getByText(/This league is an archive/).waitFor();
    const archiveNav = founder.page.getByRole('navigation', { name: /sections/ });
    await expect(archiveNav.getByRole('link').allTextContents()).resolves.toEqual(['Final standings', 'Activity', 'History']);
    for (const offer of [/Buy articles/, /Set the line-up/, /Leave the league/, /Close the league/]) {
      await expect(founder.page.getByRole('link', { name: offer }).or(founder.page.getByRole('button', { name: offer })).count()).resolves.toBe(0);
    }
    await founder.page.getByRole('row', { name: /Margin Notes/ }).waitFor();
    await founder.screen('archive');
    await founder.page.getByRole('link', { name: 'Page Turners' }).click();
    await founder.page.getByRole('heading', { level: 1, name: 'Page Turners: last line-up' }).waitFor();
    await expect(founder.page.getByRole('navigation', { name: /sections/ }).getByRole('link').allTextContents()).resolves.toEqual(['Final standings', 'Activity', 'History']);
    await founder.screen('archive-lineup');
    await founder.page.goBack();
    await founder.page.getByRole('link', { name: 'Leagues' }).click();
    await founder.page.getByText(/Book Club/).first().waitFor();
    await founder.screen('home-leagues');

    for (const player of [founder, friend]) {
      expect(player.foreignRequests).toEqual([]);
    }
    // The only console line is the browser's own for a refused request: the friend's taken
    // team name (the welcome's look for the Global League finds the one serve seeded).
    expect(founder.consoleErrors).toEqual([]);
    expect(friend.consoleErrors).toEqual([expect.stringMatching(/Failed to load resource.*400/)]);
  }, 120_000);

  it('says why a sign-in failed, and brings a lapsed session back to its page', async () => {
    const player = await newPlayer(browser, service.base, 'signin');
    // Where a failed identity-provider sign-in redirects: the form says what happened.
    await player.page.goto(`${service.base}/home?error=auth_failed`);
    await player.page.getByText('Signing in with your outside account did not work.', { exact: false }).waitFor();
    await player.screen('sign-in-auth-failed');
    await register(player, 'returning_one');
    await player.page.getByRole('button', { name: 'Sign out' }).click();
    await player.page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();

    await player.page.getByLabel('Username').fill('returning_one');
    await player.page.getByLabel('Password', { exact: true }).fill('not the password');
    await player.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await player.page.getByText('That username and password do not match an account.').waitFor();
    await player.screen('sign-in-refused');

    // A page opened while signed out comes back after signing in.
    await player.page.goto(`${service.base}/inbox`);
    await player.page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await player.page.getByLabel('Username').fill('returning_one');
    await player.page.getByLabel('Password', { exact: true }).fill('returning_one-password');
    await player.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await player.page.getByRole('heading', { level: 1, name: 'In-box' }).waitFor();
    await player.page.getByText(/Nothing here yet/).waitFor();
    await player.screen('inbox-empty');

    // The session cookie lapses (another tab signed out): the next request returns to sign-in.
    await player.context.clearCookies();
    await player.page.getByRole('link', { name: 'Leagues' }).click();
    await player.page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();

    expect(player.foreignRequests).toEqual([]);
    // The browser's own lines for the refused requests only: the wrong password (401), and the
    // two requests of the leagues screen after the cookie lapsed (401). The sign-in heading can
    // show before the second of those has finished, so wait for the lines themselves.
    const refused = (status: number) => expect.stringMatching(new RegExp(`Failed to load resource.*${status}`));
    await expect.poll(() => player.consoleErrors, { timeout: 15_000 }).toEqual([refused(401), refused(401), refused(401)]);
  }, 60_000);

  it('points a player who opened another name of the host at the address that signs in', async () => {
    const otherName = service.base.replace('127.0.0.1', 'localhost');
    const player = await newPlayer(browser, otherName, 'other-address');
    await player.page.goto(`${otherName}/signin`);
    await player.page.getByRole('button', { name: 'I am new here' }).click();
    await player.page.getByLabel('Username').fill('lost_player');
    // long enough for the app's own minimum, so the request is made and refused for its address
    await player.page.getByLabel('Password', { exact: true }).fill('lost_player-password');
    await player.page.getByRole('button', { name: 'Create account' }).click();
    await player.page.getByText('This address is not the one the league is hosted at.', { exact: false }).waitFor();
    const link = player.page.getByRole('link', { name: service.base });
    await expect(link.getAttribute('href')).resolves.toBe(`${service.base}/signin`);
    await player.screen('sign-in-wrong-address');
    expect(player.foreignRequests).toEqual([]);
    expect(player.consoleErrors).toEqual([expect.stringMatching(/Failed to load resource.*403/)]);
  }, 60_000);
});
