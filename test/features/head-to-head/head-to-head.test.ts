/**
 * Head-to-head leagues (issue 24 §1), one table per endpoint: founding with a format, a
 * round's fixtures (pairings over a season, joins and departures mid-round, live and final,
 * re-sent days) and the table, with every refusal.
 */
import { describe, expect } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app';
import { scenarioTable } from '../../support/scenarios';
import { at, day, found, FOUNDED, foundingBody, join, leave, moveTo, rivals, type Rivals, score } from './head-to-head-fixtures';

const refused = (error: string) => ({ expect: { error }, exact: true });
const fixtures = (round?: number | string, league: keyof Rivals = 'league') => (w: Rivals) =>
  `/api/v1/leagues/${w[league] as string}/fixtures${round === undefined ? '' : `?round=${round}`}`;
const table = (league: keyof Rivals = 'league') => (w: Rivals) => `/api/v1/leagues/${w[league] as string}/head-to-head`;

const side = (teamId: string | null, teamName: string, points: number) => ({ teamId, teamName, points });
const average = (points: number) => side(null, 'League average', points);

/** Scores both days of round 1 (4 and 5 May): per day Ann 1, Bob 2, Cat 3, read on the morning of day 3. */
async function roundOneScored(w: Rivals, app: TestApp, points = { ann: 1, bob: 2, cat: 3 }) {
  await moveTo(app, at(day(3), '06:00:00'), [w.ann, w.bob, w.cat, w.dan, w.outsider]);
  for (const d of [day(1), day(2)]) await score(app, d, { [w.teams.ann]: points.ann, [w.teams.bob]: points.bob, [w.teams.cat]: points.cat });
}

describe('POST /api/v1/leagues (format)', () => {
  const world = async () => {
    const app = await createTestApp({ now: FOUNDED });
    return { app, world: { app, ann: await app.player('ann') } };
  };
  type W = Awaited<ReturnType<typeof world>>['world'];
  const body = (overrides: Record<string, unknown>) => foundingBody(overrides);
  scenarioTable<W>(world, [
    { name: 'head-to-head with 3-day rounds', method: 'POST', path: '/api/v1/leagues', as: 'ann', body: body({ roundDays: 3 }), status: 201, expect: { format: 'head-to-head', roundDays: 3 } },
    { name: 'head-to-head rounds default to 7 days', method: 'POST', path: '/api/v1/leagues', as: 'ann', body: body({ roundDays: undefined }), status: 201, expect: { format: 'head-to-head', roundDays: 7 } },
    ...[1, 2, 7].map((roundDays) => ({ name: `roundDays ${roundDays} is offered`, method: 'POST', path: '/api/v1/leagues', as: 'ann', body: body({ roundDays }), status: 201, expect: { roundDays } })),
    { name: 'no format is a points league, roundDays null', method: 'POST', path: '/api/v1/leagues', as: 'ann', body: body({ format: undefined, roundDays: undefined }), status: 201, expect: { format: 'points', roundDays: null } },
    { name: 'format points said outright', method: 'POST', path: '/api/v1/leagues', as: 'ann', body: body({ format: 'points', roundDays: undefined }), status: 201, expect: { format: 'points', roundDays: null } },
    { name: 'roundDays on a points league', method: 'POST', path: '/api/v1/leagues', as: 'ann', body: body({ format: 'points', roundDays: 7 }), status: 400, ...refused('LEAGUE_INVALID_FORMAT') },
    { name: 'roundDays without a format (points by default)', method: 'POST', path: '/api/v1/leagues', as: 'ann', body: body({ format: undefined, roundDays: 7 }), status: 400, ...refused('LEAGUE_INVALID_FORMAT') },
    ...[0, 4, 5, 14, '7', 2.5, null].map((roundDays) => ({
      name: `roundDays ${JSON.stringify(roundDays)} is refused`,
      method: 'POST',
      path: '/api/v1/leagues',
      as: 'ann',
      body: body({ roundDays }),
      status: 400,
      ...refused('LEAGUE_INVALID_FORMAT'),
    })),
    { name: 'an unknown format', method: 'POST', path: '/api/v1/leagues', as: 'ann', body: body({ format: 'knockout' }), status: 400, ...refused('LEAGUE_INVALID_FORMAT') },
    { name: 'the §6.2 fields are judged first: a bad team name wins over a bad format', method: 'POST', path: '/api/v1/leagues', as: 'ann', body: body({ teamName: 'x', format: 'knockout' }), status: 400, ...refused('TEAM_NAME_LENGTH') },
    {
      name: 'a refused format writes nothing',
      method: 'GET',
      path: '/api/v1/leagues',
      as: 'ann',
      before: async (w, app) => void (await app.call('POST', '/api/v1/leagues', { as: w.ann, body: body({ roundDays: 5 }) })),
      status: 200,
      expect: [],
      exact: true,
    },
    {
      name: 'the league answer keeps both for life (read by id)',
      method: 'GET',
      path: '/api/v1/leagues',
      as: 'ann',
      before: async (w, app) => void (await found(app, w.ann, { roundDays: 1 })),
      status: 200,
      expect: [{ format: 'head-to-head', roundDays: 1 }],
    },
  ]);
});

describe('GET /api/v1/leagues/{id}/fixtures', () => {
  scenarioTable<Rivals>(rivals, [
    {
      name: 'the current round while its first day runs: the pairings as they stand, the odd team out against the league average',
      method: 'GET',
      path: fixtures(),
      as: 'bob',
      status: 200,
      expect: (res, w) =>
        expect(res.body).toEqual({
          round: 1,
          stage: 'regular',
          startDate: '2026-05-04',
          endDate: '2026-05-05',
          status: 'live',
          matchups: [
            { home: side(w.teams.ann, 'Ann FC', 0), away: average(0), result: null },
            { home: side(w.teams.bob, 'Bob United', 0), away: side(w.teams.cat, 'Cat Rovers', 0), result: null },
          ],
        }),
    },
    {
      name: 'a friend who joins on the founding day plays round 1',
      method: 'GET',
      path: fixtures(1),
      as: 'dan',
      before: async (w, app) => {
        app.clock.set(at(day(1), '23:59:59'));
        const dan = await join(app, w.league, w.dan, 'Dan Athletic');
        await moveTo(app, at(day(2), '09:00:00'), [w.dan]);
        w.teams = { ...w.teams, dan } as Rivals['teams'];
      },
      status: 200,
      expect: (res, w) =>
        expect(res.body.matchups.map((m: any) => [m.home.teamName, m.away.teamName])).toEqual([
          ['Ann FC', 'Dan Athletic'],
          ['Bob United', 'Cat Rovers'],
        ]),
    },
    {
      name: 'a team that joins after the first day ends plays from the next round (round 1 stays fixed)',
      method: 'GET',
      path: fixtures(1),
      as: 'dan',
      before: async (w, app) => {
        await moveTo(app, at(day(2), '00:00:00'), [w.dan]);
        await join(app, w.league, w.dan, 'Dan Athletic');
      },
      status: 200,
      expect: (res) =>
        expect(res.body.matchups.map((m: any) => [m.home.teamName, m.away.teamName])).toEqual([
          ['Ann FC', 'League average'],
          ['Bob United', 'Cat Rovers'],
        ]),
    },
    {
      name: '… and is paired in round 2, shown as it stands before that round starts',
      method: 'GET',
      path: fixtures(2),
      as: 'dan',
      before: async (w, app) => {
        await moveTo(app, at(day(2), '10:00:00'), [w.dan]);
        await join(app, w.league, w.dan, 'Dan Athletic');
      },
      status: 200,
      expect: (res) => {
        expect(res.body).toMatchObject({ round: 2, startDate: '2026-05-06', endDate: '2026-05-07', status: 'upcoming' });
        expect(res.body.matchups.map((m: any) => [m.home.teamName, m.away.teamName])).toEqual([
          ['Cat Rovers', 'Ann FC'],
          ['Dan Athletic', 'Bob United'],
        ]);
      },
    },
    {
      name: 'a team that leaves during the first day is not paired: the round is fixed without it',
      method: 'GET',
      path: fixtures(1),
      as: 'ann',
      before: async (w, app) => {
        await leave(app, w.league, w.cat);
        await moveTo(app, at(day(2), '08:00:00'), [w.ann]);
      },
      status: 200,
      expect: (res) => expect(res.body.matchups.map((m: any) => [m.home.teamName, m.away.teamName])).toEqual([['Ann FC', 'Bob United']]),
    },
    {
      name: 'live: one of the round’s two days scored, points so far, no result',
      method: 'GET',
      path: fixtures(1),
      as: 'ann',
      before: async (w, app) => {
        await moveTo(app, at(day(2), '06:00:00'), [w.ann]);
        await score(app, day(1), { [w.teams.ann]: 4, [w.teams.bob]: 1, [w.teams.cat]: 2 });
      },
      status: 200,
      expect: (res, w) =>
        expect(res.body).toEqual({
          round: 1,
          stage: 'regular',
          startDate: '2026-05-04',
          endDate: '2026-05-05',
          status: 'live',
          matchups: [
            { home: side(w.teams.ann, 'Ann FC', 4), away: average(1.5), result: null },
            { home: side(w.teams.bob, 'Bob United', 1), away: side(w.teams.cat, 'Cat Rovers', 2), result: null },
          ],
        }),
    },
    {
      name: 'final once every day is scored: round points summed, the average is the mean of the others',
      method: 'GET',
      path: fixtures(1),
      as: 'ann',
      before: (w, app) => roundOneScored(w, app, { ann: 3, bob: 2, cat: 3 }),
      status: 200,
      expect: (res, w) =>
        expect(res.body).toEqual({
          round: 1,
          stage: 'regular',
          startDate: '2026-05-04',
          endDate: '2026-05-05',
          status: 'final',
          matchups: [
            { home: side(w.teams.ann, 'Ann FC', 6), away: average(5), result: 'home' },
            { home: side(w.teams.bob, 'Bob United', 4), away: side(w.teams.cat, 'Cat Rovers', 6), result: 'away' },
          ],
        }),
    },
    {
      name: 'equal round points are a draw',
      method: 'GET',
      path: fixtures(1),
      as: 'ann',
      before: (w, app) => roundOneScored(w, app, { ann: 1, bob: 2, cat: 2 }),
      status: 200,
      expect: (res) => expect(res.body.matchups.map((m: any) => m.result)).toEqual(['away', 'draw']),
    },
    {
      name: 'a re-sent day recomputes a final round',
      method: 'GET',
      path: fixtures(1),
      as: 'ann',
      before: async (w, app) => {
        await roundOneScored(w, app, { ann: 1, bob: 2, cat: 3 });
        await score(app, day(2), { [w.teams.ann]: 1, [w.teams.bob]: 5, [w.teams.cat]: 0 });
      },
      status: 200,
      expect: (res, w) =>
        expect(res.body.matchups).toEqual([
          { home: side(w.teams.ann, 'Ann FC', 2), away: average(5), result: 'away' },
          { home: side(w.teams.bob, 'Bob United', 7), away: side(w.teams.cat, 'Cat Rovers', 3), result: 'home' },
        ]),
    },
    {
      name: 'a team that leaves mid-round loses its matchup whatever it scored; its opponent wins, and the answer says who forfeited (issue 36)',
      method: 'GET',
      path: fixtures(1),
      as: 'bob',
      before: async (w, app) => {
        await moveTo(app, at(day(2), '10:00:00'), [w.cat]);
        await leave(app, w.league, w.cat);
        await roundOneScored(w, app, { ann: 1, bob: 1, cat: 5 });
      },
      status: 200,
      expect: (res, w) =>
        expect(res.body.matchups[1]).toEqual({ home: side(w.teams.bob, 'Bob United', 2), away: side(w.teams.cat, 'Cat Rovers', 10), result: 'home', forfeitedBy: 'away' }),
    },
    {
      name: 'a departure after the round ended (before its last day is scored) changes nothing',
      method: 'GET',
      path: fixtures(1),
      as: 'bob',
      before: async (w, app) => {
        await moveTo(app, at(day(3), '01:00:00'), [w.cat]);
        await leave(app, w.league, w.cat);
        await roundOneScored(w, app, { ann: 1, bob: 1, cat: 5 });
      },
      status: 200,
      expect: (res) => expect(res.body.matchups[1].result).toBe('away'),
    },
    {
      name: 'a closure cuts the season: the round it shortens is final with the days before the closing day',
      method: 'GET',
      path: fixtures(1),
      as: 'bob',
      before: async (w, app) => {
        await moveTo(app, at(day(2), '06:00:00'), [w.ann, w.bob]);
        await score(app, day(1), { [w.teams.ann]: 1, [w.teams.bob]: 4, [w.teams.cat]: 2 });
        app.clock.set(at(day(2), '10:00:00'));
        expect((await app.call('POST', `/api/v1/leagues/${w.league}/closure`, { as: w.ann })).status).toBe(200);
      },
      status: 200,
      expect: async (res, w) => {
        expect(res.body).toMatchObject({ round: 1, startDate: '2026-05-04', endDate: '2026-05-04', status: 'final' });
        expect(res.body.matchups.map((m: any) => m.result)).toEqual(['away', 'home']);
        expect((await w.app.call('GET', fixtures(2)(w), { as: w.bob })).body).toEqual({ error: 'ROUND_NOT_FOUND' });
        const feed = await w.app.call('GET', `/api/v1/leagues/${w.league}/activity?limit=1`, { as: w.bob });
        expect(feed.body.events[0]).toMatchObject({ kind: 'round-result', round: { round: 1, endDate: '2026-05-04' } });
        expect((await w.app.call('GET', table()(w), { as: w.bob })).body[0]).toMatchObject({ teamName: 'Bob United', tablePoints: 3 });
      },
    },
    {
      name: 'without round after the season: the last round, cut short at the season end',
      method: 'GET',
      path: fixtures(),
      as: 'ann',
      before: (w, app) => moveTo(app, at('2026-06-30'), [w.ann]),
      status: 200,
      expect: { round: 7, startDate: '2026-05-16', endDate: '2026-05-17', status: 'live' },
    },
    {
      name: 'a league of one team has no matchups',
      method: 'GET',
      path: fixtures(),
      as: 'dan',
      before: async (w, app) => {
        w.league = await found(app, w.dan, { name: 'Solo Cup', teamName: 'Dan Alone', roundDays: 7 });
      },
      status: 200,
      expect: { round: 1, stage: 'regular', startDate: '2026-05-04', endDate: '2026-05-10', status: 'live', matchups: [] },
      exact: true,
    },
    {
      name: 'a later round before it starts is upcoming',
      method: 'GET',
      path: fixtures(3),
      as: 'ann',
      status: 200,
      expect: { round: 3, startDate: '2026-05-08', endDate: '2026-05-09', status: 'upcoming' },
    },
    { name: 'round 0 is outside the season', method: 'GET', path: fixtures(0), as: 'ann', status: 404, ...refused('ROUND_NOT_FOUND') },
    { name: 'round 8 is past the season’s last round', method: 'GET', path: fixtures(8), as: 'ann', status: 404, ...refused('ROUND_NOT_FOUND') },
    { name: 'a round that is not a whole number', method: 'GET', path: fixtures('two'), as: 'ann', status: 400, ...refused('INVALID_REQUEST') },
    { name: 'a points league has no fixtures', method: 'GET', path: fixtures(undefined, 'pointsLeague'), as: 'ann', status: 409, ...refused('LEAGUE_NOT_HEAD_TO_HEAD') },
    { name: 'members only: an outsider', method: 'GET', path: fixtures(), as: 'outsider', status: 404, ...refused('NO_TEAM_IN_LEAGUE') },
    {
      name: 'members only: a departed team’s player',
      method: 'GET',
      path: fixtures(),
      as: 'cat',
      before: (w, app) => leave(app, w.league, w.cat),
      status: 404,
      ...refused('NO_TEAM_IN_LEAGUE'),
    },
    {
      name: 'a member kept out after a cached answer: the cache never serves a non-member',
      method: 'GET',
      path: fixtures(),
      as: 'outsider',
      before: async (w, app) => void (await app.call('GET', fixtures()(w), { as: w.ann })),
      status: 404,
      ...refused('NO_TEAM_IN_LEAGUE'),
    },
    { name: 'an unknown league', method: 'GET', path: '/api/v1/leagues/lg_nope/fixtures', as: 'ann', status: 404, ...refused('LEAGUE_NOT_FOUND') },
    { name: 'without a session', method: 'GET', path: fixtures(), as: 'anonymous', status: 401 },
  ]);
});

/**
 * Pairings over a whole season, read round by round through the API: `k` teams joined on the
 * founding day of a 2-week league of 1-day rounds, every round read after the season.
 */
async function seasonOf(k: number) {
  const app = await createTestApp({ now: FOUNDED });
  const players = [];
  for (let i = 0; i < k; i++) players.push(await app.player(`p${i}`));
  const league = await found(app, players[0], { roundDays: 1, teamName: 'Team 0' });
  for (let i = 1; i < k; i++) await join(app, league, players[i], `Team ${i}`);
  await moveTo(app, at('2026-05-30'), players);
  return { app, world: { app, p0: players[0], league, k } };
}

describe('GET /api/v1/leagues/{id}/fixtures over a whole season (2 to 9 teams)', () => {
  for (let k = 2; k <= 9; k++) {
    const cycle = k % 2 === 0 ? k - 1 : k;
    scenarioTable(() => seasonOf(k), [
      {
        name: `${k} teams: every team plays every round, each pair meets once per cycle of ${cycle} rounds${k % 2 === 1 ? ', each team plays the league average once' : ''}`,
        method: 'GET',
        path: (w) => `/api/v1/leagues/${w.league}/fixtures?round=1`,
        as: 'p0',
        status: 200,
        expect: async (_res, w) => {
          const rounds = [];
          for (let round = 1; round <= 14; round++) rounds.push((await w.app.call('GET', `/api/v1/leagues/${w.league}/fixtures?round=${round}`, { as: w.p0 })).body);
          expect(rounds.map((r: any) => r.round)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
          for (let start = 0; start + cycle <= 14; start += cycle) {
            const met = new Map<string, number>();
            for (const round of rounds.slice(start, start + cycle)) {
              const names = round.matchups.flatMap((m: any) => [m.home.teamName, m.away.teamName]).filter((n: string) => n !== 'League average');
              expect(names).toHaveLength(k);
              expect(new Set(names).size).toBe(k);
              for (const m of round.matchups) {
                const key = [m.home.teamName, m.away.teamName].sort().join(' v ');
                met.set(key, (met.get(key) ?? 0) + 1);
              }
            }
            expect(met.size).toBe((k * (k - 1)) / 2 + (k % 2 === 1 ? k : 0));
            expect([...met.values()].every((n) => n === 1)).toBe(true);
          }
        },
      },
    ]);
  }
});

describe('GET /api/v1/leagues/{id}/head-to-head', () => {
  scenarioTable<Rivals>(rivals, [
    {
      name: 'every team at 0 before a round is final',
      method: 'GET',
      path: table(),
      as: 'ann',
      status: 200,
      expect: (res, w) =>
        expect(res.body).toEqual(
          [
            [w.teams.ann, 'Ann FC'],
            [w.teams.bob, 'Bob United'],
            [w.teams.cat, 'Cat Rovers'],
          ].map(([teamId, teamName], i) => ({ rank: i + 1, teamId, teamName, played: 0, won: 0, drawn: 0, lost: 0, pointsFor: 0, pointsAgainst: 0, tablePoints: 0, champion: false })),
        ),
    },
    {
      name: 'a final round counts: win 3, loss 0; the average opponent gives points against, not a row',
      method: 'GET',
      path: table(),
      as: 'ann',
      before: (w, app) => roundOneScored(w, app, { ann: 3, bob: 2, cat: 3 }),
      status: 200,
      expect: (res, w) =>
        expect(res.body).toEqual([
          { rank: 1, teamId: w.teams.ann, teamName: 'Ann FC', played: 1, won: 1, drawn: 0, lost: 0, pointsFor: 6, pointsAgainst: 5, tablePoints: 3, champion: false },
          { rank: 2, teamId: w.teams.cat, teamName: 'Cat Rovers', played: 1, won: 1, drawn: 0, lost: 0, pointsFor: 6, pointsAgainst: 4, tablePoints: 3, champion: false },
          { rank: 3, teamId: w.teams.bob, teamName: 'Bob United', played: 1, won: 0, drawn: 0, lost: 1, pointsFor: 4, pointsAgainst: 6, tablePoints: 0, champion: false },
        ]),
    },
    {
      name: 'ordered by table points, then points for, then the leaderboard tie-break (earlier join first)',
      method: 'GET',
      path: table(),
      as: 'ann',
      // round 1: Ann 4 v avg 4 (draw), Bob 4 v Cat 4 (draw); round 2: Cat 6 v Ann 2, Bob 4 v avg 4 (draw)
      before: async (w, app) => {
        await roundOneScored(w, app, { ann: 2, bob: 2, cat: 2 });
        await moveTo(app, at(day(5), '06:00:00'), [w.ann]);
        for (const d of [day(3), day(4)]) await score(app, d, { [w.teams.ann]: 1, [w.teams.bob]: 2, [w.teams.cat]: 3 });
      },
      status: 200,
      expect: (res) =>
        expect(res.body.map((row: any) => [row.teamName, row.tablePoints, row.pointsFor, `${row.won}-${row.drawn}-${row.lost}`])).toEqual([
          ['Cat Rovers', 4, 10, '1-1-0'],
          ['Bob United', 2, 8, '0-2-0'],
          ['Ann FC', 1, 6, '0-1-1'],
        ]),
    },
    {
      name: 'equal table points and points for: the team that joined first ranks first',
      method: 'GET',
      path: table(),
      as: 'cat',
      before: (w, app) => roundOneScored(w, app, { ann: 2, bob: 2, cat: 2 }),
      status: 200,
      expect: (res) => expect(res.body.map((row: any) => [row.rank, row.teamName, row.tablePoints])).toEqual([
        [1, 'Ann FC', 1],
        [2, 'Bob United', 1],
        [3, 'Cat Rovers', 1],
      ]),
    },
    {
      name: 'a live round does not count yet',
      method: 'GET',
      path: table(),
      as: 'ann',
      before: async (w, app) => {
        await moveTo(app, at(day(2), '06:00:00'), [w.ann]);
        await score(app, day(1), { [w.teams.ann]: 5, [w.teams.bob]: 1, [w.teams.cat]: 1 });
      },
      status: 200,
      expect: (res) => expect(res.body.every((row: any) => row.played === 0)).toBe(true),
    },
    {
      name: 'a re-sent day changes the table (the kept answer is not served stale)',
      method: 'GET',
      path: table(),
      as: 'ann',
      before: async (w, app) => {
        await roundOneScored(w, app, { ann: 3, bob: 2, cat: 3 });
        expect((await app.call('GET', table()(w), { as: w.ann })).body[0].teamName).toBe('Ann FC');
        await score(app, day(2), { [w.teams.ann]: 0, [w.teams.bob]: 6, [w.teams.cat]: 3 });
      },
      status: 200,
      expect: (res) =>
        expect(res.body.map((row: any) => [row.teamName, row.tablePoints, row.pointsFor])).toEqual([
          ['Bob United', 3, 8],
          ['Cat Rovers', 0, 6],
          ['Ann FC', 0, 3],
        ]),
    },
    {
      name: 'a departed team keeps its row, with the matchup it forfeited as a loss',
      method: 'GET',
      path: table(),
      as: 'bob',
      before: async (w, app) => {
        await moveTo(app, at(day(2), '12:00:00'), [w.cat]);
        await leave(app, w.league, w.cat);
        await roundOneScored(w, app, { ann: 1, bob: 1, cat: 5 });
      },
      status: 200,
      expect: (res) =>
        expect(res.body.map((row: any) => [row.teamName, row.won, row.lost])).toEqual([
          ['Bob United', 1, 0],
          ['Cat Rovers', 0, 1],
          ['Ann FC', 0, 1],
        ]),
    },
    {
      name: 'kept by version: a member holding the tag gets a 304, a non-member with it still gets 404, a new day’s scores a new table',
      method: 'GET',
      path: table(),
      as: 'ann',
      status: 200,
      expect: async (res, w) => {
        const etag = res.headers.get('etag')!;
        expect(etag).toMatch(/^W\/".+"$/);
        expect((await w.app.call('GET', table()(w), { as: w.ann, headers: { 'if-none-match': etag } })).status).toBe(304);
        expect((await w.app.call('GET', table()(w), { as: w.dan, headers: { 'if-none-match': etag } })).body).toEqual({ error: 'NO_TEAM_IN_LEAGUE' });
        await roundOneScored(w, w.app, { ann: 3, bob: 2, cat: 1 });
        const after = await w.app.call('GET', table()(w), { as: w.ann, headers: { 'if-none-match': etag } });
        expect(after.status).toBe(200);
        expect(after.body[0]).toMatchObject({ teamName: 'Ann FC', tablePoints: 3 });
      },
    },
    {
      name: 'a day scored before its round was fixed counts once the next write fixes the round (here the next day’s scoring), never by a read',
      method: 'GET',
      path: (w) => `/api/v1/leagues/${w.daily as string}/head-to-head`,
      as: 'bob',
      before: async (w, app) => {
        const daily = await found(app, w.ann, { name: 'Daily Cup', roundDays: 1 });
        app.clock.set(at(day(1), '18:30:00'));
        const bobDaily = await join(app, daily, w.bob, 'Bob Daily');
        app.clock.set(at(day(1), '19:00:00'));
        const annDaily = (await app.call('GET', `/api/v1/leagues/${daily}/my-team`, { as: w.ann })).body.id;
        await score(app, day(1), { [annDaily]: 2, [bobDaily]: 1 });
        await moveTo(app, at(day(2), '08:00:00'), [w.ann, w.bob]);
        const unsettled = await app.call('GET', `/api/v1/leagues/${daily}/head-to-head`, { as: w.bob });
        expect(unsettled.body.map((row: any) => row.played)).toEqual([0, 0]);
        await score(app, day(2), { [annDaily]: 1, [bobDaily]: 1 });
        Object.assign(w, { daily });
      },
      status: 200,
      expect: async (res, w) => {
        expect(res.body.map((row: any) => [row.teamName, row.played, row.tablePoints])).toEqual([
          ['Ann FC', 1, 3],
          ['Bob Daily', 1, 0],
        ]);
        const feed = await w.app.call('GET', `/api/v1/leagues/${w.daily as string}/activity?limit=1`, { as: w.bob });
        expect(feed.body.events[0]).toMatchObject({ kind: 'round-result', round: { round: 1, matchups: [{ result: 'home' }] } });
      },
    },
    { name: 'a points league has no head-to-head table', method: 'GET', path: table('pointsLeague'), as: 'bob', status: 409, ...refused('LEAGUE_NOT_HEAD_TO_HEAD') },
    { name: 'members only', method: 'GET', path: table(), as: 'outsider', status: 404, ...refused('NO_TEAM_IN_LEAGUE') },
    {
      name: 'members only, even after a member’s read was kept',
      method: 'GET',
      path: table(),
      as: 'dan',
      before: async (w, app) => void (await app.call('GET', table()(w), { as: w.ann })),
      status: 404,
      ...refused('NO_TEAM_IN_LEAGUE'),
    },
    { name: 'an unknown league', method: 'GET', path: '/api/v1/leagues/lg_nope/head-to-head', as: 'ann', status: 404, ...refused('LEAGUE_NOT_FOUND') },
    { name: 'without a session', method: 'GET', path: table(), as: 'anonymous', status: 401 },
  ]);
});
