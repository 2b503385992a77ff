/**
 * Playoffs (issue 39 §2), one table per endpoint: founding with `playoffTeams`, and the
 * playoff rounds' fixtures: seeding for 2, 4 and 8 teams from the table after the regular
 * rounds, byes, the draw rule and the bracket's progress.
 */
import { describe, expect } from 'vitest';
import { createTestApp } from '../../support/app';
import { scenarioTable } from '../../support/scenarios';
import { found, FOUNDED, foundingBody, leave } from './head-to-head-fixtures';
import { type Playoffs, playoffs, scoreDays, worldPoints } from './playoff-fixtures';

const refused = (error: string) => ({ expect: { error }, exact: true });
const pairs = (body: any) => body.matchups.map((m: any) => [m.home.teamName, m.away.teamName]);
const fixtures = (league: 'p2' | 'p4' | 'p8' | 'short', round: number) => (w: Playoffs) => `/api/v1/leagues/${w[league].id}/fixtures?round=${round}`;

describe('POST /api/v1/leagues (playoffTeams)', () => {
  const world = async () => {
    const app = await createTestApp({ now: FOUNDED });
    return { app, world: { app, ann: await app.player('ann'), league: '' } };
  };
  type W = Awaited<ReturnType<typeof world>>['world'];
  const post = (overrides: Record<string, unknown>) => ({ method: 'POST', path: '/api/v1/leagues', as: 'ann', body: foundingBody(overrides) });
  scenarioTable<W>(world, [
    { name: 'no playoffTeams: none, shown as 0', ...post({}), status: 201, expect: { playoffTeams: 0, previousSeasonId: null } },
    ...[2, 4, 8].map((playoffTeams) => ({ name: `playoffTeams ${playoffTeams} is offered`, ...post({ playoffTeams }), status: 201, expect: { playoffTeams } })),
    ...[1, 3, 6, 16, '4', 2.5, null, -2].map((playoffTeams) => ({
      name: `playoffTeams ${JSON.stringify(playoffTeams)} is refused`,
      ...post({ playoffTeams }),
      status: 400,
      ...refused('LEAGUE_INVALID_FORMAT'),
    })),
    { name: 'playoffs on a points league are refused', ...post({ format: 'points', roundDays: undefined, playoffTeams: 2 }), status: 400, ...refused('LEAGUE_INVALID_FORMAT') },
    { name: 'a points league may say 0', ...post({ format: 'points', roundDays: undefined, playoffTeams: 0 }), status: 201, expect: { format: 'points', playoffTeams: 0 } },
    { name: 'a season too short for a regular round before the playoffs is refused (2 weeks of 7-day rounds, 4 teams)', ...post({ roundDays: 7, playoffTeams: 4 }), status: 400, ...refused('LEAGUE_INVALID_FORMAT') },
    { name: 'one regular round before the final is enough (2 weeks of 7-day rounds, 2 teams)', ...post({ roundDays: 7, playoffTeams: 2 }), status: 201, expect: { roundDays: 7, playoffTeams: 2 } },
    {
      name: 'kept for the league (read by id)',
      method: 'GET',
      path: (w) => `/api/v1/leagues/${w.league}`,
      as: 'ann',
      before: async (w, app) => void (w.league = await found(app, w.ann, { playoffTeams: 8 })),
      status: 200,
      expect: { playoffTeams: 8 },
    },
  ]);
});

describe('GET /api/v1/leagues/{id}/fixtures (playoffs)', () => {
  scenarioTable<Playoffs>(playoffs, [
    {
      name: 'a regular round of a playoff league says regular',
      method: 'GET',
      path: fixtures('p8', 4),
      as: 'ann',
      status: 200,
      expect: { round: 4, stage: 'regular', status: 'final' },
    },
    {
      name: '8 teams: the quarter-finals pair 1 v 8, 4 v 5, 2 v 7, 3 v 6 by the table, the higher seed at home',
      method: 'GET',
      path: fixtures('p8', 5),
      as: 'hal',
      before: (w, app) => scoreDays(app, w, 9, 9),
      status: 200,
      expect: (res) => {
        expect(res.body).toMatchObject({ round: 5, stage: 'quarter-final', startDate: '2026-05-12', endDate: '2026-05-13' });
        expect(pairs(res.body)).toEqual([
          ['Ann FC', 'Hal Albion'],
          ['Dan Athletic', 'Eve Wanderers'],
          ['Bob United', 'Gus Town'],
          ['Cat Rovers', 'Fay City'],
        ]);
      },
    },
    {
      name: '4 teams: the semi-finals pair 1 v 4 and 2 v 3 by the table after the regular rounds, not the join order',
      method: 'GET',
      path: fixtures('p4', 6),
      as: 'ann',
      before: (w, app) => scoreDays(app, w, 9, 11),
      status: 200,
      expect: (res) => {
        expect(res.body).toMatchObject({ round: 6, stage: 'semi-final', startDate: '2026-05-14' });
        expect(pairs(res.body)).toEqual([
          ['Dan Athletic', 'Ann FC'],
          ['Cat Rovers', 'Bob United'],
        ]);
      },
    },
    {
      name: '2 teams: the final is the table’s first against its second; the third plays no more',
      method: 'GET',
      path: fixtures('p2', 7),
      as: 'cat',
      before: (w, app) => scoreDays(app, w, 9, 13),
      status: 200,
      expect: (res) => {
        expect(res.body).toMatchObject({ round: 7, stage: 'final' });
        expect(pairs(res.body)).toEqual([['Ann FC', 'Bob United']]);
      },
    },
    {
      name: 'fewer teams than places: the top seed goes through on a bye, 2 v 3 play',
      method: 'GET',
      path: fixtures('short', 6),
      as: 'ann',
      before: (w, app) => scoreDays(app, w, 9, 11),
      status: 200,
      expect: (res) => expect(pairs(res.body)).toEqual([['Bob United', 'Cat Rovers']]),
    },
    {
      name: '… and meets the semi-final’s winner in the final',
      method: 'GET',
      path: fixtures('short', 7),
      as: 'ann',
      before: (w, app) => scoreDays(app, w, 9, 13),
      status: 200,
      expect: (res) => expect(pairs(res.body)).toEqual([['Ann FC', 'Bob United']]),
    },
    {
      name: 'the winners advance: 8 beats 1 … the semi-finals are 4 v 8 (the higher seed at home) and 2 v 3',
      method: 'GET',
      path: fixtures('p8', 6),
      as: 'ann',
      before: (w, app) => scoreDays(app, w, 9, 11, { ...worldPoints(w), [w.p8.teams.hal!]: 20 }),
      status: 200,
      expect: (res) => {
        expect(res.body).toMatchObject({ round: 6, stage: 'semi-final' });
        expect(pairs(res.body)).toEqual([
          ['Dan Athletic', 'Hal Albion'],
          ['Bob United', 'Cat Rovers'],
        ]);
      },
    },
    {
      name: 'a drawn semi-final answers draw …',
      method: 'GET',
      path: fixtures('p4', 6),
      as: 'ann',
      before: async (w, app) => {
        await scoreDays(app, w, 9, 10);
        await scoreDays(app, w, 11, 12, { ...worldPoints(w), [w.p4.teams.ann!]: 10 });
      },
      status: 200,
      expect: (res) => expect(res.body.matchups.map((m: any) => m.result)).toEqual(['draw', 'home']),
    },
    {
      name: '… and the higher seed goes through to the final',
      method: 'GET',
      path: fixtures('p4', 7),
      as: 'ann',
      before: async (w, app) => {
        await scoreDays(app, w, 9, 10);
        await scoreDays(app, w, 11, 13, { ...worldPoints(w), [w.p4.teams.ann!]: 10 });
      },
      status: 200,
      expect: (res) => {
        expect(res.body).toMatchObject({ round: 7, stage: 'final' });
        expect(pairs(res.body)).toEqual([['Dan Athletic', 'Cat Rovers']]);
      },
    },
    {
      name: 'the table counts the regular rounds only: playoff matchups add nothing to it',
      method: 'GET',
      path: (w) => `/api/v1/leagues/${w.p4.id}/head-to-head`,
      as: 'ann',
      before: (w, app) => scoreDays(app, w, 9, 14),
      status: 200,
      expect: (res) => expect(res.body.map((row: any) => [row.teamName, row.played])).toEqual([
        ['Dan Athletic', 5],
        ['Cat Rovers', 5],
        ['Bob United', 5],
        ['Ann FC', 5],
      ]),
    },
    {
      name: 'a team gone before the playoffs is passed over: seven seeds, the top one on a bye',
      method: 'GET',
      path: fixtures('p8', 5),
      as: 'ann',
      before: async (w, app) => {
        await leave(app, w.p8.id, w.dan);
        await scoreDays(app, w, 9, 9);
      },
      status: 200,
      expect: (res) =>
        expect(pairs(res.body)).toEqual([
          ['Eve Wanderers', 'Fay City'],
          ['Bob United', 'Hal Albion'],
          ['Cat Rovers', 'Gus Town'],
        ]),
    },
  ]);
});
