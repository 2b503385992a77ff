/**
 * A player's first week, through the built binary against the loopback encyclopedia:
 * seed the Global League, sign up, join, read the market, buy, field a line-up, score the
 * day with the built-in engine, read the standings, then settle at expiry and read the
 * in-box. Every step is what an operator or a player would type or click. Days the engine
 * scored elsewhere come in through `fantasy import-performances`.
 * Runs on the engine of the run (test/support/e2e-database.ts): the `sqlite` and the `postgres`
 * vitest projects both run it.
 */
import { type CapturedRun, capturedRun } from '../support/captured-run';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binary, serveBinary, type ServedBinary } from '../support/served-binary';
import { basePoints } from '../../src/domain/base-points';
import { addDays, utcDay } from '../../src/domain/dates';
import { startFakeEncyclopedia, type FakeEncyclopedia } from '../fakes/encyclopedia';
import { e2eDatabase, type E2eDatabase } from '../support/e2e-database';

const today = utcDay(new Date());
const SERVICE_TOKEN = 'e2e-service-token';

let fake: FakeEncyclopedia;
let cwd: string;
let env: NodeJS.ProcessEnv;
let server: ServedBinary;
let base: string;
let database: E2eDatabase;

/** Runs a CLI verb without blocking this process, which also hosts the fake encyclopedia. */
function fantasy(...args: string[]): Promise<CapturedRun> {
  return capturedRun(binary, args, { cwd, env });
}

beforeAll(async () => {
  // Today's views are published so the engine can score today.
  fake = await startFakeEncyclopedia({ today, publishedThrough: today });
  cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-season-'));
  database = await e2eDatabase(cwd);
  env = {
    PATH: process.env.PATH,
    ...database.env,
    FANTASY_ENCYCLOPEDIA_SITE_URL: fake.siteUrl,
    FANTASY_ENCYCLOPEDIA_METRICS_URL: fake.metricsUrl,
    FANTASY_ENCYCLOPEDIA_META_URL: fake.metaUrl,
    FANTASY_ENCYCLOPEDIA_USER_AGENT: 'FantasySeasonTest/1.0 (ops@example.org)',
    FANTASY_SERVICE_TOKEN: SERVICE_TOKEN,
    FANTASY_SCHEDULER: 'false',
  };
  server = await serveBinary(cwd, env);
  base = server.url;
}, 30_000);

afterAll(async () => {
  await server?.stop();
  await fake?.close();
  await database?.close();
});

describe('a first week, end to end', () => {
  let cookie = '';
  const api = async (method: string, urlPath: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${urlPath}`, {
      method,
      headers: { cookie, 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };

  it('plays a season week through the binary', async () => {
    // serve seeded the Global League at start: seeding it again, twice, changes nothing
    for (let run = 0; run < 2; run++) {
      const seeded = await fantasy('seed-global');
      expect(seeded).toMatchObject({ status: 0, stdout: expect.stringMatching(/^the Global League already exists, nothing changed: id global, "Global League", domain en/) });
    }
    expect(await database.rows('SELECT id FROM leagues')).toEqual([{ id: 'global' }]);

    const register = await fetch(`${base}/auth/password/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:8787' },
      body: JSON.stringify({ username: 'season_player', password: 'pw' }),
    });
    expect(register.status).toBe(201);
    cookie = register.headers.getSetCookie()[0].split(';')[0];

    const joined = await api('POST', '/api/v1/leagues/global/my-team', { name: 'Readers United' });
    expect(joined).toMatchObject({ status: 201, body: { name: 'Readers United', credits: 1000 } });
    expect((await api('GET', '/api/v1/leagues')).body.map((l: { id: string }) => l.id)).toEqual(['global']);

    const market = await api('GET', '/api/v1/leagues/global/market');
    expect(market.status).toBe(200);
    const rows = (Array.isArray(market.body) ? market.body : market.body.articles) as { id: string; price: number | null }[];
    expect(rows.length).toBeGreaterThanOrEqual(2);
    // The headline price is MEDIUM: pick the two cheapest, as a new player with 1,000 credits would.
    const [first, second] = rows.filter((r) => r.price !== null).sort((a, b) => a.price! - b.price!);
    expect(first.price! + second.price!).toBeLessThanOrEqual(1000);

    const buyA = await api('POST', '/api/v1/leagues/global/my-contracts', { articleId: first.id, tier: 'MEDIUM' });
    const buyB = await api('POST', '/api/v1/leagues/global/my-contracts', { articleId: second.id.replaceAll('_', ' '), tier: 'MEDIUM' });
    expect([buyA, buyB].map((b) => [b.status, b.body?.error])).toEqual([[201, undefined], [201, undefined]]);
    expect(buyB.body.article.id).toBe(second.id);
    const spent = buyA.body.purchasePrice + buyB.body.purchasePrice;
    expect((await api('GET', '/api/v1/leagues/global/my-team')).body.credits).toBe(1000 - spent);

    const saved = await api('PUT', '/api/v1/leagues/global/lineup', {
      formation: { date: new Date().toISOString(), schema: '4-3-3', formation: { LW: { id: buyA.body.id }, ST: { id: buyB.body.id } } },
      bench: [],
    });
    expect(saved).toEqual({ status: 200, body: { success: true } });
    const lineup = await api('GET', '/api/v1/leagues/global/lineup');
    expect(lineup.body.formation.formation.LW.id).toBe(buyA.body.id);
    expect(lineup.body.formation.chemistry).toContainEqual({ from: 'LW', to: 'ST', level: 'empty' });

    // The two articles link to each other: an excellent chemistry link (+1.5).
    fake.data.setLinks('en', first.id, [second.id]);
    fake.data.setLinks('en', second.id, [first.id]);
    const collected = await fantasy('collect', '--date', today);
    expect(collected.stderr).not.toMatch(/error|aborted/i);
    expect(collected.status).toBe(0);

    const viewsOf = (id: string) => fake.data.seriesOf('en', id).find((p) => p.date === today)?.views ?? 0;
    const expected = basePoints(viewsOf(first.id)) + basePoints(viewsOf(second.id)) + 1.5;
    const performances = await api('GET', '/api/v1/leagues/global/my-performances');
    expect(performances.body).toHaveLength(1);
    expect(performances.body[0]).toMatchObject({ date: today, formation: { LW: first.id, ST: second.id } });
    expect(performances.body[0].points).toBeCloseTo(expected, 9);

    const standings = await api('GET', '/api/v1/leagues/global/leaderboard');
    expect(standings.body).toEqual([
      { team: expect.objectContaining({ name: 'Readers United', credits: 1000 - spent }), cumulativePoints: performances.body[0].points, rank: 1, rankDelta: null, champion: false },
    ]);

    // Re-running the day overwrites it.
    expect((await fantasy('collect', '--date', today)).status).toBe(0);
    expect((await api('GET', '/api/v1/leagues/global/my-performances?limit=10')).body).toHaveLength(1);

    // Two earlier days the engine scored elsewhere, one JSON object per line, imported twice:
    // the second import overwrites the same rows, so the standings count them once.
    const earlier = [
      { date: addDays(today, -2), views: 8_000 },
      { date: addDays(today, -1), views: 16_000 },
    ];
    const importFile = path.join(cwd, 'earlier-days.jsonl');
    fs.writeFileSync(
      importFile,
      earlier.map(({ date, views }) => JSON.stringify({ date, results: [{ teamId: joined.body.id, articleViews: [views], chemistryLevels: [] }] })).join('\n'),
    );
    for (let run = 0; run < 2; run++) expect(await fantasy('import-performances', importFile)).toMatchObject({ status: 0, stdout: '2 performances written\n' });
    const imported = (await api('GET', '/api/v1/leagues/global/my-performances?limit=10')).body as { date: string; points: number }[];
    expect(imported.map((day) => [day.date, day.points])).toEqual([
      [today, performances.body[0].points],
      ...earlier.reverse().map(({ date, views }) => [date, basePoints(views)]),
    ]);
    const importedPoints = basePoints(8_000) + basePoints(16_000);
    expect((await api('GET', '/api/v1/leagues/global/leaderboard')).body).toEqual([
      expect.objectContaining({ team: expect.objectContaining({ name: 'Readers United' }), cumulativePoints: performances.body[0].points + importedPoints, rank: 1 }),
    ]);

    // A week later the sweep settles both contracts at the price they command then.
    const settled = await fantasy('settle', '--at', `${addDays(today, 7)}T06:00:00Z`);
    expect(settled.status).toBe(0);
    const notifications = await api('GET', '/api/v1/player/notifications');
    expect(notifications.body).toHaveLength(2);
    for (const n of notifications.body) {
      expect(n.message).toMatch(/^.+ settled at expiry: (\+\d+|\u2212\d+) credits$/);
      expect(n).toMatchObject({ leagueId: 'global', isRead: false });
    }
    const again = await fantasy('settle', '--at', `${addDays(today, 7)}T06:00:00Z`);
    expect(again.status).toBe(0);
    expect((await api('GET', '/api/v1/player/notifications')).body).toHaveLength(2);
    expect((await api('GET', '/api/v1/leagues/global/my-contracts')).body).toEqual([]);

    const read = await api('PATCH', `/api/v1/notifications/${notifications.body[0].id}/read`);
    expect(read).toEqual({ status: 200, body: { success: true } });
  }, 120_000);
});
