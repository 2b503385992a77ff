/**
 * Two instances against one on PostgreSQL (issue 26 point 6): `serve` processes of the built
 * binary (dist/fantasy; `npm run build` first) on one PostgreSQL database, the load client
 * (autocannon, as the other benches) spreading its connections over them in turn, as a load
 * balancer would. Each round measures, alternating one and two instances:
 *
 *  a. buys: PLAYERS players buying distinct articles (BUYS_EACH each, SHORT), every article's
 *     series already stored by an unmeasured warm-up league, so a buy is the service and the
 *     database, not the encyclopedia; each run in a league of its own;
 *  b. leaderboard reads: the full leaderboard of a 1,000-team league (30 scored days, brotli
 *     as a browser asks) for SECONDS seconds, answered from the answer kept per version (the
 *     version read from the database on every request).
 *
 * Everything (PostgreSQL, both instances, this load client) runs on one machine: two
 * instances compete with the database and the client for the same cores, so the ratio shows
 * what a second process buys on one machine, not what a second machine would.
 *
 * Every buy moves its league's version (one row); writes of one league take turns on
 * PostgreSQL (WriteOptions.leagues), so buys run on INSTANCES_BUY_CONNECTIONS (default 20)
 * connections at once, and every answer other than 201 is counted and printed beside the rate.
 *
 * `npm run bench instances`. INSTANCES_ROUNDS (default 2), INSTANCES_SECONDS (default 5),
 * INSTANCES_PLAYERS (default 150) and INSTANCES_CONNECTIONS (reads, default 20) shrink or grow it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { addDays, utcDay } from '../src/domain/dates';
import { claimsFor } from '../src/features/auth/service';
import { mintSessionToken, SESSION_COOKIE } from '../src/features/auth/session-tokens';
import { copyToPostgres } from '../src/features/operations/copy-to-postgres';
import { closeStore, openDatabase, writeTransaction } from '../src/platform/db/database';
import { tablesOf } from '../src/platform/db/dialect';
import { newId } from '../src/platform/db/ids';
import { insertPlayer, type PlayerRow } from '../src/features/auth/store';
import { applyPostgresMigrations, openPostgres } from '../src/platform/db/postgres';
import { openPostgresDatabase } from '../src/platform/db/postgres-store';
import { startFakeEncyclopedia } from '../test/fakes/encyclopedia/fake-encyclopedia-server';
import { buildBulkLeague } from '../test/support/bulk-league';
import { postgresBinFolder, startPostgresCluster } from '../test/support/postgres-cluster';

const ROUNDS = Number(process.env.INSTANCES_ROUNDS ?? 2);
const SECONDS = Number(process.env.INSTANCES_SECONDS ?? 5);
const PLAYERS = Number(process.env.INSTANCES_PLAYERS ?? 150);
const CONNECTIONS = Number(process.env.INSTANCES_CONNECTIONS ?? 20);
/** buyers at once: every buy in a league moves that league's one version row (see the output) */
const BUY_CONNECTIONS = Number(process.env.INSTANCES_BUY_CONNECTIONS ?? 20);
const BUYS_EACH = 8;
const BUYS = PLAYERS * BUYS_EACH;
const BOARD_TEAMS = 1_000;
const SECRET = 'bench-signing-secret-that-is-long-enough-0123456789';
/** the frontend origin a served binary accepts writes from unless configured otherwise */
const ORIGIN = 'http://localhost:8787';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const binary = path.join(root, 'dist', 'fantasy');

interface Instance {
  url: string;
  child: ChildProcess;
  /** the lines it logged at level error (the first few) */
  errors: string[];
}

/** `fantasy serve --port 0`, resolved when it prints where it listens; its request log is read and dropped. */
function serve(cwd: string, env: NodeJS.ProcessEnv): Promise<Instance> {
  const child = spawn(binary, ['serve', '--port', '0'], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const errors: string[] = [];
  return new Promise((resolve, reject) => {
    const look = (chunk: Buffer) => {
      if (output.length < 100_000) output += chunk;
      for (const line of String(chunk).split('\n')) if (/"level":"error"/.test(line) && errors.length < 5) errors.push(line);
      const found = /listening on (http:\/\/\S+)/.exec(output);
      if (found) resolve({ url: found[1]!, child, errors });
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${output}`)));
  });
}

interface Figure {
  rps: number;
  /** answers other than success */
  failed?: number;
  p50: number;
  p99: number;
}

const show = (f: Figure) =>
  `${f.rps.toFixed(0).padStart(6)} ${f.failed === undefined ? 'req/s' : 'buys/s'}  p50 ${String(f.p50).padStart(4)} ms  p99 ${String(f.p99).padStart(5)} ms${f.failed === undefined ? '' : `; not bought: ${f.failed} of ${BUYS}`}`;

async function main() {
  if (!fs.existsSync(binary)) throw new Error(`${binary} is missing: run npm run build first`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-bench-instances-'));
  const cluster = await startPostgresCluster({ maxConnections: 60 });
  const instances: Instance[] = [];
  const today = utcDay(new Date());
  const fake = await startFakeEncyclopedia({ today });
  try {
    const url = await cluster.createDatabase('instances');
    // the leaderboard's league, built on SQLite and moved over by copy-to-postgres
    const sqlite = openDatabase(path.join(dir, 'board.db'), { migrate: true });
    const board = await buildBulkLeague(sqlite, { teams: BOARD_TEAMS, start: addDays(today, -DAYS_SCORED), durationDays: 90, scoredDays: DAYS_SCORED, contractPrice: 40 });
    const target = await openPostgres(url);
    try {
      await applyPostgresMigrations(target.db);
      await copyToPostgres(sqlite, target.db);
    } finally {
      await target.close();
      await closeStore(sqlite);
    }

    // the buyers, and a league of their teams for each buying run
    const db = await openPostgresDatabase(url, { poolSize: 2 });
    const players: { row: PlayerRow; cookie: string }[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const row = await insertPlayer(db, {
        id: `pl_buyer_${i}`,
        subject: `bench:buyer${i}`,
        username: `buyer${i}`,
        usernameKey: `buyer${i}`,
        name: `Buyer ${i}`,
        email: '',
        picture: '',
        createdAt: new Date().toISOString(),
      });
      players.push({ row, cookie: `${SESSION_COOKIE}=${await mintSessionToken(claimsFor(row), SECRET, new Date())}` });
    }
    const createLeague = (name: string) =>
      writeTransaction(db, async (tx) => {
        const { leagues, teams } = tablesOf(tx);
        const id = newId('lg');
        const start = `${today}T00:00:00.000Z`;
        await tx.insert(leagues).values({
          id,
          name,
          domain: 'en',
          languageScale: 1,
          icon: '🏆',
          durationDays: 30,
          startDate: start,
          endDate: `${addDays(today, 30)}T00:00:00.000Z`,
          visibility: 'public',
          invitePolicy: 'members',
          adminId: players[0]!.row.id,
          createdAt: start,
        });
        await tx.insert(teams).values(players.map((p, i) => ({ id: newId('tm'), leagueId: id, playerId: p.row.id, name: `Team ${i}`, nameKey: `team ${i}`, joinedAt: start })));
        return id;
      });
    const articles = Array.from({ length: BUYS }, (_, i) => `Instances_article_${i}`);
    for (const [i, article] of articles.entries()) {
      // 3,000–9,000 views: SHORT prices 3–29, so BUYS_EACH buys always fit in 1,000 credits
      fake.data.setSeries('en', article, Array.from({ length: 60 }, (_, d) => ({ date: addDays(today, -60 + d), views: 3_000 + (i % 7) * 1_000 })));
    }
    const leagueIds = { warmUp: await createLeague('Warm-up') } as Record<string, string>;
    for (let round = 0; round < ROUNDS; round++) {
      for (const n of [1, 2]) leagueIds[`${n}:${round}`] = await createLeague(`Buys ${n} ${round}`);
    }
    await closeStore(db);

    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      FANTASY_DATABASE_URL: url,
      FANTASY_SIGNING_SECRET: SECRET,
      FANTASY_ENCYCLOPEDIA_SITE_URL: fake.siteUrl,
      FANTASY_ENCYCLOPEDIA_METRICS_URL: fake.metricsUrl,
      FANTASY_ENCYCLOPEDIA_META_URL: fake.metaUrl,
      FANTASY_ENCYCLOPEDIA_USER_AGENT: 'FantasyInstancesBench/1.0 (bench@example.org)',
      FANTASY_SCHEDULER: 'false',
    };
    // started one after the other: the first applies the migrations and makes the Global League
    instances.push(await serve(dir, env));
    instances.push(await serve(dir, env));

    const buys = async (urls: string[], leagueId: string): Promise<Figure> => {
      let next = 0;
      const refusals = new Map<string, number>();
      const result = await autocannon({
        url: urls,
        connections: BUY_CONNECTIONS,
        amount: BUYS,
        requests: [
          {
            method: 'POST',
            path: `/api/v1/leagues/${leagueId}/my-contracts`,
            setupRequest: (request) => {
              const n = next++;
              // player n % PLAYERS buys article n: no two buys of one article, BUYS_EACH a player
              return {
                ...request,
                headers: { ...request.headers, cookie: players[n % PLAYERS]!.cookie, origin: ORIGIN, 'content-type': 'application/json' },
                body: JSON.stringify({ articleId: articles[n % BUYS], tier: 'SHORT' }),
              };
            },
            onResponse: (status, body) => {
              if (status !== 201) refusals.set(`${status} ${body}`, (refusals.get(`${status} ${body}`) ?? 0) + 1);
            },
          },
        ],
      });
      if (result.errors > 0) throw new Error(`buys in ${leagueId}: ${result.errors} connection errors`);
      const refused = [...refusals].map(([answer, n]) => `${answer} ×${n}`).join('; ');
      if (refused) console.log(`  (buys in ${leagueId} on ${urls.length}: ${result.non2xx} of ${BUYS} not bought: ${refused})`);
      // bought per second: a refused buy is no buy
      return { rps: (result.requests.total - result.non2xx) / result.duration, p50: result.latency.p50, p99: result.latency.p99, failed: result.non2xx };
    };
    const viewer = `bulk:${board.leagueId}_${BOARD_TEAMS / 2}`.toLowerCase();
    const boardCookie = `${SESSION_COOKIE}=${await mintSessionToken({ sub: viewer, email: '', name: '', picture: '' }, SECRET, new Date())}`;
    const reads = async (urls: string[]): Promise<Figure> => {
      const result = await autocannon({
        url: urls.map((u) => `${u}/api/v1/leagues/${board.leagueId}/leaderboard`),
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { cookie: boardCookie, 'accept-encoding': 'br' },
      });
      if (result.errors > 0 || result.non2xx > 0) throw new Error(`leaderboard: ${result.errors} errors, ${result.non2xx} answers other than 200`);
      return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
    };

    // every article's series fetched once and stored; the kept leaderboard answer made once
    await buys([instances[0]!.url], leagueIds.warmUp!);
    await reads([instances[0]!.url, instances[1]!.url]);

    const best = { buys: new Map<number, Figure>(), reads: new Map<number, Figure>() };
    const keep = (map: Map<number, Figure>, n: number, figure: Figure) => {
      if ((map.get(n)?.rps ?? 0) < figure.rps) map.set(n, figure);
    };
    for (let round = 0; round < ROUNDS; round++) {
      // who goes first alternates
      for (const n of round % 2 === 0 ? [1, 2] : [2, 1]) {
        const urls = instances.slice(0, n).map((instance) => instance.url);
        keep(best.buys, n, await buys(urls, leagueIds[`${n}:${round}`]!));
        keep(best.reads, n, await reads(urls));
      }
    }

    console.log(`PostgreSQL ${path.basename(path.dirname(postgresBinFolder()))} (fsync off), one autocannon client spreading its connections over the instances in turn; best of ${ROUNDS} alternating rounds.`);
    console.log(`One ${os.cpus().length}-core machine runs PostgreSQL, every instance and the client: two instances compete with the database for the same cores.`);
    console.log(`\na. buys: ${BUYS.toLocaleString('en')} a run (${PLAYERS} players × ${BUYS_EACH} distinct articles, SHORT, series stored) on ${BUY_CONNECTIONS} connections, a league of their own each run`);
    console.log(`  one instance:  ${show(best.buys.get(1)!)}`);
    console.log(`  two instances: ${show(best.buys.get(2)!)}`);
    console.log(`  two against one: ${(best.buys.get(2)!.rps / best.buys.get(1)!.rps).toFixed(2)}x`);
    console.log(`\nb. full leaderboard of ${BOARD_TEAMS.toLocaleString('en')} teams (brotli, the kept answer checked against the version in the database), ${CONNECTIONS} connections, ${SECONDS} s a run`);
    console.log(`  one instance:  ${show(best.reads.get(1)!)}`);
    console.log(`  two instances: ${show(best.reads.get(2)!)}`);
    console.log(`  two against one: ${(best.reads.get(2)!.rps / best.reads.get(1)!.rps).toFixed(2)}x`);
  } finally {
    for (const instance of instances) instance.child.kill('SIGTERM');
    await Promise.all(instances.map((instance) => new Promise((resolve) => (instance.child.exitCode !== null ? resolve(null) : instance.child.once('exit', resolve)))));
    await fake.close();
    await cluster.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const DAYS_SCORED = 30;

await main();
