/**
 * Seasons among friends on phones (issue 39): Ana founds a head-to-head league of two 7-day
 * rounds with 2-team playoffs, shares the invitation, Ben joins by its link and two more
 * friends by its code. The matchup is read while round 1 is played; then the binary's store
 * moves the league 15 days back (it has no clock to wind) and `fantasy collect` scores the 14
 * days: round 1 is the regular round, round 2 the final. Ana renames the league on its first
 * day, starts season 2 from the archive and removes a team from it; both friends read the
 * history and their rivalry.
 */
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { basePoints } from '../../src/domain/base-points';
import path from 'node:path';
import { newPlayer, registerThroughForm, screenshotDir, today, writeThroughPage, type Player, type Service, useServiceAndBrowser } from './harness';
import { scanQr } from './qr';

let service: Service;
let browser: Browser;

useServiceAndBrowser({}, async (started, launched) => {
  [service, browser] = [started, launched];
});

const points = new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

const BACK = 15;
/** the season's 14 scored days, oldest first: days 0–6 are round 1, days 7–13 round 2 (the final) */
const PLAYED = Array.from({ length: 14 }, (_, i) => addDays(today, i - BACK));
const ARTICLES = { ana: 'Sample_article_340', ben: 'Sample_article_341', cal: 'Sample_article_342', dee: 'Sample_article_343' } as const;
/**
 * Views a day. Round 1 (join order Ana, Ben, Cal, Dee: Ana v Dee, Ben v Cal) Ana and Ben win,
 * so they are seeds 1 and 2 and meet in the final, which Ben wins.
 */
const VIEWS = {
  ana: [...Array<number>(7).fill(40_000), ...Array<number>(7).fill(10_000)],
  ben: [...Array<number>(7).fill(20_000), ...Array<number>(7).fill(30_000)],
  cal: Array<number>(14).fill(10_000),
  dee: Array<number>(14).fill(5_000),
};
const roundPoints = (views: number[], round: 1 | 2) => views.slice((round - 1) * 7, round * 7).reduce((sum, v) => sum + basePoints(v), 0);

function readOn(article: string, views: number[]): void {
  const before = service.fake.data.seriesOf('en', article).filter((p) => p.date < PLAYED[0]);
  service.fake.data.setSeries('en', article, [...before, ...PLAYED.map((date, i) => ({ date, views: views[i] }))]);
}

/** Buys the article and fields it as the striker. */
async function fieldOne(page: Page, leagueId: string, articleId: string): Promise<void> {
  const contract = (await writeThroughPage(page, service.base, 'POST', `/api/v1/leagues/${leagueId}/my-contracts`, { articleId, tier: 'LONG' })) as { id: string };
  await writeThroughPage(page, service.base, 'PUT', `/api/v1/leagues/${leagueId}/lineup`, {
    formation: { schema: '4-3-3', date: new Date().toISOString(), formation: { ST: { id: contract.id } } },
  });
}

/** A friend who plays through the API only: an account, then a team by the invitation code. */
async function joinByApi(player: Player, username: string, leagueId: string, code: string, teamName: string): Promise<void> {
  await writeThroughPage(player.page, service.base, 'POST', '/auth/password/register', { username, password: `${username}-password` });
  await writeThroughPage(player.page, service.base, 'POST', `/api/v1/leagues/${leagueId}/my-team`, { name: teamName, invitationCode: code });
}

/** Everything of the league BACK days earlier: as if founded, joined, bought and fielded then. */
function moveBack(leagueId: string): void {
  const shift = (col: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${col}, '-${BACK} days')`;
  const store = new Database(service.databasePath);
  try {
    store.transaction(() => {
      expect(store.prepare(`UPDATE leagues SET start_date = ${shift('start_date')}, end_date = ${shift('end_date')} WHERE id = ?`).run(leagueId).changes).toBe(1);
      expect(store.prepare(`UPDATE teams SET joined_at = ${shift('joined_at')} WHERE league_id = ?`).run(leagueId).changes).toBe(4);
      store
        .prepare(
          `UPDATE contracts SET purchase_date = date(purchase_date, '-${BACK} days'), held_since = date(held_since, '-${BACK} days'), expire_date = date(expire_date, '-${BACK} days') WHERE league_id = ?`,
        )
        .run(leagueId);
      store.prepare(`UPDATE lineup_versions SET saved_at = ${shift('saved_at')} WHERE team_id IN (SELECT id FROM teams WHERE league_id = ?)`).run(leagueId);
      store.prepare(`UPDATE league_activity SET at = ${shift('at')} WHERE league_id = ?`).run(leagueId);
    })();
  } finally {
    store.close();
  }
}

describe('seasons among friends', () => {
  it('plays a 4-team league with a final to its champion, starts season 2, and reads the history and a rivalry on a phone', async () => {
    const ana = await newPlayer(browser, service.base, 'seasons-ana');
    const ben = await newPlayer(browser, service.base, 'seasons-ben');
    const cal = await newPlayer(browser, service.base, 'seasons-cal');
    const dee = await newPlayer(browser, service.base, 'seasons-dee');
    await registerThroughForm(ana, service.base, 'seasons_ana');

    // The founding form: head-to-head, 7-day rounds over two weeks, a final between the top two.
    const { page } = ana;
    await page.goto(`${service.base}/leagues/new`);
    await page.getByLabel('League name').fill('Quiz Night');
    await page.getByLabel('Your team name').fill('Footnotes');
    await page.getByText('Chosen: en').waitFor();
    await page.getByLabel('Season length').selectOption({ label: '2 weeks' });
    await page.getByRole('radio', { name: /^Head-to-head/ }).check();
    await page.getByLabel('Round length').selectOption({ label: '7 days (a week)' });
    await page.getByRole('radio', { name: '2 teams: the top two meet in a final' }).check();
    await ana.screen('found-with-playoffs');
    await page.getByRole('button', { name: 'Found the league' }).click();
    await page.getByRole('heading', { level: 1, name: 'Quiz Night' }).waitFor();
    const leagueId = new URL(page.url()).pathname.split('/')[2];
    const founded = (await (await page.request.get(`${service.base}/api/v1/leagues/${leagueId}`)).json()) as { playoffTeams: number; roundDays: number };
    expect(founded).toMatchObject({ playoffTeams: 2, roundDays: 7 });

    // Sharing: no share sheet in this browser, so the link is copied and the page says so; a
    // phone that has one gets the sheet with the link in it.
    const invite = page.getByRole('region', { name: 'Invite friends' });
    const link = (await invite.getByRole('link', { name: /\/join\// }).getAttribute('href'))!;
    const code = /\/join\/([A-Z0-9]+)/.exec(link)![1];
    await invite.getByRole('button', { name: 'Share the invitation' }).click();
    await invite.getByRole('status').getByText('Link copied: paste it to your friends.').waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(`${service.base}${link}`);
    await expect(scanQr(invite.getByRole('img', { name: 'QR code of the invitation link to Quiz Night' }))).resolves.toBe(`${service.base}${link}`);
    await invite.scrollIntoViewIfNeeded();
    await ana.screen('invite-shared');
    // the screen's picture stops two screens down: the card itself, as the phone shows it
    await invite.screenshot({ path: path.join(screenshotDir, 'seasons-ana-invite-card-phone.png') });
    await page.evaluate(`navigator.share = (data) => { window.shared = data; return Promise.resolve(); }`);
    await invite.getByRole('button', { name: 'Share the invitation' }).click();
    await invite.getByRole('status').getByText('Invitation shared.').waitFor();
    expect(await page.evaluate('window.shared')).toMatchObject({ url: `${service.base}${link}`, title: 'Join Quiz Night' });

    // Ben opens the link; Cal and Dee join with the code.
    await ben.page.goto(`${service.base}${link}`);
    await ben.page.getByRole('region', { name: 'You are invited to Quiz Night' }).waitFor();
    await ben.page.getByRole('button', { name: 'I am new here' }).click();
    await ben.page.getByLabel('Username').fill('seasons_ben');
    await ben.page.getByLabel('Password', { exact: true }).fill('seasons_ben-password');
    await ben.page.getByRole('button', { name: 'Create account' }).click();
    await ben.page.getByLabel('Your team name in Quiz Night').fill('Endnotes');
    await ben.page.getByRole('button', { name: 'Join Quiz Night' }).click();
    await ben.page.getByRole('heading', { level: 2, name: /^Round 1/ }).waitFor();
    await joinByApi(cal, 'seasons_cal', leagueId, code, 'Marginalia');
    await joinByApi(dee, 'seasons_dee', leagueId, code, 'Errata');
    for (const [player, who] of [[ana, 'ana'], [ben, 'ben'], [cal, 'cal'], [dee, 'dee']] as const) await fieldOne(player.page, leagueId, ARTICLES[who]);

    // Round 1 being played: the league opens on the matchup, both line-ups side by side.
    await page.goto(`${service.base}/home`);
    await page.getByRole('link', { name: 'Quiz Night' }).click();
    await page.waitForURL(/\/matchup$/);
    const board = page.getByRole('region', { name: /^Round 1 of 2/ });
    await board.waitFor();
    await board.getByText('Being played, 7 days left').waitFor();
    await board.getByText(/Today’s line-up counts in (\d+ h )?\d+ min \(at midnight UTC\)\./).waitFor();
    const lineups = page.getByRole('region', { name: 'Line-ups' });
    const mine = lineups.getByRole('region', { name: /^You \(Footnotes\)/ });
    const theirs = lineups.getByRole('region', { name: /^Errata/ });
    await expect(mine.getByRole('listitem').allTextContents()).resolves.toEqual(['STSample article 3400.0']);
    await expect(theirs.getByRole('listitem').allTextContents()).resolves.toEqual(['STSample article 3430.0']);
    // side by side on a phone: Errata's line-up starts level with Ana's, to its right
    const [left, right] = [await mine.boundingBox(), await theirs.boundingBox()];
    expect(right!.y).toBe(left!.y);
    expect(right!.x).toBeGreaterThan(left!.x + left!.width - 1);
    await ana.screens('matchup-live');

    // The commissioner, on the first day: the settings can change, a team can be removed.
    await page.getByRole('navigation', { name: /sections/ }).getByRole('link', { name: 'Standings' }).click();
    const commissioner = page.getByRole('region', { name: 'Commissioner' });
    await commissioner.getByRole('button', { name: 'Edit the settings' }).click();
    await commissioner.getByLabel('League name').fill('Quiz Night Club');
    await ana.screen('commissioner-settings');
    await commissioner.screenshot({ path: path.join(screenshotDir, 'seasons-ana-commissioner-card-phone.png') });
    await commissioner.getByRole('button', { name: 'Save the settings' }).click();
    await commissioner.getByRole('status').getByText('Settings saved.').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Quiz Night Club' }).waitFor();

    // Two weeks later: the 14 days scored, the season over.
    for (const who of ['ana', 'ben', 'cal', 'dee'] as const) readOn(ARTICLES[who], VIEWS[who]);
    moveBack(leagueId);
    for (const date of PLAYED) {
      const collected = await service.fantasy('collect', '--date', date);
      expect(collected.status, collected.stderr).toBe(0);
    }

    // The final, read by Ben: the stage named, Ben the winner.
    await ben.page.goto(`${service.base}/leagues/${leagueId}/matchup?round=2`);
    const final = ben.page.getByRole('region', { name: 'Round 2 of 2 · Final' });
    await final.waitFor();
    await final.getByText('You won', { exact: true }).waitFor();
    const [benFinal, anaFinal] = [roundPoints(VIEWS.ben, 2), roundPoints(VIEWS.ana, 2)];
    await expect(final.locator('.side-points').allTextContents()).resolves.toEqual([points.format(benFinal), points.format(anaFinal)]);
    await ben.screens('matchup-final');
    await ben.page.getByRole('link', { name: 'Round 1' }).click();
    await ben.page.getByRole('region', { name: 'Round 1 of 2' }).getByText('You won', { exact: true }).waitFor();

    // Ana starts season 2 from the archive; Ben's team carries the trophy in its table.
    await page.goto(`${service.base}/leagues/${leagueId}`);
    await page.getByRole('button', { name: 'Start next season' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/leagues/') && !url.pathname.includes(leagueId));
    await page.getByRole('heading', { level: 1, name: 'Quiz Night Club — Season 2' }).waitFor();
    const nextId = new URL(page.url()).pathname.split('/')[2];
    const table = page.getByRole('table', { name: /Head-to-head table/ });
    await table.getByRole('row', { name: /Endnotes/ }).getByText('last season’s champion').waitFor();
    await expect(table.getByText('last season’s champion').count()).resolves.toBe(1);
    await ana.screens('season-2-home');

    // The commissioner removes Dee's team, after saying what that does.
    const tools = page.getByRole('region', { name: 'Commissioner' });
    await tools.getByRole('button', { name: 'Remove Errata…' }).click();
    await tools.getByText(/Remove Errata \(seasons_dee\) from Quiz Night Club — Season 2\?/).waitFor();
    await ana.screen('remove-team-confirm');
    await tools.screenshot({ path: path.join(screenshotDir, 'seasons-ana-remove-team-card-phone.png') });
    await tools.getByRole('button', { name: 'Remove Errata', exact: true }).click();
    await tools.getByRole('status').getByText('Errata was removed from the league.').waitFor();

    // The history and the rivalry, on both phones.
    await page.getByRole('navigation', { name: /sections/ }).getByRole('link', { name: 'History' }).click();
    const seasons = page.getByRole('list', { name: 'Seasons, newest first' });
    await seasons.waitFor();
    await expect(seasons.getByRole('heading').allTextContents()).resolves.toEqual(['Season 2 (this league)', 'Season 1']);
    await seasons.getByRole('listitem').filter({ hasText: 'Season 1' }).getByText('Champion: Endnotes').waitFor();
    const rivalries = page.getByRole('table', { name: /You against each friend/ });
    const versusBen = await rivalries.getByRole('row', { name: /seasons_ben/ }).getByRole('cell').allTextContents();
    expect(versusBen).toEqual(['0', '0', '1', points.format(anaFinal), points.format(benFinal)]);
    const versusDee = await rivalries.getByRole('row', { name: /seasons_dee/ }).getByRole('cell').allTextContents();
    expect(versusDee.slice(0, 3)).toEqual(['1', '0', '0']);
    await ana.screens('history');

    await ben.page.goto(`${service.base}/leagues/${nextId}/history`);
    const benRivals = ben.page.getByRole('table', { name: /You against each friend/ });
    await benRivals.waitFor();
    await benRivals.getByRole('row', { name: /seasons_ana/ }).getByText('you lead').waitFor();
    await expect(benRivals.getByRole('row', { name: /seasons_ana/ }).getByRole('cell').allTextContents()).resolves.toEqual([
      '1',
      '0',
      '0',
      points.format(benFinal),
      points.format(anaFinal),
    ]);
    await ben.screens('history');

    for (const player of [ana, ben]) {
      expect(player.foreignRequests).toEqual([]);
      expect(player.consoleErrors).toEqual([]);
    }
  }, 300_000);
});
