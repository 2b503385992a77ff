/**
 * A real crash in the middle of a sweep: the `fantasy settle` verb (bundled as it ships) runs
 * in a child process against the test's database; a loopback proxy in front of the fake
 * encyclopedia lets exactly K series requests through and holds the next one, so the child
 * is mid-sweep with K contracts done when the test kills it with SIGKILL. The re-run must
 * finish the rest with nothing lost and nothing paid twice.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { count, eq, ne, sql } from 'drizzle-orm';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../support/cli';
import { addDays } from '../../../src/domain/dates';
import { dialectOf, tablesOf } from '../../../src/platform/db/dialect';
import { buildContract } from '../../support/builders';
import { leagueWorld, setViews, TODAY, writeSql } from './contracts-fixtures';
// @ts-expect-error plain ESM build script without type declarations
import { cliBundleOptions } from '../../../scripts/bundle-options.mjs';
import type { TestApp } from '../../support/app';
import { databaseEnvironment } from '../../support/test-store';

const root = path.resolve(__dirname, '../../..');
// Inside the checkout so the bundle resolves better-sqlite3 and the migrations like dist/ does.
const bundleDir = path.join(root, 'node_modules', '.cache', 'fantasy-crash-test');
let bundle: string;

beforeAll(async () => {
  fs.mkdirSync(bundleDir, { recursive: true });
  bundle = path.join(bundleDir, `fantasy-${process.pid}.cjs`);
  await build({ ...cliBundleOptions(bundle), logLevel: 'error' });
}, 60_000);

afterAll(() => {
  fs.rmSync(bundle, { force: true });
});

/** Forwards to `target`; lets `allow` per-article requests through and holds the next ones unanswered. */
async function holdingProxy(target: string, allow: number) {
  let passed = 0;
  const held: http.ServerResponse[] = [];
  let onHold: () => void = () => undefined;
  const holding = new Promise<void>((resolve) => (onHold = resolve));
  const server = http.createServer((req, res) => {
    if (req.url!.includes('/per-article/')) {
      if (passed >= allow) {
        held.push(res);
        onHold();
        return;
      }
      passed++;
    }
    const upstream = http.request(new URL(req.url!, target), { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    holding,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `fantasy settle --at` in a child process on `database` (a file path or a PostgreSQL URL). */
function runSettle(database: string, fakeOrigin: string, at: string) {
  const env = {
    PATH: process.env.PATH,
    ...databaseEnvironment(database),
    FANTASY_ENCYCLOPEDIA_METRICS_URL: `${fakeOrigin}/metrics`,
    FANTASY_ENCYCLOPEDIA_SITE_URL: `${fakeOrigin}/wiki-sites/{domain}`,
    FANTASY_ENCYCLOPEDIA_META_URL: `${fakeOrigin}/meta`,
    FANTASY_ENCYCLOPEDIA_USER_AGENT: 'FantasyCrashTest/1.0 (test@example.org)',
    FANTASY_SCHEDULER: 'false',
    FANTASY_SIGNING_SECRET: 'crash-test-signing-secret-long-enough-0123456789',
  };
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-settle-'));
  const child = spawn(process.execPath, [bundle, 'settle', '--at', at], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

describe('a sweep killed mid-way', () => {
  it('leaves each contract fully done or untouched; the re-run completes without paying twice', async () => {
    const w = await leagueWorld();
    let proxy: Awaited<ReturnType<typeof holdingProxy>> | null = null;
    let child: ChildProcess | null = null;
    try {
      const articles = Array.from({ length: 6 }, (_, i) => `Crash_${i}`);
      articles.forEach((article, i) => setViews(w.fake, article, 9_000 + i * 1_000));
      const due: Awaited<ReturnType<typeof buildContract>>[] = [];
      for (const [i, articleId] of articles.entries()) {
        due.push(
          await buildContract(w.app, i % 2 === 0 ? w.team : w.rivalTeam, {
            articleId,
            price: 50,
            purchaseDate: addDays(TODAY, -7),
            termDays: 7,
            renewalElected: i === 1 || i === 4,
          }),
        );
        // bought a millisecond apart: the sweep goes in purchase order, and within one
        // millisecond only SQLite knows the order of writing (PostgreSQL breaks that tie by id)
        w.app.clock.advance(1);
      }
      const origin = new URL(w.fake.metricsUrl).origin;
      proxy = await holdingProxy(origin, 3);
      const at = `${TODAY}T06:00:00Z`;

      const first = runSettle(w.app.database, proxy.origin, at);
      child = first.child;
      await proxy.holding; // three contracts done, the fourth waiting on its views
      first.child.kill('SIGKILL');
      const ended = await first.exited;
      expect(ended.signal).toBe('SIGKILL');

      const db = w.app.ctx.db;
      const { contracts, ledgerEntries, notifications } = tablesOf(db);
      const statusOf = async () => {
        const rows = await db.select().from(contracts);
        return due.map((c) => rows.find((row) => row.id === c.id)!);
      };
      const afterCrash = await statusOf();
      // strict order: the first three are done (settled, or renewed in place), the rest untouched
      expect(afterCrash.map((c) => (c.status === 'settled' || c.renewalCount === 1 ? 'done' : 'untouched'))).toEqual([
        'done',
        'done',
        'done',
        'untouched',
        'untouched',
        'untouched',
      ]);
      for (const c of afterCrash.slice(3)) {
        expect(c).toMatchObject({ status: 'live', expireDate: TODAY, renewalCount: 0, salePayout: null });
      }
      const [{ n: entriesAfterCrash }] = await db.select({ n: count() }).from(ledgerEntries).where(ne(ledgerEntries.kind, 'purchase'));
      // settled 0 and 2: one payout each; renewed 1: payout + renewal purchase
      expect(entriesAfterCrash).toBe(4);

      await proxy.close();
      proxy = null;
      const second = runSettle(w.app.database, origin, at);
      child = second.child;
      const rerun = await second.exited;
      expect(rerun.code, second.output().stderr).toBe(0);
      expect(second.output().stdout).toContain(`sweep for ${TODAY}: 2 settled, 1 renewed, 0 skipped`);

      const final = await statusOf();
      expect(final.map((c) => c.status)).toEqual(['settled', 'live', 'settled', 'settled', 'live', 'settled']);
      expect(final.map((c) => c.renewalCount)).toEqual([0, 1, 0, 0, 1, 0]);
      // exactly one settlement payout per contract, and one renewal purchase per renewal
      const perContract = await db
        .select({ contractId: ledgerEntries.contractId, kind: ledgerEntries.kind, n: count() })
        .from(ledgerEntries)
        .groupBy(ledgerEntries.contractId, ledgerEntries.kind);
      for (const c of due) {
        const kinds = Object.fromEntries(perContract.filter((r) => r.contractId === c.id).map((r) => [r.kind, r.n]));
        expect(kinds).toEqual(c.renewalElected ? { purchase: 1, settlement_payout: 1, renewal_purchase: 1 } : { purchase: 1, settlement_payout: 1 });
      }
      const inbox = await db.select().from(notifications);
      expect(inbox.map((n) => n.contractId).sort()).toEqual(due.map((c) => c.id).sort());

      // and a third run has nothing left to do
      const third = runSettle(w.app.database, origin, at);
      child = third.child;
      expect((await third.exited).code).toBe(0);
      expect(third.output().stdout).toContain('0 settled, 0 renewed, 0 skipped');
    } finally {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await proxy?.close();
      await w.app.close();
    }
  }, 60_000);
});


/**
 * Every notification insert then takes about half a second, inside the sweep's transaction.
 * SQLite: a trigger that counts a 3,500 × 3,500 cross join (it has no sleep). PostgreSQL: a
 * trigger function that sleeps.
 */
async function slowNotifications(app: TestApp): Promise<void> {
  if (dialectOf(app.ctx.db) === 'postgres') {
    await writeSql(app, sql.raw('CREATE FUNCTION slow_notification() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(0.5); RETURN NULL; END $$'));
    await writeSql(app, sql.raw('CREATE TRIGGER slow_notifications AFTER INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION slow_notification()'));
    return;
  }
  await writeSql(app, sql.raw('CREATE TABLE slow_rows (n INTEGER)'));
  await writeSql(app, sql.raw('WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3500) INSERT INTO slow_rows SELECT n FROM c'));
  await writeSql(app, sql.raw('CREATE TRIGGER slow_notifications AFTER INSERT ON notifications BEGIN SELECT count(*) FROM slow_rows a, slow_rows b; END'));
}

describe('a sweep killed right after a contract\'s money is visible', () => {
  it('never leaves the money moved without its notification (both commit together or not at all)', async () => {
    const w = await leagueWorld();
    let child: ChildProcess | null = null;
    try {
      const articles = ['Slow_0', 'Slow_1', 'Slow_2'];
      articles.forEach((article, i) => setViews(w.fake, article, 9_000 + i * 1_000));
      const due: Awaited<ReturnType<typeof buildContract>>[] = [];
      for (const [i, articleId] of articles.entries()) {
        due.push(await buildContract(w.app, i === 1 ? w.rivalTeam : w.team, { articleId, price: 50, purchaseDate: addDays(TODAY, -7), termDays: 7, renewalElected: i === 2 }));
      }
      const db = w.app.ctx.db;
      const { ledgerEntries, notifications } = tablesOf(db);
      // A slow disk, in effect: every notification insert takes ~0.5 s, a wide window in which
      // the test looks for money that has committed without its notification.
      await slowNotifications(w.app);
      const settledMoney = async () =>
        (await db.selectDistinct({ contractId: ledgerEntries.contractId }).from(ledgerEntries).where(eq(ledgerEntries.kind, 'settlement_payout'))).map((r) => r.contractId);
      const notified = async () => (await db.select().from(notifications)).map((n) => n.contractId);

      const run = runSettle(w.app.database, new URL(w.fake.metricsUrl).origin, `${TODAY}T06:00:00Z`);
      child = run.child;
      // The moment any payout is visible to another connection, the sweep dies.
      const deadline = Date.now() + 30_000;
      while ((await settledMoney()).length === 0) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no payout seen: ${run.output().stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      child.kill('SIGKILL');
      expect((await run.exited).signal).toBe('SIGKILL');

      const paid = await settledMoney();
      expect(paid.length).toBeGreaterThan(0);
      expect((await notified()).sort()).toEqual(paid.sort());

      // The re-run finishes the rest: one notification per contract, none twice.
      await writeSql(w.app, dialectOf(db) === 'postgres' ? sql`DROP TRIGGER slow_notifications ON notifications` : sql`DROP TRIGGER slow_notifications`);
      const rerun = runSettle(w.app.database, new URL(w.fake.metricsUrl).origin, `${TODAY}T06:00:00Z`);
      child = rerun.child;
      expect((await rerun.exited).code, rerun.output().stderr).toBe(0);
      expect((await notified()).sort()).toEqual(due.map((c) => c.id).sort());
      expect((await settledMoney()).sort()).toEqual(due.map((c) => c.id).sort());
    } finally {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await w.app.close();
    }
  }, 60_000);
});

describe('fantasy settle', () => {
  it('refuses an --at that is not an instant with the bad-usage exit code', async () => {
    const run = runSettle(path.join(os.tmpdir(), 'fantasy-settle-unused.db'), 'http://127.0.0.1:9', 'yesterday-ish');
    expect((await run.exited).code).toBe(2);
  });

  it.each([
    ['not a date', 'yesterday-ish'],
    ['an impossible day (Date would roll it over to March)', '2026-02-30'],
    ['an impossible day with a time', '2026-02-30T06:00:00Z'],
    ['no offset (Date would read it as local time)', '2026-05-10T06:00:00'],
    ['hour 24', '2026-05-10T24:00:00Z'],
    ['an offset out of range', '2026-05-10T06:00:00+25:00'],
    ['trailing words', '2026-05-10T06:00:00Z please'],
  ])('--at with %s is bad usage: exit 2, one line on stderr, nothing run', async (_, at) => {
    const databasePath = path.join(os.tmpdir(), `fantasy-settle-never-${process.pid}.db`);
    const run = await runCliCaptured(['settle', '--at', at, '--database', databasePath]);
    expect(run.code).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toEqual([expect.stringContaining("'--at <instant>'")]);
    expect(run.stdout).toBe('');
    expect(fs.existsSync(databasePath)).toBe(false);
  });

  it('--at reads the offset: 01:30 at +02:00 on the 11th sweeps the 10th (UTC)', async () => {
    const w = await leagueWorld();
    try {
      setViews(w.fake, 'Offset', 9_000);
      await buildContract(w.app, w.team, { articleId: 'Offset', price: 50, purchaseDate: addDays(TODAY, -7), termDays: 7 });
      const run = runSettle(w.app.database, new URL(w.fake.metricsUrl).origin, `${addDays(TODAY, 1)}T01:30:00+02:00`);
      expect((await run.exited).code, run.output().stderr).toBe(0);
      expect(run.output().stdout).toContain(`sweep for ${TODAY}: 1 settled, 0 renewed, 0 skipped`);
    } finally {
      await w.app.close();
    }
  }, 30_000);

  it('then prices the renewals that can be chosen that day, as the 06:00 job does, and says how many', async () => {
    const w = await leagueWorld();
    try {
      setViews(w.fake, 'Tomorrow', 9_000);
      await buildContract(w.app, w.team, { articleId: 'Tomorrow', price: 100, purchaseDate: addDays(TODAY, -13), termDays: 14 });
      const run = runSettle(w.app.database, new URL(w.fake.metricsUrl).origin, `${TODAY}T06:00:00Z`);
      expect((await run.exited).code, run.output().stderr).toBe(0);
      expect(run.output().stdout).toContain('renewals that can be chosen today: 1 article(s), 1 priced now, 0 left unpriced');
      w.fake.resetCounters();
      const mine = await w.app.call('GET', `/api/v1/leagues/${w.league.id}/my-contracts`, { as: w.admin });
      expect(mine.body[0]).toMatchObject({ renewalPrice: 149 });
      expect(w.fake.requests).toEqual([]);
    } finally {
      await w.app.close();
    }
  }, 30_000);

  it('prints each contract it settled or renewed', async () => {
    const w = await leagueWorld();
    try {
      setViews(w.fake, 'Printed', 9_000);
      const c = await buildContract(w.app, w.team, { articleId: 'Printed', price: 50, purchaseDate: addDays(TODAY, -7), termDays: 7 });
      const run = runSettle(w.app.database, new URL(w.fake.metricsUrl).origin, `${TODAY}T06:00:00Z`);
      expect((await run.exited).code).toBe(0);
      expect(run.output().stdout).toContain(`settled  ${c.id} Printed (league ${w.league.id}, team ${w.team.id}): paid 67, delta 17`);
    } finally {
      await w.app.close();
    }
  }, 30_000);
});
