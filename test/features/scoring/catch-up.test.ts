/**
 * Issue 14: a server that was down for two nights leaves two days unscored. One `collect`
 * (without --date) scores them, oldest first, against the encyclopedia fake; `fantasy
 * status` reports the gap before and nothing after, with its exit codes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, utcDay } from '../../../src/domain/dates';
import { collectorJob, collectPending } from '../../../src/features/scoring/collector-job';
import { type DailyJob, memoryJobRuns, startScheduler } from '../../../src/platform/jobs/scheduler';
import { daysToCatchUp } from '../../../src/features/scoring/scoring-gaps';
import { deploymentStatus } from '../../../src/features/operations/status-service';
import { upsertPerformance } from '../../../src/features/scoring/store';
import { tablesOf } from '../../../src/platform/db/dialect';
import type { EncyclopediaClient } from '../../../src/upstream/encyclopedia';
import { UpstreamError } from '../../../src/upstream/http-client';
import { startFakeEncyclopedia, type FakeEncyclopedia } from '../../fakes/encyclopedia';
import { createTestApp, TEST_SERVICE_TOKEN, type TestApp } from '../../support/app';
import { buildContract, buildLeague } from '../../support/builders';
import { runCliCaptured } from '../../support/cli';
import { clientFor, encyclopediaConfigFor } from '../../support/encyclopedia';
import { writeTransaction } from '../../../src/platform/db/database';
import { databaseConfig, folderOf } from '../../support/test-store';

const USER_AGENT = 'FantasyTest/1.0 (catch-up-test@example.org)';
let fake: FakeEncyclopedia;

beforeAll(async () => {
  fake = await startFakeEncyclopedia({ defaults: false });
});
afterEach(() => {
  fake.faults.clear();
  fake.resetCounters();
});
afterAll(async () => {
  await fake.close();
});

const encyclopediaConfig = () => encyclopediaConfigFor(fake, USER_AGENT);

/** Alpha is read 1,000 × (day of month) times every day of the fortnight before `today`. */
function seedViews(today: string) {
  const series = Array.from({ length: 14 }, (_, i) => addDays(today, i - 14)).map((date) => ({ date, views: 1_000 * Number(date.slice(8)) }));
  fake.data.setSeries('en', 'Alpha', series);
}

/**
 * A league in season since `today − 10`, its one team fielding Alpha, scored through
 * `lastScored` and not since (the server was down).
 */
async function laggingLeague(app: TestApp, today: string, lastScored: string) {
  const founder = await app.player('founder');
  const { league, team } = await buildLeague(app, founder, { startDate: `${addDays(today, -10)}T00:00:00.000Z`, name: 'Night Shift' });
  const contract = await buildContract(app, team, { articleId: 'Alpha', purchaseDate: addDays(today, -10), termDays: 30 });
  // the line-up is saved on the season's first day, so it stands on every day since
  const now = app.clock.now();
  app.clock.set(`${addDays(today, -10)}T12:00:00.000Z`);
  // a session of that day: one minted later would be issued in the future, which is refused
  const thatDay = { ...founder, cookie: await app.cookieFor(founder.subject, { now: app.clock.now() }) };
  const put = await app.call('PUT', `/api/v1/leagues/${league.id}/lineup`, {
    as: thatDay,
    body: { formation: { date: `${addDays(today, -10)}T12:00:00.000Z`, schema: '4-4-2', formation: { GK: { id: contract.id } } } },
  });
  expect(put.status).toBe(200);
  app.clock.set(now);
  await writeTransaction(app.ctx.db, async (tx) => {
    for (let day = addDays(today, -10); day <= lastScored; day = addDays(day, 1)) {
      await upsertPerformance(tx, { teamId: team.id, date: day, points: 1, formationSnapshot: '{"GK":"Alpha"}', articleViews: [1], chemistryLevels: [] }, `${day}T05:00:00.000Z`);
    }
  });
  return { league, team };
}

async function scoredDays(app: TestApp, teamId: string): Promise<string[]> {
  const { performances } = tablesOf(app.ctx.db);
  return (await app.ctx.db.select().from(performances))
    .filter((row) => row.teamId === teamId)
    .map((row) => row.date)
    .sort();
}

/** A config file for the CLI on the test's own database (the SQLite file or the PostgreSQL URL). */
function writeCliConfig(app: TestApp): string {
  const config = path.join(folderOf(app.database), 'fantasy.config.json');
  fs.writeFileSync(config, JSON.stringify({ ...databaseConfig(app.database), serviceToken: TEST_SERVICE_TOKEN, encyclopedia: encyclopediaConfig() }));
  return config;
}

describe('catching up unscored days', () => {
  const TODAY = '2026-05-12';

  async function appAt(now: string) {
    return createTestApp({ now, config: { encyclopedia: encyclopediaConfig() }, upstream: { encyclopedia: clientFor(fake, USER_AGENT) } });
  }

  it('one collect scores the two missed days, oldest first, with their views; status shows the gap before and nothing after', async () => {
    seedViews(TODAY);
    const app = await appAt(`${TODAY}T09:00:00.000Z`);
    try {
      const { league, team } = await laggingLeague(app, TODAY, '2026-05-09');
      const status = (at: string) => deploymentStatus({ db: app.ctx.db, version: 'test', databasePath: app.database }, new Date(at));

      const before = await status(`${TODAY}T09:00:00.000Z`);
      expect(before.unscoredDays).toEqual(['2026-05-10', '2026-05-11']);
      expect(before.leagues).toEqual([
        { leagueId: league.id, name: 'Night Shift', domain: 'en', lastScoredDay: '2026-05-09', unscoredDays: ['2026-05-10', '2026-05-11'] },
      ]);
      expect(before.attention).toHaveLength(1);
      expect(await daysToCatchUp(app.ctx.db, app.clock.now())).toEqual(['2026-05-10', '2026-05-11']);

      const result = await collectPending(app.ctx, app.clock.now());
      expect(result.scored.map((report) => [report.date, report.written])).toEqual([
        ['2026-05-10', 1],
        ['2026-05-11', 1],
      ]);
      // the views of each day, not yesterday's twice
      const fetched = fake.requests.filter((r) => r.route === 'per-article').map((r) => r.path.match(/daily\/(\d+)\//)![1]);
      expect(fetched).toEqual(['20260510', '20260511']);
      const { performances } = tablesOf(app.ctx.db);
      const rows = (await app.ctx.db.select().from(performances).orderBy(asc(performances.date))).filter((row) => row.teamId === team.id && row.date >= '2026-05-10');
      expect(rows.map((row) => [row.date, row.articleViews])).toEqual([
        ['2026-05-10', '[10000]'],
        ['2026-05-11', '[11000]'],
      ]);

      const after = await status(`${TODAY}T09:00:00.000Z`);
      expect(after.unscoredDays).toEqual([]);
      expect(after.leagues[0].lastScoredDay).toBe('2026-05-11');
      expect(after.attention).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('reaches back 7 days and no further', async () => {
    seedViews(TODAY);
    const app = await appAt(`${TODAY}T09:00:00.000Z`);
    try {
      // scored through the 1st: the 2nd–4th are older than the week, the 5th–11th inside it
      const { team } = await laggingLeague(app, TODAY, '2026-05-01');
      expect(await daysToCatchUp(app.ctx.db, app.clock.now())).toEqual(['2026-05-05', '2026-05-06', '2026-05-07', '2026-05-08', '2026-05-09', '2026-05-10', '2026-05-11']);
      await collectPending(app.ctx, app.clock.now());
      expect((await scoredDays(app, team.id)).filter((day) => day > '2026-05-01')).toEqual(['2026-05-05', '2026-05-06', '2026-05-07', '2026-05-08', '2026-05-09', '2026-05-10', '2026-05-11']);
      // what the catch-up cannot reach stays on the status for the operator
      const status = await deploymentStatus({ db: app.ctx.db, version: 'test', databasePath: app.database }, app.clock.now());
      expect(status.unscoredDays).toEqual(['2026-05-02', '2026-05-03', '2026-05-04']);
    } finally {
      await app.close();
    }
  });

  it('with nothing missed it scores only yesterday, as the daily job always did', async () => {
    seedViews(TODAY);
    const app = await appAt(`${TODAY}T05:00:00.000Z`);
    try {
      await laggingLeague(app, TODAY, '2026-05-10');
      expect(await daysToCatchUp(app.ctx.db, app.clock.now())).toEqual(['2026-05-11']);
      // before the 05:00 job has had its hour, yesterday is not yet a gap the operator must hear of
      const early = await deploymentStatus({ db: app.ctx.db, version: 'test', databasePath: app.database }, new Date(`${TODAY}T05:30:00.000Z`));
      expect(early.attention).toEqual([]);
      const late = await deploymentStatus({ db: app.ctx.db, version: 'test', databasePath: app.database }, new Date(`${TODAY}T06:00:00.000Z`));
      expect(late.unscoredDays).toEqual(['2026-05-11']);
    } finally {
      await app.close();
    }
  });

  it('stops at a day the encyclopedia fails on, keeps the days before it, and says what is left', async () => {
    seedViews(TODAY);
    // the encyclopedia is down for the 10th only
    const real = clientFor(fake, USER_AGENT);
    const flaky: EncyclopediaClient = Object.assign(Object.create(real), {
      dailySeries: (domain: string, article: string, from: string, to: string) =>
        from === '2026-05-10' ? Promise.reject(new UpstreamError('encyclopedia', 'status', 500)) : real.dailySeries(domain, article, from, to),
    });
    const app = await createTestApp({ now: `${TODAY}T09:00:00.000Z`, config: { encyclopedia: encyclopediaConfig() }, upstream: { encyclopedia: flaky } });
    try {
      const { team } = await laggingLeague(app, TODAY, '2026-05-08');
      const result = await collectPending(app.ctx, app.clock.now());
      expect(result.scored.map((report) => report.date)).toEqual(['2026-05-09']);
      expect(result.failure?.date).toBe('2026-05-10');
      expect(result.notAttempted).toEqual(['2026-05-11']);
      expect((await scoredDays(app, team.id)).at(-1)).toBe('2026-05-09');
    } finally {
      await app.close();
    }
  });
});

describe('fantasy collect on the command line', () => {
  // the CLI runs on the wall clock: the world is built around today
  const today = utcDay(new Date());
  const yesterday = addDays(today, -1);

  it('collect catches the gap up and says which days; the status then shows nothing left and the run ok', async () => {
    seedViews(today);
    const app = await createTestApp({ now: new Date().toISOString(), config: { encyclopedia: encyclopediaConfig() }, upstream: { encyclopedia: clientFor(fake, USER_AGENT) } });
    try {
      const { team } = await laggingLeague(app, today, addDays(today, -3));
      const config = writeCliConfig(app);
      const status = () => deploymentStatus({ db: app.ctx.db, version: 'test', databasePath: app.database }, new Date());

      // yesterday is a gap only once its scoring hour has passed; the day before always is
      expect((await status()).unscoredDays[0]).toBe(addDays(today, -2));
      const collected = await runCliCaptured(['--config', config, 'collect']);
      expect(collected.code).toBe(0);
      expect(collected.stdout).toContain(`scored 2 day(s), oldest first: ${addDays(today, -2)}, ${yesterday}\n`);
      expect((await scoredDays(app, team.id)).slice(-3)).toEqual([addDays(today, -3), addDays(today, -2), yesterday]);

      const after = await status();
      expect(after.unscoredDays).toEqual([]);
      expect(after.leagues[0].lastScoredDay).toBe(yesterday);
      expect(after.jobs.find((job) => job.name === 'collect')?.lastRun?.outcome).toBe('ok');
      expect(after.attention).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('fantasy status on the command line', () => {
  const today = utcDay(new Date());
  const yesterday = addDays(today, -1);

  it('status exits 1 on the gap, collect catches it up and says which days, then status exits 0', async () => {
    seedViews(today);
    const app = await createTestApp({ now: new Date().toISOString(), config: { encyclopedia: encyclopediaConfig() }, upstream: { encyclopedia: clientFor(fake, USER_AGENT) } });
    try {
      const { team } = await laggingLeague(app, today, addDays(today, -3));
      const config = writeCliConfig(app);

      const before = await runCliCaptured(['--config', config, 'status']);
      expect(before.code).toBe(1);
      expect(before.stdout).toContain('Night Shift (en)');
      expect(before.stdout).toContain(`unscored: ${addDays(today, -2)}`);
      expect(before.stdout).toContain('Needs you:');
      expect(before.stderr).toMatch(/need you/);
      const json = await runCliCaptured(['--config', config, 'status', '--json']);
      expect(json.code).toBe(1);
      // yesterday is a gap only once its scoring hour has passed; the day before always is
      expect(JSON.parse(json.stdout).unscoredDays[0]).toBe(addDays(today, -2));

      const collected = await runCliCaptured(['--config', config, 'collect']);
      expect(collected.code).toBe(0);
      expect(collected.stdout).toContain(`scored 2 day(s), oldest first: ${addDays(today, -2)}, ${yesterday}\n`);
      expect((await scoredDays(app, team.id)).slice(-3)).toEqual([addDays(today, -3), addDays(today, -2), yesterday]);

      const after = await runCliCaptured(['--config', config, 'status', '--json']);
      expect(after.code).toBe(0);
      const status = JSON.parse(after.stdout);
      expect(status.unscoredDays).toEqual([]);
      expect(status.leagues[0].lastScoredDay).toBe(yesterday);
      expect(status.jobs.find((job: { name: string }) => job.name === 'collect').lastRun.outcome).toBe('ok');
      const human = await runCliCaptured(['--config', config, 'status']);
      expect(human).toMatchObject({ code: 0 });
      expect(human.stdout).toContain('Nothing needs you.');
    } finally {
      await app.close();
    }
  });
});

describe('fantasy status: jobs, contracts and outside systems', () => {
  const TODAY = '2026-05-12';

  it('shows each job’s last run and outcome, whoever ran it', async () => {
    const app = await createTestApp({ now: `${TODAY}T09:00:00.000Z` });
    try {
      const failing: DailyJob = { name: 'housekeeping', hour: 6, minute: 30, run: () => Promise.reject(new Error('disk I/O error')) };
      const scheduler = startScheduler(app.ctx, [collectorJob, failing], memoryJobRuns());
      await scheduler.idle();
      scheduler.stop();
      const { jobs, attention } = await deploymentStatus({ db: app.ctx.db, version: 'test', databasePath: app.database }, app.clock.now());
      expect(jobs).toEqual([
        { name: 'collect', lastRun: expect.objectContaining({ startedAt: `${TODAY}T09:00:00.000Z`, outcome: 'ok' }) },
        { name: 'settlement', lastRun: null },
        { name: 'housekeeping', lastRun: expect.objectContaining({ outcome: 'failed', error: 'disk I/O error' }) },
        { name: 'announce', lastRun: null },
      ]);
      // a failed housekeeping run is in the log and the status, but nothing is left undone for players
      expect(attention).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('counts live contracts past their sweep, and not one that expires today before 07:00', async () => {
    const app = await createTestApp({ now: `${TODAY}T06:30:00.000Z` });
    try {
      const founder = await app.player('founder');
      const { team } = await buildLeague(app, founder, { startDate: '2026-05-01T00:00:00.000Z' });
      await writeTransaction(app.ctx.db, async (tx) => {
        await upsertPerformance(tx, { teamId: team.id, date: '2026-05-11', points: 0, formationSnapshot: '{}', articleViews: [], chemistryLevels: [] }, app.clock.now().toISOString());
        for (let day = '2026-05-01'; day < '2026-05-11'; day = addDays(day, 1)) {
          await upsertPerformance(tx, { teamId: team.id, date: day, points: 0, formationSnapshot: '{}', articleViews: [], chemistryLevels: [] }, app.clock.now().toISOString());
        }
      });
      await buildContract(app, team, { articleId: 'Old', purchaseDate: '2026-05-03', termDays: 7 }); // expired the 10th
      await buildContract(app, team, { articleId: 'Today', purchaseDate: '2026-05-05', termDays: 7 }); // expires today
      await buildContract(app, team, { articleId: 'Sold', purchaseDate: '2026-05-01', termDays: 7, status: 'sold' });
      const status = (at: string) => deploymentStatus({ db: app.ctx.db, version: 'test', databasePath: app.database }, new Date(at));
      expect((await status(`${TODAY}T06:30:00.000Z`)).unsettledContracts).toEqual({ count: 1, oldestExpireDate: '2026-05-10' });
      expect((await status(`${TODAY}T07:00:00.000Z`)).unsettledContracts).toEqual({ count: 2, oldestExpireDate: '2026-05-10' });
      expect((await status(`${TODAY}T07:00:00.000Z`)).attention).toEqual(['2 contract(s) past expiry not settled, the oldest expired 2026-05-10']);
    } finally {
      await app.close();
    }
  });

  it('shows the last failure of an outside system, kept across processes', async () => {
    const app = await createTestApp({ now: `${TODAY}T09:00:00.000Z`, upstream: { encyclopedia: clientFor(fake, USER_AGENT) } });
    try {
      fake.faults.failAlways('per-article', 503);
      await expect(app.ctx.upstream.encyclopedia.dailySeries('en', 'Alpha', '2026-05-10', '2026-05-10')).rejects.toThrow();
      const reopened = await createTestApp({ now: `${TODAY}T10:00:00.000Z`, database: app.database });
      try {
        const { upstreams } = await deploymentStatus({ db: reopened.ctx.db, version: 'test', databasePath: app.database }, reopened.clock.now());
        expect(upstreams).toEqual([
          { name: 'encyclopedia', lastFailure: { at: `${TODAY}T09:00:00.000Z`, message: 'encyclopedia status 503' } },
          { name: 'identity-provider', lastFailure: null },
          { name: 'issue-tracker', lastFailure: null },
          { name: 'language-model', lastFailure: null },
        ]);
      } finally {
        await reopened.close();
      }
    } finally {
      await app.close();
    }
  });
});
