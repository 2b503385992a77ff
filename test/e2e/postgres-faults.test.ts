/**
 * When PostgreSQL goes away (issue 35): two `serve` processes of the built binary on one
 * database while players buy and read through both, first with every connection of theirs
 * terminated again and again (`pg_terminate_backend`), then with the server stopped for 10 s
 * (`pg_ctl stop -m fast`: a restart, a failover, a host's maintenance). Both processes stay up;
 * every answer meanwhile is a success or 503 DATABASE_UNAVAILABLE with Retry-After, never a 500
 * nor a connection dropped; both serve a buy again within 15 s of the database's return, without
 * a restart; and the money rules hold afterwards.
 *
 * The file starts a cluster of its own, as two-instances.test.ts does: the run's shared cluster
 * cannot be stopped under the other files using it. FANTASY_FAULT_TIMELINE=1 prints what the
 * clients saw, second by second.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEncyclopedia, type FakeEncyclopedia } from '../fakes/encyclopedia';
import { type PostgresCluster, startPostgresCluster } from '../support/postgres-cluster';
import { serveBinary, type ServedBinary } from '../support/served-binary';
import { addDays, utcDay } from '../../src/domain/dates';

let cluster: PostgresCluster;
let database: string;
let fake: FakeEncyclopedia;
let servers: [ServedBinary, ServedBinary];
let articles = 0;

/**
 * An article no buy has asked for yet, priced (9,000 views a day: 29 credits for a SHORT term):
 * no two buys want the same one, so a buy's only refusal could be the database's.
 */
function freshArticle(): string {
  const articleId = `Outage_${++articles}`;
  const yesterday = addDays(utcDay(new Date()), -1);
  fake.data.setSeries('en', articleId, Array.from({ length: 60 }, (_, i) => ({ date: addDays(yesterday, i - 59), views: 9_000 })));
  return articleId;
}

interface Player {
  name: string;
  cookie: string;
  through: ServedBinary;
  /** buys asked for by the traffic: a team holds at most 22 contracts */
  buys: number;
}

/** buys one player's traffic asks for at most, leaving room in the team for the buys after the fault */
const TRAFFIC_BUYS = 12;

/** What one request of the traffic got back. */
interface Outcome {
  /** milliseconds since the fault's clock started */
  at: number;
  instance: 'a' | 'b';
  kind: 'buy' | 'read';
  /** the status, or 0 when no answer came (the connection dropped or nothing arrived in 20 s) */
  status: number;
  error?: string;
  retryAfter?: string | null;
}

const ORIGIN = 'http://localhost:8787';

beforeAll(async () => {
  cluster = await startPostgresCluster();
  const url = await cluster.createDatabase();
  database = new URL(url).pathname.slice(1);
  fake = await startFakeEncyclopedia();
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-pg-faults-'));
  const env = {
    PATH: process.env.PATH,
    FANTASY_DATABASE_URL: url,
    FANTASY_ENCYCLOPEDIA_SITE_URL: fake.siteUrl,
    FANTASY_ENCYCLOPEDIA_METRICS_URL: fake.metricsUrl,
    FANTASY_ENCYCLOPEDIA_META_URL: fake.metaUrl,
    FANTASY_ENCYCLOPEDIA_USER_AGENT: 'FantasyFaults/1.0 (ops@example.org)',
    FANTASY_SCHEDULER: 'false',
    // a cheaper password hash than the default's 600,000 PBKDF2 rounds: the players are made faster
    FANTASY_PASSWORDS_ALGORITHM: 'argon2id',
  };
  servers = (await Promise.all([serveBinary(cwd, env), serveBinary(cwd, env)])) as [ServedBinary, ServedBinary];
}, 60_000);

afterAll(async () => {
  for (const server of servers ?? []) await server.stop();
  await fake?.close();
  await cluster?.stop();
});

async function call(server: ServedBinary, method: string, urlPath: string, cookie: string, body?: unknown) {
  const response = await fetch(`${server.url}${urlPath}`, {
    method,
    headers: { cookie, 'content-type': 'application/json', origin: ORIGIN },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, retryAfter: response.headers.get('retry-after') };
}

async function register(server: ServedBinary, username: string): Promise<string> {
  const response = await fetch(`${server.url}/auth/password/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ username, password: 'a long enough password' }),
  });
  expect(response.status).toBe(201);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** Players with a Global League team each, half of them through each instance. */
async function playersNamed(prefix: string, count: number): Promise<Player[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const through = servers[i % 2]!;
      const cookie = await register(through, `${prefix}_${i}`);
      expect((await call(through, 'POST', '/api/v1/leagues/global/my-team', cookie, { name: `${prefix} Team ${i}` })).status).toBe(201);
      return { name: `${prefix}_${i}`, cookie, through, buys: 0 };
    }),
  );
}

const READS = ['/api/v1/leagues/global/leaderboard', '/api/v1/leagues/global/my-team', '/api/v1/leagues/global/market', '/api/v1/leagues/global/my-contracts'];

/**
 * One request of the traffic, recorded whatever comes back: a buy of an article no other buy
 * asks for (so a buy's only refusal would be the database's), or one of the reads.
 */
async function request(player: Player, kind: Outcome['kind'], started: number, turn: number, outcomes: Outcome[]): Promise<number> {
  const instance = player.through === servers[0] ? 'a' : 'b';
  const at = Date.now() - started;
  try {
    const answer =
      kind === 'buy'
        ? await call(player.through, 'POST', '/api/v1/leagues/global/my-contracts', player.cookie, { articleId: freshArticle(), tier: 'SHORT' })
        : await call(player.through, 'GET', READS[turn % READS.length]!, player.cookie);
    outcomes.push({ at, instance, kind, status: answer.status, error: answer.body?.error, retryAfter: answer.retryAfter });
    return answer.status;
  } catch (error) {
    outcomes.push({ at, instance, kind, status: 0, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
    return 0;
  }
}

/**
 * Each player reads, and every third request buys, one request after another with a short pause,
 * until `running` turns false.
 */
async function traffic(players: Player[], running: () => boolean, started: number, outcomes: Outcome[]): Promise<void> {
  await Promise.all(
    players.map(async (player, index) => {
      for (let turn = index; running(); turn++) {
        const buying = turn % 3 === 0 && player.buys < TRAFFIC_BUYS;
        if (buying) player.buys++;
        await request(player, buying ? 'buy' : 'read', started, turn, outcomes);
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
    }),
  );
}

/** Buys through `player`'s instance until one succeeds; answers whether one did before `deadline`. */
async function buysAgainBefore(player: Player, deadline: number, started: number, outcomes: Outcome[]): Promise<boolean> {
  while (Date.now() < deadline) {
    if ((await request(player, 'buy', started, 0, outcomes)) === 201) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/** Outcomes that are neither a success nor 503 DATABASE_UNAVAILABLE with Retry-After. */
function unexpected(outcomes: Outcome[]): Outcome[] {
  return outcomes.filter(
    (outcome) => !(outcome.status >= 200 && outcome.status < 300) && !(outcome.status === 503 && outcome.error === 'DATABASE_UNAVAILABLE' && outcome.retryAfter),
  );
}

/** Per second: how many answers of each kind and status, for the timeline. */
function timeline(outcomes: Outcome[], marks: Record<string, number>): string {
  const seconds = new Map<number, Map<string, number>>();
  for (const outcome of outcomes) {
    const second = Math.floor(outcome.at / 1000);
    const tally = seconds.get(second) ?? new Map<string, number>();
    const label = `${outcome.instance} ${outcome.kind} ${outcome.status}${outcome.error && outcome.status !== 0 ? ` ${outcome.error}` : ''}`;
    tally.set(label, (tally.get(label) ?? 0) + 1);
    seconds.set(second, tally);
  }
  const events = Object.entries(marks).map(([what, at]) => `  t=${(at / 1000).toFixed(1)}s ${what}`);
  const lines = [...seconds.entries()]
    .sort(([x], [y]) => x - y)
    .map(([second, tally]) => `  ${String(second).padStart(2)}s  ${[...tally.entries()].sort().map(([label, n]) => `${n}× ${label}`).join(', ')}`);
  return [...events, ...lines].join('\n');
}

function report(title: string, outcomes: Outcome[], marks: Record<string, number>): void {
  if (process.env.FANTASY_FAULT_TIMELINE) console.log(`${title}\n${timeline(outcomes, marks)}`);
}

/** Each team's credits are 1000 plus its ledger, every contract was paid once, no article is held twice. */
async function expectMoneyRulesHold(players: Player[]): Promise<void> {
  for (const player of players) {
    const team = (await call(player.through, 'GET', '/api/v1/leagues/global/my-team', player.cookie)).body as { id: string; credits: number };
    const [ledger] = await cluster.query<{ total: number; purchases: number; contracts: number; paid_once: number }>(
      database,
      `SELECT coalesce((SELECT sum(amount) FROM ledger_entries WHERE team_id = $1), 0)::int AS total,
              (SELECT count(*)::int FROM ledger_entries WHERE team_id = $1 AND kind = 'purchase') AS purchases,
              (SELECT count(*)::int FROM contracts WHERE team_id = $1) AS contracts,
              (SELECT count(*)::int FROM contracts c WHERE team_id = $1
                 AND (SELECT count(*) FROM ledger_entries l WHERE l.contract_id = c.id AND l.kind = 'purchase') = 1) AS paid_once`,
      [team.id],
    );
    expect(team.credits, player.name).toBe(1000 + ledger!.total);
    expect(ledger!.purchases, player.name).toBe(ledger!.contracts);
    expect(ledger!.paid_once, player.name).toBe(ledger!.contracts);
  }
  const heldTwice = await cluster.query(database, `SELECT article_id FROM contracts WHERE status = 'live' GROUP BY league_id, article_id HAVING count(*) > 1`);
  expect(heldTwice).toEqual([]);
}

const alive = () => servers.map((server) => server.child.exitCode === null && server.child.signalCode === null);

describe('two instances on one PostgreSQL database when it goes away', () => {
  it('its connections terminated again and again during buys and reads: both stay up, answer 503 DATABASE_UNAVAILABLE at worst, and buy again', async () => {
    const players = await playersNamed('cut', 4);
    const outcomes: Outcome[] = [];
    const marks: Record<string, number> = {};
    const started = Date.now();
    let running = true;
    const load = traffic(players, () => running, started, outcomes);
    // every server session of the database but this one's, five times over while the traffic runs
    let terminated = 0;
    for (let round = 0; round < 5; round++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const [{ n }] = await cluster.query<{ n: number }>(
        database,
        'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [database],
      );
      terminated += n;
      marks[`round ${round + 1}: ${n} sessions terminated`] = Date.now() - started;
    }
    marks['last termination'] = Date.now() - started;
    // the sessions ended included ones in use: the instances had requests in flight
    expect(terminated).toBeGreaterThan(0);
    const deadline = Date.now() + 15_000;
    const recovered = await Promise.all([buysAgainBefore(players[0]!, deadline, started, outcomes), buysAgainBefore(players[1]!, deadline, started, outcomes)]);
    running = false;
    await load;
    report('connections terminated (a and b: the two instances)', outcomes, marks);

    expect(alive()).toEqual([true, true]);
    expect(unexpected(outcomes), timeline(outcomes, marks)).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.kind === 'buy' && outcome.status === 201).length).toBeGreaterThan(0);
    expect(recovered).toEqual([true, true]);
    await expectMoneyRulesHold(players);
  }, 60_000);

  it('the server stopped for 10 s during traffic: both stay up, answer 503 DATABASE_UNAVAILABLE meanwhile, and buy again within 15 s of its return', async () => {
    const players = await playersNamed('down', 4);
    const outcomes: Outcome[] = [];
    const marks: Record<string, number> = {};
    const started = Date.now();
    let running = true;
    const load = traffic(players, () => running, started, outcomes);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    marks['pg_ctl stop -m fast'] = Date.now() - started;
    await cluster.halt();
    const down = Date.now() - started;
    marks['stopped'] = down;
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    marks['pg_ctl start'] = Date.now() - started;
    await cluster.resume();
    const back = Date.now() - started;
    marks['accepting connections'] = back;
    const deadline = Date.now() + 15_000;
    const recovered = await Promise.all([buysAgainBefore(players[0]!, deadline, started, outcomes), buysAgainBefore(players[1]!, deadline, started, outcomes)]);
    marks['both bought again'] = Date.now() - started;
    running = false;
    await load;
    report('server stopped for 10 s (a and b: the two instances)', outcomes, marks);

    expect(alive()).toEqual([true, true]);
    expect(unexpected(outcomes), timeline(outcomes, marks)).toEqual([]);
    // while it was down the instances answered, and said why
    const whileDown = outcomes.filter((outcome) => outcome.at > down && outcome.at < back - 1_000);
    expect(whileDown.length).toBeGreaterThan(0);
    expect(whileDown.every((outcome) => outcome.status === 503)).toBe(true);
    expect(recovered).toEqual([true, true]);
    await expectMoneyRulesHold(players);
  }, 90_000);
});
