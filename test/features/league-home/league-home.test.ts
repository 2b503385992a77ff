/**
 * The league home in one answer (issue 40): each part must be what the app would have read
 * from that part's own route, for a member of either format and for a caller with no team.
 */
import { describe, expect, it } from 'vitest';
import { buildContract, buildPerformance } from '../../support/builders';
import type { CallResult, TestApp, TestPlayer } from '../../support/app';
import { scenarioTable } from '../../support/scenarios';
import { countStatements } from '../../support/statement-count';
import { findTeam } from '../../../src/features/leagues/store';
import { at, day, leave, moveTo, rivals, type Rivals } from '../head-to-head/head-to-head-fixtures';

/** Three scored days in both leagues, a contract of Ann's, and the clock on day 4. */
async function homeWorld(): Promise<{ app: TestApp; world: Rivals }> {
  const built = await rivals();
  const { app, world } = built;
  const annTeam = (await findTeam(app.ctx.db, world.teams.ann))!;
  await buildContract(app, annTeam, { articleId: 'Q42', price: 120 });
  for (const [n, points] of [[1, 3], [2, 5], [3, 1]] as const) {
    for (const [i, teamId] of Object.values(world.teams).entries()) await buildPerformance(app, { id: teamId, leagueId: world.league }, day(n), points + i);
  }
  app.clock.set(at(day(4), '09:00:00'));
  for (const player of [world.ann, world.bob, world.cat, world.dan, world.outsider]) player.cookie = await app.cookieFor(player.subject);
  return built;
}

async function read(app: TestApp, as: TestPlayer, path: string): Promise<CallResult> {
  const result = await app.call('GET', path, { as });
  expect(result.status, `${path}: ${result.text}`).toBe(200);
  return result;
}

/** What the app read before, one route a part. */
async function partByPart(app: TestApp, as: TestPlayer, leagueId: string, headToHead: boolean) {
  const base = `/api/v1/leagues/${leagueId}`;
  const top = await read(app, as, `${base}/leaderboard?limit=10&offset=0`);
  const around = await read(app, as, `${base}/leaderboard?around=me&limit=5`);
  return {
    league: (await read(app, as, base)).body,
    role: (await read(app, as, `${base}/my-role`)).body,
    top: { rows: top.body, total: Number(top.headers.get('x-total-count')) },
    mine: {
      around: { rows: around.body, total: Number(around.headers.get('x-total-count')) },
      performances: (await read(app, as, `${base}/my-performances?limit=400`)).body,
      contracts: (await read(app, as, `${base}/my-contracts`)).body,
      lineup: (await read(app, as, `${base}/lineup`)).body,
      fixtures: headToHead ? (await read(app, as, `${base}/fixtures`)).body : null,
      table: headToHead ? (await read(app, as, `${base}/head-to-head`)).body : null,
      recent: (await read(app, as, `${base}/activity?limit=5`)).body.events,
    },
  };
}

const home = (leagueId: string) => `/api/v1/leagues/${leagueId}/home`;

describe('GET /api/v1/leagues/{id}/home', () => {
  scenarioTable<Rivals>(homeWorld, [
    {
      name: 'a head-to-head member: every part as its own route answers it',
      method: 'GET',
      path: (w) => home(w.league),
      as: 'ann',
      status: 200,
      expect: async (result, w) => {
        const parts = await partByPart(w.app, w.ann, w.league, true);
        expect(result.body).toEqual(parts);
        expect(result.body.mine.contracts).toHaveLength(1);
        expect(result.body.mine.performances).toHaveLength(3);
        expect(result.body.mine.fixtures.round).toBe(2);
        expect(result.body.top.total).toBe(3);
      },
    },
    {
      name: 'a head-to-head member after the season: the last round, as the fixtures route answers',
      method: 'GET',
      path: (w) => home(w.league),
      as: 'ann',
      before: (w, app) => moveTo(app, at(day(20)), [w.ann]),
      status: 200,
      expect: async (result, w) => {
        expect(result.body).toEqual(await partByPart(w.app, w.ann, w.league, true));
        expect(result.body.mine.fixtures.round).toBe(7);
      },
    },
    {
      name: 'a points member: no round and no table',
      method: 'GET',
      path: (w) => home(w.pointsLeague),
      as: 'bob',
      status: 200,
      expect: async (result, w) => {
        expect(result.body).toEqual(await partByPart(w.app, w.bob, w.pointsLeague, false));
        expect(result.body.mine).toMatchObject({ fixtures: null, table: null });
      },
    },
    {
      name: 'a caller with no team: the league, the role and the top ten, nothing of a member’s',
      method: 'GET',
      path: (w) => home(w.league),
      as: 'outsider',
      status: 200,
      expect: async (result, w) => {
        const top = await read(w.app, w.outsider, `/api/v1/leagues/${w.league}/leaderboard?limit=10&offset=0`);
        expect(result.body).toEqual({
          league: (await read(w.app, w.outsider, `/api/v1/leagues/${w.league}`)).body,
          role: { isMember: false, isAdmin: false },
          top: { rows: top.body, total: 3 },
          mine: null,
        });
      },
    },
    {
      name: 'a team that left is no longer a member',
      method: 'GET',
      path: (w) => home(w.league),
      as: 'cat',
      before: (w, app) => leave(app, w.league, w.cat),
      status: 200,
      expect: { role: { isMember: false, isAdmin: false }, mine: null },
    },
    { name: 'the admin', method: 'GET', path: (w) => home(w.league), as: 'ann', status: 200, expect: { role: { isMember: true, isAdmin: true } } },
    { name: 'unknown league', method: 'GET', path: home('lg_nope'), as: 'ann', status: 404, expect: { error: 'LEAGUE_NOT_FOUND' }, exact: true },
    { name: 'without a session', method: 'GET', path: (w) => home(w.league), as: 'anonymous', status: 401 },
  ]);

  it('writes nothing when no contract is due for its renewal price', async () => {
    const { app, world } = await homeWorld();
    try {
      const counted = await countStatements(() => read(app, world.ann, home(world.league)));
      expect(counted.count, 'the statements were seen').toBeGreaterThan(0);
      expect(counted.texts.filter((text) => /^(insert|update|delete|replace)\b/i.test(text))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
