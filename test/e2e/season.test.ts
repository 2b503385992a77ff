/**
 * A player's first week, through the built binary against the loopback encyclopedia:
 * seed the Global League, sign up, join, read the market, buy, field a line-up, score the
 * day with the built-in engine, read the standings, then settle at expiry and read the
 * in-box. Every step is what an operator or a player would type or click.
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

const today = utcDay(new Date());
const SERVICE_TOKEN = 'e2e-service-token';

let fake: FakeEncyclopedia;
let cwd: string;
let env: NodeJS.ProcessEnv;
let server: ServedBinary;
let base: string;

/** Runs a CLI verb without blocking this process, which also hosts the fake encyclopedia. */
function fantasy(...args: string[]): Promise<CapturedRun> {
  return capturedRun(binary, args, { cwd, env });
}

beforeAll(async () => {
  // Today's views are published so the engine can score today.
  fake = await startFakeEncyclopedia({ today, publishedThrough: today });
  cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-season-'));
  env = {
    PATH: process.env.PATH,
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
    const seeded = await fantasy('seed-global');
    expect(seeded.status).toBe(0);
    expect((await fantasy('seed-global')).status).toBe(0);

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
      { team: expect.objectContaining({ name: 'Readers United', credits: 1000 - spent }), cumulativePoints: performances.body[0].points, rank: 1, rankDelta: null },
    ]);

    // Re-running the day overwrites it.
    expect((await fantasy('collect', '--date', today)).status).toBe(0);
    expect((await api('GET', '/api/v1/leagues/global/my-performances?limit=10')).body).toHaveLength(1);

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
