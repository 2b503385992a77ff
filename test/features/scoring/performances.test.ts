import { describe, expect } from 'vitest';
import { createTestApp, ENGINE_HEADERS, type TestPlayer } from '../../support/app';
import { buildLeague, buildTeam } from '../../support/builders';
import { scenarioTable } from '../../support/scenarios';


/** Alice has three scored days (ingested through the engine route); Bob has none. */
async function performanceWorld() {
  const app = await createTestApp({ now: '2026-05-10T12:00:00.000Z' });
  const alice = await app.player('alice');
  const bob = await app.player('bob');
  const stranger = await app.player('stranger');
  const { league, team: aliceTeam } = await buildLeague(app, alice, { startDate: '2026-05-01T00:00:00.000Z' });
  const bobTeam = await buildTeam(app, league, bob);
  const days: [string, number[], string][] = [
    ['2026-05-07', [4_000], '{"ST":"Alpha"}'],
    ['2026-05-09', [16_000], '{"GK":"Gamma"}'],
    ['2026-05-08', [8_000, 4_000], '{"LW":"Alpha","ST":"Beta"}'],
  ];
  for (const [date, articleViews, formationSnapshot] of days) {
    const result = await app.call('POST', '/internal/v1/performances', {
      headers: ENGINE_HEADERS,
      body: { date, results: [{ teamId: aliceTeam.id, articleViews, chemistryLevels: articleViews.length > 1 ? ['good'] : [], formationSnapshot }] },
    });
    expect(result.status).toBe(200);
  }
  const ghost: TestPlayer = { ...stranger, cookie: await app.cookieFor('nobody-we-know') };
  return { app, world: { alice, bob, stranger, ghost, league, aliceTeam, bobTeam } };
}
type World = Awaited<ReturnType<typeof performanceWorld>>['world'];

const day9 = (w: World) => ({ teamId: w.aliceTeam.id, date: '2026-05-09', points: 3, formation: { GK: 'Gamma' } });
const day8 = (w: World) => ({ teamId: w.aliceTeam.id, date: '2026-05-08', points: 3.5, formation: { LW: 'Alpha', ST: 'Beta' } });
const day7 = (w: World) => ({ teamId: w.aliceTeam.id, date: '2026-05-07', points: 1, formation: { ST: 'Alpha' } });

describe('GET /api/v1/leagues/{id}/my-performances', () => {
  const path = (query = '') => (w: World) => `/api/v1/leagues/${w.league.id}/my-performances${query}`;
  // the interface's fields; the `breakdown` addition has rows of its own below
  const interfaceFields = ({ teamId, date, points, formation }: Record<string, unknown>) => ({ teamId, date, points, formation });
  const expectDays = (...days: ((w: World) => unknown)[]) => (result: { body: Record<string, unknown>[] }, w: World) =>
    expect(result.body.map(interfaceFields)).toEqual(days.map((d) => d(w)));
  scenarioTable<World>(performanceWorld, [
    { name: 'default: the two most recent days, newest first, with the formation that scored', method: 'GET', path: path(), as: 'alice', status: 200, expect: expectDays(day9, day8) },
    { name: 'limit=1', method: 'GET', path: path('?limit=1'), as: 'alice', status: 200, expect: expectDays(day9) },
    { name: 'limit above the count returns every day', method: 'GET', path: path('?limit=30'), as: 'alice', status: 200, expect: expectDays(day9, day8, day7) },
    { name: 'limit=0 is floored at 1', method: 'GET', path: path('?limit=0'), as: 'alice', status: 200, expect: expectDays(day9) },
    { name: 'a negative limit is floored at 1', method: 'GET', path: path('?limit=-4'), as: 'alice', status: 200, expect: expectDays(day9) },
    { name: 'a non-numeric limit means the default', method: 'GET', path: path('?limit=abc'), as: 'alice', status: 200, expect: expectDays(day9, day8) },
    { name: 'an empty limit means the default', method: 'GET', path: path('?limit='), as: 'alice', status: 200, expect: expectDays(day9, day8) },
    { name: 'an enormous limit returns every day', method: 'GET', path: path('?limit=1e30'), as: 'alice', status: 200, expect: expectDays(day9, day8, day7) },
    { name: 'a limit past the range of a double still means every day', method: 'GET', path: path('?limit=1e400'), as: 'alice', status: 200, expect: expectDays(day9, day8, day7) },
    { name: 'a limit of minus infinity is floored at 1', method: 'GET', path: path('?limit=-1e400'), as: 'alice', status: 200, expect: expectDays(day9) },
    { name: 'a limit with trailing junk is non-numeric: the default', method: 'GET', path: path('?limit=3days'), as: 'alice', status: 200, expect: expectDays(day9, day8) },
    { name: 'a fractional limit is floored', method: 'GET', path: path('?limit=2.9'), as: 'alice', status: 200, expect: expectDays(day9, day8) },
    {
      name: 'each day says what scored it: every placed article with its views and points, every chemistry link',
      method: 'GET',
      path: path('?limit=2'),
      as: 'alice',
      status: 200,
      expect: (result) => {
        // 2026-05-08: LW Alpha 8,000 views → 2, ST Beta 4,000 → 1, LW–ST good → 0.5
        expect(result.body[1].breakdown).toEqual({
          articles: [
            { position: 'LW', articleId: 'Alpha', views: 8_000, points: 2 },
            { position: 'ST', articleId: 'Beta', views: 4_000, points: 1 },
          ],
          links: [{ from: 'LW', to: 'ST', level: 'good', points: 0.5 }],
          synergy: 0.5,
          total: 3.5,
        });
        expect(result.body[0].breakdown).toEqual({ articles: [{ position: 'GK', articleId: 'Gamma', views: 16_000, points: 3 }], links: [], synergy: 0, total: 3 });
      },
    },
    {
      name: 'a day names the links of the schema that stood at its end, not of a later line-up',
      method: 'GET',
      path: path('?limit=2'),
      as: 'alice',
      // saved after the scored days: 4-4-2 has no LW, so reading it for 2026-05-08 would name no link
      before: async (w, app) => {
        const save = await app.call('PUT', `/api/v1/leagues/${w.league.id}/lineup`, { as: w.alice, body: { formation: { date: 'x', schema: '4-4-2', formation: {} } } });
        expect(save.status).toBe(200);
      },
      status: 200,
      expect: (result) => expect(result.body[1].breakdown.links).toEqual([{ from: 'LW', to: 'ST', level: 'good', points: 0.5 }]),
    },
    { name: 'a team never scored has none', method: 'GET', path: path(), as: 'bob', status: 200, exact: true, expect: [] },
    { name: 'caller has no team in the league', method: 'GET', path: path(), as: 'stranger', status: 404, expect: { error: 'NO_TEAM_IN_LEAGUE' } },
    { name: 'unknown league', method: 'GET', path: '/api/v1/leagues/lg_nope/my-performances', as: 'alice', status: 404, expect: { error: 'NO_TEAM_IN_LEAGUE' } },
    { name: 'anonymous caller', method: 'GET', path: path(), as: 'anonymous', status: 401, expect: { error: 'UNAUTHORIZED' } },
    { name: 'session names an unknown player', method: 'GET', path: path(), as: 'ghost', status: 404, expect: { error: 'PLAYER_NOT_FOUND' } },
  ]);
});
