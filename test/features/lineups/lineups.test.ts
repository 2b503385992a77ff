import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHEMISTRY_LINKS, remapForSchema, SCHEMAS } from '../../../src/domain/formations';
import { tablesOf } from '../../../src/platform/db/dialect';
import { createTestApp, type TestApp, type TestPlayer } from '../../support/app';
import { buildContract, buildLeague, buildTeam } from '../../support/builders';
import { scenarioTable } from '../../support/scenarios';
import { buy, leagueWorld, setViews, withWorld } from '../contracts/contracts-fixtures';
import { writeTransaction } from '../../../src/platform/db/database';

const NOW = '2026-05-10T12:00:00.000Z';

async function lineupWorld() {
  const app = await createTestApp({ now: NOW });
  const alice = await app.player('alice');
  const bob = await app.player('bob');
  const carol = await app.player('carol');
  const stranger = await app.player('stranger');
  const { league, team: aliceTeam } = await buildLeague(app, alice, { teamName: 'Alice FC' });
  const bobTeam = await buildTeam(app, league, bob, 'Bob United');
  const { league: otherLeague, team: carolTeam } = await buildLeague(app, carol, { name: 'Other', teamName: 'Carol City' });
  // bought a millisecond apart: the bench lists contracts in purchase order, and within one
  // millisecond only SQLite knows the order of writing (PostgreSQL breaks that tie by id)
  const alpha = await buildContract(app, aliceTeam, { articleId: 'Alpha', price: 10, termDays: 7 });
  app.clock.advance(1);
  const beta = await buildContract(app, aliceTeam, { articleId: 'Beta', price: 20, termDays: 14 });
  app.clock.advance(1);
  const gamma = await buildContract(app, aliceTeam, { articleId: 'Gamma_ray', price: 5, termDays: 3 });
  app.clock.advance(1);
  const sold = await buildContract(app, aliceTeam, { articleId: 'Sold_one', status: 'sold' });
  const settled = await buildContract(app, aliceTeam, { articleId: 'Settled_one', status: 'settled' });
  const bobs = await buildContract(app, bobTeam, { articleId: 'Bobs_article' });
  const ghost: TestPlayer = { ...stranger, cookie: await app.cookieFor('nobody-we-know') };
  const world = { app, alice, bob, carol, stranger, ghost, league, otherLeague, aliceTeam, bobTeam, carolTeam, alpha, beta, gamma, sold, settled, bobs };
  return { app, world };
}

type World = Awaited<ReturnType<typeof lineupWorld>>['world'];

/** Closes a league by hand at `at` (the endpoint would stamp the clock's now). */
async function closeLeague(app: TestApp, leagueId: string, at: string): Promise<void> {
  const { leagues } = tablesOf(app.ctx.db);
  await writeTransaction(app.ctx.db, (tx) => tx.update(leagues).set({ closedAt: at }).where(eq(leagues.id, leagueId)));
}

/** A PUT body in the §13 TeamLineup shape: only schema, date and contract ids matter. */
function saveBody(schema: string, placements: Record<string, string | null>, extra: Record<string, unknown> = {}) {
  const formation: Record<string, { id: string } | null> = {};
  for (const [position, id] of Object.entries(placements)) formation[position] = id === null ? null : { id };
  return { formation: { date: NOW, schema, formation, chemistry: [], ...extra }, bench: [] };
}

describe('GET /api/v1/leagues/{id}/lineup', () => {
  scenarioTable<World>(lineupWorld, [
    { name: 'anonymous caller', method: 'GET', path: (w) => `/api/v1/leagues/${w.league.id}/lineup`, as: 'anonymous', status: 401, expect: { error: 'UNAUTHORIZED' } },
    { name: 'session names an unknown player', method: 'GET', path: (w) => `/api/v1/leagues/${w.league.id}/lineup`, as: 'ghost', status: 404, expect: { error: 'PLAYER_NOT_FOUND' } },
    { name: 'caller has no team in the league', method: 'GET', path: (w) => `/api/v1/leagues/${w.league.id}/lineup`, as: 'stranger', status: 404, expect: { error: 'NO_TEAM_IN_LEAGUE' } },
    { name: 'unknown league', method: 'GET', path: '/api/v1/leagues/lg_nope/lineup', as: 'alice', status: 404, expect: { error: 'NO_TEAM_IN_LEAGUE' } },
    {
      name: 'a new team reads a 4-3-3 with no occupied position, every link empty and its live contracts on the bench',
      method: 'GET',
      path: (w) => `/api/v1/leagues/${w.league.id}/lineup`,
      as: 'alice',
      status: 200,
      expect: (result, w) => {
        const { formation, bench } = result.body;
        expect(formation.schema).toBe('4-3-3');
        expect(formation.formation).toEqual({});
        expect(formation.chemistry).toEqual(CHEMISTRY_LINKS['4-3-3'].map(([from, to]) => ({ from, to, level: 'empty' })));
        expect(bench.map((c: { id: string }) => c.id)).toEqual([w.alpha.id, w.beta.id, w.gamma.id]);
      },
    },
  ]);
});

describe('PUT /api/v1/leagues/{id}/lineup', () => {
  const path = (w: World) => `/api/v1/leagues/${w.league.id}/lineup`;
  scenarioTable<World>(lineupWorld, [
    { name: 'a partial line-up is valid', method: 'PUT', path, as: 'alice', body: (w: World) => saveBody('4-4-2', { LST: w.alpha.id, GK: w.beta.id, RM: null }), status: 200, exact: true, expect: { success: true } },
    { name: 'an empty line-up is valid', method: 'PUT', path, as: 'alice', body: saveBody('5-3-2', {}), status: 200, expect: { success: true } },
    { name: 'anonymous caller', method: 'PUT', path, as: 'anonymous', body: saveBody('4-3-3', {}), status: 401, expect: { error: 'UNAUTHORIZED' } },
    { name: 'session names an unknown player', method: 'PUT', path, as: 'ghost', body: saveBody('4-3-3', {}), status: 404, expect: { error: 'PLAYER_NOT_FOUND' } },
    { name: 'caller has no team in the league', method: 'PUT', path, as: 'stranger', body: saveBody('4-3-3', {}), status: 404, expect: { error: 'NO_TEAM_IN_LEAGUE' } },
    { name: 'unknown schema', method: 'PUT', path, as: 'alice', body: saveBody('2-2-6', {}), status: 400, exact: true, expect: { error: 'LINEUP_UNKNOWN_SCHEMA' } },
    { name: 'position outside the schema', method: 'PUT', path, as: 'alice', body: (w: World) => saveBody('4-3-3', { LM: w.alpha.id }), status: 400, expect: { error: 'LINEUP_INVALID_PAYLOAD' } },
    { name: 'contract of another team', method: 'PUT', path, as: 'alice', body: (w: World) => saveBody('4-3-3', { ST: w.bobs.id }), status: 400, expect: { error: 'CONTRACT_NOT_OWNED' } },
    { name: 'unknown contract id', method: 'PUT', path, as: 'alice', body: saveBody('4-3-3', { ST: 'ct_missing' }), status: 400, expect: { error: 'CONTRACT_NOT_OWNED' } },
    { name: 'a sold contract', method: 'PUT', path, as: 'alice', body: (w: World) => saveBody('4-3-3', { ST: w.sold.id }), status: 400, expect: { error: 'LINEUP_INVALID_PAYLOAD' } },
    { name: 'a settled contract', method: 'PUT', path, as: 'alice', body: (w: World) => saveBody('4-3-3', { GK: w.settled.id }), status: 400, expect: { error: 'LINEUP_INVALID_PAYLOAD' } },
    { name: 'one contract on two positions', method: 'PUT', path, as: 'alice', body: (w: World) => saveBody('4-3-3', { ST: w.alpha.id, GK: w.alpha.id }), status: 400, expect: { error: 'LINEUP_INVALID_PAYLOAD' } },
    { name: 'a position value without a string id', method: 'PUT', path, as: 'alice', body: { formation: { date: NOW, schema: '4-3-3', formation: { ST: { id: 7 } } } }, status: 400, expect: { error: 'LINEUP_INVALID_PAYLOAD' } },
    { name: 'date that is not a string', method: 'PUT', path, as: 'alice', body: saveBody('4-3-3', {}, { date: 12 }), status: 400, expect: { error: 'LINEUP_INVALID_PAYLOAD' } },
    { name: 'no date at all (§13: it must be a string)', method: 'PUT', path, as: 'alice', body: { formation: { schema: '4-3-3', formation: {} } }, status: 400, exact: true, expect: { error: 'LINEUP_INVALID_PAYLOAD' } },
    { name: 'any date string is accepted; the save is stamped with the server clock', method: 'PUT', path, as: 'alice', body: saveBody('4-3-3', {}, { date: 'yesterday' }), status: 200, expect: { success: true } },
    { name: 'no formation object', method: 'PUT', path, as: 'alice', body: { schema: '4-3-3' }, status: 400, expect: { error: 'LINEUP_INVALID_PAYLOAD' } },
    { name: 'malformed JSON', method: 'PUT', path, as: 'alice', rawBody: '{"formation":', status: 400, expect: { error: 'LINEUP_INVALID_PAYLOAD' } },
    { name: 'malformed JSON is refused before the caller’s team is looked up', method: 'PUT', path, as: 'stranger', rawBody: '{"formation":', status: 400, exact: true, expect: { error: 'LINEUP_INVALID_PAYLOAD' } },
    { name: 'a well-formed body of the wrong shape waits for the team check', method: 'PUT', path, as: 'stranger', body: { schema: '4-3-3' }, status: 404, exact: true, expect: { error: 'NO_TEAM_IN_LEAGUE' } },
    {
      name: 'issue 36: a closed league keeps its line-ups as they stood: 409 LEAGUE_INACTIVE, nothing saved',
      method: 'PUT',
      path,
      as: 'alice',
      before: (w, app) => closeLeague(app, w.league.id, '2026-05-10T06:00:00.000Z'),
      body: (w: World) => saveBody('4-3-3', { ST: w.alpha.id }),
      status: 409,
      expect: async (result, w) => {
        expect(result.body).toEqual({ error: 'LEAGUE_INACTIVE' });
        const read = await w.app.call('GET', `/api/v1/leagues/${w.league.id}/lineup`, { as: w.alice });
        expect(read.body.formation.formation).toEqual({});
      },
    },
  ]);
});

describe('GET /api/v1/leagues/{id}/teams/{teamId}/lineup', () => {
  scenarioTable<World>(lineupWorld, [
    {
      name: "another team's line-up, read-only",
      method: 'GET',
      path: (w) => `/api/v1/leagues/${w.league.id}/teams/${w.bobTeam.id}/lineup`,
      as: 'alice',
      status: 200,
      expect: (result, w) => {
        expect(result.body.formation.schema).toBe('4-3-3');
        expect(result.body.bench.map((c: { id: string }) => c.id)).toEqual([w.bobs.id]);
        expect(result.body.bench[0].team).toMatchObject({ id: w.bobTeam.id, name: 'Bob United', player: { id: w.bob.id, name: 'bob' } });
      },
    },
    {
      name: 'issue 36: an archive shows the line-up as it stood at the close, though its contracts settled since',
      method: 'GET',
      path: (w) => `/api/v1/leagues/${w.league.id}/teams/${w.aliceTeam.id}/lineup`,
      as: 'bob',
      before: async (w, app) => {
        const saved = await app.call('PUT', `/api/v1/leagues/${w.league.id}/lineup`, { as: w.alice, body: saveBody('4-3-3', { ST: w.alpha.id, GK: w.beta.id }) });
        expect(saved.status).toBe(200);
        await closeLeague(app, w.league.id, '2026-05-10T06:00:00.000Z');
        // both settle after the close (as the sweep would write them)
        const { contracts } = tablesOf(app.ctx.db);
        await writeTransaction(app.ctx.db, (tx) => tx.update(contracts).set({ status: 'settled', salePayout: 9, closedOn: '2026-05-17' }).where(inArray(contracts.id, [w.alpha.id, w.beta.id])));
      },
      status: 200,
      expect: (result, w) => {
        expect(result.body.formation.formation.ST).toMatchObject({ id: w.alpha.id });
        expect(result.body.formation.formation.GK).toMatchObject({ id: w.beta.id });
        // contracts sold or settled before the close stay away
        expect(result.body.bench.map((c: { id: string }) => c.id)).toEqual([w.gamma.id]);
      },
    },
    { name: 'a player without a team there may read it too', method: 'GET', path: (w) => `/api/v1/leagues/${w.league.id}/teams/${w.aliceTeam.id}/lineup`, as: 'stranger', status: 200 },
    { name: 'a team of another league is not found', method: 'GET', path: (w) => `/api/v1/leagues/${w.league.id}/teams/${w.carolTeam.id}/lineup`, as: 'alice', status: 404, expect: { error: 'TEAM_NOT_FOUND' } },
    { name: 'unknown team', method: 'GET', path: (w) => `/api/v1/leagues/${w.league.id}/teams/tm_nope/lineup`, as: 'alice', status: 404, expect: { error: 'TEAM_NOT_FOUND' } },
    { name: 'unknown league', method: 'GET', path: (w) => `/api/v1/leagues/lg_nope/teams/${w.aliceTeam.id}/lineup`, as: 'alice', status: 404, expect: { error: 'TEAM_NOT_FOUND' } },
    { name: 'anonymous caller', method: 'GET', path: (w) => `/api/v1/leagues/${w.league.id}/teams/${w.bobTeam.id}/lineup`, as: 'anonymous', status: 401, expect: { error: 'UNAUTHORIZED' } },
    { name: 'session names an unknown player', method: 'GET', path: (w) => `/api/v1/leagues/${w.league.id}/teams/${w.bobTeam.id}/lineup`, as: 'ghost', status: 404, expect: { error: 'PLAYER_NOT_FOUND' } },
  ]);
});

describe('line-up flows', () => {
  async function withWorld(run: (app: TestApp, w: World) => Promise<void>) {
    const { app, world } = await lineupWorld();
    try {
      await run(app, world);
    } finally {
      await app.close();
    }
  }

  it('a save is read back with placed contracts, the rest on the bench, and chemistry per schema link', () =>
    withWorld(async (app, w) => {
      app.clock.set('2026-05-10T15:30:00.000Z');
      const put = await app.call('PUT', `/api/v1/leagues/${w.league.id}/lineup`, { as: w.alice, body: saveBody('4-3-3', { LW: w.alpha.id, ST: w.beta.id, GK: null }) });
      expect(put.status).toBe(200);
      const { body } = await app.call('GET', `/api/v1/leagues/${w.league.id}/lineup`, { as: w.alice });
      expect(body.formation.date).toBe('2026-05-10T15:30:00.000Z');
      expect(body.formation.formation.LW.id).toBe(w.alpha.id);
      expect(body.formation.formation.ST.id).toBe(w.beta.id);
      // occupied positions only: the empty ones (GK sent as null, the rest left out) are absent
      expect(Object.keys(body.formation.formation)).toEqual(['LW', 'ST']);
      expect(body.bench.map((c: { id: string }) => c.id)).toEqual([w.gamma.id]);
      // LW–ST is the only link with both ends filled; the service makes no network call on reads
      expect(body.formation.chemistry[0]).toEqual({ from: 'LW', to: 'ST', level: 'empty' });
      expect(body.formation.chemistry.slice(1).every((link: { level: string }) => link.level === 'empty')).toBe(true);
      expect(body.formation.chemistry).toHaveLength(16);
    }));

  it('shows each contract in the §13 wire shape', () =>
    withWorld(async (app, w) => {
      const { body } = await app.call('GET', `/api/v1/leagues/${w.league.id}/lineup`, { as: w.alice });
      expect(body.bench[2]).toEqual({
        id: w.gamma.id,
        team: { id: w.aliceTeam.id, name: 'Alice FC', credits: 1000 - 35, player: { id: w.alice.id, name: 'alice' } },
        article: { id: 'Gamma_ray', title: 'Gamma ray', domain: 'en' },
        startDate: '2026-05-10T00:00:00Z',
        duration: 'P3D',
        purchasePrice: 5,
        renewalCount: 0,
        renewalElected: false,
        tier: 'SHORT',
        expireDate: '2026-05-13',
        currentPrice: null,
        salePayout: null,
        status: 'live',
        renewalPrice: null,
        renewalPremium: null,
      });
    }));

  it('every schema answers its own link list in §3.2 order', () =>
    withWorld(async (app, w) => {
      for (const schema of Object.keys(SCHEMAS) as (keyof typeof SCHEMAS)[]) {
        await app.call('PUT', `/api/v1/leagues/${w.league.id}/lineup`, { as: w.alice, body: saveBody(schema, {}) });
        const { body } = await app.call('GET', `/api/v1/leagues/${w.league.id}/lineup`, { as: w.alice });
        expect(body.formation.schema).toBe(schema);
        expect(body.formation.formation).toEqual({});
        expect(body.formation.chemistry.map((l: { from: string; to: string }) => [l.from, l.to])).toEqual(CHEMISTRY_LINKS[schema].map((link) => [...link]));
      }
    }));

  it('a contract sold or settled after placement leaves the formation and does not reach the bench', () =>
    withWorld(async (app, w) => {
      await app.call('PUT', `/api/v1/leagues/${w.league.id}/lineup`, { as: w.alice, body: saveBody('4-3-3', { LW: w.alpha.id, ST: w.beta.id }) });
      const { contracts } = tablesOf(app.ctx.db);
      await writeTransaction(app.ctx.db, (tx) => tx.update(contracts).set({ status: 'sold' }).where(eq(contracts.id, w.alpha.id)));
      await writeTransaction(app.ctx.db, (tx) => tx.update(contracts).set({ status: 'settled' }).where(eq(contracts.id, w.beta.id)));
      const { body } = await app.call('GET', `/api/v1/leagues/${w.league.id}/lineup`, { as: w.alice });
      expect(body.formation.formation).toEqual({});
      expect(body.formation.chemistry[0].level).toBe('empty');
      expect(body.bench.map((c: { id: string }) => c.id)).toEqual([w.gamma.id]);
    }));

  it('a refused save writes nothing', () =>
    withWorld(async (app, w) => {
      const put = await app.call('PUT', `/api/v1/leagues/${w.league.id}/lineup`, { as: w.alice, body: saveBody('4-3-3', { LW: w.alpha.id, ST: w.bobs.id }) });
      expect(put.status).toBe(400);
      const { lineupVersions } = tablesOf(app.ctx.db);
      expect(await app.ctx.db.select().from(lineupVersions).where(eq(lineupVersions.teamId, w.aliceTeam.id))).toHaveLength(1);
      const { body } = await app.call('GET', `/api/v1/leagues/${w.league.id}/lineup`, { as: w.alice });
      expect(body.formation.formation).toEqual({});
    }));

  it('every save is kept as a new version; the newest is what reads show', () =>
    withWorld(async (app, w) => {
      await app.call('PUT', `/api/v1/leagues/${w.league.id}/lineup`, { as: w.alice, body: saveBody('4-3-3', { LW: w.alpha.id }) });
      app.clock.advance(60_000);
      await app.call('PUT', `/api/v1/leagues/${w.league.id}/lineup`, { as: w.alice, body: saveBody('4-4-2', { GK: w.alpha.id }) });
      const { lineupVersions } = tablesOf(app.ctx.db);
      const versions = await app.ctx.db.select().from(lineupVersions).where(eq(lineupVersions.teamId, w.aliceTeam.id)).orderBy(asc(lineupVersions.id));
      expect(versions.map((v) => v.schema)).toEqual(['4-3-3', '4-3-3', '4-4-2']);
      const { body } = await app.call('GET', `/api/v1/leagues/${w.league.id}/lineup`, { as: w.alice });
      expect(body.formation.schema).toBe('4-4-2');
      expect(body.formation.formation.GK.id).toBe(w.alpha.id);
    }));

  it('a schema change: old positions under the new schema are refused and change nothing; a remapped save loses no contract', () =>
    withWorld(async (app, w) => {
      const path = `/api/v1/leagues/${w.league.id}/lineup`;
      const old = { LW: w.alpha.id, CLM: w.beta.id, RB: w.gamma.id };
      expect((await app.call('PUT', path, { as: w.alice, body: saveBody('4-3-3', old) })).status).toBe(200);
      // §3.4 save validation: every key must be a position of the schema sent (LW, CLM, RB are not 3-5-2's)
      const blind = await app.call('PUT', path, { as: w.alice, body: saveBody('3-5-2', old) });
      expect(blind).toMatchObject({ status: 400, body: { error: 'LINEUP_INVALID_PAYLOAD' } });
      expect((await app.call('GET', path, { as: w.alice })).body.formation.schema).toBe('4-3-3');
      // the editor's remap (§3.4 fallbacks): LW→LM, CLM→CM, RB keeps RB
      const remapped = remapForSchema(old, '3-5-2', '4-3-3');
      expect(remapped).toEqual({ positions: { LM: w.alpha.id, CM: w.beta.id, RB: w.gamma.id }, benched: [] });
      expect((await app.call('PUT', path, { as: w.alice, body: saveBody('3-5-2', remapped.positions) })).status).toBe(200);
      // dropping one on the next save benches it: placed ∪ bench is always every live contract
      expect((await app.call('PUT', path, { as: w.alice, body: saveBody('3-5-2', { LM: w.alpha.id }) })).status).toBe(200);
      const { body } = await app.call('GET', path, { as: w.alice });
      expect(Object.keys(body.formation.formation)).toEqual(['LM']);
      expect(body.formation.formation.LM.id).toBe(w.alpha.id);
      expect(body.bench.map((c: { id: string }) => c.id)).toEqual([w.beta.id, w.gamma.id]);
    }));

  it('a team without any stored line-up reads as an empty 4-3-3', () =>
    withWorld(async (app, w) => {
      const { lineupVersions } = tablesOf(app.ctx.db);
      await writeTransaction(app.ctx.db, (tx) => tx.delete(lineupVersions).where(eq(lineupVersions.teamId, w.bobTeam.id)));
      const { status, body } = await app.call('GET', `/api/v1/leagues/${w.league.id}/lineup`, { as: w.bob });
      expect(status).toBe(200);
      expect(body.formation.schema).toBe('4-3-3');
      expect(body.formation.date).toBe(w.bobTeam.joinedAt);
      expect(body.bench.map((c: { id: string }) => c.id)).toEqual([w.bobs.id]);
    }));

  it("another team's line-up shows what its owner saved", () =>
    withWorld(async (app, w) => {
      await app.call('PUT', `/api/v1/leagues/${w.league.id}/lineup`, { as: w.bob, body: saveBody('3-5-2', { CB: w.bobs.id }) });
      const { body } = await app.call('GET', `/api/v1/leagues/${w.league.id}/teams/${w.bobTeam.id}/lineup`, { as: w.alice });
      expect(body.formation.schema).toBe('3-5-2');
      expect(Object.keys(body.formation.formation)).toEqual(['CB']);
      expect(body.formation.formation.CB.article.id).toBe('Bobs_article');
      expect(body.bench).toEqual([]);
    }));
});

describe('line-up reads list occupied positions only (§13, issue 15)', () => {
  /** Both reads of the same team: the owner's and another player's read-only view. */
  async function bothReads(app: TestApp, leagueId: string, teamId: string, owner: TestPlayer, other: TestPlayer) {
    const own = await app.call('GET', `/api/v1/leagues/${leagueId}/lineup`, { as: owner });
    const theirs = await app.call('GET', `/api/v1/leagues/${leagueId}/teams/${teamId}/lineup`, { as: other });
    expect(own.status).toBe(200);
    expect(theirs.status).toBe(200);
    for (const read of [own.body, theirs.body]) {
      expect(Object.values(read.formation.formation)).not.toContain(null);
    }
    expect(theirs.body.formation.formation).toEqual(own.body.formation.formation);
    return own.body;
  }

  it('for a new team, after a save with empty positions, and after a fielded contract is sold', () =>
    withWorld(leagueWorld(), async ({ app, fake, admin, rival, league, team }) => {
      setViews(fake, 'Alpha', 9_000);
      setViews(fake, 'Beta', 9_000);
      expect((await bothReads(app, league.id, team.id, admin, rival)).formation.formation).toEqual({});

      const alpha = (await buy(app, league.id, admin, 'Alpha')).body;
      const beta = (await buy(app, league.id, admin, 'Beta')).body;
      const save = await app.call('PUT', `/api/v1/leagues/${league.id}/lineup`, {
        as: admin,
        body: { formation: { date: NOW, schema: '4-3-3', formation: { LW: alpha, ST: beta, GK: null, RB: null } } },
      });
      expect(save.status).toBe(200);
      const saved = await bothReads(app, league.id, team.id, admin, rival);
      expect(Object.keys(saved.formation.formation)).toEqual(['LW', 'ST']);

      const sold = await app.call('POST', `/api/v1/leagues/${league.id}/my-contracts/${alpha.id}/sell`, { as: admin });
      expect(sold.status).toBe(200);
      const after = await bothReads(app, league.id, team.id, admin, rival);
      expect(Object.keys(after.formation.formation)).toEqual(['ST']);
      expect(after.formation.formation.ST.id).toBe(beta.id);
      expect(after.bench).toEqual([]);
    }));
});
