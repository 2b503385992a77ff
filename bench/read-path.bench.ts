/**
 * The read path under load (issue 11): 50 connections for DURATION seconds each, from this
 * process, against a server in its own process, beside a bare node:http server (also in its
 * own process) sending the very same bytes, measured in the same run.
 *
 *  1. GET / against a bare node:http hello answering the same JSON;
 *  2. the leaderboard of 1,000 teams × 30 scored days (identity, then brotli as a browser
 *     asks), against a bare server sending those bytes;
 *  3. the same leaderboard revalidated with its ETag (304s);
 *  4. the market shelf of that league (50 articles priced from stored series, owners from its
 *     1,000 teams), brotli, and revalidated;
 *  5. the public league list (12 of 30 public leagues, one of them 1,000 teams strong);
 *  6. the cost of a body route: the app's own stack (its plugins, the session and write
 *     guards, its JSON body reader, the buy's zod schema) on a bench-only route answering a
 *     fixed JSON, against a bare node:http server reading the same body, checking it with the
 *     same schema and answering the same JSON.
 *
 * GET / and the body route also run on Elysia alone (no plugins, same listener, same answer),
 * which splits the gap into the framework's part and our plugins' part.
 *
 * Beside requests per second, each comparison prints the CPU time each server process spent
 * per request (its own process.cpuUsage over the round): on a shared 2-core machine the load
 * generator and neighbours move req/s from round to round, while CPU per request moves less.
 *
 * `npm run bench read-path`; BENCH_SECONDS and BENCH_ROUNDS override the duration and rounds,
 * READ_PATH_ONLY picks comparisons (and the revalidation lines) by label: those whose label holds
 * the text, or, when the text ends in `$`, those whose label ends with the rest of it (so
 * `30 days$` is the identity leaderboard alone, without its brotli twin); `a|b` picks either.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { node } from '@elysiajs/node';
import autocannon from 'autocannon';
import { Elysia } from 'elysia';
import { parseConfig } from '../src/platform/config';
import { addDays, utcDay } from '../src/domain/dates';
import { createApp } from '../src/platform/http/app';
import { jsonBody } from '../src/platform/http/route-options';
import { BuyContractRequestSchema } from '../src/features/contracts/wire';
import { listen } from '../src/platform/http/server';
import { batchedStdout, jsonLogger } from '../src/platform/log';
import { operatorLog } from '../cli/config-option';
import { openRuntime } from '../src/platform/runtime';
import { mintSessionToken, SESSION_COOKIE } from '../src/features/auth/session-tokens';
import { buildBulkLeague } from '../test/support/bulk-league';
import { seedStoredShelf } from '../test/support/stored-shelf';

const TEAMS = 1_000;
const DAYS = 30;
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 4);
const SECRET = 'bench-signing-secret-that-is-long-enough-0123456789';
const role = process.env.READ_PATH_ROLE;

function configFor(databasePath: string) {
  return parseConfig({ environment: 'test', databasePath, signingSecret: SECRET, serviceToken: 'x', scheduler: { enabled: false } });
}

/** Child: the service itself, logging as `serve` does (one JSON line per request to stdout). */
async function serveApp(databasePath: string) {
  const config = configFor(databasePath);
  // the log exactly as `serve` makes it: its level, its secrets masked
  const { log, secrets } = operatorLog(config, batchedStdout());
  const runtime = await openRuntime(config, { log, secrets });
  const app = createApp(runtime.ctx)
    .post(BODY_ROUTE, () => BODY_ANSWER, {
      ...jsonBody(BuyContractRequestSchema, { malformed: 'MALFORMED_JSON', invalid: 'INVALID_TIER' }),
    })
    // the same route on Elysia's own parser and validator, for the choice between the two
    .post(ELYSIA_BODY_ROUTE, () => BODY_ANSWER, { parse: 'json', body: BuyContractRequestSchema });
  const server = await listen(app.fetch, '127.0.0.1', 0, runtime.ctx.log);
  answerCpuQuestions();
  process.send!({ url: server.url });
}

/** A child tells the parent its CPU time so far (µs, user + system) when asked. */
function answerCpuQuestions() {
  process.on('message', (message) => {
    if (message !== 'cpu') return;
    const { user, system } = process.cpuUsage();
    process.send!({ cpu: user + system });
  });
}

/**
 * Child: Elysia alone on the same listener, no plugins: GET / answers the service's object and
 * the body route checks the same schema with `parse: 'json'`. It splits a gap to the bare
 * server into what the framework costs and what our plugins add.
 */
async function serveElysiaAlone(file: string) {
  const answers = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { body: string }>;
  const root = JSON.parse(Buffer.from(answers['/ ']!.body, 'base64').toString('utf8')) as object;
  const app = new Elysia({ adapter: node() })
    .get('/', () => root)
    .post(BODY_ROUTE, () => BODY_ANSWER, { parse: 'json', body: BuyContractRequestSchema });
  await listen(app.fetch, '127.0.0.1', 0, jsonLogger(() => undefined)).then((server) => {
    answerCpuQuestions();
    process.send!({ url: server.url });
  });
}

/** Child: node:http and nothing else, answering every request with the recorded bytes. */
async function serveBare(file: string) {
  const answers = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { headers: Record<string, string>; body: string }>;
  const byPath = new Map(Object.entries(answers).map(([key, a]) => [key, { headers: a.headers, body: Buffer.from(a.body, 'base64') }]));
  const server = http.createServer((req, res) => {
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const checked = BuyContractRequestSchema.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        const body = Buffer.from(JSON.stringify(checked.success ? BODY_ANSWER : { error: 'INVALID_TIER' }));
        res.writeHead(checked.success ? 200 : 400, { 'content-type': 'application/json', 'content-length': body.byteLength });
        res.end(body);
      });
      return;
    }
    const answer = byPath.get(`${req.url} ${req.headers['accept-encoding'] ?? ''}`) ?? byPath.get(`${req.url} `)!;
    res.writeHead(200, { ...answer.headers, 'content-length': answer.body.byteLength });
    res.end(answer.body);
  });
  answerCpuQuestions();
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    process.send!({ url: `http://127.0.0.1:${port}` });
  });
}

interface Server {
  url: string;
  stop: () => void;
  /** CPU time the server's process has used so far, µs */
  cpu: () => Promise<number>;
}

function start(roleName: string, arg: string): Promise<Server> {
  // READ_PATH_PROFILE=dir writes a CPU profile of the service's process there
  const profile = roleName === 'app' && process.env.READ_PATH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.READ_PATH_PROFILE}`] : [];
  const child = fork(fileURLToPath(import.meta.url), [arg], {
    env: { ...process.env, READ_PATH_ROLE: roleName },
    execArgv: profile,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    const cpu = () =>
      new Promise<number>((answer) => {
        const listener = (message: { cpu?: number }) => {
          if (message.cpu === undefined) return;
          child.off('message', listener);
          answer(message.cpu);
        };
        child.on('message', listener);
        child.send('cpu');
      });
    child.once('message', (message: { url: string }) => resolve({ url: message.url, stop: () => child.kill('SIGINT'), cpu }));
  });
}

interface Figure {
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  /** the server process's CPU time per request answered, µs */
  cpuPerRequest: number;
}

/** The bench-only body route, under /api/v1 so the session and write guards run too. */
const BODY_ROUTE = '/api/v1/bench/buy-body';
const ELYSIA_BODY_ROUTE = '/api/v1/bench/buy-body-elysia';
const BODY_ANSWER = { accepted: true, tier: 'MEDIUM' };
const BUY_BODY = JSON.stringify({ articleId: 'Ada_Lovelace', tier: 'MEDIUM' });

async function load(server: Server, route: string, headers: Record<string, string>, expectStatus = 200, body?: string): Promise<Figure> {
  const url = `${server.url}${route}`;
  const cpuBefore = await server.cpu();
  const post = body === undefined ? {} : { method: 'POST' as const, body, headers: { ...headers, 'content-type': 'application/json' } };
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers, ...post });
  const cpu = (await server.cpu()) - cpuBefore;
  const wrong = result.non2xx - (expectStatus === 304 ? result['3xx'] ?? 0 : 0);
  if (result.errors > 0 || wrong > 0) throw new Error(`${url}: ${result.errors} errors, ${wrong} unexpected statuses`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.throughput.average / Math.max(1, result.requests.average),
    cpuPerRequest: cpu / Math.max(1, result.requests.total),
  };
}

const show = (figure: Figure) =>
  `${figure.rps.toFixed(0).padStart(6)} req/s  p50 ${String(figure.p50).padStart(4)} ms  p99 ${String(figure.p99).padStart(4)} ms  CPU ${figure.cpuPerRequest.toFixed(0).padStart(4)} µs/req`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** READ_PATH_ONLY=text runs only what its label picks (to profile one path); `a|b` picks either. */
function picked(label: string): boolean {
  const only = process.env.READ_PATH_ONLY;
  if (!only) return true;
  return only.split('|').some((text) => (text.endsWith('$') ? label.endsWith(text.slice(0, -1)) : label.includes(text)));
}

/** Rounds per comparison, alternating baseline and service; the best round of each counts. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/**
 * The machine is shared (other processes come and go), so the baseline and the service are
 * measured in alternating rounds and each is credited with its best: a round slowed by a
 * neighbour then costs neither side.
 */
async function compare(label: string, ours: () => Promise<Figure>, bare: () => Promise<Figure>, framework?: () => Promise<Figure>): Promise<void> {
  if (!picked(label)) return;
  let baseline: Figure | undefined;
  let figure: Figure | undefined;
  let alone: Figure | undefined;
  const cpuRatios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const b = await bare();
    const f = framework ? await framework() : undefined;
    const o = await ours();
    if (!baseline || b.rps > baseline.rps) baseline = b;
    if (f && (!alone || f.rps > alone.rps)) alone = f;
    if (!figure || o.rps > figure.rps) figure = o;
    cpuRatios.push(b.cpuPerRequest / o.cpuPerRequest);
  }
  console.log(`${label}`);
  console.log(`  bare node:http, same bytes: ${show(baseline!)}`);
  if (alone) console.log(`  Elysia alone, no plugins:   ${show(alone)}   ratio ${(alone.rps / baseline!.rps).toFixed(2)}x`);
  console.log(`  the service:                ${show(figure!)}   ratio ${(figure!.rps / baseline!.rps).toFixed(2)}x`);
  console.log(`  CPU per request, bare / service, median of ${ROUNDS} rounds: ${median(cpuRatios).toFixed(2)}x (rounds: ${cpuRatios.map((r) => r.toFixed(2)).join(', ')})`);
}

/**
 * The routes' own body reader (srvx's buffered read within the route's limit, a named refusal) against Elysia's `parse: 'json'`,
 * both checked by Elysia against the same schema on the service's full stack in one process.
 */
async function compareBodyReaders(app: Server, cookie: string): Promise<void> {
  const ours: Figure[] = [];
  const elysias: Figure[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    elysias.push(await load(app, ELYSIA_BODY_ROUTE, { cookie }, 200, BUY_BODY));
    ours.push(await load(app, BODY_ROUTE, { cookie }, 200, BUY_BODY));
  }
  const best = (figures: Figure[]) => figures.reduce((a, b) => (b.rps > a.rps ? b : a));
  const cpu = median(ours.map((o, i) => elysias[i]!.cpuPerRequest / o.cpuPerRequest));
  console.log('body reader on the service: the routes\' own reader, then Elysia\'s parse: \'json\' with the same schema');
  console.log(`  the routes' own reader: ${show(best(ours))}`);
  console.log(`  Elysia's parser:       ${show(best(elysias))}   ratio ${(best(elysias).rps / best(ours).rps).toFixed(2)}x`);
  console.log(`  CPU per request, Elysia's / own, median of ${ROUNDS} rounds: ${cpu.toFixed(2)}x`);
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-bench-read-path-'));
  const databasePath = path.join(dir, 'fantasy.db');
  try {
    const runtime = await openRuntime(configFor(databasePath), { log: jsonLogger(() => undefined) });
    const big = await buildBulkLeague(runtime.ctx.db, { teams: TEAMS, start: '2026-04-01', scoredDays: DAYS, contractPrice: 40 });
    const viewer = { sub: `bulk:${big.leagueId}_0`.toLowerCase(), email: '', name: 'Player 0', picture: '' };
    const cookie = `${SESSION_COOKIE}=${await mintSessionToken(viewer, SECRET, new Date())}`;
    await seedStoredShelf(runtime.ctx.db);
    await seedPublicLeagues(runtime.ctx.db);
    await runtime.close();

    const app = await start('app', databasePath);
    const board = `/api/v1/leagues/${big.leagueId}/leaderboard`;
    const shelf = `/api/v1/leagues/${big.leagueId}/market`;
    const publicList = '/api/v1/leagues/public';
    // record what the service answers, for the bare server to send byte for byte
    const answers: Record<string, { headers: Record<string, string>; body: string }> = {};
    const etags: Record<string, string> = {};
    const reads = [['/', ''], [board, ''], [board, 'br'], [shelf, ''], [shelf, 'br'], [publicList, '']] as const;
    for (const [route, encoding] of reads) {
      const response = await new Promise<http.IncomingMessage & { body: Buffer }>((resolve, reject) => {
        http.get(`${app.url}${route}`, { headers: { cookie, 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => resolve(Object.assign(res, { body: Buffer.concat(chunks) })));
        }).once('error', reject);
      });
      if (response.statusCode !== 200) throw new Error(`${route} answered ${response.statusCode}`);
      const headers: Record<string, string> = { 'content-type': String(response.headers['content-type']) };
      if (response.headers['content-encoding']) headers['content-encoding'] = String(response.headers['content-encoding']);
      answers[`${route} ${encoding}`] = { headers, body: response.body.toString('base64') };
      etags[route] = String(response.headers.etag);
      console.log(`${route}${encoding ? ` (${encoding})` : ''}: ${response.body.byteLength.toLocaleString('en')} bytes, etag ${etags[route]}`);
    }
    const answersFile = path.join(dir, 'answers.json');
    fs.writeFileSync(answersFile, JSON.stringify(answers));
    const bare = await start('bare', answersFile);
    const elysiaAlone = await start('elysia', answersFile);

    try {
      console.log(`${CONNECTIONS} connections, best of ${ROUNDS} alternating rounds of ${DURATION} s, server and baseline each in their own process`);
      await compare('GET /', () => load(app, '/', {}), () => load(bare, '/', {}), () => load(elysiaAlone, '/', {}));
      await compare(`leaderboard, ${TEAMS} teams × ${DAYS} days`, () => load(app, board, { cookie }), () => load(bare, board, {}));
      await compare(
        `leaderboard, ${TEAMS} teams × ${DAYS} days, brotli`,
        () => load(app, board, { cookie, 'accept-encoding': 'br' }),
        () => load(bare, board, { 'accept-encoding': 'br' }),
      );
      if (picked('leaderboard revalidated (304)')) {
        const revalidated = await load(app, board, { cookie, 'if-none-match': etags[board]! }, 304);
        console.log(`leaderboard revalidated (304):  ${show(revalidated)}`);
      }
      await compare(`market shelf, 50 articles, ${TEAMS} teams`, () => load(app, shelf, { cookie }), () => load(bare, shelf, {}));
      await compare(
        `market shelf, 50 articles, ${TEAMS} teams, brotli`,
        () => load(app, shelf, { cookie, 'accept-encoding': 'br' }),
        () => load(bare, shelf, { 'accept-encoding': 'br' }),
      );
      if (etags[shelf] !== 'undefined' && picked('market shelf revalidated (304)')) {
        const shelfRevalidated = await load(app, shelf, { cookie, 'if-none-match': etags[shelf]! }, 304);
        console.log(`market shelf revalidated (304): ${show(shelfRevalidated)}`);
      }
      await compare('public leagues, 12 of 30', () => load(app, publicList, { cookie }), () => load(bare, publicList, {}));
      await compare(
        'a body route: a buy body read, checked with its zod schema, a fixed JSON answered',
        () => load(app, BODY_ROUTE, { cookie }, 200, BUY_BODY),
        () => load(bare, BODY_ROUTE, {}, 200, BUY_BODY),
        () => load(elysiaAlone, BODY_ROUTE, {}, 200, BUY_BODY),
      );
      if (picked('body reader')) await compareBodyReaders(app, cookie);
    } finally {
      app.stop();
      bare.stop();
      elysiaAlone.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** 30 public leagues in season, the newest of them 1,000 teams strong. */
async function seedPublicLeagues(db: Parameters<typeof buildBulkLeague>[0]) {
  const today = utcDay(new Date());
  for (let i = 0; i < 29; i++) await buildBulkLeague(db, { leagueId: `lg_public_${i}`, teams: 3, start: addDays(today, -40 + i), durationDays: 90 });
  await buildBulkLeague(db, { leagueId: 'lg_public_big', teams: TEAMS, start: today, durationDays: 30 });
}

// a child leaves through exit, so a CPU profile asked for is written
process.on('SIGINT', () => process.exit(0));
if (role === 'app') await serveApp(process.argv[2]!);
else if (role === 'bare') await serveBare(process.argv[2]!);
else if (role === 'elysia') await serveElysiaAlone(process.argv[2]!);
else await main();
