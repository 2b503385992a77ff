/** The Leagues table of the interface, one scenario table per endpoint. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { INVITATION_CODE_ALPHABET } from '../../../src/domain/invitation-codes';
import { first, tablesOf } from '../../../src/platform/db/dialect';
import type { TestApp } from '../../support/app';
import { buildContract, buildLeague, buildPerformance, buildTeam } from '../../support/builders';
import { scenarioTable } from '../../support/scenarios';
import { createBody, leagueWorld, NOW, plus, seedGlobal, type LeagueWorld } from './leagues-fixtures';
import { writeTransaction } from '../../../src/platform/db/database';

/** The shared four leagues, with the member also in the private one. */
async function world(): Promise<{ app: TestApp; world: LeagueWorld }> {
  const built = await leagueWorld();
  await buildTeam(built.app, built.world.secret, built.world.member, 'Secret Members');
  return built;
}

/** How many leagues and teams the store holds. */
async function rowCounts(app: TestApp): Promise<{ leagues: number; teams: number }> {
  const { leagues, teams } = tablesOf(app.ctx.db);
  return { leagues: (await app.ctx.db.select().from(leagues)).length, teams: (await app.ctx.db.select().from(teams)).length };
}

/** The team called `name` departs now, straight in the store. */
async function departTeam(app: TestApp, name: string): Promise<void> {
  const { teams } = tablesOf(app.ctx.db);
  await writeTransaction(app.ctx.db, (tx) => tx.update(teams).set({ leftAt: NOW }).where(eq(teams.name, name)));
}

/** The league's invite policy becomes `members`, straight in the store. */
async function membersInvite(app: TestApp, leagueId: string): Promise<void> {
  const { leagues } = tablesOf(app.ctx.db);
  await writeTransaction(app.ctx.db, (tx) => tx.update(leagues).set({ invitePolicy: 'members' }).where(eq(leagues.id, leagueId)));
}

/** The league's teams by seniority (join instant, then id). */
async function teamsBySeniority(app: TestApp, leagueId: string) {
  const { teams } = tablesOf(app.ctx.db);
  return app.ctx.db.select().from(teams).where(eq(teams.leagueId, leagueId)).orderBy(teams.joinedAt, teams.id);
}

const invalid = (error: string, body: unknown) => ({ status: 400, body, expect: { error }, exact: true });

describe('POST /api/v1/leagues', () => {
  scenarioTable<LeagueWorld>(world, [
    {
      name: 'founds a public league: 201, founder is admin with the first team and an empty 4-3-3 line-up',
      method: 'POST',
      path: '/api/v1/leagues',
      as: 'outsider',
      body: createBody(),
      status: 201,
      expect: (res) => {
        expect(res.body).toEqual({
          id: expect.stringMatching(/^lg_/),
          title: 'Readers Cup',
          domain: 'en',
          languageScale: 1,
          icon: '🏆',
          startDate: NOW,
          endDate: plus(30),
          visibility: 'public',
          invitePolicy: 'members',
          teamCount: 1,
          closedAt: null,
          format: 'points',
          roundDays: null,
          playoffTeams: 0,
          previousSeasonId: null,
        });
        expect(res.text).not.toMatch(/invitationCode|code/i);
      },
    },
    {
      name: 'a private league gets a 5-character code from the alphabet, never in the response',
      method: 'POST',
      path: '/api/v1/leagues',
      as: 'outsider',
      body: createBody({ visibility: 'private', invitePolicy: 'admin' }),
      status: 201,
      expect: (res) => {
        expect(res.body.visibility).toBe('private');
        expect(Object.keys(res.body)).not.toContain('invitationCode');
      },
    },
    {
      name: "stores a hostile name verbatim (trimmed): '); DROP TABLE leagues;--",
      method: 'POST',
      path: '/api/v1/leagues',
      as: 'outsider',
      body: createBody({ name: "  '); DROP TABLE leagues;--  " }),
      status: 201,
      expect: { title: "'); DROP TABLE leagues;--" },
    },
    { name: 'duration 2w ends 14 days after the start', method: 'POST', path: '/api/v1/leagues', as: 'outsider', body: createBody({ duration: '2w' }), status: 201, expect: { endDate: plus(14) } },
    { name: 'duration 2m ends 60 days after the start', method: 'POST', path: '/api/v1/leagues', as: 'outsider', body: createBody({ duration: '2m' }), status: 201, expect: { endDate: plus(60) } },
    { name: 'duration 3m ends 90 days after the start', method: 'POST', path: '/api/v1/leagues', as: 'outsider', body: createBody({ duration: '3m' }), status: 201, expect: { endDate: plus(90) } },
    { name: 'duration 6m ends 180 days after the start', method: 'POST', path: '/api/v1/leagues', as: 'outsider', body: createBody({ duration: '6m' }), status: 201, expect: { endDate: plus(180) } },
    { name: 'an icon with its variation selector is accepted', method: 'POST', path: '/api/v1/leagues', as: 'outsider', body: createBody({ icon: '🛡️' }), status: 201, expect: { icon: '🛡️' } },
    { name: 'the seeded it edition freezes L = 13.9', method: 'POST', path: '/api/v1/leagues', as: 'outsider', body: createBody({ domain: 'it' }), status: 201, expect: { domain: 'it', languageScale: 13.9 } },
    { name: 'malformed JSON', method: 'POST', path: '/api/v1/leagues', as: 'outsider', rawBody: '{"name": "Cup",', status: 400, expect: { error: 'LEAGUE_INVALID_PAYLOAD' }, exact: true },
    { name: 'empty body', method: 'POST', path: '/api/v1/leagues', as: 'outsider', rawBody: '', status: 400, expect: { error: 'LEAGUE_INVALID_PAYLOAD' }, exact: true },
    { name: 'an array is not an object', method: 'POST', path: '/api/v1/leagues', as: 'outsider', ...invalid('LEAGUE_INVALID_PAYLOAD', [createBody()]) },
    { name: 'null is not an object', method: 'POST', path: '/api/v1/leagues', as: 'outsider', rawBody: 'null', status: 400, expect: { error: 'LEAGUE_INVALID_PAYLOAD' } },
    { name: 'name missing', method: 'POST', path: '/api/v1/leagues', as: 'outsider', ...invalid('LEAGUE_NAME_LENGTH', createBody({ name: undefined })) },
    { name: 'name not a string', method: 'POST', path: '/api/v1/leagues', as: 'outsider', ...invalid('LEAGUE_NAME_LENGTH', createBody({ name: 12345 })) },
    { name: 'name under 3 characters once trimmed', method: 'POST', path: '/api/v1/leagues', as: 'outsider', ...invalid('LEAGUE_NAME_LENGTH', createBody({ name: '  ab   ' })) },
    { name: 'name over 50 characters', method: 'POST', path: '/api/v1/leagues', as: 'outsider', ...invalid('LEAGUE_NAME_LENGTH', createBody({ name: 'x'.repeat(51) })) },
    { name: 'name with a zero-width space', method: 'POST', path: '/api/v1/leagues', as: 'outsider', ...invalid('LEAGUE_NAME_LENGTH', createBody({ name: 'Friday\u200b Readers' })) },
    { name: 'name with a bidi isolate', method: 'POST', path: '/api/v1/leagues', as: 'outsider', ...invalid('LEAGUE_NAME_LENGTH', createBody({ name: 'Friday \u2067Readers' })) },
    { name: 'team name with a zero-width joiner between letters', method: 'POST', path: '/api/v1/leagues', as: 'outsider', ...invalid('TEAM_NAME_LENGTH', createBody({ teamName: 'Night\u200dOwls' })) },
    { name: 'name of exactly 50 characters is fine', method: 'POST', path: '/api/v1/leagues', as: 'outsider', body: createBody({ name: 'x'.repeat(50) }), status: 201 },
    { name: 'unknown icon', method: 'POST', path: '/api/v1/leagues', as: 'outsider', ...invalid('LEAGUE_UNKNOWN_ICON', createBody({ icon: '🍕' })) },
    { name: 'icon missing', method: 'POST', path: '/api/v1/leagues', as: 'outsider', ...invalid('LEAGUE_UNKNOWN_ICON', createBody({ icon: undefined })) },
    { name: 'domain upper-case', method: 'POST', path: '/api/v1/leagues', as: 'outsider', ...invalid('LEAGUE_UNKNOWN_DOMAIN', createBody({ domain: 'EN' })) },
    { name: 'domain with an underscore', method: 'POST', path: '/api/v1/leagues', as: 'outsider', ...invalid('LEAGUE_UNKNOWN_DOMAIN', createBody({ domain: 'zh_yue' })) },
    { name: 'domain over 20 characters', method: 'POST', path: '/api/v1/leagues', as: 'outsider', ...invalid('LEAGUE_UNKNOWN_DOMAIN', createBody({ domain: 'a'.repeat(21) })) },
    { name: 'domain not a string', method: 'POST', path: '/api/v1/leagues', as: 'outsider', ...invalid('LEAGUE_UNKNOWN_DOMAIN', createBody({ domain: ['en'] })) },
    { name: 'unknown duration', method: 'POST', path: '/api/v1/leagues', as: 'outsider', ...invalid('LEAGUE_UNKNOWN_DURATION', createBody({ duration: '4w' })) },
    { name: 'duration given as days', method: 'POST', path: '/api/v1/leagues', as: 'outsider', ...invalid('LEAGUE_UNKNOWN_DURATION', createBody({ duration: 30 })) },
    { name: 'unknown visibility', method: 'POST', path: '/api/v1/leagues', as: 'outsider', ...invalid('LEAGUE_UNKNOWN_VISIBILITY', createBody({ visibility: 'secret' })) },
    { name: 'invite policy missing (required even for public)', method: 'POST', path: '/api/v1/leagues', as: 'outsider', ...invalid('LEAGUE_UNKNOWN_INVITE_POLICY', createBody({ invitePolicy: undefined })) },
    { name: 'unknown invite policy', method: 'POST', path: '/api/v1/leagues', as: 'outsider', ...invalid('LEAGUE_UNKNOWN_INVITE_POLICY', createBody({ invitePolicy: 'everyone' })) },
    { name: 'team name missing', method: 'POST', path: '/api/v1/leagues', as: 'outsider', ...invalid('TEAM_NAME_LENGTH', createBody({ teamName: undefined })) },
    { name: 'team name under 3 characters once trimmed', method: 'POST', path: '/api/v1/leagues', as: 'outsider', ...invalid('TEAM_NAME_LENGTH', createBody({ teamName: ' ab ' })) },
    { name: 'team name over 30 characters', method: 'POST', path: '/api/v1/leagues', as: 'outsider', ...invalid('TEAM_NAME_LENGTH', createBody({ teamName: 'y'.repeat(31) })) },
    { name: 'fields are checked in order: a bad name wins over a bad icon', method: 'POST', path: '/api/v1/leagues', as: 'outsider', ...invalid('LEAGUE_NAME_LENGTH', createBody({ name: '', icon: '?' })) },
    { name: 'fields are checked in order: a bad policy wins over a bad team name', method: 'POST', path: '/api/v1/leagues', as: 'outsider', ...invalid('LEAGUE_UNKNOWN_INVITE_POLICY', createBody({ invitePolicy: '', teamName: '' })) },
    { name: 'without a session', method: 'POST', path: '/api/v1/leagues', as: 'anonymous', body: createBody(), status: 401, expect: { error: 'UNAUTHORIZED' } },
  ]);
});

describe('founding writes', () => {
  it('stores league, founder team (1,000 credits) and an empty 4-3-3 line-up together; the founder is admin', async () => {
    const { app, world: w } = await world();
    try {
      const res = await app.call('POST', '/api/v1/leagues', { as: w.outsider, body: createBody({ teamName: '  Page Turners  ' }) });
      expect(res.status).toBe(201);
      const { leagues, lineupVersions, teams } = tablesOf(app.ctx.db);
      const stored = (await first(app.ctx.db.select().from(leagues).where(eq(leagues.id, res.body.id))))!;
      expect(stored).toMatchObject({ adminId: w.outsider.id, invitationCode: null, name: 'Readers Cup', durationDays: 30 });
      const team = await app.ctx.db.select().from(teams).where(eq(teams.leagueId, stored.id));
      expect(team).toHaveLength(1);
      expect(team[0]).toMatchObject({ playerId: w.outsider.id, name: 'Page Turners', nameKey: 'page turners', joinedAt: NOW, leftAt: null });
      const lineups = await app.ctx.db.select().from(lineupVersions).where(eq(lineupVersions.teamId, team[0].id));
      expect(lineups).toEqual([expect.objectContaining({ schema: '4-3-3', positions: '{}', savedAt: NOW })]);
      const mine = await app.call('GET', `/api/v1/leagues/${stored.id}/my-team`, { as: w.outsider });
      expect(mine.body).toEqual({ id: team[0].id, name: 'Page Turners', credits: 1000, player: { id: w.outsider.id, name: 'outsider' } });
      expect((await app.call('GET', `/api/v1/leagues/${stored.id}/my-role`, { as: w.outsider })).body).toEqual({ isMember: true, isAdmin: true });
    } finally {
      await app.close();
    }
  });

  it('draws a private code from the §6.7 alphabet and shows it only through invite-code', async () => {
    const { app, world: w } = await world();
    try {
      const res = await app.call('POST', '/api/v1/leagues', { as: w.outsider, body: createBody({ visibility: 'private', invitePolicy: 'admin' }) });
      const { leagues } = tablesOf(app.ctx.db);
      const stored = (await first(app.ctx.db.select().from(leagues).where(eq(leagues.id, res.body.id))))!;
      expect(stored.invitationCode).toMatch(new RegExp(`^[${INVITATION_CODE_ALPHABET}]{5}$`));
      expect(res.text).not.toContain(stored.invitationCode!);
      const invite = await app.call('GET', `/api/v1/leagues/${stored.id}/invite-code`, { as: w.outsider });
      expect(invite).toMatchObject({ status: 200, body: { code: stored.invitationCode } });
      for (const path of [`/api/v1/leagues/${stored.id}`, '/api/v1/leagues']) {
        expect((await app.call('GET', path, { as: w.outsider })).text).not.toContain(stored.invitationCode!);
      }
    } finally {
      await app.close();
    }
  });

  it('writes nothing when any field is refused', async () => {
    const { app, world: w } = await world();
    try {
      const before = await rowCounts(app);
      for (const body of [createBody({ teamName: 'x' }), createBody({ icon: 'no' }), createBody({ domain: 'Nope' })]) {
        expect((await app.call('POST', '/api/v1/leagues', { as: w.outsider, body })).status).toBe(400);
      }
      expect(await rowCounts(app)).toEqual(before);
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/v1/leagues (mine)', () => {
  scenarioTable<LeagueWorld>(world, [
    {
      name: 'every league with a current team of the caller, closed and ended ones included',
      method: 'GET',
      path: '/api/v1/leagues',
      as: 'admin',
      status: 200,
      expect: (res, w) => {
        expect(res.body.map((l: { id: string }) => l.id).sort()).toEqual([w.open.id, w.secret.id, w.closed.id, w.ended.id].sort());
        const open = res.body.find((l: { id: string }) => l.id === w.open.id);
        expect(open).toMatchObject({ title: 'Open League', teamCount: 2 });
      },
    },
    {
      name: 'a departed team no longer lists its league',
      method: 'GET',
      path: '/api/v1/leagues',
      as: 'member',
      before: (_w, app) => departTeam(app, 'Member United'),
      status: 200,
      expect: (res, w) => expect(res.body.map((l: { id: string }) => l.id)).toEqual([w.secret.id]),
    },
    { name: 'a player without teams gets an empty list', method: 'GET', path: '/api/v1/leagues', as: 'outsider', status: 200, expect: [], exact: true },
    {
      name: 'the Global League appears once joined',
      method: 'GET',
      path: '/api/v1/leagues',
      as: 'outsider',
      before: async (w, app) => {
        await seedGlobal(app);
        expect((await app.call('POST', '/api/v1/leagues/global/my-team', { as: w.outsider, body: { name: 'Globetrotters' } })).status).toBe(201);
      },
      status: 200,
      expect: [expect.objectContaining({ id: 'global', title: 'Global League', teamCount: 1 })],
      exact: true,
    },
    { name: 'without a session', method: 'GET', path: '/api/v1/leagues', as: 'anonymous', status: 401, expect: { error: 'UNAUTHORIZED' } },
  ]);
});

describe('GET /api/v1/leagues/global', () => {
  scenarioTable<LeagueWorld>(world, [
    { name: 'not seeded in this deployment', method: 'GET', path: '/api/v1/leagues/global', as: 'outsider', status: 404, expect: { error: 'LEAGUE_NOT_FOUND' }, exact: true },
    {
      name: 'once seeded: §6.3 fields, no teams yet',
      method: 'GET',
      path: '/api/v1/leagues/global',
      as: 'outsider',
      before: async (_w, app) => void (await seedGlobal(app)),
      status: 200,
      expect: {
        id: 'global',
        title: 'Global League',
        domain: 'en',
        languageScale: 1,
        icon: '🌍',
        startDate: '2024-01-01T00:00:00.000Z',
        endDate: '2124-01-01T00:00:00.000Z',
        visibility: 'public',
        invitePolicy: 'members',
        teamCount: 0,
        closedAt: null,
        format: 'points',
        roundDays: null,
        playoffTeams: 0,
        previousSeasonId: null,
      },
      exact: true,
    },
    { name: 'without a session', method: 'GET', path: '/api/v1/leagues/global', as: 'anonymous', status: 401 },
  ]);
});

describe('GET /api/v1/leagues/public', () => {
  scenarioTable<LeagueWorld>(world, [
    {
      name: 'public, not closed, not ended; private, closed and ended leagues are left out',
      method: 'GET',
      path: '/api/v1/leagues/public',
      as: 'outsider',
      status: 200,
      expect: (res, w) => expect(res.body.map((l: { id: string }) => l.id)).toEqual([w.open.id]),
    },
    { name: 'without a session', method: 'GET', path: '/api/v1/leagues/public', as: 'anonymous', status: 401 },
  ]);

  it('orders by start, newest first, and keeps 12', async () => {
    const { app, world: w } = await world();
    try {
      const made: string[] = [];
      for (let hours = 1; hours <= 14; hours++) {
        made.push((await buildLeague(app, w.outsider, { name: `Shelf ${hours}`, startDate: new Date(Date.parse(NOW) - hours * 3_600_000).toISOString() })).league.id);
      }
      const res = await app.call('GET', '/api/v1/leagues/public', { as: w.member });
      expect(res.body.map((l: { id: string }) => l.id)).toEqual(made.slice(0, 12));
      // a league whose season is over leaves the shelf the moment it ends
      app.clock.set(plus(30 - 1 / 24 + 1 / 86_400));
      const later = await app.call('GET', '/api/v1/leagues/public', { as: { ...w.member, cookie: await app.cookieFor(w.member.subject) } });
      expect(later.status).toBe(200);
      expect(later.body.map((l: { id: string }) => l.id)).not.toContain(made[0]);
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/v1/leagues/{id}', () => {
  scenarioTable<LeagueWorld>(world, [
    { name: 'a private league is readable by anyone with its id', method: 'GET', path: (w) => `/api/v1/leagues/${w.secret.id}`, as: 'outsider', status: 200, expect: (res, w) => {
      expect(res.body).toMatchObject({ id: w.secret.id, title: 'Secret League', visibility: 'private', teamCount: 2 });
      expect(res.text).not.toContain('K7M2Q');
    } },
    { name: 'a closed league stays readable with closedAt', method: 'GET', path: (w) => `/api/v1/leagues/${w.closed.id}`, as: 'outsider', status: 200, expect: { closedAt: plus(-1) } },
    { name: 'an ended league stays readable', method: 'GET', path: (w) => `/api/v1/leagues/${w.ended.id}`, as: 'outsider', status: 200, expect: { title: 'Ended League', closedAt: null } },
    {
      name: 'teamCount counts current members only',
      method: 'GET',
      path: (w) => `/api/v1/leagues/${w.open.id}`,
      as: 'outsider',
      before: (_w, app) => departTeam(app, 'Member United'),
      status: 200,
      expect: { teamCount: 1 },
    },
    { name: 'unknown id', method: 'GET', path: '/api/v1/leagues/lg_nope', as: 'outsider', status: 404, expect: { error: 'LEAGUE_NOT_FOUND' }, exact: true },
    { name: 'without a session', method: 'GET', path: (w) => `/api/v1/leagues/${w.open.id}`, as: 'anonymous', status: 401 },
  ]);
});

describe('GET /api/v1/leagues/{id}/leaderboard', () => {
  scenarioTable<LeagueWorld>(world, [
    {
      name: 'before any scored day every team has 0 points and rankDelta null; ties go to seniority',
      method: 'GET',
      path: (w) => `/api/v1/leagues/${w.open.id}/leaderboard`,
      as: 'outsider',
      status: 200,
      expect: (res, w) =>
        expect(res.body).toEqual([
          { team: { id: expect.any(String), name: 'admin FC', credits: 1000, player: { id: w.admin.id, name: 'admin' } }, cumulativePoints: 0, rank: 1, rankDelta: null, champion: false },
          { team: { id: expect.any(String), name: 'Member United', credits: 1000, player: { id: w.member.id, name: 'member' } }, cumulativePoints: 0, rank: 2, rankDelta: null, champion: false },
        ]),
    },
    {
      name: 'ranks from the performances table, departed teams included, with derived credits',
      method: 'GET',
      path: (w) => `/api/v1/leagues/${w.open.id}/leaderboard`,
      as: 'outsider',
      before: async (w, app) => {
        const [adminTeam, memberTeam] = await teamsBySeniority(app, w.open.id);
        await buildContract(app, memberTeam, { articleId: 'Taylor_Swift', price: 120 });
        const { teams } = tablesOf(app.ctx.db);
        await writeTransaction(app.ctx.db, (tx) => tx.update(teams).set({ leftAt: NOW }).where(eq(teams.id, memberTeam.id)));
        const perf = (teamId: string, date: string, points: number) => buildPerformance(app, { id: teamId, leagueId: w.open.id }, date, points);
        await perf(adminTeam.id, '2026-05-08', 10);
        await perf(adminTeam.id, '2026-05-09', 1);
        await perf(memberTeam.id, '2026-05-08', 5);
        await perf(memberTeam.id, '2026-05-09', 20.5);
      },
      status: 200,
      expect: (res) =>
        expect(res.body).toEqual([
          expect.objectContaining({ team: expect.objectContaining({ name: 'Member United', credits: 880 }), cumulativePoints: 25.5, rank: 1, rankDelta: 1 }),
          expect.objectContaining({ team: expect.objectContaining({ name: 'admin FC', credits: 1000 }), cumulativePoints: 11, rank: 2, rankDelta: -1 }),
        ]),
    },
    {
      name: 'equal earlier totals tie on seniority, whatever float noise the latest day would leave in total − latest',
      method: 'GET',
      path: (w) => `/api/v1/leagues/${w.open.id}/leaderboard`,
      as: 'outsider',
      before: async (w, app) => {
        const [adminTeam, memberTeam] = await teamsBySeniority(app, w.open.id);
        const perf = (teamId: string, date: string, points: number) => buildPerformance(app, { id: teamId, leagueId: w.open.id }, date, points);
        // both stood at exactly 0.1 before their latest day; (0.1 + 0.7) − 0.7 < 0.1 < (0.1 + 0.2) − 0.2
        await perf(adminTeam.id, '2026-05-08', 0.1);
        await perf(adminTeam.id, '2026-05-09', 0.7);
        await perf(memberTeam.id, '2026-05-08', 0.1);
        await perf(memberTeam.id, '2026-05-09', 0.2);
      },
      status: 200,
      expect: (res) =>
        expect(res.body.map((e: { team: { name: string }; rank: number; rankDelta: number | null }) => [e.team.name, e.rank, e.rankDelta])).toEqual([
          ['admin FC', 1, 0],
          ['Member United', 2, 0],
        ]),
    },
    { name: 'unknown league: an empty table (the interface lists no 404 for this route)', method: 'GET', path: '/api/v1/leagues/lg_nope/leaderboard', as: 'outsider', status: 200, expect: [], exact: true },
    {
      name: 'limit and offset: a window of ranks, with the league’s team count in x-total-count',
      method: 'GET',
      path: (w) => `/api/v1/leagues/${w.open.id}/leaderboard?limit=1&offset=1`,
      as: 'outsider',
      status: 200,
      expect: (res) => {
        expect(res.body.map((e: { team: { name: string }; rank: number }) => [e.team.name, e.rank])).toEqual([['Member United', 2]]);
        expect(res.headers.get('x-total-count')).toBe('2');
      },
    },
    {
      name: 'a limit alone starts at rank 1',
      method: 'GET',
      path: (w) => `/api/v1/leagues/${w.open.id}/leaderboard?limit=1`,
      as: 'outsider',
      status: 200,
      expect: (res) => expect(res.body.map((e: { team: { name: string } }) => e.team.name)).toEqual(['admin FC']),
    },
    {
      name: 'a repeated parameter counts by its first value',
      method: 'GET',
      path: (w) => `/api/v1/leagues/${w.open.id}/leaderboard?limit=1&limit=abc`,
      as: 'outsider',
      status: 200,
      expect: (res) => expect(res.body.map((e: { team: { name: string } }) => e.team.name)).toEqual(['admin FC']),
    },
    { name: 'an offset past the table: an empty page', method: 'GET', path: (w) => `/api/v1/leagues/${w.open.id}/leaderboard?limit=5&offset=2`, as: 'outsider', status: 200, expect: [], exact: true },
    {
      name: 'around=me: the caller’s team and its neighbours, as many as the limit asks',
      method: 'GET',
      path: (w) => `/api/v1/leagues/${w.open.id}/leaderboard?around=me&limit=1`,
      as: 'member',
      status: 200,
      expect: (res) => expect(res.body.map((e: { team: { name: string } }) => e.team.name)).toEqual(['Member United']),
    },
    { name: 'around=me without a team in the league', method: 'GET', path: (w) => `/api/v1/leagues/${w.open.id}/leaderboard?around=me`, as: 'outsider', status: 404, expect: { error: 'NO_TEAM_IN_LEAGUE' }, exact: true },
    ...['limit=0', 'limit=1001', 'limit=abc', 'limit=2.5', 'offset=3', 'limit=5&offset=-1', 'around=you', 'around=me&offset=2'].map((query) => ({
      name: `paging refused: ${query}`,
      method: 'GET',
      path: (w: LeagueWorld) => `/api/v1/leagues/${w.open.id}/leaderboard?${query}`,
      as: 'outsider',
      status: 400,
      expect: { error: 'INVALID_REQUEST' },
      exact: true,
    })),
    { name: 'without a session', method: 'GET', path: (w) => `/api/v1/leagues/${w.open.id}/leaderboard`, as: 'anonymous', status: 401 },
  ]);
});

describe('GET /api/v1/leagues/{id}/my-role', () => {
  scenarioTable<LeagueWorld>(world, [
    { name: 'admin', method: 'GET', path: (w) => `/api/v1/leagues/${w.open.id}/my-role`, as: 'admin', status: 200, expect: { isMember: true, isAdmin: true }, exact: true },
    { name: 'member', method: 'GET', path: (w) => `/api/v1/leagues/${w.open.id}/my-role`, as: 'member', status: 200, expect: { isMember: true, isAdmin: false }, exact: true },
    { name: 'outsider', method: 'GET', path: (w) => `/api/v1/leagues/${w.secret.id}/my-role`, as: 'outsider', status: 200, expect: { isMember: false, isAdmin: false }, exact: true },
    {
      name: 'a departed member is no longer a member',
      method: 'GET',
      path: (w) => `/api/v1/leagues/${w.open.id}/my-role`,
      as: 'member',
      before: (_w, app) => departTeam(app, 'Member United'),
      status: 200,
      expect: { isMember: false, isAdmin: false },
      exact: true,
    },
    { name: 'unknown league', method: 'GET', path: '/api/v1/leagues/lg_nope/my-role', as: 'admin', status: 404, expect: { error: 'LEAGUE_NOT_FOUND' }, exact: true },
    { name: 'without a session', method: 'GET', path: (w) => `/api/v1/leagues/${w.open.id}/my-role`, as: 'anonymous', status: 401 },
  ]);
});

describe('GET /api/v1/leagues/{id}/invite-code', () => {
  scenarioTable<LeagueWorld>(world, [
    { name: 'policy admin: the admin sees the code', method: 'GET', path: (w) => `/api/v1/leagues/${w.secret.id}/invite-code`, as: 'admin', status: 200, expect: { code: 'K7M2Q' }, exact: true },
    { name: 'policy admin: a member is told the league does not exist', method: 'GET', path: (w) => `/api/v1/leagues/${w.secret.id}/invite-code`, as: 'member', status: 404, expect: { error: 'LEAGUE_NOT_FOUND' }, exact: true },
    { name: 'policy admin: an outsider is told the league does not exist', method: 'GET', path: (w) => `/api/v1/leagues/${w.secret.id}/invite-code`, as: 'outsider', status: 404, expect: { error: 'LEAGUE_NOT_FOUND' }, exact: true },
    {
      name: 'policy members: any current member sees it',
      method: 'GET',
      path: (w) => `/api/v1/leagues/${w.secret.id}/invite-code`,
      as: 'member',
      before: (w, app) => membersInvite(app, w.secret.id),
      status: 200,
      expect: { code: 'K7M2Q' },
      exact: true,
    },
    {
      name: 'policy members: an outsider is told the league does not exist',
      method: 'GET',
      path: (w) => `/api/v1/leagues/${w.secret.id}/invite-code`,
      as: 'outsider',
      before: (w, app) => membersInvite(app, w.secret.id),
      status: 404,
      expect: { error: 'LEAGUE_NOT_FOUND' },
      exact: true,
    },
    {
      name: 'policy members: a departed member no longer sees it',
      method: 'GET',
      path: (w) => `/api/v1/leagues/${w.secret.id}/invite-code`,
      as: 'member',
      before: async (w, app) => {
        await membersInvite(app, w.secret.id);
        await departTeam(app, 'Secret Members');
      },
      status: 404,
      expect: { error: 'LEAGUE_NOT_FOUND' },
      exact: true,
    },
    { name: 'entitled, but a public league has no code', method: 'GET', path: (w) => `/api/v1/leagues/${w.open.id}/invite-code`, as: 'member', status: 404, expect: { error: 'NO_INVITATION_CODE' }, exact: true },
    { name: 'unknown league', method: 'GET', path: '/api/v1/leagues/lg_nope/invite-code', as: 'admin', status: 404, expect: { error: 'LEAGUE_NOT_FOUND' }, exact: true },
    { name: 'without a session', method: 'GET', path: (w) => `/api/v1/leagues/${w.secret.id}/invite-code`, as: 'anonymous', status: 401 },
  ]);
});

describe('POST /api/v1/leagues/{id}/closure', () => {
  scenarioTable<LeagueWorld>(world, [
    {
      name: 'the admin closes: 200 with closedAt = now; teams stay',
      method: 'POST',
      path: (w) => `/api/v1/leagues/${w.open.id}/closure`,
      as: 'admin',
      status: 200,
      expect: (res, w) => expect(res.body).toMatchObject({ id: w.open.id, closedAt: NOW, teamCount: 2 }),
    },
    { name: 'a member is not the admin', method: 'POST', path: (w) => `/api/v1/leagues/${w.open.id}/closure`, as: 'member', status: 403, expect: { error: 'NOT_ADMIN' }, exact: true },
    { name: 'an outsider is not the admin', method: 'POST', path: (w) => `/api/v1/leagues/${w.open.id}/closure`, as: 'outsider', status: 403, expect: { error: 'NOT_ADMIN' }, exact: true },
    { name: 'already closed', method: 'POST', path: (w) => `/api/v1/leagues/${w.closed.id}/closure`, as: 'admin', status: 409, expect: { error: 'ALREADY_CLOSED' }, exact: true },
    { name: 'a non-admin on a closed league is refused as non-admin first', method: 'POST', path: (w) => `/api/v1/leagues/${w.closed.id}/closure`, as: 'member', status: 403, expect: { error: 'NOT_ADMIN' } },
    { name: 'an ended league can still be closed by its admin', method: 'POST', path: (w) => `/api/v1/leagues/${w.ended.id}/closure`, as: 'admin', status: 200, expect: { closedAt: NOW } },
    { name: 'unknown league', method: 'POST', path: '/api/v1/leagues/lg_nope/closure', as: 'admin', status: 404, expect: { error: 'LEAGUE_NOT_FOUND' }, exact: true },
    {
      name: 'the Global League cannot be closed',
      method: 'POST',
      path: '/api/v1/leagues/global/closure',
      as: 'outsider',
      before: async (_w, app) => void (await seedGlobal(app)),
      status: 403,
      expect: { error: 'CANNOT_CLOSE_GLOBAL' },
      exact: true,
    },
    { name: 'without a session', method: 'POST', path: (w) => `/api/v1/leagues/${w.open.id}/closure`, as: 'anonymous', status: 401 },
  ]);

  it('a closed league stays fully readable and its leaderboard keeps every team', async () => {
    const { app, world: w } = await world();
    try {
      expect((await app.call('POST', `/api/v1/leagues/${w.open.id}/closure`, { as: w.admin })).status).toBe(200);
      expect((await app.call('GET', `/api/v1/leagues/${w.open.id}`, { as: w.outsider })).body.closedAt).toBe(NOW);
      expect((await app.call('GET', `/api/v1/leagues/${w.open.id}/leaderboard`, { as: w.outsider })).body).toHaveLength(2);
      expect((await app.call('GET', `/api/v1/leagues/${w.open.id}/my-team`, { as: w.member })).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
