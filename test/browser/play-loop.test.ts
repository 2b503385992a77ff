/**
 * A new player plays the whole loop through the page only: create an account, join the
 * Global League, find an article by search, buy it, field it; the scoring engine posts the
 * day; the standings show the points and the rank; sell with the payout shown; the in-box
 * shows the sale's sentence.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPlayer, today, type Player, type Service, useServiceAndBrowser } from './harness';

let service: Service;
let browser: Browser;

useServiceAndBrowser({}, async (started, launched) => {
  [service, browser] = [started, launched];
  expect((await service.fantasy('seed-global')).status).toBe(0);
  // The generated world has no views for today; give the article the loop buys a good day.
  const series = service.fake.data.seriesOf('en', 'Sample_article_200');
  service.fake.data.setSeries('en', 'Sample_article_200', [...series, { date: today, views: 40_000 }]);
});

// As the app shows points: always one decimal.
const points = new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

describe('the play loop in a browser', () => {
  let player: Player;

  it('plays a day from sign-up to the in-box', async () => {
    player = await newPlayer(browser, service.base, 'loop');
    const { page } = player;

    // An anonymous visitor of the printed address lands on the sign-in form.
    await page.goto(`${service.base}/`);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await player.screen('sign-in');

    await page.getByRole('button', { name: 'I am new here' }).click();
    await page.getByLabel('Username').fill('reader_one');
    await page.getByLabel('Password', { exact: true }).fill('correct horse');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.getByRole('heading', { level: 1, name: 'Welcome to the league' }).waitFor();
    await player.screen('welcome');
    await page.getByLabel(/Your team name in/).first().fill('Readers United');
    await page.getByRole('button', { name: /^Join Global/ }).click();

    await page.getByRole('heading', { name: 'Readers United' }).waitFor();
    // a new team starts with 1,000 credits (a locator is always truthy: wait for the text itself)
    await page.getByText('1,000 cr').first().waitFor();
    await player.screen('league-home-new');

    await page.getByRole('navigation', { name: /sections/ }).getByRole('link', { name: 'Market' }).click();
    await page.getByRole('heading', { name: "Today's shelf" }).waitFor();
    await player.screen('market');

    // Sort and filter the shelf.
    const shelf = page.getByRole('list', { name: "Today's shelf" });
    await page.getByText('Sort and filter').click();
    await page.getByLabel('Sort by').selectOption({ label: 'Price, lowest first' });
    const medium = async () =>
      (await shelf.locator('.prices').allTextContents()).map((t) => Number(/Medium ([\d,]+) cr/.exec(t)?.[1].replaceAll(',', '') ?? NaN));
    const ascending = (await medium()).filter((n) => !Number.isNaN(n));
    expect(ascending.length).toBeGreaterThan(1);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    await page.getByLabel('Filter titles').fill('messi');
    await expect(shelf.getByRole('link').allTextContents()).resolves.toEqual(['Lionel Messi']);
    await page.getByLabel('Filter titles').fill('');

    // An article far below the shelf, found by the edition-wide search.
    await page.getByRole('button', { name: 'Search all articles' }).click();
    await page.getByLabel('Find any article of the edition').fill('Sample article 200');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByRole('list', { name: 'Search results' });
    await results.waitFor();
    await player.screen('market-search');
    await results.getByRole('button', { name: 'Buy Sample article 200…' }).click();
    await player.screen('market-buy');
    await results.getByRole('button', { name: /^Buy for/ }).click();
    await page.getByText(/Bought Sample article 200 for/).waitFor();

    await page.getByRole('link', { name: 'Field it in your line-up' }).click();
    await page.getByRole('heading', { level: 1, name: 'Line-up' }).waitFor();
    await page.getByText('1 live contract is not fielded: Sample article 200.').waitFor();
    await player.screen('lineup-unfielded');

    // The league home says so too, until the contract is fielded.
    const sections = page.getByRole('navigation', { name: /sections/ });
    await sections.getByRole('link', { name: 'Standings' }).click();
    await page.getByText('1 contract is not in your line-up and scores nothing: Sample article 200.').waitFor();
    await player.screen('league-home-unfielded');
    await sections.getByRole('link', { name: 'Line-up' }).click();
    await page.getByRole('button', { name: /Sample article 200/ }).waitFor();

    // Pick, then place: the keyboard path (focus and Enter) a touch or a click also takes.
    await page.getByRole('button', { name: /Sample article 200/ }).focus();
    await page.keyboard.press('Enter');
    // the app moves focus to the first empty position on the next frame; choosing another before
    // that lands would be undone by it (on a loaded machine the contract went to the left wing)
    // (a locator, not waitForFunction: the page's CSP refuses the eval that polls a string predicate)
    await page.locator('.pitch .slot.empty:focus-within').waitFor();
    await page.getByRole('button', { name: 'Striker: empty' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Striker: Sample article 200' }).waitFor();
    await expect(page.getByText(/not fielded/).count()).resolves.toBe(0);
    // Another formation schema: the striker moves by the game's remap, not to the bench.
    await page.getByRole('radio', { name: '4-4-2' }).check();
    await page.getByRole('button', { name: 'Left striker: Sample article 200' }).waitFor();
    await player.screen('lineup-442');
    // Drag and drop works too, for a mouse.
    await page.getByRole('button', { name: 'Left striker: Sample article 200' }).dragTo(page.getByRole('button', { name: 'Right striker: Empty' }));
    await page.getByRole('button', { name: 'Right striker: Sample article 200' }).waitFor();
    await page.getByRole('button', { name: 'Save line-up' }).click();
    await page.getByText('Line-up saved.').waitFor();
    await player.screen('lineup-saved');

    // The scoring engine posts the day.
    const collected = await service.fantasy('collect', '--date', today);
    expect(collected.status).toBe(0);
    const performances = (await (await page.request.get(`${service.base}/api/v1/leagues/global/my-performances`)).json()) as {
      points: number;
    }[];
    expect(performances).toHaveLength(1);
    expect(performances[0].points).toBeGreaterThan(0);

    await page.getByRole('navigation', { name: /sections/ }).getByRole('link', { name: 'Standings' }).click();
    const row = page.getByRole('row', { name: /Readers United/ });
    await row.waitFor();
    await expect(row.getByRole('cell').first().textContent()).resolves.toBe('1');
    await expect(row.getByRole('cell').nth(1).textContent()).resolves.toBe(points.format(performances[0].points));
    await player.screen('league-home-scored');

    await page.getByRole('navigation', { name: /sections/ }).getByRole('link', { name: 'Contracts' }).click();
    await page.getByRole('button', { name: 'Sell Sample article 200…' }).waitFor();
    await player.screen('contracts');

    // The article's own page: its summary and the pageviews its price comes from.
    await page.getByRole('link', { name: 'Sample article 200' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sample article 200' }).waitFor();
    await page.getByText(/Daily pageviews from/).waitFor();
    await page.getByText('✓ You hold a contract on this article.').waitFor();
    await player.screen('article');
    await page.goBack();

    await page.getByRole('button', { name: 'Sell Sample article 200…' }).click();
    const confirm = page.getByRole('group', { name: 'Confirm' });
    await confirm.waitFor();
    const quote = (await confirm.textContent())!.match(/now pays ([\d,]+) cr/);
    expect(quote).not.toBeNull();
    await player.screen('contracts-sell-confirm');
    await confirm.getByRole('button', { name: `Sell for ${quote![1]} cr` }).click();
    await page.getByText(`Sold Sample article 200 for ${quote![1]} cr.`).waitFor();
    await player.screen('contracts-sold');

    await page.getByRole('link', { name: 'In-box 1 unread' }).click();
    await page.getByRole('heading', { level: 1, name: 'In-box' }).waitFor();
    const notes = (await (await page.request.get(`${service.base}/api/v1/player/notifications`)).json()) as { message: string }[];
    expect(notes).toHaveLength(1);
    await page.getByText(notes[0].message).waitFor();
    await player.screen('inbox-unread');
    await page.getByRole('button', { name: 'Mark read' }).click();
    await page.getByText('Everything is read.').waitFor();
    await page.getByRole('link', { name: 'In-box', exact: true }).waitFor();
    await player.screen('inbox-read');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();

    expect(player.foreignRequests).toEqual([]);
    expect(player.consoleErrors).toEqual([]);
  }, 120_000);
});
