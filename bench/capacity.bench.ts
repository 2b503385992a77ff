/**
 * Capacity of one machine on the SQLite store and on PostgreSQL (issue 11 point 7, issue 16,
 * issue 26 point 6): a Global-League-sized league of TEAMS teams with 30 scored days and one
 * live contract each, built on SQLite and copied to a throwaway PostgreSQL cluster by
 * `fantasy copy-to-postgres`'s code. Every figure is printed beside a baseline measured in the
 * same run on the same engine (better-sqlite3 alone, `pg` alone), engine after engine:
 *
 *  1. `fantasy import-performances` of one day (a JSON-lines file of 100-row bodies, the
 *     teams in random order), beside the bare driver upserting the same rows sorted by key in
 *     the import's transaction size; alternating rounds, a new day each, best of each;
 *  2. the first full leaderboard read after that import, over HTTP, beside the bare driver
 *     producing the same ranked rows in one statement (ranked by window functions), and
 *     beside the ranked rows read from the kept ranks; then the first page read after the
 *     change, which ranks the league and writes the kept ranks;
 *  3. the settlement sweep of every contract on stored views (contracts/s), beside the bare
 *     driver making the same writes (contract, ledger entry, activity, notification, version)
 *     in the same sets;
 *  4. (each engine) the market shelf under CONNECTIONS keep-alive connections for SECONDS seconds
 *     against the service in its own process, while a player elects and withdraws a renewal
 *     in a loop (each a write that moves the league's version, so kept answers go stale),
 *     beside a bare node:http server in its own process sending the same bytes, with the
 *     same client: every request's time, the requests over 1 s and the slowest;
 *  5. the database size, a summary table of both engines, and this process's RSS.
 *
 * The PostgreSQL cluster runs with fsync, synchronous_commit and full_page_writes off (see
 * test/support/postgres-cluster.ts): commits cost no disk flush there, which a production
 * server would pay.
 *
 * `npm run bench capacity`. CAPACITY_TEAMS (default 100,000), BENCH_ROUNDS (import rounds,
 * default 2), CAPACITY_SECONDS (default 10) and CAPACITY_CONNECTIONS (default 200) shrink it;
 * CAPACITY_STORE=sqlite|postgres|both (default both) picks the engines, CAPACITY_ONLY the
 * figures; CAPACITY_PROFILE=dir keeps a CPU profile of the service's process under load, and
 * CAPACITY_PROFILE_WORK=dir one of each engine's timed import, the bare driver's day beside it,
 * and the sweep alone (this process).
 */
import { fork } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { readIngestBodies } from '../cli/commands/import-performances';
import { parseConfig } from '../src/platform/config';
import { addDays, utcDay } from '../src/domain/dates';
import { teamScore } from '../src/domain/scoring';
import { createApp } from '../src/platform/http/app';
import { listen } from '../src/platform/http/server';
import { batchedStdout, jsonLogger } from '../src/platform/log';
import { openRuntime } from '../src/platform/runtime';
import { IMPORT_TRANSACTION_ROWS } from '../src/features/scoring/performance-ingest-service';
import { SETTLEMENT_SET, tally } from '../src/features/contracts/settlement-service';
import { mintSessionToken, SESSION_COOKIE } from '../src/features/auth/session-tokens';
import { copyToPostgres } from '../src/features/operations/copy-to-postgres';
import { closeStore, type Database, writeTransaction, writerOf } from '../src/platform/db/database';
import { execute, rowsOf } from '../src/platform/db/dialect';
import { applyPostgresMigrations, openPostgres } from '../src/platform/db/postgres';
import { openPostgresDatabase } from '../src/platform/db/postgres-store';
import { rankedTeams, refreshTotalsOfTeams } from '../src/features/scoring/standings-store';
import { buildBulkLeague } from '../test/support/bulk-league';
import { type PostgresCluster, postgresBinFolder, startPostgresCluster } from '../test/support/postgres-cluster';
import { seedStoredShelf } from '../test/support/stored-shelf';

const TEAMS = Number(process.env.CAPACITY_TEAMS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SECONDS = Number(process.env.CAPACITY_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.CAPACITY_CONNECTIONS ?? 200);
const DAYS = 30;
const START = '2026-03-01';
const SECRET = 'bench-signing-secret-that-is-long-enough-0123456789';
const role = process.env.CAPACITY_ROLE;
/** CAPACITY_ONLY=import,leaderboard,settlement,market runs those parts alone (the league is always built) */
const ONLY = new Set((process.env.CAPACITY_ONLY ?? 'import,leaderboard,settlement,market').split(','));

/** CAPACITY_STORE=sqlite|postgres|both (both unless asked) */
const STORES = new Set(
  (process.env.CAPACITY_STORE ?? 'both') === 'both' ? ['sqlite', 'postgres'] : (process.env.CAPACITY_STORE ?? '').split(',').map((name) => name.trim()),
);

const configFor = (databasePath: string, databaseUrl?: string) =>
  parseConfig({ environment: 'test', databasePath, databaseUrl, signingSecret: SECRET, serviceToken: 'x', scheduler: { enabled: false } });
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const perSecond = (count: number, millis: number) => Math.round((count / millis) * 1000).toLocaleString('en');
const ratio = (ours: number, base: number) => `${(ours / base).toFixed(2)}x`;

function timed<T>(work: () => T): [T, number] {
  const started = performance.now();
  const result = work();
  return [result, performance.now() - started];
}

async function timedAsync<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

/** `work` under the CPU profiler when CAPACITY_PROFILE_WORK names a folder: `{name}.cpuprofile` there. */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  const folder = process.env.CAPACITY_PROFILE_WORK;
  if (!folder) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

/**
 * better-sqlite3 alone on the same file, with the pragmas the service's connection uses
 * (foreign keys included: the same writes under the same checks).
 */
function bareConnection(databasePath: string): BetterSqlite3.Database {
  const bare = new BetterSqlite3(databasePath);
  bare.pragma('journal_mode = WAL');
  bare.pragma('foreign_keys = ON');
  bare.pragma('busy_timeout = 5000');
  bare.pragma('synchronous = NORMAL');
  return bare;
}

/** A deterministic shuffle: performances arrive in no particular team order. */
function shuffled<T>(items: readonly T[]): T[] {
  const out = items.slice();
  let seed = 2026;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The rows of one imported day, as both the service and the bare driver write them. */
interface DayRow {
  teamId: string;
  views: number[];
  points: number;
}

/**
 * One engine under measure: the service's context on it, and its bare driver making the same
 * writes and reads the service makes, for the baselines.
 */
interface Engine {
  name: 'SQLite' | 'PostgreSQL';
  driver: string;
  ctx: Awaited<ReturnType<typeof openRuntime>>['ctx'];
  /** the rows (sorted by key) upserted in IMPORT_TRANSACTION_ROWS a transaction; answers ms */
  bareImport(rows: readonly DayRow[], date: string, now: string): Promise<number>;
  /** how the bare import writes, for its line */
  bareImportShape: string;
  /** the same ranked rows the leaderboard shows, in one statement; answers the row count and ms */
  bareRanked(leagueId: string): Promise<[number, number]>;
  /** stores each article's series for the sweep (not timed) */
  cacheSeries(articleIds: readonly string[], snapshotDate: string, series: string): Promise<void>;
  /** the sweep's writes made by the driver alone in SETTLEMENT_SET sets, then undone; answers ms */
  bareSweep(leagueId: string, today: string): Promise<number>;
  bareSweepShape: string;
  /** bytes the database takes on disk now */
  size(): Promise<number>;
  close(): Promise<void>;
}

/** A figure of each engine for the summary at the end. */
interface Summary {
  engine: string;
  teams: number;
  importRatio?: number;
  leaderboardRatio?: number;
  sweepRate?: number;
  sweepRatio?: number;
  size?: number;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-bench-capacity-'));
  const databasePath = path.join(dir, 'fantasy.db');
  let cluster: PostgresCluster | undefined;
  try {
    const runtime = await openRuntime(configFor(databasePath), { log: jsonLogger(() => undefined) });
    const { ctx } = runtime;
    const [big, buildMs] = await timedAsync(() => buildBulkLeague(ctx.db, { teams: TEAMS, start: START, durationDays: 90, scoredDays: DAYS, contractPrice: 40 }));
    writerOf(ctx.db).$client.pragma('wal_checkpoint(TRUNCATE)');
    console.log(`built ${TEAMS.toLocaleString('en')} teams × ${DAYS} days with one contract each in ${(buildMs / 1000).toFixed(1)} s; load average ${os.loadavg()[0]!.toFixed(1)}`);
    console.log(`stores measured: ${[...STORES].join(', ')} (CAPACITY_STORE=sqlite|postgres|both), one after the other on this ${os.cpus().length}-core machine`);

    // the same league on PostgreSQL, copied by `fantasy copy-to-postgres`'s code before any figure changes it
    let postgres: { url: string; db: Database } | undefined;
    if (STORES.has('postgres')) {
      cluster = await startPostgresCluster({ maxConnections: 40 });
      const url = await cluster.createDatabase('capacity');
      const target = await openPostgres(url);
      try {
        await applyPostgresMigrations(target.db);
        const [report, copyMs] = await timedAsync(() => copyToPostgres(ctx.db, target.db));
        // what autovacuum would get to after a bulk load: the planner's statistics and the visibility map
        await target.db.execute(sql`VACUUM ANALYZE`);
        console.log(
          `copied to PostgreSQL ${postgresVersion()} by copy-to-postgres: ${report.rows.toLocaleString('en')} rows in ${(copyMs / 1000).toFixed(1)} s, then VACUUM ANALYZE; ` +
            'a throwaway cluster on this machine with fsync, synchronous_commit and full_page_writes off (nothing here must survive a crash)',
        );
      } finally {
        await target.close();
      }
      postgres = { url, db: await openPostgresDatabase(url) };
    }

    const summaries: Summary[] = [];
    if (STORES.has('sqlite')) summaries.push(await figures(sqliteEngine(ctx, databasePath), big, dir));
    if (postgres) {
      const pgRuntime = await openRuntime(configFor(databasePath, postgres.url), { db: postgres.db, log: jsonLogger(() => undefined) });
      const engine = await postgresEngine(pgRuntime.ctx, postgres.url);
      try {
        summaries.push(await figures(engine, big, dir));
        if (ONLY.has('market')) await prepareMarket(postgres.db, big.leagueId, viewerOf(big.leagueId).sub);
      } finally {
        await engine.close();
        await pgRuntime.close();
        await closeStore(postgres.db);
      }
    }
    if (summaries.length > 0) printSummary(summaries);
    console.log(`\nthis process's RSS after all of the above (both engines' figures ran in it): ${mb(process.memoryUsage().rss)}`);

    // 4. the market shelf under load, the service in its own process, on each engine
    const viewer = viewerOf(big.leagueId);
    const market = await prepareMarket(ctx.db, big.leagueId, viewer.sub);
    await runtime.close();
    if (ONLY.has('market')) {
      if (STORES.has('sqlite')) await marketUnderLoad('SQLite', databasePath, big.leagueId, market.contractId, await cookieOf(viewer), dir);
      if (postgres) await marketUnderLoad('PostgreSQL', postgres.url, big.leagueId, market.contractId, await cookieOf(viewer), dir);
    }
  } finally {
    await cluster?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const viewerOf = (leagueId: string) => ({ sub: `bulk:${leagueId}_${Math.floor(TEAMS / 2)}`.toLowerCase(), email: '', name: '', picture: '' });
const cookieOf = async (viewer: ReturnType<typeof viewerOf>) => `${SESSION_COOKIE}=${await mintSessionToken(viewer, SECRET, new Date())}`;

/** Figures 1, 2, 3 and 5 on one engine, each beside its bare driver in the same run. */
async function figures(engine: Engine, big: { leagueId: string; teamIds: string[] }, dir: string): Promise<Summary> {
  const { ctx } = engine;
  const summary: Summary = { engine: engine.name, teams: TEAMS };
  console.log(`\n=== ${engine.name}: ${TEAMS.toLocaleString('en')} teams, the baselines are ${engine.driver} alone`);

  // 1. one day's import, alternating with the bare driver, a new day each
  const arrival = shuffled(big.teamIds);
  const viewsOf = (k: number) => [1_000 + (k * 37) % 200_000];
  const importDay = async (date: string) => {
    const file = path.join(dir, `day-${date}.jsonl`);
    const lines: string[] = [];
    for (let i = 0; i < arrival.length; i += 100) {
      const results = arrival.slice(i, i + 100).map((teamId, k) => ({ teamId, articleViews: viewsOf(i + k), chemistryLevels: [], formationSnapshot: '{}' }));
      lines.push(JSON.stringify({ date, results }));
    }
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    // as the verb runs it: every body read and checked, then written through the service
    const [bodies, readMs] = timed(() => readIngestBodies(file));
    const [, writeMs] = await timedAsync(() => profiled(`import-${engine.name}-${date}`, () => ctx.services.ingest.ingestAll(bodies)));
    return { readMs, writeMs };
  };
  const bareDay = async (date: string) => {
    const rows = arrival
      .map((teamId, k) => ({ teamId, views: viewsOf(k), points: teamScore({ articleViews: viewsOf(k), chemistryLevels: [], languageScale: 1 }) }))
      .sort((a, b) => (a.teamId < b.teamId ? -1 : a.teamId > b.teamId ? 1 : 0));
    const writeMs = await profiled(`bare-${engine.name}-${date}`, () => engine.bareImport(rows, date, new Date().toISOString()));
    // Not timed: the bare driver wrote days behind the service's back, so the kept totals are
    // re-summed to cover them, as if the service had written them. Otherwise the next import
    // finds days its kept sums never saw (store/standings.ts re-sums every such team, correct
    // but not the import that runs in service, where only the ingest writes performances).
    await refreshTotalsOfTeams(ctx.db, big.teamIds);
    return writeMs;
  };
  let day = addDays(START, DAYS);
  let bestImport = { readMs: Infinity, writeMs: Infinity };
  let bestBare = Infinity;
  for (let round = 0; round < (ONLY.has('import') ? ROUNDS : 0); round++) {
    // who writes into the larger table alternates
    for (const who of round % 2 === 0 ? ['bare', 'import'] : ['import', 'bare']) {
      if (who === 'bare') bestBare = Math.min(bestBare, await bareDay(day));
      else {
        const figure = await importDay(day);
        if (figure.writeMs < bestImport.writeMs) bestImport = figure;
      }
      day = addDays(day, 1);
    }
  }
  if (ONLY.has('import')) {
    summary.importRatio = bestBare / bestImport.writeMs;
    console.log(`\n1. one day's import of ${TEAMS.toLocaleString('en')} rows (teams in random order), best of ${ROUNDS} alternating rounds:`);
    console.log(`  baseline, ${engine.driver} upserting the same rows sorted by key, ${IMPORT_TRANSACTION_ROWS.toLocaleString('en')} a transaction${engine.bareImportShape}: ${perSecond(TEAMS, bestBare)} rows/s (${ms(bestBare)})`);
    console.log(`  fantasy import-performances, writing (validated rows sorted, points scored, totals kept): ${perSecond(TEAMS, bestImport.writeMs)} rows/s (${ms(bestImport.writeMs)}): ${ratio(bestBare, bestImport.writeMs)} of the baseline's rate`);
    console.log(`  and reading and checking the file before it: ${ms(bestImport.readMs)}; the verb in all: ${perSecond(TEAMS, bestImport.readMs + bestImport.writeMs)} rows/s, ${ratio(bestBare, bestImport.readMs + bestImport.writeMs)}`);
  }

  // 2. the leaderboard after that change
  const cookie = await cookieOf(viewerOf(big.leagueId));
  const server = await listen(createApp(ctx).fetch, '127.0.0.1', 0, ctx.log);
  const board = `${server.url}/api/v1/leagues/${big.leagueId}/leaderboard`;
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
    if (ONLY.has('leaderboard')) await leaderboardFigures();
  } finally {
    await server.close(100);
  }
  async function leaderboardFigures() {
    const [windowed, windowMs] = await engine.bareRanked(big.leagueId);
    const [firstBody, firstMs] = await timedAsync(() => get(board));
    const [, cachedMs] = await timedAsync(() => get(board));
    const [brBody, brCachedMs] = await timedAsync(() => get(board, { 'accept-encoding': 'br' }));
    const offset = Math.floor(TEAMS / 2);
    const [, pageFirstMs] = await timedAsync(() => get(`${board}?limit=100&offset=${offset}`));
    const [, pageMs] = await timedAsync(() => get(`${board}?limit=100&offset=${offset}`));
    const [, aroundMs] = await timedAsync(() => get(`${board}?around=me`));
    const [kept, keptMs] = await timedAsync(() => rankedTeams(ctx.db, big.leagueId));
    const [, pageRawMs] = await timedAsync(() => rankedTeams(ctx.db, big.leagueId, offset + 1, offset + 100));
    if (windowed !== TEAMS || kept.length !== TEAMS) throw new Error(`ranked ${windowed} and ${kept.length}`);
    summary.leaderboardRatio = firstMs / windowMs;
    console.log(`\n2. full leaderboard (${mb(firstBody.byteLength)} JSON, ${mb(brBody.byteLength)} brotli) over HTTP, after the import:`);
    console.log(`  baseline, ${engine.driver} ranking and reading the same rows in one statement: ${ms(windowMs)}`);
    console.log(`  first read after the change: ${ms(firstMs)}: ${ratio(firstMs, windowMs)} the baseline's time; cached ${ms(cachedMs)}, brotli cached ${ms(brCachedMs)}`);
    console.log(`  for scale, the store reading the ranked rows from the kept ranks (rank order): ${ms(keptMs)}`);
    console.log(`  page of 100 over HTTP: first after the change (ranks the league, writes the kept ranks) ${ms(pageFirstMs)}, cached ${ms(pageMs)}; around=me ${ms(aroundMs)}; raw page read ${ms(pageRawMs)}`);
  }

  // 3. the settlement sweep: every contract expires on START + 30, its series stored
  if (ONLY.has('settlement')) await settlementFigures();
  async function settlementFigures() {
    const sweepDay = addDays(START, DAYS + 10);
    const series = JSON.stringify(Array.from({ length: 30 }, (_, i) => ({ date: addDays(sweepDay, -31 + i), views: 9_000 })));
    await engine.cacheSeries(Array.from({ length: TEAMS }, (_, i) => `Bulk_article_${i}`), addDays(sweepDay, -1), series);
    const bareSweepMs = await engine.bareSweep(big.leagueId, sweepDay);
    const [report, sweepMs] = await timedAsync(() => profiled(`sweep-${engine.name}`, () => ctx.services.settlement.sweep(new Date(`${sweepDay}T06:00:00.000Z`))));
    const counts = tally(report);
    if (counts.settled !== TEAMS) throw new Error(`settled ${JSON.stringify(counts)}`);
    summary.sweepRate = (report.outcomes.length / sweepMs) * 1000;
    summary.sweepRatio = bareSweepMs / sweepMs;
    console.log(`\n3. settlement sweep of ${TEAMS.toLocaleString('en')} contracts on stored views, ${SETTLEMENT_SET.toLocaleString('en')} a transaction:`);
    console.log(`  baseline, ${engine.driver} making the same writes ${engine.bareSweepShape}, in the same sets: ${perSecond(TEAMS, bareSweepMs)} contracts/s (${ms(bareSweepMs)})`);
    console.log(`  the sweep (reads, prices and decides each contract, then writes): ${perSecond(report.outcomes.length, sweepMs)} contracts/s (${ms(sweepMs)}): ${ratio(bareSweepMs, sweepMs)} of the baseline's rate`);
  }

  summary.size = await engine.size();
  console.log(`\n5. database: ${mb(summary.size)}`);
  return summary;
}

function printSummary(summaries: Summary[]) {
  const cell = (value: number | undefined, show: (v: number) => string) => (value === undefined ? '-' : show(value)).padStart(12);
  console.log(`\nsummary, ${TEAMS.toLocaleString('en')} teams (each figure against its own engine's bare driver, measured above in this run):`);
  console.log(`  ${'figure (goal)'.padEnd(52)}${summaries.map((s) => s.engine.padStart(12)).join('')}`);
  const row = (label: string, pick: (s: Summary) => string) => console.log(`  ${label.padEnd(52)}${summaries.map(pick).join('')}`);
  row('import, share of the bare rate (>= 0.80x)', (s) => cell(s.importRatio, (v) => `${v.toFixed(2)}x`));
  row('first full leaderboard, bare time multiple (<= 1.30x)', (s) => cell(s.leaderboardRatio, (v) => `${v.toFixed(2)}x`));
  row('settlement sweep, contracts/s (>= 20,000)', (s) => cell(s.sweepRate, (v) => Math.round(v).toLocaleString('en')));
  row('settlement sweep, share of the bare rate', (s) => cell(s.sweepRatio, (v) => `${v.toFixed(2)}x`));
  row('database size', (s) => cell(s.size, mb));
}

/** SQLite: better-sqlite3 alone on the same file, one statement a row, as the service's SQLite branch. */
function sqliteEngine(ctx: Engine['ctx'], databasePath: string): Engine {
  const bare = bareConnection(databasePath);
  const upsert = bare.prepare(`
    INSERT INTO performances (team_id, date, points, formation_snapshot, article_views, chemistry_levels, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (team_id, date) DO UPDATE SET points = excluded.points, formation_snapshot = excluded.formation_snapshot,
      article_views = excluded.article_views, chemistry_levels = excluded.chemistry_levels, updated_at = excluded.updated_at`);
  return {
    name: 'SQLite',
    driver: 'better-sqlite3',
    ctx,
    bareImportShape: '',
    async bareImport(rows, date, now) {
      const [, writeMs] = timed(() => {
        for (let i = 0; i < rows.length; i += IMPORT_TRANSACTION_ROWS) {
          bare.transaction(() => {
            for (const row of rows.slice(i, i + IMPORT_TRANSACTION_ROWS)) upsert.run(row.teamId, date, row.points, '{}', JSON.stringify(row.views), '[]', now, now);
          })();
        }
      });
      return writeMs;
    },
    async bareRanked(leagueId) {
      const [rows, took] = timed(() => bare.prepare(RANKED_BY_WINDOW_SQL).all(leagueId) as unknown[]);
      return [rows.length, took];
    },
    async cacheSeries(articleIds, snapshotDate, series) {
      const cache = bare.prepare(`INSERT INTO view_series (domain, article_id, snapshot_date, series, fetched_at) VALUES ('en', ?, ?, ?, 'x')`);
      bare.transaction(() => {
        for (const articleId of articleIds) cache.run(articleId, snapshotDate, series);
      })();
    },
    bareSweepShape: 'one statement a row',
    bareSweep: async (leagueId, today) => bareSweep(bare, leagueId, today),
    async size() {
      writerOf(ctx.db).$client.pragma('wal_checkpoint(TRUNCATE)');
      return fs.statSync(databasePath).size;
    },
    async close() {
      bare.close();
    },
  };
}

/**
 * PostgreSQL: `pg` alone on one connection, each set's rows in one statement per table (the
 * columns bound as arrays and unnested), as the service's PostgreSQL branch writes them, in
 * the driver's default isolation (READ COMMITTED; the service writes SERIALIZABLE).
 */
async function postgresEngine(ctx: Engine['ctx'], url: string): Promise<Engine> {
  const bare = new pg.Client({ connectionString: url });
  await bare.connect();
  const inTransaction = async (work: () => Promise<unknown>) => {
    await bare.query('BEGIN');
    try {
      await work();
      await bare.query('COMMIT');
    } catch (error) {
      await bare.query('ROLLBACK');
      throw error;
    }
  };
  return {
    name: 'PostgreSQL',
    driver: 'pg',
    ctx,
    bareImportShape: ', one statement each (unnest)',
    async bareImport(rows, date, now) {
      const started = performance.now();
      for (let i = 0; i < rows.length; i += IMPORT_TRANSACTION_ROWS) {
        const part = rows.slice(i, i + IMPORT_TRANSACTION_ROWS);
        await inTransaction(() =>
          bare.query(
            `INSERT INTO performances (team_id, date, points, formation_snapshot, article_views, chemistry_levels, created_at, updated_at)
             SELECT r.team_id, $2, r.points, '{}', r.article_views, '[]', $3, $3 FROM unnest($1::text[], $4::float8[], $5::text[]) AS r(team_id, points, article_views)
             ON CONFLICT (team_id, date) DO UPDATE SET points = excluded.points, formation_snapshot = excluded.formation_snapshot,
               article_views = excluded.article_views, chemistry_levels = excluded.chemistry_levels, updated_at = excluded.updated_at`,
            [part.map((row) => row.teamId), date, now, part.map((row) => row.points), part.map((row) => JSON.stringify(row.views))],
          ),
        );
      }
      return performance.now() - started;
    },
    async bareRanked(leagueId) {
      const started = performance.now();
      const { rows } = await bare.query(RANKED_BY_WINDOW_POSTGRES_SQL, [leagueId]);
      return [rows.length, performance.now() - started];
    },
    async cacheSeries(articleIds, snapshotDate, series) {
      await bare.query(`INSERT INTO view_series (domain, article_id, snapshot_date, series, fetched_at) SELECT 'en', a, $2, $3, 'x' FROM unnest($1::text[]) AS a`, [
        articleIds,
        snapshotDate,
        series,
      ]);
    },
    bareSweepShape: 'one statement a table (unnest)',
    async bareSweep(leagueId, today) {
      const { rows: due } = await bare.query<{ id: string; teamId: string; expireDate: string; articleId: string; playerId: string }>(
        `SELECT c.id, c.team_id AS "teamId", c.expire_date AS "expireDate", c.article_id AS "articleId", t.player_id AS "playerId"
           FROM contracts c JOIN teams t ON t.id = c.team_id
          WHERE c.status = 'live' AND c.expire_date <= $1 ORDER BY c.expire_date, c.created_at, c.id`,
        [today],
      );
      const at = new Date().toISOString();
      const started = performance.now();
      for (let i = 0; i < due.length; i += SETTLEMENT_SET) {
        const set = due.slice(i, i + SETTLEMENT_SET);
        const ids = set.map((c) => c.id);
        const teams = set.map((c) => c.teamId);
        await inTransaction(async () => {
          await bare.query(
            `UPDATE contracts c SET status = 'settled', sale_payout = 67, closed_on = $1 FROM unnest($2::text[], $3::text[]) AS v(id, expire_date)
              WHERE c.id = v.id AND c.status = 'live' AND c.expire_date = v.expire_date`,
            [today, ids, set.map((c) => c.expireDate)],
          );
          await bare.query(
            `INSERT INTO ledger_entries (team_id, contract_id, kind, amount, created_at)
             SELECT e.team_id, e.contract_id, 'settlement_payout', 67, $3 FROM unnest($1::text[], $2::text[]) AS e(team_id, contract_id)`,
            [teams, ids, at],
          );
          await bare.query(`INSERT INTO league_activity (league_id, at, kind, payload) SELECT $1, $2, 'expiry', p FROM unnest($3::text[]) AS p`, [
            leagueId,
            at,
            set.map((c) => JSON.stringify({ team: { id: c.teamId, name: 'Team' }, article: { id: c.articleId, title: c.articleId } })),
          ]);
          await bare.query(
            `INSERT INTO notifications (id, player_id, league_id, team_id, contract_id, message, date, is_read, created_at)
             SELECT n.id, n.player_id, $1, n.team_id, n.contract_id, n.message, $2, false, $3
               FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) AS n(id, player_id, team_id, contract_id, message)`,
            [
              leagueId,
              today,
              at,
              ids.map((id) => `nt_bare_${id}`),
              set.map((c) => c.playerId),
              teams,
              ids,
              set.map((c) => `${c.articleId} settled at expiry: +27 credits`),
            ],
          );
          await bare.query('UPDATE leagues SET version = version + 1 WHERE id = $1', [leagueId]);
        });
      }
      const took = performance.now() - started;
      await inTransaction(async () => {
        await bare.query(`UPDATE contracts SET status = 'live', sale_payout = NULL, closed_on = NULL WHERE league_id = $1`, [leagueId]);
        await bare.query(`DELETE FROM ledger_entries WHERE kind = 'settlement_payout'`);
        await bare.query(`DELETE FROM league_activity WHERE kind = 'expiry'`);
        await bare.query('DELETE FROM notifications');
      });
      return took;
    },
    async size() {
      const { rows } = await bare.query<{ bytes: string }>('SELECT pg_database_size(current_database()) AS bytes');
      return Number(rows[0]!.bytes);
    },
    async close() {
      await bare.end();
    },
  };
}

/** "16.4" from the server binaries the cluster runs. */
function postgresVersion(): string {
  return path.basename(path.dirname(postgresBinFolder()));
}

/**
 * The leaderboard's rows ranked by SQLite itself: §4.5's order (points, then seniority, then
 * team id) as window functions over the same tables the service reads.
 */
const RANKED_BY_WINDOW_SQL = `
  SELECT teamId, teamName, playerId, playerName, cumulativePoints, rank,
         CASE WHEN previousPoints = 0 THEN NULL ELSE previousRank - rank END AS rankDelta, 1000 + spent AS credits
  FROM (
    SELECT t.id AS teamId, t.name AS teamName, t.player_id AS playerId, p.name AS playerName,
           coalesce(s.cumulative_points, 0) AS cumulativePoints, coalesce(s.previous_points, 0) AS previousPoints,
           row_number() OVER (ORDER BY coalesce(s.cumulative_points, 0) DESC, t.joined_at, t.id) AS rank,
           row_number() OVER (ORDER BY coalesce(s.previous_points, 0) DESC, t.joined_at, t.id) AS previousRank,
           (SELECT total(e.amount) FROM ledger_entries e WHERE e.team_id = t.id) AS spent
    FROM teams t JOIN players p ON p.id = t.player_id LEFT JOIN team_standings s ON s.team_id = t.id
    WHERE t.league_id = ?)
  ORDER BY rank`;

/**
 * The sweep's writes made by the driver alone: per contract the guarded update, the payout,
 * the activity line and the notification, per set the league's version; then undone (not
 * timed) so the sweep finds every contract as it was.
 */
function bareSweep(bare: BetterSqlite3.Database, leagueId: string, today: string): number {
  const due = bare
    .prepare(`SELECT c.id, c.team_id AS teamId, c.expire_date AS expireDate, c.article_id AS articleId, t.player_id AS playerId
                FROM contracts c JOIN teams t ON t.id = c.team_id
               WHERE c.status = 'live' AND c.expire_date <= ? ORDER BY c.expire_date, c.created_at, c.rowid`)
    .all(today) as { id: string; teamId: string; expireDate: string; articleId: string; playerId: string }[];
  const settle = bare.prepare(`UPDATE contracts SET status = 'settled', sale_payout = ?, closed_on = ? WHERE id = ? AND status = 'live' AND expire_date = ?`);
  const pay = bare.prepare(`INSERT INTO ledger_entries (team_id, contract_id, kind, amount, created_at) VALUES (?, ?, 'settlement_payout', ?, ?)`);
  const event = bare.prepare(`INSERT INTO league_activity (league_id, at, kind, payload) VALUES (?, ?, 'expiry', ?)`);
  const notify = bare.prepare(
    `INSERT INTO notifications (id, player_id, league_id, team_id, contract_id, message, date, is_read, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)`,
  );
  const bump = bare.prepare('UPDATE leagues SET version = version + 1 WHERE id = ?');
  const at = new Date().toISOString();
  const [, took] = timed(() => {
    for (let i = 0; i < due.length; i += SETTLEMENT_SET) {
      bare.transaction(() => {
        for (const c of due.slice(i, i + SETTLEMENT_SET)) {
          settle.run(67, today, c.id, c.expireDate);
          pay.run(c.teamId, c.id, 67, at);
          event.run(leagueId, at, JSON.stringify({ team: { id: c.teamId, name: 'Team' }, article: { id: c.articleId, title: c.articleId } }));
          notify.run(`nt_bare_${c.id}`, c.playerId, leagueId, c.teamId, c.id, `${c.articleId} settled at expiry: +27 credits`, today, at);
        }
        bump.run(leagueId);
      })();
    }
  });
  bare.transaction(() => {
    bare.prepare(`UPDATE contracts SET status = 'live', sale_payout = NULL, closed_on = NULL WHERE league_id = ?`).run(leagueId);
    bare.prepare(`DELETE FROM ledger_entries WHERE kind = 'settlement_payout'`).run();
    bare.prepare(`DELETE FROM league_activity WHERE kind = 'expiry'`).run();
    bare.prepare(`DELETE FROM notifications`).run();
  })();
  return took;
}


/** RANKED_BY_WINDOW_SQL on PostgreSQL (`total` is SQLite's; the ranks bound as the service's integers). */
const RANKED_BY_WINDOW_POSTGRES_SQL = `
  SELECT "teamId", "teamName", "playerId", "playerName", "cumulativePoints", rank::int AS rank,
         CASE WHEN "previousPoints" = 0 THEN NULL ELSE ("previousRank" - rank)::int END AS "rankDelta", (1000 + spent)::float8 AS credits
  FROM (
    SELECT t.id AS "teamId", t.name AS "teamName", t.player_id AS "playerId", p.name AS "playerName",
           coalesce(s.cumulative_points, 0) AS "cumulativePoints", coalesce(s.previous_points, 0) AS "previousPoints",
           row_number() OVER (ORDER BY coalesce(s.cumulative_points, 0) DESC, t.joined_at, t.id) AS rank,
           row_number() OVER (ORDER BY coalesce(s.previous_points, 0) DESC, t.joined_at, t.id) AS "previousRank",
           (SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e WHERE e.team_id = t.id) AS spent
    FROM teams t JOIN players p ON p.id = t.player_id LEFT JOIN team_standings s ON s.team_id = t.id
    WHERE t.league_id = $1) AS ranked
  ORDER BY rank`;

/**
 * Yesterday's shelf stored (as after its first read), half its articles held by the league's
 * first teams, and the viewer holding a contract that expires tomorrow: its renewal is the
 * write the load test repeats.
 */
async function prepareMarket(db: Database, leagueId: string, viewerSubject: string): Promise<{ contractId: string }> {
  const today = utcDay(new Date());
  const now = new Date().toISOString();
  await writeTransaction(db, async (tx) => {
    await execute(tx, sql`UPDATE leagues SET start_date = ${`${addDays(today, -30)}T00:00:00.000Z`}, end_date = ${`${addDays(today, 60)}T00:00:00.000Z`} WHERE id = ${leagueId}`);
    // DO NOTHING: without the sweep before it, the bulk contracts still hold these articles
    const hold = (id: string, teamId: string, articleId: string, since: string, expires: string) =>
      execute(
        tx,
        sql`INSERT INTO contracts (id, league_id, team_id, article_id, domain, held_since, purchase_date, expire_date, purchase_price, created_at)
            VALUES (${id}, ${leagueId}, ${teamId}, ${articleId}, 'en', ${since}, ${since}, ${expires}, 40, ${now}) ON CONFLICT DO NOTHING`,
      );
    for (let i = 0; i < 50; i += 2) await hold(`ct_shelf_${i}`, `tm_${leagueId}_${i}`, `Bulk_article_${i}`, today, addDays(today, 30));
    const [team] = await rowsOf<{ id: string }>(tx, sql`SELECT t.id AS id FROM teams t JOIN players p ON p.id = t.player_id WHERE p.subject = ${viewerSubject}`);
    await hold('ct_viewer_renewal', team!.id, 'Viewer_article', addDays(today, -6), addDays(today, 1));
  });
  await seedStoredShelf(db);
  return { contractId: 'ct_viewer_renewal' };
}

interface Child {
  url: string;
  stop: () => void;
}

function startChild(roleName: string, arg: string): Promise<Child> {
  // CAPACITY_PROFILE=dir writes a CPU profile of the service's process there
  const profile = roleName === 'app' && process.env.CAPACITY_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CAPACITY_PROFILE}`] : [];
  const child = fork(fileURLToPath(import.meta.url), [arg], {
    env: { ...process.env, CAPACITY_ROLE: roleName },
    execArgv: profile,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('message', (message: { url: string }) => resolve({ url: message.url, stop: () => child.kill('SIGINT') }));
  });
}

/** Child: the service as `serve` runs it (a JSON log line per request to stdout, ignored here). */
async function serveApp(database: string) {
  const url = /^postgres(ql)?:\/\//.test(database) ? database : undefined;
  const runtime = await openRuntime(url ? configFor(path.join(os.tmpdir(), 'unused.db'), url) : configFor(database), { log: jsonLogger(batchedStdout()) });
  const server = await listen(createApp(runtime.ctx).fetch, '127.0.0.1', 0, runtime.ctx.log);
  process.send!({ url: server.url });
}

/** Child: node:http and nothing else, answering every request with the recorded bytes. */
function serveBare(file: string) {
  const { headers, body } = JSON.parse(fs.readFileSync(file, 'utf8')) as { headers: Record<string, string>; body: string };
  const bytes = Buffer.from(body, 'base64');
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { ...headers, 'content-length': bytes.byteLength });
    res.end(bytes);
  });
  server.listen(0, '127.0.0.1', () => process.send!({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}` }));
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  /** the slowest request of all, and the slowest that was not its connection's first */
  max: number;
  maxLater: number;
  /** requests over 1 s: in all, and those that were their connection's first */
  overSecond: number;
  overSecondFirst: number;
}

/**
 * CONNECTIONS keep-alive connections, each sending its next request when the last is
 * answered, for SECONDS; every request's time is kept (a load generator's summary would not
 * tell a connection's first request, which waits for the connection too, from the rest).
 */
async function load(url: string, headers: Record<string, string>): Promise<Load> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const times: number[] = [];
  const firsts: number[] = [];
  const request = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent, headers }, (res) => {
          if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
          res.resume();
          res.on('end', resolve);
        })
        .once('error', reject);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (let n = 0; performance.now() - started < SECONDS * 1000; n++) {
        const sent = performance.now();
        await request();
        (n === 0 ? firsts : times).push(performance.now() - sent);
      }
    }),
  );
  const took = performance.now() - started;
  agent.destroy();
  const all = [...firsts, ...times].sort((x, y) => x - y);
  const at = (q: number) => Math.round(all[Math.min(all.length - 1, Math.floor(q * all.length))]!);
  return {
    rps: (all.length / took) * 1000,
    p50: at(0.5),
    p99: at(0.99),
    max: Math.round(all.at(-1)!),
    maxLater: Math.round(Math.max(0, ...times)),
    overSecond: all.filter((t) => t > 1_000).length,
    overSecondFirst: firsts.filter((t) => t > 1_000).length,
  };
}

const showLoad = (f: Load) =>
  `${f.rps.toFixed(0).padStart(5)} req/s  p50 ${String(f.p50).padStart(4)} ms  p99 ${String(f.p99).padStart(4)} ms  slowest ${String(f.max).padStart(4)} ms ` +
  `(after a connection's first request ${f.maxLater} ms); over 1 s: ${f.overSecond} (${f.overSecondFirst} of them first on their connection)`;

async function marketUnderLoad(engine: string, database: string, leagueId: string, contractId: string, cookie: string, dir: string) {
  const app = await startChild('app', database);
  const shelf = `${app.url}/api/v1/leagues/${leagueId}/market`;
  try {
    const headers = { cookie, 'accept-encoding': 'br' };
    const first = await new Promise<{ headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
      http
        .get(shelf, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            if (res.statusCode !== 200) return reject(new Error(`market answered ${res.statusCode}: ${Buffer.concat(chunks)}`));
            const kept: Record<string, string> = { 'content-type': String(res.headers['content-type']) };
            if (res.headers['content-encoding']) kept['content-encoding'] = String(res.headers['content-encoding']);
            resolve({ headers: kept, body: Buffer.concat(chunks) });
          });
        })
        .once('error', reject);
    });
    const answerFile = path.join(dir, 'market-answer.json');
    fs.writeFileSync(answerFile, JSON.stringify({ headers: first.headers, body: first.body.toString('base64') }));
    const bare = await startChild('bare', answerFile);
    try {
      const baseline = await load(shelf.replace(app.url, bare.url), headers);
      // a player elects and withdraws a renewal over and over while the shelf is read
      const moves: number[] = [];
      let moving = true;
      const renew = `${app.url}/api/v1/leagues/${leagueId}/my-contracts/${contractId}/renew`;
      const mover = (async () => {
        for (let elect = true; moving; elect = !elect) {
          const started = performance.now();
          const status = await new Promise<number>((resolve, reject) => {
            const req = http.request(renew, { method: elect ? 'POST' : 'DELETE', headers: { cookie, origin: app.url, 'content-length': 0 } }, (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode!));
            });
            req.once('error', reject);
            req.end();
          });
          if (status !== 200) throw new Error(`renewal ${elect ? 'election' : 'withdrawal'} answered ${status}`);
          moves.push(performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      const ours = await load(shelf, headers);
      moving = false;
      await mover;
      const slowestMove = Math.max(...moves);
      console.log(`\n4. ${engine}: market shelf (50 articles, ${first.body.byteLength.toLocaleString('en')} bytes brotli), ${CONNECTIONS} connections for ${SECONDS} s, each server in its own process:`);
      console.log(`  baseline, bare node:http sending the same bytes: ${showLoad(baseline)}`);
      console.log(`  the service, while a player elected and withdrew a renewal ${moves.length} times (each moves the league's version):`);
      console.log(`                                                   ${showLoad(ours)}`);
      console.log(`  requests over 1 s: goal none; ${ours.overSecond} of ${Math.round(ours.rps * SECONDS).toLocaleString('en')}; slowest renewal write ${slowestMove.toFixed(0)} ms`);
    } finally {
      bare.stop();
    }
  } finally {
    app.stop();
  }
}

process.on('SIGINT', () => process.exit(0));
if (role === 'app') await serveApp(process.argv[2]!);
else if (role === 'bare') serveBare(process.argv[2]!);
else await main();
