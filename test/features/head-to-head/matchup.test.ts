/**
 * The matchup (issue 39 §1): one team's matchup of a round, both sides with their scored
 * days and line-ups, the league average without one; with every refusal.
 */
import { describe, expect } from 'vitest';
import { ENGINE_HEADERS, type TestApp } from '../../support/app';
import { buildContract } from '../../support/builders';
import { scenarioTable } from '../../support/scenarios';
import { findTeam } from '../../../src/features/leagues/store';
import { at, day, join, moveTo, rivals, type Rivals, score, viewsFor } from './head-to-head-fixtures';

const refused = (error: string) => ({ expect: { error }, exact: true });
const matchup = (query = '', league: keyof Rivals = 'league') => (w: Rivals) => `/api/v1/leagues/${w[league] as string}/matchup${query}`;

/** Round 1 (4 and 5 May) scored per day: Ann 1, Bob 2, Cat 3, read on the morning of day 3. */
async function roundOneScored(w: Rivals, app: TestApp) {
  await moveTo(app, at(day(3), '06:00:00'), [w.ann, w.bob, w.cat, w.dan, w.outsider]);
  await score(app, day(1), { [w.teams.ann]: 1, [w.teams.bob]: 2, [w.teams.cat]: 3 });
  await score(app, day(2), { [w.teams.ann]: 1, [w.teams.bob]: 4, [w.teams.cat]: 3 });
}

/** Ann fields "Alpha" at ST, then her days score through it (3 points on day 1, 5 on day 2); Bob 2 and 4, Cat 3 and 3. */
async function annFieldsAlpha(w: Rivals, app: TestApp) {
  const team = (await findTeam(app.ctx.db, w.teams.ann))!;
  const contract = await buildContract(app, team, { articleId: 'Alpha' });
  const saved = await app.call('PUT', `/api/v1/leagues/${w.league}/lineup`, {
    as: w.ann,
    body: { formation: { date: at(day(1)), schema: '4-3-3', formation: { ST: { id: contract.id } }, chemistry: [] }, bench: [] },
  });
  if (saved.status !== 200) throw new Error(`line-up answered ${saved.status} ${saved.text}`);
  await moveTo(app, at(day(3), '06:00:00'), [w.ann, w.bob, w.cat, w.dan, w.outsider]);
  for (const [date, ann, bob] of [[day(1), 3, 2], [day(2), 5, 4]] as const) {
    const results = [
      { teamId: w.teams.ann, articleViews: [viewsFor(ann)], chemistryLevels: [], formationSnapshot: JSON.stringify({ ST: 'Alpha' }) },
      { teamId: w.teams.bob, articleViews: [viewsFor(bob)], chemistryLevels: [], formationSnapshot: '{}' },
      { teamId: w.teams.cat, articleViews: [viewsFor(3)], chemistryLevels: [], formationSnapshot: '{}' },
    ];
    const res = await app.call('POST', '/internal/v1/performances', { headers: ENGINE_HEADERS, body: { date, results } });
    if (res.status !== 200) throw new Error(`ingest answered ${res.status} ${res.text}`);
  }
}

describe('GET /api/v1/leagues/{id}/matchup', () => {
  scenarioTable<Rivals>(rivals, [
    {
      name: 'the caller’s matchup of the current round by default: both sides, their days, result once final',
      method: 'GET',
      path: matchup(),
      as: 'bob',
      before: roundOneScored,
      status: 200,
      expect: (res, w) =>
        expect(res.body).toEqual({
          round: 2,
          status: 'live',
          startDate: '2026-05-06',
          endDate: '2026-05-07',
          home: { teamId: w.teams.bob, teamName: 'Bob United', points: 0, days: [], lineup: [] },
          away: { teamId: null, teamName: 'League average', points: 0, days: [], lineup: null },
          result: null,
        }),
    },
    {
      name: 'a final round by number: each side’s points, its days oldest first, and the result',
      method: 'GET',
      path: matchup('?round=1'),
      as: 'bob',
      before: roundOneScored,
      status: 200,
      expect: (res, w) =>
        expect(res.body).toEqual({
          round: 1,
          status: 'final',
          startDate: '2026-05-04',
          endDate: '2026-05-05',
          home: {
            teamId: w.teams.bob,
            teamName: 'Bob United',
            points: 6,
            days: [
              { date: '2026-05-04', points: 2 },
              { date: '2026-05-05', points: 4 },
            ],
            lineup: [],
          },
          away: {
            teamId: w.teams.cat,
            teamName: 'Cat Rovers',
            points: 6,
            days: [
              { date: '2026-05-04', points: 3 },
              { date: '2026-05-05', points: 3 },
            ],
            lineup: [],
          },
          result: 'draw',
        }),
    },
    {
      name: 'another team’s matchup by ?team=',
      method: 'GET',
      path: (w) => `/api/v1/leagues/${w.league}/matchup?round=1&team=${w.teams.cat}`,
      as: 'ann',
      before: roundOneScored,
      status: 200,
      expect: (res) => expect([res.body.home.teamName, res.body.away.teamName]).toEqual(['Bob United', 'Cat Rovers']),
    },
    {
      name: 'a fielded line-up with what each article scored; the league average has no line-up and the others’ mean per day',
      method: 'GET',
      path: matchup('?round=1'),
      as: 'ann',
      before: annFieldsAlpha,
      status: 200,
      expect: (res, w) =>
        expect(res.body).toMatchObject({
          status: 'final',
          home: {
            teamId: w.teams.ann,
            points: 8,
            days: [
              { date: '2026-05-04', points: 3 },
              { date: '2026-05-05', points: 5 },
            ],
            lineup: [{ position: 'ST', articleId: 'Alpha', title: 'Alpha', points: 8 }],
          },
          away: {
            teamId: null,
            teamName: 'League average',
            points: 6,
            days: [
              { date: '2026-05-04', points: 2.5 },
              { date: '2026-05-05', points: 3.5 },
            ],
            lineup: null,
          },
          result: 'home',
        }),
    },
    {
      name: 'live: one day scored, the points so far, no result',
      method: 'GET',
      path: matchup('?round=1'),
      as: 'cat',
      before: async (w, app) => {
        await moveTo(app, at(day(2), '06:00:00'), [w.cat]);
        await score(app, day(1), { [w.teams.ann]: 1, [w.teams.bob]: 2, [w.teams.cat]: 3 });
      },
      status: 200,
      expect: { status: 'live', home: { points: 2, days: [{ date: '2026-05-04', points: 2 }] }, away: { points: 3 }, result: null },
    },
    {
      name: 'a team with no matchup in the round (joined after it was fixed)',
      method: 'GET',
      path: matchup('?round=1'),
      as: 'dan',
      before: async (w, app) => {
        await moveTo(app, at(day(2), '10:00:00'), [w.dan]);
        await join(app, w.league, w.dan, 'Dan Athletic');
      },
      status: 404,
      ...refused('MATCHUP_NOT_FOUND'),
    },
    { name: 'a non-member', method: 'GET', path: matchup(), as: 'outsider', status: 404, ...refused('NO_TEAM_IN_LEAGUE') },
    { name: 'a round outside the season', method: 'GET', path: matchup('?round=8'), as: 'ann', status: 404, ...refused('ROUND_NOT_FOUND') },
    { name: 'a round that is not a number', method: 'GET', path: matchup('?round=first'), as: 'ann', status: 400, ...refused('INVALID_REQUEST') },
    { name: 'a team of another league', method: 'GET', path: (w) => `/api/v1/leagues/${w.league}/matchup?team=nope`, as: 'ann', status: 404, ...refused('TEAM_NOT_FOUND') },
    { name: 'a points league', method: 'GET', path: matchup('', 'pointsLeague'), as: 'bob', status: 409, ...refused('LEAGUE_NOT_HEAD_TO_HEAD') },
  ]);
});
