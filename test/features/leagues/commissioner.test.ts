/**
 * The commissioner (issue 39 §5), one table per endpoint: the admin's changes until the
 * season's first day ends, and the removal of a team, with their refusals.
 */
import { describe, expect } from 'vitest';
import { scenarioTable } from '../../support/scenarios';
import { at, day, moveTo, rivals, type Rivals } from '../head-to-head/head-to-head-fixtures';
import { pushesWaiting, subscribePhone } from '../notifications/pushes-waiting';

const refused = (error: string) => ({ expect: { error }, exact: true });
const league = (w: Rivals) => `/api/v1/leagues/${w.league}`;
const removal = (team: 'ann' | 'bob' | 'cat') => (w: Rivals) => `/api/v1/leagues/${w.league}/teams/${w.teams[team]}/removal`;

describe('PATCH /api/v1/leagues/{id}', () => {
  scenarioTable<Rivals>(rivals, [
    {
      name: 'the admin changes every editable setting on the first day',
      method: 'PATCH',
      path: league,
      as: 'ann',
      body: { name: 'Grudge Match', icon: '🏆', visibility: 'private', invitePolicy: 'admin', roundDays: 3, playoffTeams: 2 },
      status: 200,
      expect: { title: 'Grudge Match', icon: '🏆', visibility: 'private', invitePolicy: 'admin', roundDays: 3, playoffTeams: 2, teamCount: 3 },
    },
    {
      name: 'a league made private gets an invitation code',
      method: 'GET',
      path: (w) => `${league(w)}/invite-code`,
      as: 'ann',
      before: async (w, app) => void (await app.call('PATCH', league(w), { as: w.ann, body: { visibility: 'private' } })),
      status: 200,
      expect: (res) => expect(res.body.code).toMatch(/\S{4,}/),
    },
    {
      name: 'a new round length re-cuts the rounds',
      method: 'GET',
      path: (w) => `${league(w)}/fixtures?round=2`,
      as: 'bob',
      before: async (w, app) => void (await app.call('PATCH', league(w), { as: w.ann, body: { roundDays: 1 } })),
      status: 200,
      expect: { round: 2, startDate: '2026-05-05', endDate: '2026-05-05' },
    },
    { name: 'playoffs the season is too short for', method: 'PATCH', path: league, as: 'ann', body: { roundDays: 7, playoffTeams: 4 }, status: 400, ...refused('LEAGUE_INVALID_FORMAT') },
    { name: 'playoffs outside 0/2/4/8', method: 'PATCH', path: league, as: 'ann', body: { playoffTeams: 3 }, status: 400, ...refused('LEAGUE_INVALID_FORMAT') },
    { name: 'a round length for a points league', method: 'PATCH', path: (w) => `/api/v1/leagues/${w.pointsLeague}`, as: 'ann', body: { roundDays: 3 }, status: 400, ...refused('LEAGUE_INVALID_FORMAT') },
    { name: 'a name out of bounds, as at founding', method: 'PATCH', path: league, as: 'ann', body: { name: 'x' }, status: 400, ...refused('LEAGUE_NAME_LENGTH') },
    { name: 'an unknown icon', method: 'PATCH', path: league, as: 'ann', body: { icon: 'nope' }, status: 400, ...refused('LEAGUE_UNKNOWN_ICON') },
    {
      name: 'once the first day has ended (round 1 fixed)',
      method: 'PATCH',
      path: league,
      as: 'ann',
      body: { name: 'Too Late Cup' },
      before: (w, app) => moveTo(app, at(day(2), '00:00:00'), [w.ann]),
      status: 409,
      ...refused('LEAGUE_STARTED'),
    },
    {
      name: 'a refused change writes nothing',
      method: 'GET',
      path: league,
      as: 'ann',
      before: async (w, app) => void (await app.call('PATCH', league(w), { as: w.ann, body: { name: 'Grudge Match', playoffTeams: 16 } })),
      status: 200,
      expect: { title: 'Rivals Cup', playoffTeams: 0 },
    },
    { name: 'a member who is not the admin', method: 'PATCH', path: league, as: 'bob', body: { name: 'Bob’s Cup' }, status: 403, ...refused('NOT_ADMIN') },
    { name: 'no such league', method: 'PATCH', path: '/api/v1/leagues/lg_nope', as: 'ann', body: { name: 'Nope Cup' }, status: 404, ...refused('LEAGUE_NOT_FOUND') },
  ]);
});

describe('POST /api/v1/leagues/{id}/teams/{teamId}/removal', () => {
  scenarioTable<Rivals>(rivals, [
    {
      name: 'the admin removes a team: it has left, the league counts one team fewer',
      method: 'POST',
      path: removal('bob'),
      as: 'ann',
      status: 200,
      expect: async (res, w) => {
        expect(res.body).toEqual({ leagueDeleted: false });
        expect((await w.app.call('GET', league(w), { as: w.ann })).body.teamCount).toBe(2);
        expect((await w.app.call('GET', `${league(w)}/my-team`, { as: w.bob })).body).toEqual({ error: 'NO_TEAM_IN_LEAGUE' });
      },
    },
    {
      name: 'its owner is told on their phone, and no one else is',
      method: 'POST',
      path: removal('bob'),
      as: 'ann',
      before: async (w, app) => {
        w.annPhone = await subscribePhone(app, w.ann);
        w.bobPhone = await subscribePhone(app, w.bob);
        w.catPhone = await subscribePhone(app, w.cat);
      },
      status: 200,
      expect: async (_res, w) =>
        expect(await pushesWaiting(w.app)).toEqual({
          [w.bobPhone as string]: ['Rivals Cup: The admin removed Bob United from Rivals Cup. Its points stay in the standings, and you cannot rejoin this league. (/leagues)'],
        }),
    },
    {
      name: 'the league’s activity says the admin removed it',
      method: 'GET',
      path: (w) => `${league(w)}/activity?limit=1`,
      as: 'cat',
      before: async (w, app) => void (await app.call('POST', removal('bob')(w), { as: w.ann })),
      status: 200,
      expect: (res, w) => expect(res.body.events).toEqual([expect.objectContaining({ kind: 'removal', team: { id: w.teams.bob, name: 'Bob United' }, nextSeason: null })]),
    },
    {
      name: 'its player cannot rejoin',
      method: 'POST',
      path: (w) => `${league(w)}/my-team`,
      as: 'bob',
      body: { name: 'Bob Returns' },
      before: async (w, app) => void (await app.call('POST', removal('bob')(w), { as: w.ann })),
      status: 403,
      ...refused('TEAM_REMOVED'),
    },
    {
      name: 'removed mid-round, it forfeits the round being played',
      method: 'GET',
      path: (w) => `${league(w)}/fixtures?round=1`,
      as: 'bob',
      before: async (w, app) => {
        await moveTo(app, at(day(2), '10:00:00'), [w.ann, w.bob]);
        await app.call('POST', removal('cat')(w), { as: w.ann });
      },
      status: 200,
      expect: (res) => expect(res.body.matchups[1]).toMatchObject({ home: { teamName: 'Bob United' }, away: { teamName: 'Cat Rovers' }, forfeitedBy: 'away' }),
    },
    {
      name: 'at any time, even after the league was closed',
      method: 'POST',
      path: removal('cat'),
      as: 'ann',
      before: async (w, app) => void (await app.call('POST', `${league(w)}/closure`, { as: w.ann })),
      status: 200,
      expect: { leagueDeleted: false },
    },
    {
      name: 'a team already gone',
      method: 'POST',
      path: removal('cat'),
      as: 'ann',
      before: async (w, app) => void (await app.call('POST', removal('cat')(w), { as: w.ann })),
      status: 409,
      ...refused('ALREADY_LEFT'),
    },
    { name: 'the admin’s own team (it leaves by my-departure)', method: 'POST', path: removal('ann'), as: 'ann', status: 400, ...refused('INVALID_REQUEST') },
    { name: 'a member who is not the admin', method: 'POST', path: removal('cat'), as: 'bob', status: 403, ...refused('NOT_ADMIN') },
    { name: 'a team of no such id in the league', method: 'POST', path: (w) => `${league(w)}/teams/tm_nope/removal`, as: 'ann', status: 404, ...refused('TEAM_NOT_FOUND') },
  ]);
});
