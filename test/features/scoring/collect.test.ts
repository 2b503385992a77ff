import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../support/cli';
import { tablesOf } from '../../../src/platform/db/dialect';
import { startFakeEncyclopedia, type FakeEncyclopedia } from '../../fakes/encyclopedia';
import { createTestApp, ENGINE_HEADERS, TEST_SERVICE_TOKEN, type TestApp, type TestPlayer } from '../../support/app';
import { buildContract, buildLeague, buildTeam } from '../../support/builders';
import { clientFor, encyclopediaConfigFor } from '../../support/encyclopedia';
import { databaseConfig, folderOf } from '../../support/test-store';

const DAY = '2026-05-10';
const USER_AGENT = 'FantasyTest/1.0 (collect-test@example.org)';

let fake: FakeEncyclopedia;

beforeAll(async () => {
  fake = await startFakeEncyclopedia({ today: '2026-05-11', defaults: false, linkPageSize: 3 });
});
afterEach(() => {
  fake.faults.clear();
  fake.resetCounters();
});
afterAll(async () => {
  await fake.close();
});

const encyclopediaConfig = () => encyclopediaConfigFor(fake, USER_AGENT);

async function appWithFake(): Promise<TestApp> {
  return createTestApp({ now: '2026-05-10T09:00:00.000Z', config: { encyclopedia: encyclopediaConfig() }, upstream: { encyclopedia: clientFor(fake, USER_AGENT) } });
}

/**
 * The encyclopedia on day D:
 *   views  Alpha 4,000 · Beta 16,000 · Gamma 8,000 · Delta (no data: 404 → 0) · Pasta 1,000 (it)
 *   links  Alpha ↔ Beta (mutual) · Beta → Gamma (one way) · Beta, Delta: none (Gamma and Delta → Alpha pair nothing)
 */
function seedEncyclopedia() {
  const views: [string, string, number][] = [
    ['en', 'Alpha', 4_000],
    ['en', 'Beta', 16_000],
    ['en', 'Gamma', 8_000],
    ['it', 'Pasta', 1_000],
    ['it', 'Pizza', 20_000],
  ];
  for (const [domain, article, count] of views) fake.data.setSeries(domain, article, [{ date: '2026-05-09', views: 1 }, { date: DAY, views: count }]);
  fake.data.setSeries('en', 'Delta', []);
  fake.data.setLinks('en', 'Alpha', ['Beta', 'Zeta']);
  fake.data.setLinks('en', 'Beta', ['Alpha', 'Gamma']);
  // links that pair no fielded positions, so the graph spans more than one page of 3 rows
  fake.data.setLinks('en', 'Gamma', ['Omega', 'Alpha']);
  fake.data.setLinks('en', 'Delta', ['Alpha']);
  fake.data.setLinks('it', 'Pasta', ['Pizza']);
  fake.data.setLinks('it', 'Pizza', ['Pasta']);
}

interface CollectWorld {
  alice: TestPlayer;
  teams: Record<'alice' | 'bob' | 'carol' | 'mario' | 'idle', string>;
}

/** Alice (en) fields Alpha–Beta–Gamma–Delta; Carol (another en league) also holds Alpha; Mario (it, L = 13.9); Bob and Idle field nothing. */
async function buildWorld(app: TestApp): Promise<CollectWorld> {
  const [alice, bob, carol, mario, idle] = await Promise.all(['alice', 'bob', 'carol', 'mario', 'idle'].map((n) => app.player(n)));
  const start = '2026-05-01T00:00:00.000Z';
  const { league, team: aliceTeam } = await buildLeague(app, alice, { startDate: start });
  const bobTeam = await buildTeam(app, league, bob);
  const { league: other, team: carolTeam } = await buildLeague(app, carol, { startDate: start });
  const { league: italian, team: marioTeam } = await buildLeague(app, mario, { startDate: start, domain: 'it', languageScale: 13.9 });
  const { team: idleTeam } = await buildLeague(app, idle, { startDate: start });
  const held = async (team: typeof aliceTeam, articleId: string) => (await buildContract(app, team, { articleId, purchaseDate: '2026-05-02', termDays: 14 })).id;
  const put = async (as: TestPlayer, leagueId: string, schema: string, formation: Record<string, string>) => {
    const slots = Object.fromEntries(Object.entries(formation).map(([p, id]) => [p, { id }]));
    const result = await app.call('PUT', `/api/v1/leagues/${leagueId}/lineup`, { as, body: { formation: { date: '2026-05-02T12:00:00.000Z', schema, formation: slots } } });
    expect(result.status).toBe(200);
  };
  // 4-3-3 links among these: LW–ST (Alpha, Beta), ST–RW (Beta, Gamma), ST–CM (Beta, Delta), CM–CLB would need CLB
  await put(alice, league.id, '4-3-3', { LW: await held(aliceTeam, 'Alpha'), ST: await held(aliceTeam, 'Beta'), RW: await held(aliceTeam, 'Gamma'), CM: await held(aliceTeam, 'Delta') });
  await put(carol, other.id, '4-4-2', { GK: await held(carolTeam, 'Alpha') });
  await put(mario, italian.id, '4-4-2', { LST: await held(marioTeam, 'Pasta'), RST: await held(marioTeam, 'Pizza') });
  return { alice, teams: { alice: aliceTeam.id, bob: bobTeam.id, carol: carolTeam.id, mario: marioTeam.id, idle: idleTeam.id } };
}

/** What an external engine would post for D, written by hand from the encyclopedia above. */
function handBuiltIngest(w: CollectWorld) {
  return {
    date: DAY,
    results: [
      {
        teamId: w.teams.alice,
        articleViews: [4_000, 16_000, 8_000, 0],
        // LW–ST Alpha↔Beta excellent; ST–RW Beta→Gamma good; ST–CM Beta, Delta weak
        chemistryLevels: ['excellent', 'good', 'weak'],
        formationSnapshot: JSON.stringify({ LW: 'Alpha', ST: 'Beta', RW: 'Gamma', CM: 'Delta' }),
      },
      { teamId: w.teams.bob, articleViews: [], chemistryLevels: [], formationSnapshot: '{}' },
      { teamId: w.teams.carol, articleViews: [4_000], chemistryLevels: [], formationSnapshot: JSON.stringify({ GK: 'Alpha' }) },
      { teamId: w.teams.mario, articleViews: [1_000, 20_000], chemistryLevels: ['excellent'], formationSnapshot: JSON.stringify({ LST: 'Pasta', RST: 'Pizza' }) },
      { teamId: w.teams.idle, articleViews: [], chemistryLevels: [], formationSnapshot: '{}' },
    ],
  };
}

async function stored(app: TestApp) {
  const { performances } = tablesOf(app.ctx.db);
  return (await app.ctx.db.select().from(performances))
    .map(({ teamId, date, points, formationSnapshot, articleViews, chemistryLevels, createdAt }) => ({ teamId, date, points, formationSnapshot, articleViews, chemistryLevels, createdAt }))
    .sort((a, b) => (a.teamId < b.teamId ? -1 : 1));
}

describe('fantasy collect: the built-in scoring engine', () => {
  it('produces exactly the performances that hand-built ingest bodies produce', async () => {
    seedEncyclopedia();
    const app = await appWithFake();
    try {
      const world = await buildWorld(app);
      const report = await app.ctx.services.collector.collect(DAY);
      expect(report).toMatchObject({ date: DAY, teams: 5, written: 5 });
      const collected = await stored(app);

      // points by hand: alice 1 + 3 + 2 + 0 + (1.5 + 0.5 + 0); carol 1; mario log2(6.95) ≈ 2.797013 + log2(75) ≈ 6.228819 + 2.56 + 1.5
      const points = Object.fromEntries(collected.map((row) => [row.teamId, row.points]));
      expect(points[world.teams.alice]).toBe(8);
      expect(points[world.teams.carol]).toBe(1);
      expect(points[world.teams.bob]).toBe(0);
      expect(points[world.teams.idle]).toBe(0);
      expect(points[world.teams.mario]).toBeCloseTo(13.085831668, 9);
      // Delta has no data for the day (404): 0 views, and the operator is told (W1 one-day)
      const warnings = app.log.lines.filter((line) => line.level === 'warn' && String(line.msg ?? line.message).startsWith('collect: no views'));
      expect(warnings).toEqual([expect.objectContaining({ domain: 'en', articleId: 'Delta', date: DAY })]);

      // the same facts posted by hand through the endpoint change nothing at all
      const posted = await app.call('POST', '/internal/v1/performances', { headers: ENGINE_HEADERS, body: handBuiltIngest(world) });
      expect(posted.body).toEqual({ written: 5 });
      expect(await stored(app)).toEqual(collected);
    } finally {
      await app.close();
    }
  });

  it("fetches each distinct article's views once, respects 3 in flight, and sends the User-Agent", async () => {
    seedEncyclopedia();
    const app = await appWithFake();
    try {
      await buildWorld(app);
      fake.faults.slow('per-article', 30);
      await app.ctx.services.collector.collect(DAY);
      const viewCalls = fake.requests.filter((r) => r.route === 'per-article');
      // Alpha is fielded in two leagues of the same edition but fetched once
      expect(viewCalls.map((r) => decodeURIComponent(r.path.split('/').at(-4)!)).sort()).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma', 'Pasta', 'Pizza']);
      for (const call of viewCalls) expect(call.path).toContain(`/daily/20260510/20260510`);
      expect(fake.peakInFlight).toBeGreaterThan(1);
      expect(fake.peakInFlight).toBeLessThanOrEqual(3);
      for (const request of fake.requests) expect(request.headers['user-agent']).toBe(USER_AGENT);
      // one link graph per edition with pairs; the en one drains its continuation (page size 3)
      const linkCalls = fake.requests.filter((r) => r.route === 'links');
      expect(new Set(linkCalls.map((r) => r.domain))).toEqual(new Set(['en', 'it']));
      expect(linkCalls.filter((r) => r.domain === 'en').length).toBeGreaterThan(1);
    } finally {
      await app.close();
    }
  });

  it('an encyclopedia failure aborts the run and writes nothing', async () => {
    seedEncyclopedia();
    const app = await appWithFake();
    try {
      await buildWorld(app);
      fake.faults.failAlways('per-article', 500);
      await expect(app.ctx.services.collector.collect(DAY)).rejects.toThrow();
      expect(await stored(app)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('a day with nothing in season writes nothing and calls nobody', async () => {
    const app = await appWithFake();
    try {
      await buildWorld(app);
      expect(await app.ctx.services.collector.collect('2026-04-01')).toMatchObject({ teams: 0, written: 0 });
      expect(fake.requests).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('CLI verbs', () => {
  /** A config file for the CLI on the test's own database (the SQLite file or the PostgreSQL URL). */
  function writeConfig(app: TestApp): string {
    const file = path.join(folderOf(app.database), 'fantasy.config.json');
    fs.writeFileSync(file, JSON.stringify({ ...databaseConfig(app.database), serviceToken: TEST_SERVICE_TOKEN, encyclopedia: encyclopediaConfig() }));
    return file;
  }

  it('collect --date scores the day and prints what it wrote', async () => {
    seedEncyclopedia();
    const app = await appWithFake();
    try {
      const world = await buildWorld(app);
      const result = await runCliCaptured(['--config', writeConfig(app), 'collect', '--date', DAY]);
      expect(result).toMatchObject({ code: 0, stdout: `collected ${DAY}: 5 teams, 6 articles, 5 performances written\n` });
      expect((await stored(app)).find((row) => row.teamId === world.teams.alice)?.points).toBe(8);
    } finally {
      await app.close();
    }
  });

  it('collect refuses an impossible date as bad usage, and an upstream outage with exit 1', async () => {
    seedEncyclopedia();
    const app = await appWithFake();
    try {
      await buildWorld(app);
      const config = writeConfig(app);
      expect((await runCliCaptured(['--config', config, 'collect', '--date', '2026-02-30'])).code).toBe(2);
      // a 400 is not retried, so the CLI's own client (real backoff) fails at once
      fake.faults.failAlways('per-article', 400);
      const failed = await runCliCaptured(['--config', config, 'collect', '--date', DAY]);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain('aborted, nothing written');
      expect(await stored(app)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('import-performances takes a JSON body file and a JSON-lines file, with the endpoint’s effect', async () => {
    const app = await appWithFake();
    try {
      const world = await buildWorld(app);
      const dir = folderOf(app.database);
      const body = handBuiltIngest(world);
      const jsonFile = path.join(dir, 'day.json');
      fs.writeFileSync(jsonFile, JSON.stringify(body, null, 2));
      const linesFile = path.join(dir, 'days.jsonl');
      fs.writeFileSync(
        linesFile,
        [
          JSON.stringify({ date: '2026-05-08', results: [{ teamId: world.teams.carol, articleViews: [8_000], chemistryLevels: [] }] }),
          '',
          JSON.stringify({ date: '2026-05-09', results: [{ teamId: world.teams.carol, articleViews: [16_000], chemistryLevels: [], formationSnapshot: '{"GK":"Alpha"}' }] }),
        ].join('\n'),
      );
      const result = await runCliCaptured(['--config', writeConfig(app), 'import-performances', jsonFile, linesFile]);
      expect(result).toMatchObject({ code: 0, stdout: '7 performances written\n' });

      const imported = await stored(app);
      // the same body through the endpoint overwrites with identical values
      await app.call('POST', '/internal/v1/performances', { headers: ENGINE_HEADERS, body });
      expect(await stored(app)).toEqual(imported);
      const carol = imported.filter((row) => row.teamId === world.teams.carol).map((row) => [row.date, row.points, row.formationSnapshot]);
      expect(carol.sort()).toEqual([
        ['2026-05-08', 2, '{}'],
        ['2026-05-09', 3, '{"GK":"Alpha"}'],
        [DAY, 1, '{"GK":"Alpha"}'],
      ]);
    } finally {
      await app.close();
    }
  });

  it('import-performances writes nothing when any row of any file is invalid', async () => {
    const app = await appWithFake();
    try {
      const world = await buildWorld(app);
      const dir = folderOf(app.database);
      const good = path.join(dir, 'good.json');
      fs.writeFileSync(good, JSON.stringify(handBuiltIngest(world)));
      const bad = path.join(dir, 'bad.jsonl');
      fs.writeFileSync(bad, JSON.stringify({ date: DAY, results: [{ teamId: 'tm_nobody', articleViews: [], chemistryLevels: [] }] }));
      const config = writeConfig(app);
      const result = await runCliCaptured(['--config', config, 'import-performances', good, bad]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('INGEST_INVALID');
      expect(await stored(app)).toEqual([]);

      const notJson = path.join(dir, 'broken.jsonl');
      fs.writeFileSync(notJson, '{"date":"2026-05-10","results":[]}\n{oops\n');
      const broken = await runCliCaptured(['--config', config, 'import-performances', notJson]);
      expect(broken).toMatchObject({ code: 1 });
      expect(broken.stderr).toContain('broken.jsonl:2: not JSON');
      expect((await runCliCaptured(['--config', config, 'import-performances'])).code).toBe(2);
    } finally {
      await app.close();
    }
  });
});
