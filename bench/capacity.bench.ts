/**
 * Capacity (issue 11 point 7, issue 16): a Global-League-sized league of TEAMS teams with 30
 * scored days and one live contract each, on one machine. Reports, each beside its baseline
 * measured in the same run:
 *  - one day's ingest of every team through the import path (rows/s), and the first
 *    leaderboard read after it, which ranks the league once;
 *  - the full leaderboard over HTTP (cached and uncached) beside better-sqlite3 running the
 *    same ranked read without the framework, and beside the old recomputing query;
 *  - a page (limit 100) and around=me over HTTP beside the same page read raw;
 *  - a settlement sweep of every contract on cached views (contracts/s);
 *  - the database size and the process RSS.
 * `npm run bench capacity`; CAPACITY_TEAMS overrides the size (default 100,000).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { addDays } from '../src/domain/dates';
import { parseConfig } from '../src/config';
import { createApp } from '../src/http/app';
import { listen } from '../src/http/server';
import { jsonLogger } from '../src/logger';
import { openRuntime } from '../src/runtime';
import { PerformanceIngestService } from '../src/services/performance-ingest-service';
import { tally } from '../src/services/settlement-service';
import { mintSessionToken, SESSION_COOKIE } from '../src/services/session-tokens';
import { rankedTeams } from '../src/store/standings';
import { buildBulkLeague } from '../test/support/bulk-league';
import { recomputedStandings } from '../test/support/reference-standings';
import type { PerformanceIngest } from '../src/wire/internal';

const TEAMS = Number(process.env.CAPACITY_TEAMS ?? 100_000);
const DAYS = 30;
const START = '2026-03-01';
const INGEST_DAY = addDays(START, DAYS);
const SECRET = 'bench-signing-secret-that-is-long-enough-0123456789';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-bench-capacity-'));
const databasePath = path.join(dir, 'fantasy.db');
const config = parseConfig({ environment: 'test', databasePath, signingSecret: SECRET, serviceToken: 'x', scheduler: { enabled: false } });
const runtime = openRuntime(config, { log: jsonLogger(() => undefined) });
const { ctx } = runtime;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

function timed<T>(work: () => T): [T, number] {
  const started = performance.now();
  const result = work();
  return [result, performance.now() - started];
}

/**
 * The longest write transaction (BEGIN IMMEDIATE … COMMIT) while `work` runs: how long an
 * ingest chunk would wait on the write lock (it gives up after the 5 s busy timeout).
 */
async function longestWriteLock<T>(work: () => Promise<T>): Promise<[T, number, number]> {
  const client = ctx.db.$client;
  const original = client.transaction.bind(client);
  let longest = 0;
  let count = 0;
  client.transaction = ((fn: (...args: unknown[]) => unknown) => {
    const wrapped = original(fn);
    // better-sqlite3's variants are read-only properties: hand out a function of our own
    const timedImmediate = (...args: unknown[]) => {
      const started = performance.now();
      try {
        return wrapped.immediate(...args);
      } finally {
        if (!client.inTransaction) {
          longest = Math.max(longest, performance.now() - started);
          count++;
        }
      }
    };
    return Object.assign((...args: unknown[]) => wrapped(...args), {
      default: wrapped,
      deferred: wrapped.deferred,
      immediate: timedImmediate,
      exclusive: wrapped.exclusive,
    });
  }) as unknown as typeof client.transaction;
  try {
    return [await work(), longest, count];
  } finally {
    client.transaction = original;
  }
}

async function timedAsync<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

try {
  const [big, buildMs] = timed(() => buildBulkLeague(ctx.db, { teams: TEAMS, start: START, durationDays: 90, scoredDays: DAYS, contractPrice: 40 }));
  console.log(`built ${TEAMS.toLocaleString('en')} teams × ${DAYS} days with one contract each in ${(buildMs / 1000).toFixed(1)} s`);

  // one day's ingest, as `fantasy import-performances` runs it (100-row bodies)
  const service = new PerformanceIngestService({ db: ctx.db, clock: ctx.clock });
  const bodies: PerformanceIngest[] = [];
  for (let i = 0; i < big.teamIds.length; i += 100) {
    bodies.push({
      date: INGEST_DAY,
      results: big.teamIds.slice(i, i + 100).map((teamId, k) => ({ teamId, articleViews: [1_000 + ((i + k) * 37) % 200_000], chemistryLevels: [], formationSnapshot: '{}' })),
    });
  }
  const [, ingestMs] = timed(() => service.ingestAll(bodies));
  console.log(`one day's ingest (import path): ${Math.round((TEAMS / ingestMs) * 1000).toLocaleString('en')} rows/s (${ms(ingestMs)})`);

  const viewer = { sub: `bulk:${big.leagueId}_${Math.floor(TEAMS / 2)}`.toLowerCase(), email: '', name: '', picture: '' };
  const cookie = `${SESSION_COOKIE}=${await mintSessionToken(viewer, SECRET, new Date())}`;
  const server = await listen(createApp(ctx).fetch, '127.0.0.1', 0, ctx.log);
  const board = `${server.url}/api/v1/leagues/${big.leagueId}/leaderboard`;
  // node:http, not fetch: the bytes as sent (fetch would decode a compressed body); a fresh
  // connection each time, since the raw baselines between reads outlast the keep-alive
  const get = (url: string, headers: Record<string, string> = {}) =>
    new Promise<Buffer>((resolve, reject) => {
      http
        .get(url, { agent: false, headers: { cookie, ...headers } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const body = Buffer.concat(chunks);
            if (response.statusCode === 200) resolve(body);
            else reject(new Error(`${url} answered ${response.statusCode}: ${body}`));
          });
        })
        .once('error', reject);
    });
  try {
    const [[firstBody, firstMs], lockMs, lockCount] = await longestWriteLock(() => timedAsync(() => get(board, {})));
    const [, cachedMs] = await timedAsync(() => get(board, {}));
    const [brBody, brMs] = await timedAsync(() => get(board, { 'accept-encoding': 'br' }));
    const [, brCachedMs] = await timedAsync(() => get(board, { 'accept-encoding': 'br' }));
    const [rows, rawMs] = timed(() => rankedTeams(ctx.db, big.leagueId));
    const [, recomputeMs] = timed(() => recomputedStandings(ctx.db, big.leagueId));
    if (rows.length !== TEAMS) throw new Error(`ranked ${rows.length}`);
    console.log(`full leaderboard (${mb(firstBody.byteLength)} JSON, ${mb(brBody.byteLength)} brotli) over HTTP:`);
    console.log(`  first read after the ingest (ranks the league): ${ms(firstMs)}; cached: ${ms(cachedMs)}; brotli first ${ms(brMs)}, cached ${ms(brCachedMs)}`);
    console.log(`  longest write-lock hold while ranking: ${ms(lockMs)} over ${lockCount} write transactions (goal: far under the 5 s busy timeout)`);
    console.log(`  baseline, better-sqlite3 reading the ranked rows without the framework: ${ms(rawMs)}`);
    console.log(`  before: the recomputing query and ranking of every read: ${ms(recomputeMs)}`);

    const offset = Math.floor(TEAMS / 2);
    const [, pageFirstMs] = await timedAsync(() => get(`${board}?limit=100&offset=${offset}`));
    const [, pageMs] = await timedAsync(() => get(`${board}?limit=100&offset=${offset}`));
    const [, aroundMs] = await timedAsync(() => get(`${board}?around=me`));
    const [, pageRawMs] = timed(() => rankedTeams(ctx.db, big.leagueId, offset + 1, offset + 100));
    console.log(`page of 100 over HTTP: first ${ms(pageFirstMs)}, cached ${ms(pageMs)}; around=me ${ms(aroundMs)}; baseline raw page read ${ms(pageRawMs)}`);
  } finally {
    await server.close(100);
  }

  // every contract expires on the ingest day; its series is already cached (no encyclopedia)
  const series = JSON.stringify(Array.from({ length: 30 }, (_, i) => ({ date: addDays(INGEST_DAY, -30 + i), views: 9_000 })));
  const cacheSeries = ctx.db.$client.prepare(`INSERT INTO view_series (domain, article_id, snapshot_date, series, fetched_at) VALUES ('en', ?, ?, ?, 'x')`);
  ctx.db.$client.transaction(() => {
    for (let i = 0; i < TEAMS; i++) cacheSeries.run(`Bulk_article_${i}`, addDays(INGEST_DAY, -1), series);
  })();
  const { settlement } = ctx.services;
  const [report, sweepMs] = await timedAsync(() => settlement.sweep(new Date(`${INGEST_DAY}T06:00:00.000Z`)));
  const counts = tally(report);
  console.log(`settlement sweep of ${TEAMS.toLocaleString('en')} contracts on cached views: ${Math.round((report.outcomes.length / sweepMs) * 1000).toLocaleString('en')} contracts/s (${(sweepMs / 1000).toFixed(1)} s; ${JSON.stringify(counts)})`);

  ctx.db.$client.pragma('wal_checkpoint(TRUNCATE)');
  const size = fs.statSync(databasePath).size;
  console.log(`database: ${mb(size)}; process RSS: ${mb(process.memoryUsage().rss)}`);
} finally {
  runtime.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
