/**
 * Head-to-head with a friend, in two browsers (issue 24): found a league of one-day rounds on
 * the founding form, the friend joins by the invitation link, both field an article; three
 * rounds are played (the binary has no clock to wind, so the league, its teams, contracts and
 * line-ups move three days back in the store, and `fantasy collect` scores each day); then
 * the matchup, the table, the fixtures round by round, the activity and the article's points
 * are read on a phone. How to play is read signed out.
 */
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { basePoints } from '../../src/domain/base-points';
import { newPlayer, registerThroughForm, today, writeThroughPage, type Service, useServiceAndBrowser } from './harness';

let service: Service;
let browser: Browser;

useServiceAndBrowser({}, async (started, launched) => {
  [service, browser] = [started, launched];
});

const points = new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The three days played, oldest first, and what each side's one article was read on them. */
const PLAYED = [addDays(today, -3), addDays(today, -2), addDays(today, -1)];
const FOUNDER_ARTICLE = 'Sample_article_300';
const FRIEND_ARTICLE = 'Sample_article_301';
// round 1 the founder wins, round 2 the friend, round 3 is a draw
const FOUNDER_VIEWS = [20_000, 5_000, 10_000];
const FRIEND_VIEWS = [8_000, 16_000, 10_000];

function readOn(article: string, views: number[]): void {
  const before = service.fake.data.seriesOf('en', article).filter((p) => p.date < PLAYED[0]);
  service.fake.data.setSeries('en', article, [...before, ...PLAYED.map((date, i) => ({ date, views: views[i] }))]);
}

/** Buys the article and fields it as the striker. */
async function fieldOne(page: Page, leagueId: string, articleId: string): Promise<void> {
  const contract = (await writeThroughPage(page, service.base, 'POST', `/api/v1/leagues/${leagueId}/my-contracts`, { articleId, tier: 'MEDIUM' })) as { id: string };
  await writeThroughPage(page, service.base, 'PUT', `/api/v1/leagues/${leagueId}/lineup`, {
    formation: { schema: '4-3-3', date: new Date().toISOString(), formation: { ST: { id: contract.id } } },
  });
}

/** Everything of the league three days earlier: as if founded, joined, bought and fielded then. */
function moveBackThreeDays(leagueId: string): void {
  const store = new Database(service.databasePath);
  const back = "strftime('%Y-%m-%dT%H:%M:%fZ', {col}, '-3 days')";
  const shift = (col: string) => back.replace('{col}', col);
  try {
    store.transaction(() => {
      expect(store.prepare(`UPDATE leagues SET start_date = ${shift('start_date')}, end_date = ${shift('end_date')} WHERE id = ?`).run(leagueId).changes).toBe(1);
      expect(store.prepare(`UPDATE teams SET joined_at = ${shift('joined_at')} WHERE league_id = ?`).run(leagueId).changes).toBe(2);
      const contracts = store
        .prepare(
          "UPDATE contracts SET purchase_date = date(purchase_date, '-3 days'), held_since = date(held_since, '-3 days'), expire_date = date(expire_date, '-3 days') WHERE league_id = ?",
        )
        .run(leagueId);
      expect(contracts.changes).toBe(2);
      store.prepare(`UPDATE lineup_versions SET saved_at = ${shift('saved_at')} WHERE team_id IN (SELECT id FROM teams WHERE league_id = ?)`).run(leagueId);
    })();
  } finally {
    store.close();
  }
}

describe('head-to-head with a friend', () => {
  it('founds a league of one-day rounds, plays three rounds, and reads the matchup, the table, the fixtures and the activity on a phone', async () => {
    const founder = await newPlayer(browser, service.base, 'h2h-founder');
    const friend = await newPlayer(browser, service.base, 'h2h-friend');
    await registerThroughForm(founder, service.base, 'h2h_founder');

    // The founding form: head-to-head, rounds of one day.
    const { page } = founder;
    await page.goto(`${service.base}/leagues/new`);
    await page.getByLabel('League name').fill('Rivals Club');
    await page.getByLabel('Your team name').fill('Page Turners');
    await page.getByText('Chosen: en').waitFor();
    await page.getByRole('radio', { name: /^Head-to-head/ }).check();
    await page.getByLabel('Round length').selectOption({ label: '1 day' });
    await founder.screen('found-head-to-head');
    await page.getByRole('button', { name: 'Found the league' }).click();
    await page.getByRole('heading', { level: 1, name: 'Rivals Club' }).waitFor();
    const leagueId = new URL(page.url()).pathname.split('/')[2];
    const league = (await (await page.request.get(`${service.base}/api/v1/leagues/${leagueId}`)).json()) as { format: string; roundDays: number };
    expect(league).toMatchObject({ format: 'head-to-head', roundDays: 1 });
    // alone in the league: no matchup yet, and the way to get one
    await page.getByText('No matchups this round: a round needs at least two teams. Invite a friend.').waitFor();
    await founder.screen('home-alone');

    // The friend joins by the invitation link.
    const link = (await page.getByRole('link', { name: /\/join\// }).getAttribute('href'))!;
    await friend.page.goto(`${service.base}${link}`);
    // The app itself takes a signed-out visitor to sign-in, remembering the invitation; going to
    // /signin by hand before it has done so would lose the link.
    await friend.page.getByRole('region', { name: 'You are invited to Rivals Club' }).waitFor();
    await friend.page.getByRole('button', { name: 'I am new here' }).click();
    await friend.page.getByLabel('Username').fill('h2h_friend');
    await friend.page.getByLabel('Password', { exact: true }).fill('h2h_friend-password');
    await friend.page.getByRole('button', { name: 'Create account' }).click();
    await friend.page.getByRole('heading', { level: 1, name: 'Join a league' }).waitFor();
    await friend.page.getByLabel('Your team name in Rivals Club').fill('Margin Notes');
    await friend.page.getByRole('button', { name: 'Join Rivals Club' }).click();
    await friend.page.getByRole('heading', { level: 2, name: /^Round 1/ }).waitFor();

    await fieldOne(page, leagueId, FOUNDER_ARTICLE);
    await fieldOne(friend.page, leagueId, FRIEND_ARTICLE);
    readOn(FOUNDER_ARTICLE, FOUNDER_VIEWS);
    readOn(FRIEND_ARTICLE, FRIEND_VIEWS);
    moveBackThreeDays(leagueId);
    // A busy league: the friend tries an article out 15 times (buy, then sell the same day for
    // what it cost), so the activity runs past its first page.
    for (let i = 0; i < 15; i++) {
      const tried = (await writeThroughPage(friend.page, service.base, 'POST', `/api/v1/leagues/${leagueId}/my-contracts`, { articleId: 'Sample_article_302', tier: 'SHORT' })) as { id: string };
      await writeThroughPage(friend.page, service.base, 'POST', `/api/v1/leagues/${leagueId}/my-contracts/${tried.id}/sell`, {});
    }
    for (const date of PLAYED) {
      const collected = await service.fantasy('collect', '--date', date);
      expect(collected.status, collected.stderr).toBe(0);
    }

    // The league home on a phone: this round's matchup first, then the table.
    await page.goto(`${service.base}/leagues/${leagueId}`);
    const round = page.getByRole('region', { name: /^Round 4/ });
    await round.waitFor();
    await expect(round.getByRole('heading').textContent()).resolves.toBe('Round 4 · last day');
    await round.getByText(/^You 0\.0 – 0\.0 Margin Notes/).waitFor();
    // the morning result: round 3 ended yesterday in a draw
    const drawn = points.format(basePoints(10_000));
    await page.getByText(`Round 3: a draw with Margin Notes, ${drawn} – ${drawn}.`).waitFor();
    const table = page.getByRole('table', { name: /Head-to-head table/ });
    for (const name of ['Page Turners', 'Margin Notes']) {
      const cells = await table.getByRole('row', { name: new RegExp(name) }).getByRole('cell').allTextContents();
      // rank, played, table points (beside the team, so they fit a phone), won, drawn, lost, for, against
      expect(cells.slice(1, 3)).toEqual(['3', String(3 + 1)]);
      expect(cells.slice(3, 6)).toEqual(['1', '1', '1']);
    }
    const forFounder = FOUNDER_VIEWS.reduce((sum, v) => sum + basePoints(v), 0);
    const forFriend = FRIEND_VIEWS.reduce((sum, v) => sum + basePoints(v), 0);
    // equal table points: points for decides
    const ranked = await table.locator('tbody').getByRole('rowheader').allTextContents();
    expect(ranked.map((t) => t.replace('(you)', '').trim())).toEqual(forFriend > forFounder ? ['Margin Notes', 'Page Turners'] : ['Page Turners', 'Margin Notes']);
    await page.getByRole('region', { name: 'Latest in the league' }).getByText(/Round 3 finished/).waitFor();
    await founder.screens('home-round-4');

    // Fixtures, round by round, results in words.
    await page.getByRole('navigation', { name: /sections/ }).getByRole('link', { name: 'Fixtures' }).click();
    await page.getByRole('heading', { level: 2, name: 'Round 4 of 30' }).waitFor();
    await page.getByText('Being played', { exact: true }).waitFor();
    await founder.screen('fixtures-live');
    const matchups = page.getByRole('list', { name: /^Matchups of round/ });
    await page.getByRole('link', { name: 'Round 3' }).click();
    await page.getByRole('heading', { level: 2, name: 'Round 3 of 30' }).waitFor();
    await expect(matchups.getByRole('listitem').first().locator('.outcome').textContent()).resolves.toBe('Draw');
    await page.getByRole('link', { name: 'Round 2' }).click();
    await page.getByRole('heading', { level: 2, name: 'Round 2 of 30' }).waitFor();
    await expect(matchups.getByRole('listitem').first().locator('.outcome').textContent()).resolves.toBe('Margin Notes won');
    await page.getByRole('link', { name: 'Round 1' }).click();
    await page.getByRole('heading', { level: 2, name: 'Round 1 of 30' }).waitFor();
    await expect(matchups.getByRole('listitem').first().locator('.outcome').textContent()).resolves.toBe('You won');
    await page.getByText('Final', { exact: true }).waitFor();
    await expect(page.getByRole('link', { name: 'Round 0' }).count()).resolves.toBe(0);
    await founder.screens('fixtures-final');
    // a round past the season: said in words, with the way to the current one
    await page.goto(`${service.base}/leagues/${leagueId}/fixtures?round=99`);
    await page.getByText('That round is not part of this league’s season.').waitFor();
    await page.getByRole('link', { name: 'Go to this round' }).click();
    await page.getByRole('heading', { level: 2, name: 'Round 4 of 30' }).waitFor();

    // The activity: newest first, never credits.
    await page.getByRole('navigation', { name: /sections/ }).getByRole('link', { name: 'Activity' }).click();
    const feed = page.getByRole('list', { name: 'What happened, newest first' });
    await feed.waitFor();
    const outer = feed.getByRole('listitem').filter({ has: page.locator('time') });
    // a page of 30, then the rest by the cursor: 2 joins, 2 buys, 15 buys and sales, 3 rounds
    await expect(outer.count()).resolves.toBe(30);
    await expect(outer.filter({ hasText: 'Margin Notes sold Sample article 302 early.' }).count()).resolves.toBeGreaterThan(0);
    await founder.screen('activity');
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByText('That is everything since the league was founded.').waitFor();
    // (the friend's buy of its fielded article and its first try, one after the other on one
    // day, read as one line: a team's buys of a day are grouped)
    await expect(outer.count()).resolves.toBe(2 + 2 + 30 + 3 - 1);
    await expect(page.getByRole('button', { name: 'Load more' }).count()).resolves.toBe(0);
    const events = await outer.allTextContents();
    expect(events[0]).toMatch(/^🏁Round 3 finished/);
    expect(events.some((e) => /Margin Notes bought 2 articles: Sample article 301 and Sample article 302\./.test(e))).toBe(true);
    expect(events.some((e) => /Page Turners\) bought Sample article 300 \(medium term, 7 days\)/.test(e))).toBe(true);
    expect(events.some((e) => /Margin Notes joined the league/.test(e))).toBe(true);
    expect(events.at(-1)).toMatch(/You \(Page Turners\) joined the league/);
    expect(events.join(' ')).not.toMatch(/\bcr\b|credits/);
    await founder.screens('activity-all');

    // The friend's side of the same matchup.
    await friend.page.goto(`${service.base}/leagues/${leagueId}`);
    await friend.page.getByRole('region', { name: /^Round 4/ }).getByText(/^You 0\.0 – 0\.0 Page Turners/).waitFor();
    await friend.screen('home-round-4');

    // The article page: what it scored for its holder, day by day, and its 30-day average.
    await page.goto(`${service.base}/leagues/${leagueId}/articles/${FOUNDER_ARTICLE}`);
    const scored = page.getByRole('table', { name: /Points this article scored for your team/ });
    await scored.waitFor();
    const days = await scored.locator('tbody tr').allTextContents();
    expect(days).toHaveLength(3);
    for (const [i, views] of [...FOUNDER_VIEWS].reverse().entries()) expect(days[i]).toContain(points.format(basePoints(views)));
    await page.getByText('30-day average', { exact: true }).waitFor();
    await founder.screens('article-points');

    for (const player of [founder, friend]) {
      expect(player.foreignRequests).toEqual([]);
      // the one refused read is the round past the season
      expect(player.consoleErrors.filter((line) => !/status of 404/.test(line))).toEqual([]);
    }
    expect(founder.consoleErrors.filter((line) => /status of 404/.test(line))).toHaveLength(1);
  }, 180_000);

  it('how to play is readable signed out, from the sign-in form, its examples computed by the game’s own rules', async () => {
    const visitor = await newPlayer(browser, service.base, 'h2h-visitor');
    const { page } = visitor;
    await page.goto(`${service.base}/signin`);
    await page.getByRole('link', { name: 'How to play' }).click();
    await page.getByRole('heading', { level: 1, name: 'How to play' }).waitFor();
    for (const part of ['Points from views', 'Tiers and prices', 'Chemistry', 'A day, hour by hour (UTC)', 'Selling, expiry and renewal', 'League formats'])
      await page.getByRole('heading', { level: 2, name: part }).waitFor();
    // §2's table and §5.2's, as the rules write them
    const curve = page.getByRole('table', { name: 'Views in a day and the points they score' });
    await expect(curve.getByRole('row', { name: /^128,000/ }).getByRole('cell').textContent()).resolves.toBe('6.0');
    const prices = page.getByRole('table', { name: 'Prices by 30-day average views' });
    await expect(prices.getByRole('row', { name: /^130,000/ }).getByRole('cell').allTextContents()).resolves.toEqual(['164 cr', '382 cr', '764 cr']);
    await page.getByText('05:00:', { exact: false }).first().waitFor();
    await page.getByText(/^Ana 42\.1 – 34\.3 League average: Ana wins$/).waitFor();
    await visitor.screens('how-to-play');
    expect(visitor.foreignRequests).toEqual([]);
    expect(visitor.consoleErrors).toEqual([]);
  }, 60_000);
});
