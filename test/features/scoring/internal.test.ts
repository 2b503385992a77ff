import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { first, tablesOf } from '../../../src/platform/db/dialect';
import { createTestApp, ENGINE_HEADERS, type TestApp } from '../../support/app';
import { buildContract, buildLeague, buildTeam } from '../../support/builders';
import { scenarioTable } from '../../support/scenarios';
import { writeTransaction } from '../../../src/platform/db/database';

const NOW = '2026-05-10T12:00:00.000Z';

/** Two teams in an English league (one line-up saved), nothing else. */
async function internalWorld() {
  const app = await createTestApp({ now: NOW });
  const alice = await app.player('alice');
  const bob = await app.player('bob');
  const { league, team: aliceTeam } = await buildLeague(app, alice, { teamName: 'Alice FC', startDate: '2026-05-01T08:00:00.000Z' });
  const bobTeam = await buildTeam(app, league, bob, 'Bob United');
  const alpha = await buildContract(app, aliceTeam, { articleId: 'Alpha', purchaseDate: '2026-05-01', termDays: 14 });
  const beta = await buildContract(app, aliceTeam, { articleId: 'Beta', purchaseDate: '2026-05-01', termDays: 14 });
  const put = await app.call('PUT', `/api/v1/leagues/${league.id}/lineup`, {
    as: alice,
    body: { formation: { date: '2026-05-10T12:00:00.000Z', schema: '4-3-3', formation: { LW: { id: alpha.id }, ST: { id: beta.id } } } },
  });
  expect(put.status).toBe(200);
  return { app, world: { alice, bob, league, aliceTeam, bobTeam, alpha, beta } };
}
type World = Awaited<ReturnType<typeof internalWorld>>['world'];

function ingestBody(date: string, results: unknown[]) {
  return { date, results };
}

function row(teamId: string, articleViews: number[] = [], chemistryLevels: string[] = [], formationSnapshot: unknown = '{}') {
  return { teamId, articleViews, chemistryLevels, formationSnapshot };
}

describe('GET /internal/v1/scoring-inputs', () => {
  scenarioTable<World>(internalWorld, [
    { name: 'no bearer token', method: 'GET', path: '/internal/v1/scoring-inputs?date=2026-05-10', status: 401, expect: { error: 'UNAUTHORIZED' } },
    { name: 'wrong bearer token', method: 'GET', path: '/internal/v1/scoring-inputs?date=2026-05-10', headers: { authorization: 'Bearer nope' }, status: 401, expect: { error: 'UNAUTHORIZED' } },
    { name: 'no bearer token, unversioned path', method: 'GET', path: '/internal/scoring-inputs?date=2026-05-10', status: 401, expect: { error: 'UNAUTHORIZED' } },
    { name: 'missing date', method: 'GET', path: '/internal/v1/scoring-inputs', headers: ENGINE_HEADERS, status: 400, exact: true, expect: { error: 'INVALID_DATE' } },
    { name: 'impossible date is refused, not rolled over', method: 'GET', path: '/internal/v1/scoring-inputs?date=2026-02-30', headers: ENGINE_HEADERS, status: 400, expect: { error: 'INVALID_DATE' } },
    { name: 'date without zero padding', method: 'GET', path: '/internal/v1/scoring-inputs?date=2026-5-10', headers: ENGINE_HEADERS, status: 400, expect: { error: 'INVALID_DATE' } },
    { name: 'date with a time', method: 'GET', path: '/internal/v1/scoring-inputs?date=2026-05-10T00:00:00Z', headers: ENGINE_HEADERS, status: 400, expect: { error: 'INVALID_DATE' } },
    { name: 'no league in season on that day', method: 'GET', path: '/internal/v1/scoring-inputs?date=2026-04-30', headers: ENGINE_HEADERS, status: 200, exact: true, expect: [] },
    {
      name: 'one entry per scorable team, empty line-ups included',
      method: 'GET',
      path: '/internal/v1/scoring-inputs?date=2026-05-10',
      headers: ENGINE_HEADERS,
      status: 200,
      exact: true,
      expect: (result, w) => {
        expect(result.body).toEqual([
          {
            leagueId: w.league.id,
            teamId: w.aliceTeam.id,
            domain: 'en',
            articles: ['Alpha', 'Beta'],
            chemistryLinks: [['Alpha', 'Beta']],
            formationSnapshot: JSON.stringify({ LW: 'Alpha', ST: 'Beta' }),
          },
          { leagueId: w.league.id, teamId: w.bobTeam.id, domain: 'en', articles: [], chemistryLinks: [], formationSnapshot: '{}' },
        ]);
      },
    },
    {
      name: 'the same answer without the v1 segment',
      method: 'GET',
      path: '/internal/scoring-inputs?date=2026-05-10',
      headers: ENGINE_HEADERS,
      status: 200,
      expect: (result) => expect(result.body.map((entry: { articles: string[] }) => entry.articles)).toEqual([['Alpha', 'Beta'], []]),
    },
  ]);
});

describe('POST /internal/v1/performances', () => {
  const path = '/internal/v1/performances';
  scenarioTable<World>(internalWorld, [
    { name: 'no bearer token', method: 'POST', path, body: (w: World) => ingestBody('2026-05-10', [row(w.aliceTeam.id)]), status: 401, expect: { error: 'UNAUTHORIZED' } },
    { name: 'no bearer token, unversioned path', method: 'POST', path: '/internal/performances', body: ingestBody('2026-05-10', []), status: 401, expect: { error: 'UNAUTHORIZED' } },
    { name: 'malformed JSON', method: 'POST', path, headers: ENGINE_HEADERS, rawBody: '{"date":"2026-05-10",', status: 400, exact: true, expect: { error: 'MALFORMED_JSON' } },
    { name: 'empty body', method: 'POST', path, headers: ENGINE_HEADERS, rawBody: '', status: 400, expect: { error: 'MALFORMED_JSON' } },
    { name: 'body is not an object', method: 'POST', path, headers: ENGINE_HEADERS, body: [1, 2], status: 400, expect: { error: 'INGEST_INVALID' } },
    { name: 'missing date', method: 'POST', path, headers: ENGINE_HEADERS, body: { results: [] }, status: 400, expect: { error: 'INVALID_DATE' } },
    { name: 'impossible date', method: 'POST', path, headers: ENGINE_HEADERS, body: ingestBody('2026-02-29', []), status: 400, expect: { error: 'INVALID_DATE' } },
    { name: 'results is not an array', method: 'POST', path, headers: ENGINE_HEADERS, body: { date: '2026-05-10', results: {} }, status: 400, expect: { error: 'INGEST_INVALID' } },
    { name: 'more than 100 results', method: 'POST', path, headers: ENGINE_HEADERS, body: (w: World) => ingestBody('2026-05-10', Array.from({ length: 101 }, () => row(w.bobTeam.id))), status: 400, expect: { error: 'INGEST_INVALID' } },
    { name: 'empty teamId', method: 'POST', path, headers: ENGINE_HEADERS, body: ingestBody('2026-05-10', [row('')]), status: 400, expect: { error: 'INGEST_INVALID' } },
    { name: 'unknown team', method: 'POST', path, headers: ENGINE_HEADERS, body: ingestBody('2026-05-10', [row('tm_nope')]), status: 400, expect: { error: 'INGEST_INVALID' } },
    { name: 'negative views', method: 'POST', path, headers: ENGINE_HEADERS, body: (w: World) => ingestBody('2026-05-10', [row(w.aliceTeam.id, [10, -1], ['weak'])]), status: 400, expect: { error: 'INGEST_INVALID' } },
    { name: 'views that are not numbers', method: 'POST', path, headers: ENGINE_HEADERS, body: (w: World) => ingestBody('2026-05-10', [row(w.aliceTeam.id, ['10' as unknown as number], [])]), status: 400, expect: { error: 'INGEST_INVALID' } },
    { name: 'unknown chemistry level', method: 'POST', path, headers: ENGINE_HEADERS, body: (w: World) => ingestBody('2026-05-10', [row(w.aliceTeam.id, [10, 10], ['great'])]), status: 400, expect: { error: 'INGEST_INVALID' } },
    { name: 'a row that is not an object', method: 'POST', path, headers: ENGINE_HEADERS, body: ingestBody('2026-05-10', ['tm_x']), status: 400, expect: { error: 'INGEST_INVALID' } },
    { name: 'nothing to write', method: 'POST', path, headers: ENGINE_HEADERS, body: ingestBody('2026-05-10', []), status: 200, exact: true, expect: { written: 0 } },
    {
      name: 'rows written, answered with their count',
      method: 'POST',
      path,
      headers: ENGINE_HEADERS,
      body: (w: World) => ingestBody('2026-05-10', [row(w.aliceTeam.id, [4_000, 16_000], ['excellent']), row(w.bobTeam.id)]),
      status: 200,
      exact: true,
      expect: { written: 2 },
    },
    {
      name: 'the unversioned path writes too',
      method: 'POST',
      path: '/internal/performances',
      headers: ENGINE_HEADERS,
      body: (w: World) => ingestBody('2026-05-10', [row(w.aliceTeam.id, [8_000], [])]),
      status: 200,
      exact: true,
      expect: { written: 1 },
    },
    {
      name: '100 results are accepted',
      method: 'POST',
      path,
      headers: ENGINE_HEADERS,
      body: (w: World) => ingestBody('2026-05-10', Array.from({ length: 100 }, () => row(w.bobTeam.id))),
      status: 200,
      expect: { written: 100 },
    },
  ]);
});

async function withInternal(run: (app: TestApp, w: World) => Promise<void>) {
  const { app, world } = await internalWorld();
  try {
    await run(app, world);
  } finally {
    await app.close();
  }
}

function storedRows(app: TestApp) {
  const { performances } = tablesOf(app.ctx.db);
  return app.ctx.db.select().from(performances).orderBy(performances.teamId, performances.date);
}

describe('ingest effects', () => {
  it('a chunk with one bad row writes nothing, not even its good rows', () =>
    withInternal(async (app, w) => {
      const result = await app.call('POST', '/internal/v1/performances', {
        headers: ENGINE_HEADERS,
        body: ingestBody('2026-05-10', [row(w.aliceTeam.id, [4_000], []), row('tm_unknown', [1], [])]),
      });
      expect(result.status).toBe(400);
      expect(result.body).toEqual({ error: 'INGEST_INVALID' });
      expect(await storedRows(app)).toEqual([]);
    }));

  it('re-sending a day overwrites points and snapshot, keeps the first createdAt, never duplicates', () =>
    withInternal(async (app, w) => {
      const firstSend = await app.call('POST', '/internal/v1/performances', {
        headers: ENGINE_HEADERS,
        body: ingestBody('2026-05-10', [row(w.aliceTeam.id, [4_000, 8_000], ['good'], '{"LW":"Alpha"}')]),
      });
      expect(firstSend.body).toEqual({ written: 1 });
      const firstRow = (await storedRows(app))[0];
      expect(firstRow.points).toBe(1 + 2 + 0.5);

      app.clock.set('2026-05-11T09:00:00.000Z');
      const again = await app.call('POST', '/internal/performances', {
        headers: ENGINE_HEADERS,
        body: ingestBody('2026-05-10', [row(w.aliceTeam.id, [16_000], ['excellent'], 42)]),
      });
      expect(again.body).toEqual({ written: 1 });
      const rows = await storedRows(app);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        teamId: w.aliceTeam.id,
        date: '2026-05-10',
        points: 3 + 1.5,
        formationSnapshot: '{}',
        createdAt: firstRow.createdAt,
        updatedAt: '2026-05-11T09:00:00.000Z',
      });
    }));

  it('a day may arrive in several chunks; other days are untouched', () =>
    withInternal(async (app, w) => {
      await app.call('POST', '/internal/v1/performances', { headers: ENGINE_HEADERS, body: ingestBody('2026-05-09', [row(w.aliceTeam.id, [4_000], [])]) });
      await app.call('POST', '/internal/v1/performances', { headers: ENGINE_HEADERS, body: ingestBody('2026-05-10', [row(w.aliceTeam.id, [8_000], [])]) });
      await app.call('POST', '/internal/v1/performances', { headers: ENGINE_HEADERS, body: ingestBody('2026-05-10', [row(w.bobTeam.id, [], [])]) });
      const owner = (teamId: string) => (teamId === w.aliceTeam.id ? 'alice' : 'bob');
      expect((await storedRows(app)).map((r) => `${owner(r.teamId)} ${r.date} ${r.points}`).sort()).toEqual([
        'alice 2026-05-09 1',
        'alice 2026-05-10 2',
        'bob 2026-05-10 0',
      ]);
    }));
});

/** Hand-computed points: BasePoints(v) = log2(v/2000) up to 150,000, then log2(75) + (v − 150,000)/50,000. */
describe('points for hand-computed cases', () => {
  async function pointsFor(app: TestApp, teamId: string, articleViews: number[], chemistryLevels: string[]) {
    const result = await app.call('POST', '/internal/v1/performances', { headers: ENGINE_HEADERS, body: ingestBody('2026-05-10', [row(teamId, articleViews, chemistryLevels)]) });
    expect(result.status).toBe(200);
    const { performances } = tablesOf(app.ctx.db);
    return (await first(app.ctx.db.select().from(performances).where(eq(performances.teamId, teamId))))!.points;
  }

  it.each([
    ['one article at 4,000 views', [4_000], [], 1],
    ['views under 2,000 give nothing', [1_999, 0], [], 0],
    ['curve points 8k/16k/32k/64k/128k', [8_000, 16_000, 32_000, 64_000, 128_000], [], 2 + 3 + 4 + 5 + 6],
    ['past 150,000 the curve is linear', [300_000], [], 6.228818690495881 + 3],
    ['a mutual link is worth 1.5', [], ['excellent'], 1.5],
    ['a one-way link is worth 0.5', [], ['good'], 0.5],
    ['no link and empty positions are worth nothing', [], ['weak', 'empty'], 0],
    ['mixed levels add up', [4_000], ['excellent', 'good', 'weak', 'good'], 1 + 2.5],
    ['chemistry is capped at 20 (16 mutual links = 24 uncapped)', [4_000], Array(16).fill('excellent'), 1 + 20],
    ['3-5-2 at full chemistry reaches 30 uncapped, 20 capped', [], Array(20).fill('excellent'), 20],
    ['just under the cap is not capped', [], [...Array(13).fill('excellent'), 'good'], 19.5 + 0.5],
  ])('%s', (_name, views, levels, expected) =>
    withInternal(async (app, w) => {
      expect(await pointsFor(app, w.aliceTeam.id, views as number[], levels as string[])).toBe(expected);
    }));

  it("uses the league's frozen factor: Italian L = 13.9", async () => {
    const app = await createTestApp({ now: NOW });
    try {
      const mario = await app.player('mario');
      const { team } = await buildLeague(app, mario, { domain: 'it', languageScale: 13.9 });
      // 1,000 × 13.9 = 13,900 → log2(6.95) ≈ 2.797013; 20,000 × 13.9 = 278,000 → log2(75) + 128,000/50,000
      // ≈ 6.228819 + 2.56; 100 views → 0; one `good` link → 0.5
      expect(await pointsFor(app, team.id, [1_000, 20_000, 100], ['good'])).toBeCloseTo(12.085831668, 9);
    } finally {
      await app.close();
    }
  });

  it('a league whose stored factor is unusable scores with 1.0', async () => {
    const app = await createTestApp({ now: NOW });
    try {
      const mario = await app.player('mario');
      const { team } = await buildLeague(app, mario, { domain: 'xx', languageScale: -3 });
      expect(await pointsFor(app, team.id, [4_000], [])).toBe(1);
    } finally {
      await app.close();
    }
  });
});

describe('scoring inputs: which teams, which line-up, which contracts', () => {
  async function inputsOn(app: TestApp, date: string) {
    const result = await app.call('GET', `/internal/v1/scoring-inputs?date=${date}`, { headers: ENGINE_HEADERS });
    expect(result.status).toBe(200);
    return result.body as { teamId: string; articles: string[]; chemistryLinks: string[][]; formationSnapshot: string }[];
  }

  async function save(app: TestApp, w: World, formation: Record<string, string>, schema = '4-3-3') {
    const slots = Object.fromEntries(Object.entries(formation).map(([position, id]) => [position, { id }]));
    const result = await app.call('PUT', `/api/v1/leagues/${w.league.id}/lineup`, { as: w.alice, body: { formation: { date: '2026-05-10T12:00:00.000Z', schema, formation: slots } } });
    expect(result.status).toBe(200);
  }

  it('a change after midnight does not rewrite a past day', () =>
    withInternal(async (app, w) => {
      app.clock.set('2026-05-10T23:59:59.999Z');
      await save(app, w, { GK: w.alpha.id });
      app.clock.set('2026-05-11T00:00:00.000Z');
      await save(app, w, { ST: w.beta.id });
      const day10 = (await inputsOn(app, '2026-05-10')).find((e) => e.teamId === w.aliceTeam.id)!;
      expect(day10.formationSnapshot).toBe('{"GK":"Alpha"}');
      const day11 = (await inputsOn(app, '2026-05-11')).find((e) => e.teamId === w.aliceTeam.id)!;
      expect(day11.formationSnapshot).toBe('{"ST":"Beta"}');
      // an earlier day still sees the line-up that stood then (the first save at 12:00 on the 10th was after the 9th)
      const day9 = (await inputsOn(app, '2026-05-09')).find((e) => e.teamId === w.aliceTeam.id)!;
      expect(day9.articles).toEqual([]);
    }));

  it('only contracts active on D score: from heldSince, never on the expiry day, never when sold or settled', async () => {
    const app = await createTestApp({ now: '2026-05-01T00:00:00.000Z' });
    try {
      const alice = await app.player('alice');
      const { league, team } = await buildLeague(app, alice);
      const early = await buildContract(app, team, { articleId: 'Early', purchaseDate: '2026-05-01', termDays: 3 });
      const late = await buildContract(app, team, { articleId: 'Late', purchaseDate: '2026-05-03', termDays: 7 });
      const renewed = await buildContract(app, team, { articleId: 'Renewed', purchaseDate: '2026-05-01', termDays: 3 });
      const sold = await buildContract(app, team, { articleId: 'Sold', purchaseDate: '2026-05-01', termDays: 7 });
      const put = await app.call('PUT', `/api/v1/leagues/${league.id}/lineup`, {
        as: alice,
        body: { formation: { date: '2026-05-10T12:00:00.000Z', schema: '4-3-3', formation: { LW: { id: early.id }, ST: { id: late.id }, RW: { id: renewed.id }, GK: { id: sold.id } } } },
      });
      expect(put.status).toBe(200);
      // renewal rewrites the term in place and keeps heldSince; the sale happens later
      const { contracts } = tablesOf(app.ctx.db);
      await writeTransaction(app.ctx.db, (tx) => tx.update(contracts).set({ purchaseDate: '2026-05-04', expireDate: '2026-05-07' }).where(eq(contracts.id, renewed.id)));
      await writeTransaction(app.ctx.db, (tx) => tx.update(contracts).set({ status: 'sold' }).where(eq(contracts.id, sold.id)));
      const on = async (date: string) => (await inputsOn(app, date))[0].articles;
      expect(await on('2026-05-01')).toEqual(['Early', 'Renewed']);
      expect(await on('2026-05-03')).toEqual(['Early', 'Late', 'Renewed']);
      expect((await inputsOn(app, '2026-05-03'))[0].chemistryLinks).toEqual([['Early', 'Late'], ['Late', 'Renewed']]);
      expect(await on('2026-05-04')).toEqual(['Late', 'Renewed']);
      expect(await on('2026-05-07')).toEqual(['Late']);
      expect(await on('2026-05-10')).toEqual([]);
      // the links follow the placements that are active: LW–ST only when both are
      expect((await inputsOn(app, '2026-05-02'))[0].chemistryLinks).toEqual([]);
      expect((await inputsOn(app, '2026-05-02'))[0].formationSnapshot).toBe('{"LW":"Early","RW":"Renewed"}');
    } finally {
      await app.close();
    }
  });

  it('re-running a day after the morning sweep gives the same inputs: a contract closed after D still scores D', async () => {
    const app = await createTestApp({ now: '2026-05-01T09:00:00.000Z' });
    try {
      const alice = await app.player('alice');
      const { league, team } = await buildLeague(app, alice, { startDate: '2026-05-01T00:00:00.000Z' });
      const expiring = await buildContract(app, team, { articleId: 'Expiring', purchaseDate: '2026-05-01', termDays: 3 });
      const soldLater = await buildContract(app, team, { articleId: 'Sold_later', purchaseDate: '2026-05-01', termDays: 7 });
      const put = await app.call('PUT', `/api/v1/leagues/${league.id}/lineup`, {
        as: alice,
        body: { formation: { date: '2026-05-01T09:00:00.000Z', schema: '4-3-3', formation: { LW: { id: expiring.id }, ST: { id: soldLater.id } } } },
      });
      expect(put.status).toBe(200);
      const onThe3rd = async () => (await inputsOn(app, '2026-05-03'))[0];
      const before = await onThe3rd();
      expect(before.articles).toEqual(['Expiring', 'Sold_later']);
      // 06:00 on the 4th: the sweep settles the contract whose last day was the 3rd, and the
      // player sells the other one later that morning
      const { contracts } = tablesOf(app.ctx.db);
      await writeTransaction(app.ctx.db, (tx) => tx.update(contracts).set({ status: 'settled', closedOn: '2026-05-04' }).where(eq(contracts.id, expiring.id)));
      await writeTransaction(app.ctx.db, (tx) => tx.update(contracts).set({ status: 'sold', closedOn: '2026-05-04' }).where(eq(contracts.id, soldLater.id)));
      expect(await onThe3rd()).toEqual(before);
      // from the closing day on, neither scores
      expect((await inputsOn(app, '2026-05-04'))[0].articles).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('only teams in season on D: not before the start, not on or after the end, not from the closing day; departed teams stay', async () => {
    const app = await createTestApp({ now: '2026-05-01T10:00:00.000Z' });
    try {
      const [a, b, c, d] = [await app.player('a'), await app.player('b'), await app.player('c'), await app.player('d')];
      const { team: running } = await buildLeague(app, a, { startDate: '2026-05-01T10:00:00.000Z', durationDays: 14 });
      const { team: later } = await buildLeague(app, b, { startDate: '2026-05-05T10:00:00.000Z', durationDays: 14 });
      const { team: closed } = await buildLeague(app, c, { startDate: '2026-05-01T10:00:00.000Z', durationDays: 14, closedAt: '2026-05-03T18:00:00.000Z' });
      const { team: departed } = await buildLeague(app, d, { startDate: '2026-05-01T10:00:00.000Z', durationDays: 14 });
      const { teams } = tablesOf(app.ctx.db);
      await writeTransaction(app.ctx.db, (tx) => tx.update(teams).set({ leftAt: '2026-05-02T00:00:00.000Z' }).where(eq(teams.id, departed.id)));
      const ids = async (date: string) => (await inputsOn(app, date)).map((e) => e.teamId).sort();
      expect(await ids('2026-04-30')).toEqual([]);
      expect(await ids('2026-05-01')).toEqual([running.id, closed.id, departed.id].sort());
      expect(await ids('2026-05-02')).toEqual([running.id, closed.id, departed.id].sort());
      expect(await ids('2026-05-03')).toEqual([running.id, departed.id].sort());
      expect(await ids('2026-05-05')).toEqual([running.id, later.id, departed.id].sort());
      // the season ends at start + 14 days: 2026-05-15 10:00, so the 15th is not scored
      expect(await ids('2026-05-14')).toEqual([running.id, later.id, departed.id].sort());
      expect(await ids('2026-05-15')).toEqual([later.id].sort());
    } finally {
      await app.close();
    }
  });

  it('a team that joined after D is not scored for D', () =>
    withInternal(async (app, w) => {
      const carol = await app.player('carol');
      app.clock.set('2026-05-11T00:30:00.000Z');
      const carolTeam = await buildTeam(app, w.league, carol, 'Carol City');
      expect((await inputsOn(app, '2026-05-10')).map((e) => e.teamId)).not.toContain(carolTeam.id);
      expect((await inputsOn(app, '2026-05-11')).map((e) => e.teamId)).toContain(carolTeam.id);
    }));
});

/** §3.2 as written in game-rules.md, pair orientation included. */
const SPEC_LINKS: Record<string, string> = {
  '4-3-3': 'LW–ST, ST–RW, CLM–CM, CM–CRM, LB–CLB, CLB–CRB, CRB–RB, LW–CLM, ST–CM, RW–CRM, LB–CLM, CM–CLB, CM–CRB, RB–CRM, CLB–GK, CRB–GK',
  '4-4-2': 'LST–RST, LM–CLM, CLM–CRM, CRM–RM, LB–CLB, CLB–CRB, CRB–RB, LST–LM, LST–CLM, RST–CRM, RST–RM, LM–LB, CLM–CLB, CRM–CRB, RM–RB, CLB–GK, CRB–GK',
  '3-5-2': 'LST–RST, LST–LM, RST–RM, LST–CM, RST–CM, LM–CDLM, CDLM–CM, CM–CDRM, CDRM–RM, LB–CB, CB–RB, LM–LB, CDLM–LB, CDRM–RB, CDLM–CB, CDRM–CB, RM–RB, CB–GK, LB–GK, RB–GK',
  '4-2-3-1': 'ST–CLAM, ST–CRAM, ST–CM, CLAM–CM, CRAM–CM, CLAM–LDM, CRAM–RDM, LDM–CM, RDM–CM, LDM–LB, LDM–CLB, RDM–RB, RDM–CRB, LB–CLB, RB–CRB, CLB–CRB, CLB–GK, CRB–GK',
  '5-3-2': 'LST–RST, LST–CLM, RST–CRM, LST–CM, RST–CM, CLM–CM, CRM–CM, CLM–LDM, CRM–RDM, LDM–CLB, RDM–CRB, CLM–CLB, CRM–CRB, CM–CB, CLB–CB, CRB–CB, CLB–GK, CRB–GK, CB–GK',
};
const SPEC_POSITIONS: Record<string, string> = {
  '4-3-3': 'LW, ST, RW, CLM, CM, CRM, LB, CLB, CRB, RB, GK',
  '4-4-2': 'LST, RST, LM, CLM, CRM, RM, LB, CLB, CRB, RB, GK',
  '3-5-2': 'LST, RST, LM, CM, RM, CDLM, CDRM, LB, CB, RB, GK',
  '4-2-3-1': 'ST, CLAM, CM, CRAM, LDM, RDM, LB, CLB, CRB, RB, GK',
  '5-3-2': 'LST, RST, CLM, CM, CRM, LDM, CLB, CB, CRB, RDM, GK',
};
/** n links all `good` → 0.5 × n: 8, 8.5, 10, 9, 9.5 */
const ALL_GOOD_POINTS: Record<string, number> = { '4-3-3': 8, '4-4-2': 8.5, '3-5-2': 10, '4-2-3-1': 9, '5-3-2': 9.5 };

describe('each schema sends its own link list and scores it', () => {
  it.each(Object.keys(SPEC_LINKS))('%s, fully placed', async (schema) => {
    const app = await createTestApp({ now: NOW });
    try {
      const owner = await app.player('owner');
      const { league, team } = await buildLeague(app, owner, { startDate: '2026-05-01T00:00:00.000Z' });
      const positions = SPEC_POSITIONS[schema].split(', ');
      const article = (position: string) => `Article_${position}`;
      const formation: Record<string, { id: string }> = {};
      for (const position of positions) {
        formation[position] = { id: (await buildContract(app, team, { articleId: article(position), purchaseDate: '2026-05-01', termDays: 14 })).id };
      }
      expect((await app.call('PUT', `/api/v1/leagues/${league.id}/lineup`, { as: owner, body: { formation: { date: '2026-05-10T12:00:00.000Z', schema, formation } } })).status).toBe(200);

      const [input] = (await app.call('GET', '/internal/v1/scoring-inputs?date=2026-05-10', { headers: ENGINE_HEADERS })).body;
      expect(input.articles).toEqual(positions.map(article));
      const expectedLinks = SPEC_LINKS[schema].split(', ').map((pair) => pair.split('–').map(article));
      expect(input.chemistryLinks).toEqual(expectedLinks);
      expect(JSON.parse(input.formationSnapshot)).toEqual(Object.fromEntries(positions.map((p) => [p, article(p)])));

      const posted = await app.call('POST', '/internal/v1/performances', {
        headers: ENGINE_HEADERS,
        body: {
          date: '2026-05-10',
          results: [{ teamId: team.id, articleViews: positions.map(() => 1_000), chemistryLevels: expectedLinks.map(() => 'good'), formationSnapshot: input.formationSnapshot }],
        },
      });
      expect(posted.body).toEqual({ written: 1 });
      const [performance] = (await app.call('GET', `/api/v1/leagues/${league.id}/my-performances`, { as: owner })).body;
      expect(performance).toMatchObject({ teamId: team.id, date: '2026-05-10', points: ALL_GOOD_POINTS[schema], formation: JSON.parse(input.formationSnapshot) });
      // the breakdown ties each posted level back to its schema link, in §3.2 order
      expect(performance.breakdown.links.map((link: { from: string; to: string }) => `${link.from}–${link.to}`).join(', ')).toBe(SPEC_LINKS[schema]);
      expect(performance.breakdown.total).toBe(ALL_GOOD_POINTS[schema]);
    } finally {
      await app.close();
    }
  });
});
