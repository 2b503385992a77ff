/**
 * Seasons (issue 39 §3–4), one table per endpoint: the next season, the chain's history and
 * the all-time rivalries over three seasons with a departure, and the champion's trophy in
 * the next season's tables.
 */
import { describe, expect } from 'vitest';
import { scenarioTable } from '../../support/scenarios';
import { found } from '../head-to-head/head-to-head-fixtures';
import { pushesWaiting, subscribePhone } from '../notifications/pushes-waiting';
import { nextSeason, type Seasons, seasonOne, threeSeasons } from './seasons-fixtures';

const refused = (error: string) => ({ expect: { error }, exact: true });
const of = (key: 's1' | 's2' | 's3', tail: string) => (w: Seasons) => `/api/v1/leagues/${w[key]}/${tail}`;

describe('POST /api/v1/leagues/{id}/next-season', () => {
  scenarioTable<Seasons>(seasonOne, [
    {
      name: 'once the season has ended: a new league with the same settings, the next season’s name and every team',
      method: 'POST',
      path: of('s1', 'next-season'),
      as: 'ann',
      status: 201,
      expect: (res, w) => {
        expect(res.body).toMatchObject({
          title: 'Rivals Cup — Season 2',
          icon: '⚔️',
          domain: 'en',
          visibility: 'public',
          invitePolicy: 'members',
          format: 'head-to-head',
          roundDays: 7,
          playoffTeams: 2,
          previousSeasonId: w.s1,
          teamCount: 3,
          closedAt: null,
        });
        expect(Date.parse(res.body.endDate) - Date.parse(res.body.startDate)).toBe(14 * 86_400_000);
      },
    },
    {
      name: 'the new season’s teams: the same names and players, starting credits, no contracts',
      method: 'GET',
      path: (w) => `/api/v1/leagues/${w.s2}/leaderboard`,
      as: 'bob',
      before: async (w, app) => void (w.s2 = await nextSeason(app, w.s1, w.ann)),
      status: 200,
      expect: (res, w) => {
        expect(res.body.map((e: any) => [e.team.name, e.team.player.id, e.team.credits]).sort()).toEqual(
          [
            ['Ann FC', w.ann.id, 1000],
            ['Bob United', w.bob.id, 1000],
            ['Cat Rovers', w.cat.id, 1000],
          ].sort(),
        );
      },
    },
    {
      name: 'every member with a phone subscribed is told, by a push that opens the new league; no one else is',
      method: 'POST',
      path: of('s1', 'next-season'),
      as: 'ann',
      before: async (w, app) => {
        w.bobPhone = await subscribePhone(app, w.bob);
        w.catPhone = await subscribePhone(app, w.cat);
        w.outsiderPhone = await subscribePhone(app, w.outsider);
        // no push choice turns off news of the player's own team
        await app.call('PUT', '/api/v1/me/push-preferences', { as: w.cat, body: { morningResult: false, contractExpiring: false, roundResult: false } });
      },
      status: 201,
      expect: async (res, w) => {
        const told = `Rivals Cup — Season 2: Rivals Cup — Season 2 has started: your team is in it, with fresh credits. (/leagues/${res.body.id})`;
        expect(await pushesWaiting(w.app)).toEqual({ [w.bobPhone as string]: [told], [w.catPhone as string]: [told] });
      },
    },
    {
      name: 'the ended season’s activity says the new one has started, naming its league',
      method: 'GET',
      path: of('s1', 'activity?limit=1'),
      as: 'cat',
      before: async (w, app) => void (w.s2 = await nextSeason(app, w.s1, w.ann)),
      status: 200,
      expect: (res, w) =>
        expect(res.body.events).toEqual([
          expect.objectContaining({ kind: 'season-started', team: null, nextSeason: { leagueId: w.s2, name: 'Rivals Cup — Season 2', season: 2 } }),
        ]),
    },
    {
      name: 'a second time is refused',
      method: 'POST',
      path: of('s1', 'next-season'),
      as: 'ann',
      before: async (w, app) => void (await nextSeason(app, w.s1, w.ann)),
      status: 409,
      ...refused('NEXT_SEASON_EXISTS'),
    },
    {
      name: 'before the season is over',
      method: 'POST',
      path: (w) => `/api/v1/leagues/${w.s2}/next-season`,
      as: 'ann',
      before: async (w, app) => void (w.s2 = await found(app, w.ann, { name: 'Fresh Cup' })),
      status: 409,
      ...refused('SEASON_NOT_OVER'),
    },
    {
      name: 'a league closed early may go on to its next season',
      method: 'POST',
      path: (w) => `/api/v1/leagues/${w.s2}/next-season`,
      as: 'ann',
      before: async (w, app) => {
        w.s2 = await found(app, w.ann, { name: 'Fresh Cup' });
        await app.call('POST', `/api/v1/leagues/${w.s2}/closure`, { as: w.ann });
      },
      status: 201,
      expect: { title: 'Fresh Cup — Season 2', teamCount: 1 },
    },
    { name: 'a member who is not the admin', method: 'POST', path: of('s1', 'next-season'), as: 'bob', status: 403, ...refused('NOT_ADMIN') },
    { name: 'no such league', method: 'POST', path: '/api/v1/leagues/lg_nope/next-season', as: 'ann', status: 404, ...refused('LEAGUE_NOT_FOUND') },
  ]);
});

const placed = (w: Seasons, name: 'ann' | 'bob' | 'cat') => ({ teamName: { ann: 'Ann FC', bob: 'Bob United', cat: 'Cat Rovers' }[name], playerId: w[name].id });

describe('GET /api/v1/leagues/{id}/history', () => {
  const history = (w: Seasons) => [
    { leagueId: w.s1, season: 1, champion: placed(w, 'ann'), podium: [{ place: 1, ...placed(w, 'ann') }, { place: 2, ...placed(w, 'bob') }, { place: 3, ...placed(w, 'cat') }] },
    { leagueId: w.s2, season: 2, champion: placed(w, 'bob'), podium: [{ place: 1, ...placed(w, 'bob') }, { place: 2, ...placed(w, 'ann') }, { place: 3, ...placed(w, 'cat') }] },
    { leagueId: w.s3, season: 3, champion: null, podium: [] },
  ];
  scenarioTable<Seasons>(threeSeasons, [
    {
      name: 'every season oldest first: the final’s winner, the table’s first of a season closed before its final, none yet for the one under way',
      method: 'GET',
      path: of('s3', 'history'),
      as: 'ann',
      status: 200,
      expect: (res, w) => expect(res.body).toMatchObject(history(w)),
    },
    { name: 'the same read from the first season', method: 'GET', path: of('s1', 'history'), as: 'bob', status: 200, expect: (res, w) => expect(res.body).toMatchObject(history(w)) },
    { name: 'a player who left in season 2 still reads it', method: 'GET', path: of('s3', 'history'), as: 'cat', status: 200, expect: (res) => expect(res.body).toHaveLength(3) },
    { name: 'a player of no season of the chain', method: 'GET', path: of('s3', 'history'), as: 'outsider', status: 404, ...refused('NO_TEAM_IN_LEAGUE') },
    { name: 'no such league', method: 'GET', path: '/api/v1/leagues/lg_nope/history', as: 'ann', status: 404, ...refused('LEAGUE_NOT_FOUND') },
  ]);
});

describe('GET /api/v1/leagues/{id}/rivalries', () => {
  scenarioTable<Seasons>(threeSeasons, [
    {
      name: 'the caller against each friend over every season: a win in season 1’s final, a loss in season 2',
      method: 'GET',
      path: of('s3', 'rivalries'),
      as: 'ann',
      status: 200,
      expect: (res, w) => expect(res.body).toEqual([{ playerA: w.ann.id, playerB: w.bob.id, won: 1, drawn: 0, lost: 1, pointsFor: 28, pointsAgainst: 35 }]),
    },
    {
      name: 'from the other side, the most-played rivalry first; the league average is nobody’s rival',
      method: 'GET',
      path: of('s1', 'rivalries'),
      as: 'bob',
      status: 200,
      expect: (res, w) =>
        expect(res.body).toEqual([
          { playerA: w.bob.id, playerB: w.ann.id, won: 1, drawn: 0, lost: 1, pointsFor: 35, pointsAgainst: 28 },
          { playerA: w.bob.id, playerB: w.cat.id, won: 1, drawn: 0, lost: 0, pointsFor: 14, pointsAgainst: 7 },
        ]),
    },
    { name: 'a player of no season of the chain', method: 'GET', path: of('s2', 'rivalries'), as: 'outsider', status: 404, ...refused('NO_TEAM_IN_LEAGUE') },
  ]);
});

describe('GET /api/v1/leagues/{id}/head-to-head (the trophy)', () => {
  scenarioTable<Seasons>(threeSeasons, [
    {
      name: 'the previous season’s champion carries the trophy in the next season’s table',
      method: 'GET',
      path: of('s3', 'head-to-head'),
      as: 'ann',
      status: 200,
      expect: (res) => expect(res.body.map((row: any) => [row.teamName, row.champion]).sort()).toEqual([['Ann FC', false], ['Bob United', true]]),
    },
    {
      name: 'season 2’s table: season 1’s champion',
      method: 'GET',
      path: of('s2', 'head-to-head'),
      as: 'ann',
      status: 200,
      expect: (res) => expect(res.body.filter((row: any) => row.champion).map((row: any) => row.teamName)).toEqual(['Ann FC']),
    },
    {
      name: 'a first season has no trophy',
      method: 'GET',
      path: of('s1', 'head-to-head'),
      as: 'ann',
      status: 200,
      expect: (res) => expect(res.body.some((row: any) => row.champion)).toBe(false),
    },
    {
      name: 'the standings carry it too',
      method: 'GET',
      path: of('s3', 'leaderboard'),
      as: 'bob',
      status: 200,
      expect: (res) => expect(res.body.filter((e: any) => e.champion).map((e: any) => e.team.name)).toEqual(['Bob United']),
    },
  ]);
});
