/**
 * A season among friends on phones (issue 36): three friends play a private head-to-head
 * league of 2-day rounds. The binary has no clock to wind, so the league, its teams,
 * contracts and line-ups move five days back in the store and `fantasy collect` scores the
 * days; then a renewal is chosen with its price in sight, a sale is confirmed where the
 * player is, one friend leaves mid-round, the founder closes the league, and the archive,
 * the leagues list, the report form and the sign-up are read at 375 px.
 */
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { newPlayer, registerThroughForm, today, writeThroughPage, type Player, type Service, useServiceAndBrowser } from './harness';

let service: Service;
let browser: Browser;

useServiceAndBrowser({}, async (started, launched) => {
  [service, browser] = [started, launched];
});

const BACK = 5;
/** rounds 1 and 2 are final once these days are scored; round 3 runs yesterday and today */
const PLAYED = [addDays(today, -5), addDays(today, -4), addDays(today, -3), addDays(today, -2), addDays(today, -1)];
const ARTICLES: Record<string, string[]> = {
  ann: ['Sample_article_310', 'Sample_article_311', 'Sample_article_312'],
  bob: ['Sample_article_320', 'Sample_article_321', 'Sample_article_322'],
  cat: ['Sample_article_330', 'Sample_article_331', 'Sample_article_332'],
};

/** Buys the articles (each MEDIUM) and fields them in a 4-3-3. */
async function buyAndField(page: Page, leagueId: string, articles: string[]): Promise<void> {
  const positions = ['ST', 'LW', 'RW'];
  const formation: Record<string, { id: string }> = {};
  for (const [i, articleId] of articles.entries()) {
    const contract = (await writeThroughPage(page, service.base, 'POST', `/api/v1/leagues/${leagueId}/my-contracts`, { articleId, tier: 'MEDIUM' })) as { id: string };
    formation[positions[i]] = { id: contract.id };
  }
  await writeThroughPage(page, service.base, 'PUT', `/api/v1/leagues/${leagueId}/lineup`, { formation: { schema: '4-3-3', date: new Date().toISOString(), formation } });
}

/** Runs `statements` on the binary's SQLite file (set-up no endpoint offers: the clock). */
function inStore(run: (store: Database.Database) => void): void {
  const store = new Database(service.databasePath);
  try {
    store.transaction(() => run(store))();
  } finally {
    store.close();
  }
}

/** Everything of the league five days earlier: as if founded, joined, bought and fielded then. */
function moveBack(leagueId: string): void {
  const shift = (col: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${col}, '-${BACK} days')`;
  inStore((store) => {
    expect(store.prepare(`UPDATE leagues SET start_date = ${shift('start_date')}, end_date = ${shift('end_date')} WHERE id = ?`).run(leagueId).changes).toBe(1);
    expect(store.prepare(`UPDATE teams SET joined_at = ${shift('joined_at')} WHERE league_id = ?`).run(leagueId).changes).toBe(3);
    store
      .prepare(
        `UPDATE contracts SET purchase_date = date(purchase_date, '-${BACK} days'), held_since = date(held_since, '-${BACK} days'), expire_date = date(expire_date, '-${BACK} days') WHERE league_id = ?`,
      )
      .run(leagueId);
    store.prepare(`UPDATE lineup_versions SET saved_at = ${shift('saved_at')} WHERE team_id IN (SELECT id FROM teams WHERE league_id = ?)`).run(leagueId);
    store.prepare(`UPDATE league_activity SET at = ${shift('at')} WHERE league_id = ?`).run(leagueId);
  });
}

async function rightEdge(page: Page, selector: string): Promise<number> {
  const box = await page.locator(selector).first().boundingBox();
  return box ? box.x + box.width : Number.POSITIVE_INFINITY;
}

describe('a season among friends', () => {
  it('plays two head-to-head rounds with a renewal, a sale, a leave and a close, and reads right on a phone', async () => {
    const ann = await newPlayer(browser, service.base, 'season-ann');
    const bob = await newPlayer(browser, service.base, 'season-bob');
    const cat = await newPlayer(browser, service.base, 'season-cat');

    // Sign-up: a 3-character password is refused in words, with the project's reason.
    await ann.page.goto(`${service.base}/signin`);
    await ann.page.getByRole('button', { name: 'I am new here' }).click();
    await ann.page.getByLabel('Username').fill('season_ann');
    await ann.page.getByLabel('Password', { exact: true }).fill('abc');
    await ann.page.getByText(/At least 8 characters\. Your account holds your teams/).waitFor();
    await ann.page.getByRole('button', { name: 'Create account' }).click();
    await ann.page.getByRole('alert').getByText('That password is shorter than 8 characters: choose a longer one.').waitFor();
    await ann.screen('signup-short-password');
    await ann.page.getByLabel('Password', { exact: true }).fill('season_ann-password');
    await ann.page.getByRole('button', { name: 'Create account' }).click();
    await ann.page.getByRole('heading', { level: 1, name: 'Welcome to the league' }).waitFor();

    // Ann founds a private head-to-head league of 2-day rounds.
    const { page } = ann;
    await page.goto(`${service.base}/leagues/new`);
    await page.getByLabel('League name').fill('Reading Circle');
    await page.getByLabel('Your team name').fill('Annotators');
    await page.getByText('Chosen: en').waitFor();
    await page.getByRole('radio', { name: /^Head-to-head/ }).check();
    await page.getByLabel('Round length').selectOption({ label: '2 days' });
    await page.getByRole('button', { name: 'Found the league' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reading Circle' }).waitFor();
    const leagueId = new URL(page.url()).pathname.split('/')[2];
    const link = (await page.getByRole('link', { name: /\/join\// }).getAttribute('href'))!;
    const code = /\/join\/([A-Z0-9]+)/.exec(link)![1];

    // Bob opens the invitation link signed out: sign-in names the league; the join screen says what kind of league it is.
    await bob.page.goto(`${service.base}${link}`);
    await bob.page.getByRole('region', { name: 'You are invited to Reading Circle' }).waitFor();
    await bob.page.getByRole('button', { name: 'I am new here' }).click();
    await bob.page.getByLabel('Username').fill('season_bob');
    await bob.page.getByLabel('Password', { exact: true }).fill('season_bob-password');
    await bob.page.getByRole('button', { name: 'Create account' }).click();
    await bob.page.getByRole('heading', { level: 1, name: 'Join a league' }).waitFor();
    await bob.page.getByText('Head-to-head, 2-day rounds: each round you play one rival, and the table counts wins.').waitFor();
    await bob.screen('join-head-to-head');
    await bob.page.getByLabel('Your team name in Reading Circle').fill("Bob's Bookworms");
    await bob.page.getByRole('button', { name: 'Join Reading Circle' }).click();
    await bob.page.getByRole('heading', { level: 2, name: /^Round 1/ }).waitFor();

    // Cat pastes the code with a space and in lower case: it is cleaned before the 5-character limit.
    await registerThroughForm(cat, service.base, 'season_cat');
    await cat.page.goto(`${service.base}/home`);
    const codeField = cat.page.getByLabel('Invitation code');
    await codeField.focus();
    await cat.page.evaluate(`navigator.clipboard.writeText(' ${code.toLowerCase()}')`);
    await cat.page.keyboard.press('Control+V');
    await expect(codeField.inputValue()).resolves.toBe(code);
    await cat.screen('join-by-pasted-code');
    await cat.page.getByRole('button', { name: 'Find league' }).click();
    await cat.page.getByLabel('Your team name in Reading Circle').fill('Cat Readers');
    await cat.page.getByRole('button', { name: 'Join Reading Circle' }).click();
    await cat.page.getByRole('heading', { level: 1, name: 'Reading Circle' }).waitFor();

    for (const [player, name] of [[ann, 'ann'], [bob, 'bob'], [cat, 'cat']] as const) await buyAndField(player.page, leagueId, ARTICLES[name]);
    moveBack(leagueId);
    // Ann's first contract reaches its renewal day: it expires tomorrow.
    inStore((store) => {
      store.prepare("UPDATE contracts SET purchase_date = ?, held_since = ?, expire_date = ? WHERE article_id = ? AND league_id = ?").run(addDays(today, -6), addDays(today, -6), addDays(today, 1), ARTICLES.ann[0], leagueId);
    });
    for (const date of PLAYED) {
      const collected = await service.fantasy('collect', '--date', date);
      expect(collected.status, collected.stderr).toBe(0);
    }

    // The renewal is chosen with both sides in sight, priced without anyone opening the article.
    await page.goto(`${service.base}/leagues/${leagueId}/contracts`);
    const renewing = page.getByRole('listitem').filter({ hasText: 'Sample article 310' });
    await renewing.getByText(/^\d+ cr \(\d+ cr \+ \d+ cr premium\)$/).waitFor();
    await renewing.getByText(/^\d+ cr paid back$/).waitFor();
    await expect(renewing.getByText('not priced yet today').count()).resolves.toBe(0);
    await ann.screen('contracts-renewal-day');
    await renewing.getByRole('button', { name: /^Renew Sample article 310 at expiry for \d+ cr$/ }).click();
    await page.getByText(/Sample article 310 will renew at expiry for \d+ cr/).waitFor();

    // A sale confirmed at the bottom of the list: its outcome comes into view where the player is.
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    const last = page.getByRole('listitem').filter({ hasText: 'Sample article 312' });
    await last.getByRole('button', { name: 'Sell Sample article 312…' }).click();
    await last.getByRole('button', { name: /^Sell for \d+ cr$/ }).click();
    const sold = page.getByRole('status').filter({ hasText: /^✓ Sold Sample article 312 for \d+ cr\.$/ });
    await sold.waitFor();
    await expect(sold.isVisible()).resolves.toBe(true);
    const box = (await sold.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(812);
    await ann.screen('contracts-sold');

    // The table on a phone: rank, team, played and table points fit; the rest scrolls, and says so.
    await page.goto(`${service.base}/leagues/${leagueId}`);
    const table = page.getByRole('table', { name: /Head-to-head table/ });
    await table.waitFor();
    await page.getByText(/scroll the table sideways/).waitFor();
    expect(await rightEdge(page, '.h2h-table thead th:nth-child(4)')).toBeLessThanOrEqual(375);
    const headers = await table.locator('thead th').allTextContents();
    expect(headers.slice(0, 4)).toEqual(['Rank', 'Team', 'P', 'Pts']);
    await ann.screen('home-table');

    // Cat leaves during round 3, after its pairings were fixed: the confirmation tells the truth.
    await cat.page.goto(`${service.base}/leagues/${leagueId}`);
    await cat.page.getByRole('button', { name: 'Leave the league…' }).click();
    await cat.page.getByText(/You can come back while the season runs with the invitation code, to the same team\./).waitFor();
    await expect(cat.page.getByText('you cannot come back').count()).resolves.toBe(0);
    await cat.screen('leave-confirm');
    await cat.page.getByRole('button', { name: 'Leave the league' }).click();
    await cat.page.getByRole('heading', { level: 1, name: 'Your leagues' }).waitFor();
    // reopening the league: the old team is shown as departed, and only a rejoin, with a field for the code
    await cat.page.goto(`${service.base}/leagues/${leagueId}`);
    await cat.page.getByText(/^🚪 You left Reading Circle: your team Cat Readers stays in the standings/).waitFor();
    await cat.page.getByText(/\(you, left the league\)/).first().waitFor();
    await expect(cat.page.getByRole('heading', { name: 'Join this league' }).count()).resolves.toBe(0);
    await cat.page.getByRole('heading', { level: 2, name: 'Rejoin Reading Circle' }).waitFor();
    await cat.page.getByLabel('Invitation code (a private league)').waitFor();
    await expect(cat.page.getByLabel('Your team name in Reading Circle').inputValue()).resolves.toBe('Cat Readers');
    await cat.page.getByRole('button', { name: 'Rejoin with Cat Readers' }).waitFor();
    await cat.screen('after-leaving');

    // Round 3's fixtures say the team left and forfeits.
    await page.goto(`${service.base}/leagues/${leagueId}/fixtures?round=3`);
    await page.getByRole('heading', { level: 2, name: /^Round 3 of/ }).waitFor();
    await page.getByText(/^Cat Readers left the league and forfeits: .+ wins?$/).waitFor();
    await ann.screen('fixtures-forfeit');

    // The leagues list ranks a head-to-head league by its table.
    const tableRows = (await (await page.request.get(`${service.base}/api/v1/leagues/${leagueId}/head-to-head`)).json()) as { teamName: string; rank: number; tablePoints: number }[];
    const mine = tableRows.find((row) => row.teamName === 'Annotators')!;
    await page.goto(`${service.base}/home`);
    await page.getByText(`Rank ${mine.rank} of 3 in the table · ${mine.tablePoints} table points`).waitFor();
    await ann.screen('leagues-list');

    // Day one's buys read as one line per team, and a possessive is spelled right.
    await page.goto(`${service.base}/leagues/${leagueId}/activity`);
    await page.getByText(/Bob's Bookworms bought 3 articles: Sample article 320, Sample article 321 and Sample article 322\./).waitFor();
    await ann.screen('activity-grouped');

    // Ann closes the league: nothing is offered that the service would refuse.
    await page.goto(`${service.base}/leagues/${leagueId}`);
    await page.getByRole('button', { name: 'Close the league…' }).click();
    await page.getByRole('button', { name: 'Close the league' }).click();
    await page.getByText(/This league is an archive/).waitFor();
    const podium = page.getByRole('region', { name: 'Final podium' });
    await podium.waitFor();
    const [first] = [...tableRows].sort((a, b) => a.rank - b.rank);
    await expect(podium.getByRole('listitem').first().textContent()).resolves.toContain(first.teamName);
    await ann.screen('archive-home');
    await page.goto(`${service.base}/leagues/${leagueId}/contracts`);
    await page.getByText(/This league is over: nothing can be bought, sold, renewed or fielded/).waitFor();
    await expect(page.getByRole('button').filter({ hasText: /^(Sell|Renew|Withdraw)/ }).count()).resolves.toBe(0);
    await ann.screen('archive-contracts');
    await page.goto(`${service.base}/leagues/${leagueId}/market`);
    await page.getByText(/its market is shut/).waitFor();
    await page.goto(`${service.base}/leagues/${leagueId}/lineup`);
    await page.getByText(/line-ups stay as they stood at the end/).waitFor();

    // The contracts settle after the close; the archive's last line-up stays as it stood.
    inStore((store) => store.prepare("UPDATE contracts SET expire_date = ? WHERE league_id = ? AND status = 'live'").run(today, leagueId));
    const settled = await service.fantasy('settle');
    expect(settled.status, settled.stderr).toBe(0);
    const annTeam = (await (await page.request.get(`${service.base}/api/v1/leagues/${leagueId}/my-team`)).json()) as { id: string };
    const bobTeam = (await (await bob.page.request.get(`${service.base}/api/v1/leagues/${leagueId}/my-team`)).json()) as { id: string };
    await bob.page.goto(`${service.base}/leagues/${leagueId}/teams/${annTeam.id}`);
    await bob.page.getByRole('heading', { level: 1, name: 'Annotators: last line-up' }).waitFor();
    await bob.page.getByText('Sample article 310').first().waitFor();
    await bob.page.getByText('Sample article 311').first().waitFor();
    // another team's credits are its own business
    await expect(bob.page.getByText(/\bcr\b/).count()).resolves.toBe(0);
    await bob.screen('archive-lineup');
    expect(bobTeam.id).toBeTruthy();

    // Report a problem with a long path: it fits the phone, and without a tracker it is kept.
    await bob.page.goto(`${service.base}/report?from=${encodeURIComponent(`/leagues/${leagueId}/teams/${annTeam.id}/a-very-long-path-segment-that-goes-on-and-on-without-a-break`)}`);
    await bob.page.getByLabel('Title').fill('The archive line-up');
    await bob.page.getByLabel('What happened?').fill('Just checking that a report is received.');
    await bob.screen('report-form');
    await bob.page.getByRole('button', { name: 'Send the report' }).click();
    await bob.page.getByText(/Report #1 was received and is kept on this server/).waitFor();
    await bob.screen('report-received');
    const reports = await service.fantasy('reports');
    expect(reports.stdout).toContain('[broken]  The archive line-up');
    const status = await service.fantasy('status');
    expect(status.stdout).toContain('Problem reports kept here: 1');

    for (const player of [ann, bob, cat] as Player[]) {
      expect(player.foreignRequests).toEqual([]);
      expect(player.consoleErrors).toEqual([]);
    }
  }, 300_000);
});
