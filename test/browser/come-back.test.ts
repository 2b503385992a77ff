/**
 * The web app's reasons to come back (issue 10), played in a browser against the built
 * binary bound to the loopback model and issue tracker: yesterday's result first, the season
 * and pageview charts with their words, a whole Genie hunt ending in a buy (and the Genie
 * asleep, and out of breath), a filed problem report, and the installable manifest.
 */
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { newPlayer, SERVICE_TOKEN, today, type Player, type Service, useServiceAndBrowser } from './harness';

let service: Service;
let browser: Browser;

useServiceAndBrowser({ genie: true, reports: true }, async (started, launched) => {
  [service, browser] = [started, launched];
  expect((await service.fantasy('seed-global')).status).toBe(0);
  for (const [id, views] of [
    ['Sample_article_200', 40_000],
    ['Sample_article_201', 12_000],
  ] as const) {
    service.fake.data.setSeries('en', id, [...service.fake.data.seriesOf('en', id), { date: today, views }]);
  }
});

const dayFormat = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const shown = (iso: string) => dayFormat.format(new Date(`${iso}T00:00:00Z`));
const pointsFormat = new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The page's own cookies, and the Origin a browser would send: writes the test sets up directly. */
async function write(page: Page, method: 'POST' | 'PUT', path: string, data: unknown) {
  const response = await page.request.fetch(`${service.base}${path}`, { method, data, headers: { origin: service.base } });
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

/** The Origin a browser would send; only the refused ones are interesting. */
const refusedLoad = (status: number) => expect.stringMatching(new RegExp(`Failed to load resource.*${status}`));

describe('reasons to come back', () => {
  let player: Player;

  it('is installable: the shell links a manifest the server types, and its icons are served', async () => {
    player = await newPlayer(browser, service.base, 'return');
    const { page } = player;
    await page.goto(`${service.base}/signin`);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    const href = await page.getAttribute('link[rel="manifest"]', 'href');
    expect(href).toMatch(/^\/assets\/app-[\w-]+\.webmanifest$/);
    const response = await page.request.get(`${service.base}${href}`);
    expect(response.headers()['content-type']).toBe('application/manifest+json');
    const manifest = (await response.json()) as { name: string; start_url: string; display: string; icons: { src: string; type: string }[] };
    expect(manifest).toMatchObject({ name: 'Article Fantasy League', start_url: '/home', display: 'standalone' });
    for (const icon of manifest.icons) {
      const served = await page.request.get(`${service.base}${icon.src}`);
      expect(served.status()).toBe(200);
      expect(served.headers()['content-type']).toBe(icon.type);
    }
    // The phone's frame follows the system theme too.
    await expect(page.locator('meta[name="theme-color"]').count()).resolves.toBe(2);
  });

  it("opens a league on yesterday's result, with what scored, the rank and what needs the player", async () => {
    const { page } = player;
    await page.getByRole('button', { name: 'I am new here' }).click();
    await page.getByLabel('Username').fill('early_bird');
    await page.getByLabel('Password', { exact: true }).fill('correct horse');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByLabel(/Your team name in/).first().fill('Morning Readers');
    await page.getByRole('button', { name: /^Join Global/ }).click();
    await page.getByRole('heading', { name: 'Morning Readers' }).waitFor();

    // Three contracts: two fielded side by side (a chemistry link), one left on the bench.
    const league = '/api/v1/leagues/global';
    for (const articleId of ['Sample_article_200', 'Sample_article_201', 'Sample_article_202']) {
      expect((await write(page, 'POST', `${league}/my-contracts`, { articleId, tier: 'MEDIUM' })).status).toBe(201);
    }
    const contracts = (await (await page.request.get(`${service.base}${league}/my-contracts`)).json()) as { id: string; article: { id: string } }[];
    const contractOf = (id: string) => ({ id: contracts.find((c) => c.article.id === id)!.id });
    const saved = await write(page, 'PUT', `${league}/lineup`, {
      formation: { schema: '4-3-3', date: new Date().toISOString(), formation: { LW: contractOf('Sample_article_201'), ST: contractOf('Sample_article_200') } },
    });
    expect(saved.status).toBe(200);

    // Five earlier days from the scoring engine, then today's from the collector.
    const team = (await (await page.request.get(`${service.base}${league}/my-team`)).json()) as { id: string };
    for (let back = 5; back >= 1; back--) {
      const ingest = await page.request.post(`${service.base}/internal/v1/performances`, {
        headers: { authorization: `Bearer ${SERVICE_TOKEN}` },
        data: {
          date: addDays(today, -back),
          results: [
            {
              teamId: team.id,
              articleViews: [2_000 * back, 30_000 - 4_000 * back],
              chemistryLevels: ['good'],
              formationSnapshot: JSON.stringify({ LW: 'Sample_article_201', ST: 'Sample_article_200' }),
            },
          ],
        },
      });
      expect(ingest.status(), await ingest.text()).toBe(200);
    }
    expect((await service.fantasy('collect', '--date', today)).status).toBe(0);
    const performances = (await (await page.request.get(`${service.base}${league}/my-performances?limit=10`)).json()) as {
      date: string;
      points: number;
      breakdown: { articles: { articleId: string; points: number }[]; synergy: number };
    }[];
    expect(performances.map((p) => p.date)).toEqual([0, 1, 2, 3, 4, 5].map((back) => addDays(today, -back)));
    const latest = performances[0];

    // The benched contract is days from its end in effect: the binary has no clock to wind, so
    // its expiry moves to tomorrow in the store.
    const store = new Database(service.databasePath);
    expect(store.prepare("UPDATE contracts SET expire_date = ? WHERE article_id = 'Sample_article_202'").run(addDays(today, 1)).changes).toBe(1);
    store.close();

    await page.goto(`${service.base}/leagues/global`);
    const result = page.getByRole('region', { name: `Your result for ${shown(today)}` });
    await result.waitFor();
    await expect(result.locator('.result-total').textContent()).resolves.toBe(`${pointsFormat.format(latest.points)} points`);
    await result.getByText(/^Rank 1 of \d+/).waitFor();
    const scored = result.getByRole('list');
    // Each line within a rounding of its own points, and the lines as shown add up to the total as shown.
    let shownSum = 0;
    for (const article of latest.breakdown.articles) {
      const title = article.articleId.replaceAll('_', ' ');
      const shownPoints = Number((await scored.getByRole('listitem').filter({ hasText: title }).locator('.num').textContent())!.replaceAll(',', ''));
      expect(Math.abs(shownPoints - article.points)).toBeLessThanOrEqual(0.1);
      shownSum += shownPoints;
    }
    shownSum += Number((await scored.getByRole('listitem').filter({ hasText: 'Chemistry' }).locator('.num').textContent())!.replaceAll(',', ''));
    expect(pointsFormat.format(shownSum)).toBe(pointsFormat.format(latest.points));
    await expect(scored.getByRole('listitem').filter({ hasText: 'Chemistry' }).textContent()).resolves.toMatch(/Left wing–Striker/);
    const needs = page.getByRole('region', { name: 'Needs you' });
    await needs.getByText('1 contract is not in your line-up and scores nothing: Sample article 202.').waitFor();
    // both sides of the renewal's choice at today's price (issue 36)
    await needs
      .getByText(new RegExp(`^Sample article 202 expires tomorrow \\(${shown(addDays(today, 1))}\\): renew for [\\d,]+ cr \\([\\d,]+ cr \\+ [\\d,]+ cr premium\\), or let it expire: [\\d,]+ cr paid back at today's price\\.`))
      .waitFor();
    await expect(needs.getByRole('link', { name: 'Renew or let it go' }).getAttribute('href')).resolves.toBe('/leagues/global/contracts');
    await player.screen('league-home-result');

    // The season as bars, said in words, and as a table for anyone who would rather read it.
    const season = page.getByRole('img', { name: /^Points per day over 6 scored days/ });
    await season.waitFor();
    const total = performances.reduce((sum, p) => sum + p.points, 0);
    await expect(page.locator('#points-chart-caption').textContent()).resolves.toContain(`${pointsFormat.format(total)} in all`);
    await page.getByText('Points per day as a table').click();
    const table = page.locator('details.figures').getByRole('table');
    await expect(table.getByRole('row').count()).resolves.toBe(7);
    await table.getByRole('row', { name: `${shown(today)} ${pointsFormat.format(latest.points)}` }).waitFor();
    await player.screen('league-home-season-chart');

    // The system's dark setting: the same screen, still free of contrast failures.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.evaluate("getComputedStyle(document.documentElement).backgroundColor")).resolves.toBe('rgb(18, 21, 19)');
    await player.screen('league-home-result-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  }, 120_000);

  it("draws an article's daily pageviews with the 30-day average, in words too", async () => {
    const { page } = player;
    await page.goto(`${service.base}/leagues/global/articles/Sample_article_200`);
    await page.getByRole('heading', { level: 1, name: 'Sample article 200' }).waitFor();
    const chart = page.getByRole('img', { name: /^Daily pageviews from .* \(solid line\): [\d,]+ on the last day, peak/ });
    await chart.waitFor();
    await expect(page.locator('#views-chart-caption').textContent()).resolves.toMatch(/The dashed line is the 30-day average, [\d,]+ a day\./);
    await expect(page.locator('svg .average').count()).resolves.toBe(1);
    await player.screen('article-chart');
  }, 60_000);

  it('hunts an article with the Genie: questions, progress words, not sure, a priced list, a buy', async () => {
    const { page } = player;
    const model = service.model!;
    model.script = {
      seed: { json: { keywords: 'Sample article 1', anchors: [] } },
      turn: {
        json: {
          utterance: 'A vast library rustles its pages… does the number end in a five?',
          question: 'Does the number end in a five?',
          keep: [],
          options: ['Yes', 'No'],
          kind: 'filter',
          done: false,
        },
      },
    };
    await page.goto(`${service.base}/leagues/global/market`);
    await page.getByRole('button', { name: 'Ask the Genie' }).click();
    const genie = page.getByRole('region', { name: 'Article Genie' });
    await genie.getByLabel('Describe an article you cannot name').fill('a sample article whose number starts with one');
    await genie.getByRole('button', { name: 'Ask the Genie' }).click();
    await genie.getByText('A vast library rustles its pages… does the number end in a five?').waitFor();
    await genie.getByText('A vast field of articles is still in play. Question 1 of 10.').waitFor();
    await player.screen('genie-question');

    // The ids the app gave: the server's candidates in order, from 1.
    const { candidates } = (await (
      await page.request.get(`${service.base}/api/v1/leagues/global/genie-candidates?keywords=${encodeURIComponent('Sample article 1')}`)
    ).json()) as { candidates: { id: string; title: string }[] };
    expect(candidates.length).toBeGreaterThan(30);
    const firstTurn = model.requests.find((r) => r.call === 'turn')!;
    expect(firstTurn.body.messages!.find((m) => m.role === 'user')!.content).toContain('Mood: vast');

    const dozen = Array.from({ length: 12 }, (_, i) => i + 1);
    model.script.turn = {
      json: { utterance: 'A dozen or so candles flicker… is it a round number?', question: 'Is it a round number?', keep: dozen, options: ['Yes', 'No', 'Sometimes'], kind: 'filter', done: false },
    };
    await genie.getByRole('button', { name: 'Yes', exact: true }).click();
    await genie.getByText('A dozen or so articles are still in play. Question 2 of 10.').waitFor();
    await genie.getByRole('button', { name: 'Sometimes' }).waitFor();

    // The client's own "not sure": the model is told the player did not know.
    model.script.turn = {
      json: { utterance: 'No matter… is it below one hundred and fifty?', question: 'Is it below 150?', keep: dozen, options: ['Yes', 'No'], kind: 'filter', done: false },
    };
    await genie.getByRole('button', { name: 'Not sure' }).click();
    await genie.getByText('No matter… is it below one hundred and fifty?').waitFor();
    const unsureTurn = model.requests.filter((r) => r.call === 'turn').at(-1)!;
    const told = unsureTurn.body.messages!.find((m) => m.role === 'user')!.content;
    expect(told).toContain('the player did not know');
    expect(told).toContain('Mood: a dozen or so');

    model.script.turn = {
      json: { utterance: 'Almost there!', question: 'Anything else?', keep: [2, 5, 7], options: ['Yes', 'No'], kind: 'filter', done: false },
    };
    await genie.getByRole('button', { name: 'No', exact: true }).click();
    const found = genie.getByRole('list', { name: 'The Genie found' });
    await found.waitFor();
    const titles = await found.locator('.offer-title').allTextContents();
    expect([...titles].sort()).toEqual([2, 5, 7].map((id) => candidates[id - 1].title).sort());
    // No mutual links here, so the cheapest medium contract comes first.
    const medium = (await found.locator('.prices').allTextContents()).map((t) => Number(/Medium ([\d,]+) cr/.exec(t)![1].replaceAll(',', '')));
    expect(medium).toEqual([...medium].sort((a, b) => a - b));
    await player.screen('genie-found');

    await found.getByRole('button', { name: `Buy ${titles[0]}…` }).click();
    await found.getByRole('button', { name: /^Buy for/ }).click();
    await page.getByText(new RegExp(`Bought ${titles[0]} for`)).waitFor();
  }, 120_000);

  it('says so in words when the Genie is asleep or out of breath, and the search keeps working', async () => {
    const { page } = player;
    const model = service.model!;
    const genie = page.getByRole('region', { name: 'Article Genie' });
    await genie.getByRole('button', { name: 'Start a new hunt' }).click();
    model.script = { seed: { status: 500 } };
    await genie.getByLabel('Describe an article you cannot name').fill('the one about the tall tower');
    await genie.getByRole('button', { name: 'Ask the Genie' }).click();
    await genie.getByText('The Genie is asleep right now. Use the search above to find articles by name.').waitFor();
    await page.getByRole('button', { name: 'Search all articles' }).click();
    await page.getByLabel('Find any article of the edition').fill('Sample article 300');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('list', { name: 'Search results' }).getByRole('link', { name: 'Sample article 300' }).waitFor();
    await player.screen('genie-asleep');

    // 20 Genie requests a minute per player: spend the rest, then the page asks once more.
    let status = 0;
    for (let i = 0; i < 25 && status !== 429; i++) status = (await write(page, 'POST', '/api/v1/me/genie-seeds', { query: 'anything' })).status;
    expect(status).toBe(429);
    // The description is still in the form: asking again is one press.
    await page.getByRole('button', { name: 'Ask the Genie', expanded: false }).click();
    await expect(genie.getByLabel('Describe an article you cannot name').inputValue()).resolves.toBe('the one about the tall tower');
    await genie.getByRole('button', { name: 'Ask the Genie' }).click();
    await genie.getByText(/The Genie needs a breather: too many questions in a minute\./).waitFor();
    await player.screen('genie-rate-limited');
  }, 60_000);

  it('stops the Genie at ten questions, offers five more once, then shows what is left', async () => {
    const hunter = await newPlayer(browser, service.base, 'genie-cap');
    const { page } = hunter;
    await page.goto(`${service.base}/signin`);
    await page.getByRole('button', { name: 'I am new here' }).click();
    await page.getByLabel('Username').fill('patient_one');
    await page.getByLabel('Password', { exact: true }).fill('correct horse');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByLabel(/Your team name in/).first().fill('Slow Burners');
    await page.getByRole('button', { name: /^Join Global/ }).click();
    await page.getByRole('heading', { name: 'Slow Burners' }).waitFor();
    await page.goto(`${service.base}/leagues/global/market`);
    await page.getByRole('button', { name: 'Ask the Genie' }).click();

    const model = service.model!;
    model.reset();
    const genie = page.getByRole('region', { name: 'Article Genie' });

    // Named articles to relate: five or fewer candidates need no question, and the one that
    // links both ways with both named articles comes first.
    model.script = { seed: { json: { keywords: 'national football', anchors: ['Lionel Messi', 'Cristiano Ronaldo'] } } };
    await genie.getByLabel('Describe an article you cannot name').fill('something tying Messi and Ronaldo to national football');
    await genie.getByRole('button', { name: 'Ask the Genie' }).click();
    const related = genie.getByRole('list', { name: 'The Genie found' });
    await related.waitFor();
    await expect(related.locator('.offer-title').allTextContents()).resolves.toEqual(["Ballon d'Or", 'Argentina national football team']);
    await related.getByText('Linked both ways with 2 articles you named', { exact: false }).waitFor();
    expect(model.requests.filter((r) => r.call === 'turn')).toHaveLength(0);
    await hunter.screen('genie-related');
    await genie.getByRole('button', { name: 'Start a new hunt' }).click();

    const twenty = Array.from({ length: 20 }, (_, i) => i + 1);
    // A new question every turn (the server ends a hunt that repeats one), never fewer than 20 left.
    const ask = (n: number) => {
      model.script = {
        seed: { json: { keywords: 'Sample article 1', anchors: [] } },
        turn: { json: { utterance: `Riddle ${n}: is it odd?`, question: `Riddle ${n}: is it odd?`, keep: twenty, options: ['Yes', 'No'], kind: 'filter', done: false } },
      };
    };
    ask(1);
    await genie.getByLabel('Describe an article you cannot name').fill('an article that will not be found quickly');
    await genie.getByRole('button', { name: 'Ask the Genie' }).click();
    await genie.getByText('Question 1 of 10.', { exact: false }).waitFor();
    for (let n = 2; n <= 10; n++) {
      ask(n);
      await genie.getByRole('button', { name: 'Yes', exact: true }).click();
      await genie.getByText(`Riddle ${n}: is it odd?`).waitFor();
    }
    await genie.getByText('Many articles are still in play. Question 10 of 10.').waitFor();
    const cap = genie.getByRole('group', { name: 'The Genie has asked 10 questions' });
    await expect(genie.getByRole('button', { name: 'Yes', exact: true }).count()).resolves.toBe(0);
    await hunter.screen('genie-soft-cap');

    await cap.getByRole('button', { name: 'Ask 5 more questions' }).click();
    await genie.getByText('Question 10 of 15.', { exact: false }).waitFor();
    for (let n = 11; n <= 15; n++) {
      ask(n);
      await genie.getByRole('button', { name: 'Yes', exact: true }).click();
      await genie.getByText(`Riddle ${n}: is it odd?`).waitFor();
    }
    await genie.getByText('Question 15 of 15.', { exact: false }).waitFor();
    const end = genie.getByRole('group', { name: 'The Genie has asked 15 questions' });
    await end.getByRole('button', { name: 'Show the 20 articles left' }).waitFor();
    // One extension only.
    await expect(end.getByRole('button', { name: 'Ask 5 more questions' }).count()).resolves.toBe(0);
    expect(model.requests.filter((r) => r.call === 'turn')).toHaveLength(15);
    await end.getByRole('button', { name: 'Show the 20 articles left' }).click();
    const found = genie.getByRole('list', { name: 'The Genie found' });
    await found.waitFor();
    await expect(found.getByRole('listitem').count()).resolves.toBe(20);
    expect(hunter.foreignRequests).toEqual([]);
    expect(hunter.consoleErrors).toEqual([]);
  }, 120_000);

  it('files a problem report and shows the issue it became, with refusals in words', async () => {
    const { page } = player;
    const tracker = service.tracker!;
    await page.getByRole('link', { name: 'Report a problem' }).click();
    await page.getByRole('heading', { level: 1, name: 'Report a problem' }).waitFor();
    await page.getByRole('button', { name: 'Send the report' }).click();
    await page.getByText('Give the report a title.').waitFor();
    expect(tracker.requests).toHaveLength(0);
    await player.screen('report-refused');

    await page.getByLabel('What kind of problem?').selectOption({ label: 'Something looks wrong' });
    await page.getByLabel('Title').fill('The chart is squashed on my phone');
    await page.getByLabel('What happened?').fill('On the market page the bars overlap.');
    await page.getByLabel('The maintainers may contact me about this report').check();
    await page.getByRole('button', { name: 'Send the report' }).click();
    await page.getByText('Thank you. Your report is issue #128.').waitFor();
    const link = page.getByRole('link', { name: 'Follow issue #128 on the tracker' });
    await expect(link.getAttribute('href')).resolves.toBe(`https://github.com/${tracker.owner}/${tracker.repo}/issues/128`);
    await player.screen('report-filed');

    expect(tracker.requests).toHaveLength(1);
    const filed = tracker.requests[0].body as { title: string; body: string; labels: string[] };
    expect(filed.title).toBe('The chart is squashed on my phone');
    expect(filed.labels).toEqual(expect.arrayContaining(['user-report', 'bug', 'visual', 'contact-ok']));
    expect(filed.body).toContain('- Route: /leagues/global/market');

    expect(player.foreignRequests).toEqual([]);
    // The browser's own lines for the refused requests only: the asleep Genie (503), the
    // exhausted one (429), and the empty report (400).
    expect(player.consoleErrors).toEqual([refusedLoad(503), refusedLoad(429), refusedLoad(400)]);
  }, 60_000);
});
