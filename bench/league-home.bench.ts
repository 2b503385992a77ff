/**
 * A league of 100,000 teams opens its home screen (issue 23 point 9), against the built
 * binary in headless chromium at phone size: from navigation to the standings' first page
 * drawn, cold and with a warm cache. Beside it, measured in the same run on the same file:
 *  - the raw page read: better-sqlite3 reading the ten ranks the screen shows, no framework;
 *  - the two leaderboard pages the screen asks for (limit=10, around=me) over HTTP;
 *  - what the screen used to ask for: the whole leaderboard over HTTP;
 *  - what no page beats on this machine at this moment: chromium showing a bare static page
 *    with one heading (a busy machine slows every figure alike).
 * Goal: under 1 s. Needs `npm run build` first; LEAGUE_HOME_TEAMS overrides the size.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { addDays, utcDay } from '../src/domain/dates';
import { parseConfig } from '../src/platform/config';
import { jsonLogger } from '../src/platform/log';
import { openRuntime } from '../src/platform/runtime';
import { mintSessionToken, SESSION_COOKIE } from '../src/features/auth/session-tokens';
import { rankedTeams } from '../src/features/scoring/standings-store';
import { buildBulkLeague } from '../test/support/bulk-league';
import { freePort } from '../test/support/free-port';

const TEAMS = Number(process.env.LEAGUE_HOME_TEAMS ?? 100_000);
const RUNS = 7;
const GOAL_MS = 1_000;
const SECRET = 'bench-signing-secret-that-is-long-enough-0123456789';
const binary = path.resolve('dist/fantasy');
if (!fs.existsSync(binary)) {
  console.error('dist/fantasy is missing: run `npm run build` first');
  process.exit(1);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (xs: number[]) => `${median(xs).toFixed(0)} ms  [${xs.map((x) => x.toFixed(0)).join(', ')}]`;
const caption = `Ranks 1–10 of ${TEAMS.toLocaleString('en')}`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-bench-league-home-'));
const databasePath = path.join(dir, 'fantasy.db');
const today = utcDay(new Date());
const leagueId = 'lg_bench_home';

// The league, written straight through the store, then left to the binary.
const runtime = await openRuntime(parseConfig({ environment: 'test', databasePath, signingSecret: SECRET, scheduler: { enabled: false } }), {
  log: jsonLogger(() => undefined),
});
const built = performance.now();
const big = await buildBulkLeague(runtime.ctx.db, { leagueId, teams: TEAMS, start: addDays(today, -10), durationDays: 90, scoredDays: 5, contractPrice: 50 });
console.log(`league of ${TEAMS.toLocaleString('en')} teams written in ${((performance.now() - built) / 1000).toFixed(1)} s`);
await runtime.close();

// The viewer plays mid-table: its neighbourhood is far from the top.
const viewer = { sub: `bulk:${leagueId}_${Math.floor(TEAMS / 2)}`, email: '', name: '', picture: '' };
const token = await mintSessionToken(viewer, SECRET, new Date());
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const service = spawn(binary, ['serve', '--port', String(port), '--database', databasePath], {
  cwd: dir,
  stdio: 'ignore',
  env: { PATH: process.env.PATH, FANTASY_SCHEDULER: 'false', FANTASY_FRONTEND_URL: base, FANTASY_SIGNING_SECRET: SECRET },
});
for (let tries = 0; ; tries++) {
  try {
    if ((await fetch(`${base}/`)).ok) break;
  } catch {
    // not listening yet
  }
  if (tries > 3000) throw new Error('the service did not start');
  await new Promise((r) => setTimeout(r, 10));
}

const cookie = `${SESSION_COOKIE}=${token}`;
async function timedGet(url: string): Promise<[number, number]> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie, 'accept-encoding': 'br' } });
  const bytes = (await response.arrayBuffer()).byteLength;
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return [performance.now() - started, bytes];
}

const bareHtml = Buffer.from('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bare</title></head><body><h1>Standings</h1></body></html>');
const bare = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': bareHtml.length });
  res.end(bareHtml);
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareUrl = `http://127.0.0.1:${(bare.address() as net.AddressInfo).port}/`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
});
try {
  const board = `${base}/api/v1/leagues/${leagueId}/leaderboard`;
  // The first read after the bulk write ranks the league once; every figure below is after it.
  const [rankMs] = await timedGet(`${board}?limit=10`);
  console.log(`first leaderboard read after the write (ranks the league once): ${rankMs.toFixed(0)} ms`);

  async function openHome(warm: boolean): Promise<number> {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    await context.addCookies([{ name: SESSION_COOKIE, value: token, url: base }]);
    // the app's own hint that a session exists, as a sign-in leaves it
    await context.addInitScript("localStorage.setItem('afl.signedIn', '1')");
    const page = await context.newPage();
    const url = `${base}/leagues/${leagueId}`;
    if (warm) {
      await page.goto(url);
      await page.getByText(caption).waitFor();
    }
    const trace: string[] = [];
    const started = performance.now();
    if (process.env.LEAGUE_HOME_TRACE)
      page.on('requestfinished', (request) => {
        const t = request.timing();
        trace.push(`${(t.startTime - performance.timeOrigin - started).toFixed(0).padStart(6)} +${t.responseEnd.toFixed(0).padStart(5)} ms  ${new URL(request.url()).pathname}${new URL(request.url()).search}`);
      });
    await page.goto(url);
    await page.getByText(caption).waitFor({ timeout: 60_000 });
    const elapsed = performance.now() - started;
    if (trace.length > 0) console.log(`  ${warm ? 'warm' : 'cold'} ${elapsed.toFixed(0)} ms:\n  ${trace.join('\n  ')}`);
    await context.close();
    return elapsed;
  }

  async function openBare(): Promise<number> {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(bareUrl);
    await page.getByRole('heading', { name: 'Standings' }).waitFor();
    const elapsed = performance.now() - started;
    await context.close();
    return elapsed;
  }

  const bareRuns: number[] = [];
  const raw: number[] = [];
  const pageReads: number[] = [];
  const aroundReads: number[] = [];
  const cold: number[] = [];
  const warm: number[] = [];
  const ranks = await openRuntime(parseConfig({ environment: 'test', databasePath, signingSecret: SECRET, scheduler: { enabled: false } }), {
    log: jsonLogger(() => undefined),
  });
  try {
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      if ((await rankedTeams(ranks.ctx.db, big.leagueId, 1, 10)).length !== 10) throw new Error('no page');
      raw.push(performance.now() - started);
      pageReads.push((await timedGet(`${board}?limit=10`))[0]);
      aroundReads.push((await timedGet(`${board}?around=me&limit=5`))[0]);
      bareRuns.push(await openBare());
      cold.push(await openHome(false));
      warm.push(await openHome(true));
    }
  } finally {
    await ranks.close();
  }
  const [wholeMs, wholeBytes] = await timedGet(board);
  console.log(`baseline: the raw page read, better-sqlite3, ranks 1–10 (median of ${RUNS}): ${ms(raw)}`);
  console.log(`the screen's reads over HTTP: limit=10 ${ms(pageReads)}; around=me ${ms(aroundReads)}`);
  console.log(`before: the whole leaderboard over HTTP, as the screen used to ask: ${wholeMs.toFixed(0)} ms, ${(wholeBytes / 1024 / 1024).toFixed(1)} MB brotli`);
  console.log(`baseline: a bare static page from node:http, to its heading (median of ${RUNS}): ${ms(bareRuns)}`);
  console.log(`league home, cold cache, navigation to standings drawn (median of ${RUNS}): ${ms(cold)}`);
  console.log(`league home, warm cache (median of ${RUNS}):                               ${ms(warm)}`);
  console.log(`goal < ${GOAL_MS} ms cold: ${median(cold) < GOAL_MS ? 'met' : 'MISSED'} (load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores)`);
} finally {
  await browser.close();
  bare.close();
  service.kill('SIGTERM');
  await new Promise((r) => service.on('exit', r));
  fs.rmSync(dir, { recursive: true, force: true });
}
