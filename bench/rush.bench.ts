/**
 * The morning rush (issue 40): at 07:00 UTC every player is told how their team did, and
 * players open the app within minutes. This builds such a deployment (rush/deployment.ts),
 * starts the service in a process of its own as an operator runs it, and then:
 *
 *  1. yesterday's visits: every player's browser keeps the tags of the answers that carry an
 *     ETag, read before the scoring (which kinds carry one is learned by opening each kind of
 *     league once);
 *  2. the 05:00 scoring: yesterday's results of every team posted by the scoring engine's route;
 *  3. the floor: RUSH_PLAYERS players arrive over RUSH_SECONDS on a ramp that peaks early
 *     (rush/arrival-ramp.ts) and each sends its opening's requests, with its opening's
 *     timing and connections, every one answered by `GET /` of the same service;
 *  4. the rush: the same arrivals, each opening the league home of the league whose push it
 *     tapped with the app's own requests (rush/league-home-opening.ts); a fifth go on to the
 *     market. Per request kind p50/p95/p99/max, requests over 1 s, 304s, shed (503 with
 *     Retry-After) and errors (anything else not 2xx/304, dropped connections, time-outs);
 *     the screen's time from the navigation to the last read the standings need; the
 *     service's CPU and RSS (and PostgreSQL's processes' CPU) and how busy the load client was.
 *
 * `npm run bench rush`. RUSH_TEAMS (Global League teams, default 2,000), RUSH_PLAYERS (players
 * arriving, default 300), RUSH_SECONDS (the arrival window, default 20), RUSH_PRIVATE_LEAGUES
 * (of 20 teams each, default one per 40 teams), RUSH_STORE=sqlite|postgres|both (default
 * sqlite), RUSH_BINARY (a built `fantasy` binary to run instead of the bundle this bench builds
 * from the checkout), RUSH_PROFILE=dir (a CPU profile of the whole service process there),
 * RUSH_PG_STATEMENTS=n (PostgreSQL: the rush's n costliest statements, from pg_stat_statements),
 * RUSH_NINE_READS=1 (then the same arrivals again, opening the league home with the nine reads
 * the app sent before the league home was one answer, and both openings' CPU side by side;
 * `first` runs those before the rush instead, so they meet the cold pages).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { addDays, utcDay } from '../src/domain/dates';
import { GLOBAL_LEAGUE_ID } from '../src/features/leagues/global-league';
import { mintSessionToken, SESSION_COOKIE } from '../src/features/auth/session-tokens';
import { copyToPostgres } from '../src/features/operations/copy-to-postgres';
import { closeStore, openDatabase, writerOf } from '../src/platform/db/database';
import { applyPostgresMigrations, openPostgres } from '../src/platform/db/postgres';
import { startFakeEncyclopedia } from '../test/fakes/encyclopedia/fake-encyclopedia-server';
import { type PostgresCluster, postgresBinFolder, startPostgresCluster } from '../test/support/postgres-cluster';
import { arrivalRamp } from './rush/arrival-ramp';
import { runArrivals } from './rush/arrivals';
import { buildDeployment, type Deployment, PRIVATE_LEAGUE_TEAMS } from './rush/deployment';
import { Browser, MARKET_READS, NINE_READS, type RequestKind, type RushPlayer, taggedKinds } from './rush/league-home-opening';
import { printGoals, printPhase, printSideBySide, type StoreFigures, useLine } from './rush/report';
import { scoreYesterday } from './rush/scoring-engine';
import { startService, UseSampler } from './rush/service-process';

const TEAMS = Number(process.env.RUSH_TEAMS ?? 2_000);
const PLAYERS = Number(process.env.RUSH_PLAYERS ?? 300);
const SECONDS = Number(process.env.RUSH_SECONDS ?? 20);
const PRIVATE_LEAGUES = Number(process.env.RUSH_PRIVATE_LEAGUES ?? Math.floor(TEAMS / 40));
const PG_STATEMENTS = Number(process.env.RUSH_PG_STATEMENTS ?? 0);
const NINE_READS_WHEN = process.env.RUSH_NINE_READS === 'first' ? 'first' : process.env.RUSH_NINE_READS === '1' ? 'after' : undefined;
const STORES = (process.env.RUSH_STORE ?? 'sqlite') === 'both' ? ['sqlite', 'postgres'] : [process.env.RUSH_STORE ?? 'sqlite'];
const SECRET = 'bench-signing-secret-that-is-long-enough-0123456789';
const SERVICE_TOKEN = 'rush-bench-scoring-engine-token';
/** one player in this many goes on to the market */
const TO_MARKET_EVERY = 5;
/** yesterday's visits, players at once */
const VISITORS = 8;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bundle = path.join(root, 'dist', 'fantasy.cjs');
const count = (n: number) => Math.round(n).toLocaleString('en');

/**
 * The players who arrive, spread evenly over the Global League's table (top, middle and
 * bottom alike). A player with a private league tapped its push every other time, else the
 * Global League's.
 */
async function arrivingPlayers(deployment: Deployment): Promise<RushPlayer[]> {
  const players: RushPlayer[] = [];
  const now = new Date();
  for (let j = 0; j < PLAYERS; j++) {
    const index = Math.floor(((j + 0.5) * TEAMS) / PLAYERS);
    const { subject, name, privateLeagueId } = deployment.playerAt(index);
    const token = await mintSessionToken({ sub: subject, email: '', name, picture: '' }, SECRET, now);
    players.push({
      index,
      cookie: `${SESSION_COOKIE}=${token}`,
      leagueId: privateLeagueId && j % 2 === 0 ? privateLeagueId : GLOBAL_LEAGUE_ID,
      toMarket: j % TO_MARKET_EVERY === TO_MARKET_EVERY - 1,
      tags: new Map(),
    });
  }
  return players;
}

/**
 * Each player's browser reads the kinds that carry a tag, as it did on yesterday's visit (the
 * market's only for the players who go there).
 */
async function visitYesterday(service: { host: string; port: number }, players: readonly RushPlayer[]): Promise<{ requests: number; tagged: Map<string, RequestKind[]> }> {
  const tagged = new Map<string, RequestKind[]>();
  const kindOf = (player: RushPlayer) => (player.leagueId === GLOBAL_LEAGUE_ID ? 'the Global League' : 'a private league');
  for (const player of players) {
    if (!tagged.has(kindOf(player))) tagged.set(kindOf(player), await taggedKinds(service, player));
  }
  let next = 0;
  let requests = 0;
  await Promise.all(
    Array.from({ length: VISITORS }, async () => {
      while (next < players.length) {
        const player = players[next++]!;
        const browser = new Browser(service, player, null);
        try {
          for (const kind of tagged.get(kindOf(player))!) {
            if (!player.toMarket && MARKET_READS.includes(kind)) continue;
            const answer = await browser.get(kind);
            if (answer.kind !== 'answered') throw new Error(`yesterday's ${kind.name} for player ${player.index} was not answered`);
            requests++;
          }
        } finally {
          browser.close();
        }
      }
    }),
  );
  return { requests, tagged };
}

/** The PostgreSQL server's postmaster, whose processes' CPU is measured beside the service's. */
async function postmasterOf(cluster: PostgresCluster): Promise<number> {
  const [row] = await cluster.query<{ setting: string }>('postgres', `SELECT setting FROM pg_settings WHERE name = 'data_directory'`);
  return Number(fs.readFileSync(path.join(row!.setting, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

interface Stage {
  dir: string;
  databasePath: string;
  postgres?: { url: string; cluster: PostgresCluster };
  fake: Awaited<ReturnType<typeof startFakeEncyclopedia>>;
  deployment: Deployment;
  yesterday: string;
}

async function rushOn(store: string, stage: Stage): Promise<StoreFigures> {
  const name = store === 'postgres' ? `PostgreSQL ${path.basename(path.dirname(postgresBinFolder()))}` : 'SQLite';
  const { fake, deployment } = stage;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    FANTASY_SIGNING_SECRET: SECRET,
    FANTASY_SERVICE_TOKEN: SERVICE_TOKEN,
    FANTASY_SCHEDULER: 'false',
    FANTASY_ENCYCLOPEDIA_SITE_URL: fake.siteUrl,
    FANTASY_ENCYCLOPEDIA_METRICS_URL: fake.metricsUrl,
    FANTASY_ENCYCLOPEDIA_META_URL: fake.metaUrl,
    FANTASY_ENCYCLOPEDIA_USER_AGENT: 'FantasyRushBench/1.0 (bench@example.org)',
    ...(store === 'postgres' ? { FANTASY_DATABASE_URL: stage.postgres!.url } : {}),
  };
  const service = await startService({
    binary: process.env.RUSH_BINARY,
    bundle,
    cwd: stage.dir,
    env,
    args: store === 'postgres' ? [] : ['--database', stage.databasePath],
    profileDir: process.env.RUSH_PROFILE,
  });
  try {
    const players = await arrivingPlayers(deployment);
    const ramp = arrivalRamp(players.length, SECONDS);
    const mix = players.filter((p) => p.leagueId !== GLOBAL_LEAGUE_ID).length;
    console.log(
      `\n=== ${name}: ${count(players.length)} players arrive over ${SECONDS} s, peaking at ${ramp.peakRate.toFixed(1)} a second ${ramp.peakSecond.toFixed(1)} s in; ` +
        `${count(players.length - mix)} open the Global League's home, ${count(mix)} a private league's; ${count(players.filter((p) => p.toMarket).length)} go on to the market`,
    );
    console.log(`the service: ${process.env.RUSH_BINARY ?? `node ${path.relative(root, bundle)}`} serve, pid ${service.child.pid}, at ${service.url}`);

    const visits = await visitYesterday(service, players);
    const tagged = [...visits.tagged].map(([league, kinds]) => `${league}: ${kinds.map((k) => k.name).join(', ') || 'none'}`).join('; ');
    console.log(`yesterday's visits: ${count(visits.requests)} answers kept with their tag by the players' browsers (kinds that carry an ETag, ${tagged})`);
    const scored = await scoreYesterday(service, SERVICE_TOKEN, stage.yesterday, deployment.teamsToScore);
    console.log(`the 05:00 scoring: ${count(scored.rows)} results for ${stage.yesterday} posted to /internal/v1/performances, 100 a body, in ${(scored.ms / 1000).toFixed(1)} s`);

    const postmaster = stage.postgres && store === 'postgres' ? await postmasterOf(stage.postgres.cluster) : undefined;
    const sampler = new UseSampler(service.child.pid!, postmaster);
    sampler.start();
    const floor = await runArrivals(service, players, ramp, true);
    const floorUse = sampler.stop();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    fake.resetCounters();
    if (PG_STATEMENTS > 0 && store === 'postgres') await stage.postgres!.cluster.query('rush', 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements; SELECT pg_stat_statements_reset()');
    const nineReads = async () => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      sampler.start();
      const phase = await runArrivals(service, players, ramp, false, NINE_READS);
      return { phase, use: sampler.stop() };
    };
    // the phase that runs first reads the database's pages cold: `first` puts the nine reads there
    const nine = NINE_READS_WHEN === 'first' ? await nineReads() : undefined;
    sampler.start();
    const rush = await runArrivals(service, players, ramp, false);
    const rushUse = sampler.stop();
    if (PG_STATEMENTS > 0 && store === 'postgres') await printTopStatements(stage.postgres!.cluster);
    const compared = nine ?? (NINE_READS_WHEN === 'after' ? await nineReads() : undefined);

    const floorFigures = printPhase('the floor: the same arrivals, every request `GET /` of the same service', floor, false);
    console.log(useLine('the floor', floorUse, floor.client.cores));
    const rushFigures = printPhase('the rush: the league home as the app opens it', rush, true);
    console.log(useLine('the rush', rushUse, rush.client.cores));
    if (compared) {
      printPhase('the same arrivals opening the league home with the nine reads the app sent before its one answer', compared.phase, true);
      console.log(useLine('the nine reads', compared.use, compared.phase.client.cores));
      const perOpening = (use: { cpuSeconds: number }) => (use.cpuSeconds * 1000) / players.length;
      console.log(
        `  the service's CPU an opening: ${perOpening(rushUse).toFixed(1)} ms with the one answer, ${perOpening(compared.use).toFixed(1)} ms with the nine reads ` +
          `(${(perOpening(rushUse) / perOpening(compared.use)).toFixed(2)}x)`,
      );
    }
    const logged = await service.loggedErrors(3);
    if (logged.count > 0) console.log(`  the service logged ${count(logged.count)} errors, the first:\n    ${logged.first.join('\n    ')}`);
    if (fake.requests.length > 0) console.log(`  the (fake) encyclopedia was asked ${count(fake.requests.length)} times during the rush`);
    const totals = rush.tally.totals();
    let undrawn = 0;
    for (const n of rush.tally.undrawn.values()) undrawn += n;
    const figures: StoreFigures = {
      store: name,
      requests: rushFigures.requests,
      screens: rushFigures.screens,
      floorRequests: floorFigures.requests,
      floorScreens: floorFigures.screens,
      failed: totals.failed,
      shed: totals.shed,
      undrawn,
      serviceCores: rushUse.cpuSeconds / rushUse.wallSeconds,
      peakCores: rushUse.peakCores,
      rssPeak: rushUse.rssPeak,
      databaseCores: rushUse.databaseCpuSeconds === undefined ? undefined : rushUse.databaseCpuSeconds / rushUse.wallSeconds,
      clientCores: rush.client.cores,
    };
    printGoals(figures);
    return figures;
  } finally {
    await service.stop();
  }
}

async function main() {
  if (PLAYERS > TEAMS) throw new Error(`RUSH_PLAYERS (${PLAYERS}) is more than RUSH_TEAMS (${TEAMS}): every arriving player has a team`);
  for (const store of STORES) if (store !== 'sqlite' && store !== 'postgres') throw new Error(`RUSH_STORE is sqlite, postgres or both, not ${store}`);
  if (!process.env.RUSH_BINARY) {
    // the checkout's own code, not whatever an earlier build left in dist/
    execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--bundle-only', '--quiet'], { cwd: root, stdio: 'inherit' });
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-bench-rush-'));
  const today = utcDay(new Date());
  const fake = await startFakeEncyclopedia({ today });
  let cluster: PostgresCluster | undefined;
  try {
    const databasePath = path.join(dir, 'fantasy.db');
    const db = openDatabase(databasePath, { migrate: true });
    const built = performance.now();
    let deployment: Deployment;
    let postgres: Stage['postgres'];
    try {
      deployment = await buildDeployment(db, { teams: TEAMS, privateLeagues: PRIVATE_LEAGUES, today });
      writerOf(db).$client.pragma('wal_checkpoint(TRUNCATE)');
      console.log(
        `built a Global League of ${count(TEAMS)} teams and ${count(PRIVATE_LEAGUES)} private leagues of ${PRIVATE_LEAGUE_TEAMS} ` +
          `(every day but yesterday scored, a live contract each, activity, in-box lines, the market shelf stored) in ${((performance.now() - built) / 1000).toFixed(1)} s; ` +
          `${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`,
      );
      if (STORES.includes('postgres')) {
        cluster = await startPostgresCluster({ maxConnections: 60, settings: PG_STATEMENTS > 0 ? ['shared_preload_libraries=pg_stat_statements'] : [] });
        const url = await cluster.createDatabase('rush');
        const target = await openPostgres(url);
        try {
          await applyPostgresMigrations(target.db);
          const copied = performance.now();
          const report = await copyToPostgres(db, target.db);
          await target.db.execute(sql`VACUUM ANALYZE`);
          console.log(
            `copied to PostgreSQL by copy-to-postgres: ${count(report.rows)} rows in ${((performance.now() - copied) / 1000).toFixed(1)} s, then VACUUM ANALYZE; ` +
              'a throwaway cluster on this machine with fsync, synchronous_commit and full_page_writes off',
          );
        } finally {
          await target.close();
        }
        postgres = { url, cluster };
      }
    } finally {
      await closeStore(db);
    }
    const stage: Stage = { dir, databasePath, postgres, fake, deployment, yesterday: addDays(today, -1) };
    const figures: StoreFigures[] = [];
    for (const store of STORES) figures.push(await rushOn(store, stage));
    if (figures.length > 1) printSideBySide(figures);
  } finally {
    await fake.close();
    await cluster?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The rush's costliest statements on PostgreSQL, by total execution time. */
async function printTopStatements(cluster: PostgresCluster): Promise<void> {
  const rows = await cluster.query<{ calls: string; total: number; mean: number; rows: string; query: string }>(
    'rush',
    `SELECT calls, total_exec_time AS total, mean_exec_time AS mean, rows, query FROM pg_stat_statements
     WHERE dbid = (SELECT oid FROM pg_database WHERE datname = 'rush') ORDER BY total_exec_time DESC LIMIT $1`,
    [PG_STATEMENTS],
  );
  console.log(`  PostgreSQL's ${rows.length} costliest statements of the rush (total ms, calls, mean ms, rows):`);
  for (const row of rows) {
    console.log(`    ${Math.round(row.total)} ms, ${count(Number(row.calls))} calls, ${row.mean.toFixed(2)} ms, ${count(Number(row.rows))} rows: ${row.query.replace(/\s+/g, ' ').slice(0, 220)}`);
  }
}

await main();
