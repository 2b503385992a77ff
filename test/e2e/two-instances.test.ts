/**
 * Two `serve` processes of the built binary on one PostgreSQL database, as behind a load
 * balancer: a session made on one is good on the other, what one writes the other answers at
 * once (its cached answers are tagged by the version read from the database), two players
 * racing for one article through different instances get one contract between them, an
 * instance killed in the middle of buys loses no credit and pays nothing twice, and the daily
 * verbs (`collect`, `settle`) run on the same database, paying each contract once, and a
 * settlement run killed half-way (each contract's commit slowed by a trigger) and run again
 * settles and pays each contract exactly once, with one notification each.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEncyclopedia, type FakeEncyclopedia } from '../fakes/encyclopedia';
import { type PostgresCluster, startPostgresCluster } from '../support/postgres-cluster';
import { capturedRun } from '../support/captured-run';
import { binary, serveBinary, type ServedBinary } from '../support/served-binary';
import { addDays, utcDay } from '../../src/domain/dates';

let cluster: PostgresCluster;
let database: string;
let fake: FakeEncyclopedia;
let env: NodeJS.ProcessEnv;
let cwd: string;
const servers: ServedBinary[] = [];

beforeAll(async () => {
  cluster = await startPostgresCluster();
  const url = await cluster.createDatabase();
  database = new URL(url).pathname.slice(1);
  fake = await startFakeEncyclopedia();
  cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-two-'));
  env = {
    PATH: process.env.PATH,
    FANTASY_DATABASE_URL: url,
    FANTASY_ENCYCLOPEDIA_SITE_URL: fake.siteUrl,
    FANTASY_ENCYCLOPEDIA_METRICS_URL: fake.metricsUrl,
    FANTASY_ENCYCLOPEDIA_META_URL: fake.metaUrl,
    FANTASY_ENCYCLOPEDIA_USER_AGENT: 'FantasyTwoInstances/1.0 (ops@example.org)',
    FANTASY_SCHEDULER: 'false',
  };
  // started together: the migrations, the signing secret and the Global League are made once
  servers.push(...(await Promise.all([serveBinary(cwd, env), serveBinary(cwd, env)])));
}, 60_000);

afterAll(async () => {
  for (const server of servers) await server.stop();
  await fake?.close();
  await cluster?.stop();
});

interface Answer {
  status: number;
  body: any;
}

async function call(server: ServedBinary, method: string, urlPath: string, cookie: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${server.url}${urlPath}`, {
    method,
    headers: { cookie, 'content-type': 'application/json', origin: 'http://localhost:8787' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function register(server: ServedBinary, username: string): Promise<string> {
  const response = await fetch(`${server.url}/auth/password/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:8787' },
    body: JSON.stringify({ username, password: 'a long enough password' }),
  });
  expect(response.status).toBe(201);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

describe('two instances on one PostgreSQL database', () => {
  it('share sessions, answers and the money rules', async () => {
    const [a, b] = servers as [ServedBinary, ServedBinary];
    const ada = await register(a, 'ada');
    const bob = await register(b, 'bob');
    // a session made by one instance is good on the other: the signing secret is the database's
    expect((await call(b, 'GET', '/api/v1/leagues', ada)).status).toBe(200);

    expect((await call(a, 'POST', '/api/v1/leagues/global/my-team', ada, { name: 'Ada Readers' })).status).toBe(201);
    expect((await call(b, 'POST', '/api/v1/leagues/global/my-team', bob, { name: 'Bob Readers' })).status).toBe(201);
    // the leaderboard both read (and keep) shows both teams
    expect((await call(a, 'GET', '/api/v1/leagues/global/leaderboard', ada)).body).toHaveLength(2);

    const shelf = (await call(a, 'GET', '/api/v1/leagues/global/market', ada)).body as { id: string; price: number | null }[];
    const priced = shelf.filter((article) => article.price !== null).sort((x, y) => x.price! - y.price!);
    expect(priced.length).toBeGreaterThanOrEqual(6);

    // both race for one article through different instances: one contract between them
    const race = await Promise.all([
      call(a, 'POST', '/api/v1/leagues/global/my-contracts', ada, { articleId: priced[0]!.id, tier: 'SHORT' }),
      call(b, 'POST', '/api/v1/leagues/global/my-contracts', bob, { articleId: priced[0]!.id, tier: 'SHORT' }),
    ]);
    expect(race.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expect(race.find((answer) => answer.status === 400)!.body).toEqual({ error: 'ARTICLE_TAKEN' });

    // a buy through b is in a's next answer at once, though a kept the leaderboard before it
    const bought = await call(b, 'POST', '/api/v1/leagues/global/my-contracts', bob, { articleId: priced[1]!.id, tier: 'SHORT' });
    expect(bought.status).toBe(201);
    const board = (await call(a, 'GET', '/api/v1/leagues/global/leaderboard', ada)).body as { team: { name: string; credits: number } }[];
    const bobsCredits = (await call(b, 'GET', '/api/v1/leagues/global/my-team', bob)).body.credits as number;
    expect(board.find((entry) => entry.team.name === 'Bob Readers')!.team.credits).toBe(bobsCredits);
  });

  it('loses no credit and pays nothing twice when an instance dies during buys', async () => {
    const [a, b] = servers as [ServedBinary, ServedBinary];
    const cleo = await register(a, 'cleo');
    expect((await call(a, 'POST', '/api/v1/leagues/global/my-team', cleo, { name: 'Cleo Readers' })).status).toBe(201);
    const shelf = (await call(a, 'GET', '/api/v1/leagues/global/market', cleo)).body as { id: string; price: number | null }[];
    const free = shelf.filter((article) => article.price !== null).map((article) => article.id);
    // buys through both instances at once; b is killed while they are under way
    const buys = free.slice(2, 12).map((articleId, index) =>
      call(index % 2 === 0 ? a : b, 'POST', '/api/v1/leagues/global/my-contracts', cleo, { articleId, tier: 'SHORT' }).catch(() => null),
    );
    b.child.kill('SIGKILL');
    await Promise.all(buys);
    await b.exited;

    const team = (await call(a, 'GET', '/api/v1/leagues/global/my-team', cleo)).body as { id: string; credits: number };
    const contracts = (await call(a, 'GET', '/api/v1/leagues/global/my-contracts', cleo)).body as { article: { id: string }; purchasePrice: number }[];
    // every contract paid for exactly once, no payment without its contract
    expect(team.credits).toBe(1000 - contracts.reduce((sum, contract) => sum + contract.purchasePrice, 0));
    const [ledger] = await cluster.query<{ payments: number; contracts: number }>(
      database,
      `SELECT (SELECT count(*)::int FROM ledger_entries WHERE team_id = $1) AS payments,
              (SELECT count(*)::int FROM contracts WHERE team_id = $1) AS contracts`,
      [team.id],
    );
    expect(ledger).toEqual({ payments: contracts.length, contracts: contracts.length });
    expect(new Set(contracts.map((contract) => contract.article.id)).size).toBe(contracts.length);
  });

  it('scores a day and settles at expiry through the verbs on the same database, paying each contract once', async () => {
    const [a] = servers as [ServedBinary, ServedBinary];
    const dan = await register(a, 'dan');
    expect((await call(a, 'POST', '/api/v1/leagues/global/my-team', dan, { name: 'Dan Readers' })).status).toBe(201);
    const shelf = (await call(a, 'GET', '/api/v1/leagues/global/market', dan)).body as { id: string; price: number | null }[];
    const held = new Set(
      ((await call(a, 'GET', '/api/v1/leagues/global/contracts', dan)).body as { article: { id: string } }[]).map((contract) => contract.article.id),
    );
    const articleId = shelf.find((article) => article.price !== null && !held.has(article.id))!.id;
    const bought = await call(a, 'POST', '/api/v1/leagues/global/my-contracts', dan, { articleId, tier: 'SHORT' });
    expect(bought.status).toBe(201);

    const verb = (...args: string[]) => capturedRun(binary, args, { cwd, env });
    expect((await verb('collect', '--date', utcDay(new Date()))).status).toBe(0);
    const at = `${addDays(utcDay(new Date()), 7)}T06:00:00Z`;
    const settled = await verb('settle', '--at', at);
    expect(settled.status).toBe(0);
    const again = await verb('settle', '--at', at);
    expect(again.status).toBe(0);

    expect((await call(a, 'GET', '/api/v1/leagues/global/my-contracts', dan)).body).toEqual([]);
    const team = (await call(a, 'GET', '/api/v1/leagues/global/my-team', dan)).body as { id: string; credits: number };
    const rows = await cluster.query<{ kind: string; amount: number }>(database, 'SELECT kind, amount FROM ledger_entries WHERE team_id = $1 ORDER BY id', [team.id]);
    // bought once, paid out once however often the sweep runs
    expect(rows.map((row) => row.kind)).toEqual(['purchase', 'settlement_payout']);
    expect(team.credits).toBe(1000 + rows.reduce((sum, row) => sum + row.amount, 0));
    expect((await call(a, 'GET', '/api/v1/player/notifications', dan)).body).toHaveLength(1);
  }, 60_000);

});

describe('two instances on one PostgreSQL database, a settlement run killed half-way', () => {
  let a: ServedBinary;
  let b: ServedBinary;
  /** session cookies of the players whose contracts fall due together */
  let players: string[];
  /** every contract of theirs the tests below bought, and whose it is */
  const bought: { id: string; player: number }[] = [];
  const through = (player: number) => (player % 2 === 0 ? a : b);
  /** the advisory lock that holds a run inside its transaction while the test has it */
  const HOLD_KEY = 726_001;

  beforeAll(async () => {
    // b died in the middle of buys above: the deployment starts it again, as an orchestrator would
    await servers[1]!.stop();
    servers[1] = await serveBinary(cwd, env);
    [a, b] = servers as [ServedBinary, ServedBinary];
    players = await Promise.all(['eve', 'finn', 'gus'].map((name, index) => register(through(index), name)));
    for (const [index, cookie] of players.entries()) {
      expect((await call(through(index), 'POST', '/api/v1/leagues/global/my-team', cookie, { name: `Sweep Readers ${index}` })).status).toBe(201);
    }
    // every notification the sweep writes takes 0.4 s more inside its contract's transaction (the
    // trigger is made in each test): the sweep prices each contract with a fetch (no series for
    // that day is stored yet) and commits what it has priced before each fetch, so it commits
    // contract by contract, slowly. While the test holds the advisory lock HOLD_KEY, each
    // notification then waits in the trigger, inside its transaction, until the run is killed: the
    // test decides where the kill lands instead of racing the clock. (A lock, not a row: a row
    // deleted later stays in the SERIALIZABLE snapshot of the transaction that waits.)
    await cluster.query(
      database,
      `CREATE FUNCTION slow_notification() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
         PERFORM pg_sleep(0.4);
         WHILE NOT pg_try_advisory_lock_shared(${HOLD_KEY}) LOOP PERFORM pg_sleep(0.05); END LOOP;
         PERFORM pg_advisory_unlock_shared(${HOLD_KEY});
         RETURN NEW;
       END $$`,
    );
  }, 60_000);

  const slowNotifications = (on: boolean) =>
    cluster.query(
      database,
      on
        ? 'CREATE TRIGGER slow_notifications AFTER INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION slow_notification()'
        : 'DROP TRIGGER slow_notifications ON notifications',
    );

  /** Four SHORT contracts a player, bought through both instances: twelve due together a few days on. */
  async function buyDueContracts(): Promise<string[]> {
    const shelf = (await call(a, 'GET', '/api/v1/leagues/global/market', players[0]!)).body as { id: string; price: number | null }[];
    const held = new Set(
      ((await call(a, 'GET', '/api/v1/leagues/global/contracts', players[0]!)).body as { article: { id: string } }[]).map((contract) => contract.article.id),
    );
    const free = shelf.filter((article) => article.price !== null && !held.has(article.id)).sort((x, y) => x.price! - y.price!);
    const ids: string[] = [];
    for (const [player, cookie] of players.entries()) {
      let mine = 0;
      while (mine < 4 && free.length > 0) {
        const article = free.shift()!;
        const answer = await call(mine % 2 === 0 ? a : b, 'POST', '/api/v1/leagues/global/my-contracts', cookie, { articleId: article.id, tier: 'SHORT' });
        if (answer.status !== 201) continue;
        bought.push({ id: answer.body.id as string, player });
        ids.push(answer.body.id as string);
        mine++;
      }
      expect(mine).toBe(4);
    }
    return ids;
  }

  const contractRows = (ids: string[]) =>
    cluster.query<{ id: string; status: string; sale_payout: number | null; team_id: string }>(
      database,
      'SELECT id, status, sale_payout, team_id FROM contracts WHERE id = ANY($1) ORDER BY id',
      [ids],
    );
  const ledger = (ids: string[]) =>
    cluster.query<{ contract_id: string; kind: string; amount: number }>(
      database,
      'SELECT contract_id, kind, amount FROM ledger_entries WHERE contract_id = ANY($1) ORDER BY id',
      [ids],
    );
  const notified = async (ids: string[]) =>
    (await cluster.query<{ contract_id: string }>(database, 'SELECT contract_id FROM notifications WHERE contract_id = ANY($1) ORDER BY contract_id', [ids])).map(
      (row) => row.contract_id,
    );
  const payouts = async (ids: string[]) => (await ledger(ids)).filter((row) => row.kind === 'settlement_payout').length;
  /**
   * connections of the run named `name` waiting on `event`: 'PgSleep' is asleep in the trigger,
   * that is inside a contract's transaction; 'advisory' is waiting for a league's turn
   */
  const waitingOn = async (name: string, event: 'PgSleep' | 'advisory') =>
    (
      await cluster.query<{ n: number }>(
        'postgres',
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = $2 AND wait_event = $3',
        [database, name, event],
      )
    )[0]!.n;

  /** polls `ready` every 20 ms until it holds; fails naming `what` after 20 s */
  async function until(what: string, ready: () => Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 20_000;
    while (!(await ready())) {
      if (Date.now() > deadline) throw new Error(`still waiting for ${what} after 20 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * `fantasy settle --at at` started and SIGKILLed inside a contract's transaction once three of
   * `ids` are paid: from then it is held there (HOLD_KEY), so `whileHeld` can start another run
   * before the kill. Its connections carry a name of their own (application_name in the URL), so
   * the test tells them from another run's.
   */
  async function settleKilledHalfWay(ids: string[], at: string, whileHeld?: () => Promise<void>): Promise<void> {
    const name = 'killed-sweep';
    const url = `${env.FANTASY_DATABASE_URL}?application_name=${name}`;
    const run = spawn(binary, ['settle', '--at', at], { cwd, env: { ...env, FANTASY_DATABASE_URL: url }, stdio: 'ignore' });
    const killed = new Promise<NodeJS.Signals | null>((resolve) => run.on('exit', (_code, signal) => resolve(signal)));
    const hold = new pg.Client({ connectionString: env.FANTASY_DATABASE_URL });
    await hold.connect();
    try {
      await until('three contracts paid', async () => {
        if (run.exitCode !== null) throw new Error(`settle ended (${run.exitCode}) before it could be killed`);
        return (await payouts(ids)) >= 3;
      });
      await hold.query('SELECT pg_advisory_lock($1)', [HOLD_KEY]);
      await until('the run held inside a transaction', async () => {
        if (run.exitCode !== null) throw new Error(`settle ended (${run.exitCode}) before it could be held`);
        return (await waitingOn(name, 'PgSleep')) === 1;
      });
      await whileHeld?.();
      // still inside (between two naps it is briefly awake, so this polls too)
      await until('the run still held', async () => (await waitingOn(name, 'PgSleep')) === 1);
      run.kill('SIGKILL');
      expect(await killed).toBe('SIGKILL');
    } finally {
      run.kill('SIGKILL');
      // the killed run's server session finds its client gone and rolls back once let go
      await hold.end();
    }
  }

  /** Each of `ids` settled once, bought once and paid out once, its player told once; what each player sees agrees, through either instance. */
  async function expectEachSettledAndPaidOnce(ids: string[]): Promise<void> {
    const final = await contractRows(ids);
    expect(final.map((row) => row.status)).toEqual(ids.map(() => 'settled'));
    const entries = await ledger(ids);
    for (const row of final) {
      const own = entries.filter((entry) => entry.contract_id === row.id);
      expect(own.map((entry) => entry.kind), row.id).toEqual(['purchase', 'settlement_payout']);
      expect(own[1]!.amount).toBe(row.sale_payout);
    }
    expect(await notified(ids)).toEqual([...ids].sort());
    for (const [player, cookie] of players.entries()) {
      const team = (await call(through(player + 1), 'GET', '/api/v1/leagues/global/my-team', cookie)).body as { id: string; credits: number };
      const [{ spent }] = await cluster.query<{ spent: number }>(database, 'SELECT coalesce(sum(amount), 0)::int AS spent FROM ledger_entries WHERE team_id = $1', [team.id]);
      expect(team.credits).toBe(1000 + spent);
      const theirs = bought.filter((contract) => contract.player === player).length;
      expect((await call(through(player + 1), 'GET', '/api/v1/player/notifications', cookie)).body).toHaveLength(theirs);
      expect((await call(through(player + 1), 'GET', '/api/v1/leagues/global/my-contracts', cookie)).body).toEqual([]);
    }
  }

  it('killed inside a contract\'s transaction and run again, it settles and pays each contract exactly once', async () => {
    const ids = await buyDueContracts();
    await slowNotifications(true);
    const at = `${addDays(utcDay(new Date()), 7)}T06:00:00Z`;
    await settleKilledHalfWay(ids, at);

    // killed mid-sweep: some contracts settled, not all, and each one settled is whole
    const afterKill = await contractRows(ids);
    const settledAfterKill = afterKill.filter((row) => row.status === 'settled').map((row) => row.id);
    expect(settledAfterKill.length).toBeGreaterThanOrEqual(3);
    expect(settledAfterKill.length).toBeLessThan(ids.length);
    expect(afterKill.filter((row) => row.status !== 'settled').every((row) => row.status === 'live' && row.sale_payout === null)).toBe(true);
    const paidAfterKill = (await ledger(ids)).filter((row) => row.kind === 'settlement_payout').map((row) => row.contract_id);
    expect(paidAfterKill.sort()).toEqual([...settledAfterKill].sort());
    expect(await notified(ids)).toEqual([...settledAfterKill].sort());

    await slowNotifications(false);
    const rerun = await capturedRun(binary, ['settle', '--at', at], { cwd, env });
    expect(rerun.status, rerun.stderr).toBe(0);
    expect(rerun.stdout).toContain(`: ${ids.length - settledAfterKill.length} settled, 0 renewed, 0 skipped`);
    const third = await capturedRun(binary, ['settle', '--at', at], { cwd, env });
    expect(third.stdout).toContain(': 0 settled, 0 renewed, 0 skipped');
    await expectEachSettledAndPaidOnce(ids);
  }, 120_000);

  it('two runs at once, as two instances would start them, one killed half-way: the other settles the rest, each contract paid once', async () => {
    const ids = await buyDueContracts();
    await slowNotifications(true);
    // a day on from the test before: no series of that day stored, every contract fetched again
    const at = `${addDays(utcDay(new Date()), 8)}T06:00:00Z`;
    // the second run starts while the first is held inside a contract's transaction; the first is
    // killed once the second waits for the league's turn, which the second then takes, and the rest
    let survivor: ReturnType<typeof capturedRun> | undefined;
    await settleKilledHalfWay(ids, at, async () => {
      const survivorUrl = `${env.FANTASY_DATABASE_URL}?application_name=survivor`;
      survivor = capturedRun(binary, ['settle', '--at', at], { cwd, env: { ...env, FANTASY_DATABASE_URL: survivorUrl } });
      await until('the second run waiting for the league\'s turn', async () => (await waitingOn('survivor', 'advisory')) >= 1);
    });
    expect(await payouts(ids)).toBeLessThan(ids.length);

    const survived = await survivor!;
    expect(survived.status, survived.stderr).toBe(0);
    // what the killed run had not committed, the survivor settled, at least the contract whose
    // transaction the kill undid; nothing is left for a rerun
    const [, bySurvivor] = /: (\d+) settled, 0 renewed, 0 skipped/.exec(survived.stdout) ?? [];
    expect(Number(bySurvivor)).toBeGreaterThanOrEqual(1);
    await slowNotifications(false);
    const rerun = await capturedRun(binary, ['settle', '--at', at], { cwd, env });
    expect(rerun.stdout).toContain(': 0 settled, 0 renewed, 0 skipped');
    await expectEachSettledAndPaidOnce(ids);
  }, 120_000);
});
