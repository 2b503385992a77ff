/** The Teams table of the interface: my-team (read, join) and my-departure, one table per endpoint. */
import { describe, expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { tablesOf } from '../../../src/platform/db/dialect';
import type { LeagueRow } from '../../../src/features/leagues/store';
import type { TestApp, TestPlayer } from '../../support/app';
import { buildContract, buildDeparture, buildTeam } from '../../support/builders';
import { scenarioTable } from '../../support/scenarios';
import { leagueWorld, NOW, plus, seedGlobal, type LeagueWorld } from './leagues-fixtures';
import { writeTransaction } from '../../../src/platform/db/database';

interface World extends LeagueWorld {
  departed: TestPlayer;
}

/** The shared four leagues; the member also plays the closed and ended ones, and `departed` left the open one holding a contract. */
async function world(): Promise<{ app: TestApp; world: World }> {
  const { app, world: w } = await leagueWorld();
  const departed = await app.player('departed');
  const gone = await buildTeam(app, w.open, departed, 'Old Guard');
  await buildContract(app, gone, { articleId: 'Lionel_Messi', price: 200 });
  await buildDeparture(app, gone.id, plus(-1));
  await buildTeam(app, w.closed, w.member, 'Member Closed');
  await buildTeam(app, w.ended, w.member, 'Member Ended');
  return { app, world: { ...w, departed } };
}

/** Marks `player`'s team in `league` as departed now, straight in the store (the endpoint refuses ended leagues). */
async function leaveAs(app: TestApp, league: LeagueRow, player: TestPlayer): Promise<void> {
  const { teams } = tablesOf(app.ctx.db);
  const [team] = await app.ctx.db.select().from(teams).where(and(eq(teams.leagueId, league.id), eq(teams.playerId, player.id)));
  await buildDeparture(app, team!.id, NOW);
}

const join = (league: keyof World) => (w: World) => `/api/v1/leagues/${(w[league] as LeagueRow).id}/my-team`;
const leave = (league: keyof World) => (w: World) => `/api/v1/leagues/${(w[league] as LeagueRow).id}/my-departure`;
const refused = (error: string) => ({ expect: { error }, exact: true });

describe('GET /api/v1/leagues/{id}/my-team', () => {
  scenarioTable<World>(world, [
    {
      name: "the caller's team with derived credits",
      method: 'GET',
      path: join('open'),
      as: 'member',
      status: 200,
      expect: (res, w) => expect(res.body).toEqual({ id: expect.stringMatching(/^tm_/), name: 'Member United', credits: 1000, player: { id: w.member.id, name: 'member' } }),
    },
    { name: 'no team there', method: 'GET', path: join('open'), as: 'outsider', status: 404, ...refused('NO_TEAM_IN_LEAGUE') },
    { name: 'a departed team is not "my team"', method: 'GET', path: join('open'), as: 'departed', status: 404, ...refused('NO_TEAM_IN_LEAGUE') },
    { name: 'still readable in an ended league', method: 'GET', path: join('ended'), as: 'member', status: 200, expect: { name: 'Member Ended' } },
    { name: 'unknown league', method: 'GET', path: '/api/v1/leagues/lg_nope/my-team', as: 'member', status: 404, ...refused('LEAGUE_NOT_FOUND') },
    { name: 'without a session', method: 'GET', path: join('open'), as: 'anonymous', status: 401 },
  ]);
});

describe('POST /api/v1/leagues/{id}/my-team (join)', () => {
  scenarioTable<World>(world, [
    {
      name: 'joins a public league: 201, 1,000 credits',
      method: 'POST',
      path: join('open'),
      as: 'outsider',
      body: { name: '  Fresh Faces  ' },
      status: 201,
      expect: (res, w) => expect(res.body).toEqual({ id: expect.stringMatching(/^tm_/), name: 'Fresh Faces', credits: 1000, player: { id: w.outsider.id, name: 'outsider' } }),
    },
    { name: 'a code sent to a public league is ignored', method: 'POST', path: join('open'), as: 'outsider', body: { name: 'Fresh Faces', invitationCode: 'WRONG' }, status: 201 },
    { name: 'joins a private league with its code', method: 'POST', path: join('secret'), as: 'outsider', body: { name: 'Fresh Faces', invitationCode: 'K7M2Q' }, status: 201, expect: { name: 'Fresh Faces' } },
    { name: 'the code is normalized (case, dashes, spaces)', method: 'POST', path: join('secret'), as: 'outsider', body: { name: 'Fresh Faces', invitationCode: ' k7m-2q ' }, status: 201 },
    { name: 'private league without a code', method: 'POST', path: join('secret'), as: 'outsider', body: { name: 'Fresh Faces' }, status: 403, ...refused('LEAGUE_IS_PRIVATE') },
    { name: 'private league with a wrong code', method: 'POST', path: join('secret'), as: 'outsider', body: { name: 'Fresh Faces', invitationCode: 'ZZZZZ' }, status: 403, ...refused('LEAGUE_IS_PRIVATE') },
    { name: 'private league with a malformed code', method: 'POST', path: join('secret'), as: 'outsider', body: { name: 'Fresh Faces', invitationCode: 'K7M' }, status: 403, ...refused('LEAGUE_IS_PRIVATE') },
    { name: 'a non-string code counts as no code', method: 'POST', path: join('secret'), as: 'outsider', body: { name: 'Fresh Faces', invitationCode: 12345 }, status: 403, ...refused('LEAGUE_IS_PRIVATE') },
    {
      name: 'the admin has no bypass: after leaving, rejoining a private league needs the code',
      method: 'POST',
      path: join('secret'),
      as: 'admin',
      before: async (w, app) => {
        await buildTeam(app, w.secret, w.member, 'Keeps It Alive');
        await leaveAs(app, w.secret, w.admin);
      },
      body: { name: 'admin FC' },
      status: 403,
      ...refused('LEAGUE_IS_PRIVATE'),
    },
    { name: 'name missing', method: 'POST', path: join('open'), as: 'outsider', body: {}, status: 400, ...refused('TEAM_NAME_REQUIRED') },
    { name: 'name not a string', method: 'POST', path: join('open'), as: 'outsider', body: { name: 42 }, status: 400, ...refused('TEAM_NAME_REQUIRED') },
    { name: 'body not an object', method: 'POST', path: join('open'), as: 'outsider', body: ['Fresh Faces'], status: 400, ...refused('TEAM_NAME_REQUIRED') },
    { name: 'malformed JSON', method: 'POST', path: join('open'), as: 'outsider', rawBody: '{"name":', status: 400, ...refused('TEAM_NAME_REQUIRED') },
    { name: 'empty body', method: 'POST', path: join('open'), as: 'outsider', rawBody: '', status: 400, ...refused('TEAM_NAME_REQUIRED') },
    { name: 'name under 3 characters once trimmed', method: 'POST', path: join('open'), as: 'outsider', body: { name: '  ab ' }, status: 400, ...refused('TEAM_NAME_LENGTH') },
    { name: 'name over 30 characters', method: 'POST', path: join('open'), as: 'outsider', body: { name: 'n'.repeat(31) }, status: 400, ...refused('TEAM_NAME_LENGTH') },
    { name: 'name of exactly 30 characters', method: 'POST', path: join('open'), as: 'outsider', body: { name: 'n'.repeat(30) }, status: 201 },
    { name: 'the name length is checked before the league exists', method: 'POST', path: '/api/v1/leagues/lg_nope/my-team', as: 'outsider', body: { name: 'ab' }, status: 400, ...refused('TEAM_NAME_LENGTH') },
    { name: 'unknown league', method: 'POST', path: '/api/v1/leagues/lg_nope/my-team', as: 'outsider', body: { name: 'Fresh Faces' }, status: 404, ...refused('LEAGUE_NOT_FOUND') },
    { name: 'closed league', method: 'POST', path: join('closed'), as: 'outsider', body: { name: 'Fresh Faces' }, status: 409, ...refused('LEAGUE_INACTIVE') },
    { name: 'ended league', method: 'POST', path: join('ended'), as: 'outsider', body: { name: 'Fresh Faces' }, status: 409, ...refused('LEAGUE_INACTIVE') },
    {
      name: 'ended league refuses even the right code',
      method: 'POST',
      path: join('secret'),
      as: 'outsider',
      before: async (w, app) => {
        const { leagues } = tablesOf(app.ctx.db);
        await writeTransaction(app.ctx.db, (tx) => tx.update(leagues).set({ endDate: plus(-0.001) }).where(eq(leagues.id, w.secret.id)));
      },
      body: { name: 'Fresh Faces', invitationCode: 'K7M2Q' },
      status: 409,
      ...refused('LEAGUE_INACTIVE'),
    },
    { name: 'already a member', method: 'POST', path: join('open'), as: 'member', body: { name: 'Second Team' }, status: 400, ...refused('ALREADY_HAS_TEAM') },
    { name: 'the admin already has a team too', method: 'POST', path: join('open'), as: 'admin', body: { name: 'Second Team' }, status: 400, ...refused('ALREADY_HAS_TEAM') },
    { name: 'name taken, case-insensitively', method: 'POST', path: join('open'), as: 'outsider', body: { name: 'MEMBER united' }, status: 400, ...refused('NAME_TAKEN') },
    // look-alikes of 'Member United': invisible characters are refused, confusables are the same name
    { name: 'a zero-width space inside the name', method: 'POST', path: join('open'), as: 'outsider', body: { name: 'Member\u200b United' }, status: 400, ...refused('TEAM_NAME_LENGTH') },
    { name: 'a right-to-left override inside the name', method: 'POST', path: join('open'), as: 'outsider', body: { name: 'Member \u202eUnited' }, status: 400, ...refused('TEAM_NAME_LENGTH') },
    { name: 'a control character inside the name', method: 'POST', path: join('open'), as: 'outsider', body: { name: 'Member\u0007United' }, status: 400, ...refused('TEAM_NAME_LENGTH') },
    { name: 'a Hangul filler that draws as a space', method: 'POST', path: join('open'), as: 'outsider', body: { name: 'Member\u3164United' }, status: 400, ...refused('TEAM_NAME_LENGTH') },
    { name: 'a Cyrillic е for the Latin e', method: 'POST', path: join('open'), as: 'outsider', body: { name: 'M\u0435mber United' }, status: 400, ...refused('NAME_TAKEN') },
    { name: 'full-width letters', method: 'POST', path: join('open'), as: 'outsider', body: { name: 'Ｍｅｍｂｅｒ Ｕｎｉｔｅｄ' }, status: 400, ...refused('NAME_TAKEN') },
    { name: 'rn drawn like m, and two spaces like one', method: 'POST', path: join('open'), as: 'outsider', body: { name: 'Mernber  United' }, status: 400, ...refused('NAME_TAKEN') },
    { name: 'emoji joined by ZWJ are visible: accepted', method: 'POST', path: join('open'), as: 'outsider', body: { name: '👩‍💻 Coders ❤️' }, status: 201, expect: { name: '👩‍💻 Coders ❤️' } },
    { name: "a departed team's name stays taken for others", method: 'POST', path: join('open'), as: 'outsider', body: { name: 'old guard' }, status: 400, ...refused('NAME_TAKEN') },
    { name: 'the same name in another league is fine', method: 'POST', path: join('secret'), as: 'outsider', body: { name: 'Member United', invitationCode: 'K7M2Q' }, status: 201 },
    {
      name: 'a departed player rejoins: same row, name rewritten, contracts and credits kept',
      method: 'POST',
      path: join('open'),
      as: 'departed',
      body: { name: 'New Guard' },
      status: 201,
      expect: (res, w) => expect(res.body).toMatchObject({ name: 'New Guard', credits: 800, player: { id: w.departed.id } }),
    },
    { name: 'a returning player may reuse their own old name', method: 'POST', path: join('open'), as: 'departed', body: { name: 'OLD GUARD' }, status: 201, expect: { name: 'OLD GUARD', credits: 800 } },
    { name: 'a returning player cannot take a current member’s name', method: 'POST', path: join('open'), as: 'departed', body: { name: 'Member United' }, status: 400, ...refused('NAME_TAKEN') },
    { name: 'a returning player cannot rejoin an ended league', method: 'POST', path: join('ended'), as: 'admin', before: (w, app) => leaveAs(app, w.ended, w.admin), body: { name: 'admin FC' }, status: 409, ...refused('LEAGUE_INACTIVE') },
    {
      name: 'the Global League is joined like any public league',
      method: 'POST',
      path: '/api/v1/leagues/global/my-team',
      as: 'outsider',
      before: async (_w, app) => void (await seedGlobal(app)),
      body: { name: 'Globetrotters' },
      status: 201,
      expect: { name: 'Globetrotters', credits: 1000 },
    },
    { name: 'without a session', method: 'POST', path: join('open'), as: 'anonymous', body: { name: 'Fresh Faces' }, status: 401 },
  ]);
});

describe('POST /api/v1/leagues/{id}/my-departure', () => {
  scenarioTable<World>(world, [
    { name: 'a member leaves: 200, the league stays', method: 'POST', path: leave('open'), as: 'member', status: 200, expect: { leagueDeleted: false }, exact: true },
    { name: 'the admin leaves while others remain: the league stays', method: 'POST', path: leave('open'), as: 'admin', status: 200, expect: { leagueDeleted: false }, exact: true },
    { name: 'the last member leaves: the league is deleted', method: 'POST', path: leave('secret'), as: 'admin', status: 200, expect: { leagueDeleted: true }, exact: true },
    { name: 'no team there', method: 'POST', path: leave('open'), as: 'outsider', status: 404, ...refused('NO_TEAM_IN_LEAGUE') },
    { name: 'already left', method: 'POST', path: leave('open'), as: 'departed', status: 409, ...refused('ALREADY_LEFT') },
    { name: 'closed league', method: 'POST', path: leave('closed'), as: 'member', status: 409, ...refused('LEAGUE_INACTIVE') },
    { name: 'ended league', method: 'POST', path: leave('ended'), as: 'member', status: 409, ...refused('LEAGUE_INACTIVE') },
    { name: 'unknown league', method: 'POST', path: '/api/v1/leagues/lg_nope/my-departure', as: 'member', status: 404, ...refused('LEAGUE_NOT_FOUND') },
    {
      name: 'nobody leaves the Global League',
      method: 'POST',
      path: '/api/v1/leagues/global/my-departure',
      as: 'outsider',
      before: async (w, app) => {
        await seedGlobal(app);
        await app.call('POST', '/api/v1/leagues/global/my-team', { as: w.outsider, body: { name: 'Globetrotters' } });
      },
      status: 403,
      ...refused('CANNOT_LEAVE_GLOBAL'),
    },
    { name: 'without a session', method: 'POST', path: leave('open'), as: 'anonymous', status: 401 },
  ]);
});
