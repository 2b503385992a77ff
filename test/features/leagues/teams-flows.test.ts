/** Joining and leaving as flows: races, hand-over, deletion of an abandoned league, seasons. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { first, tablesOf } from '../../../src/platform/db/dialect';
import { createTestApp, type TestApp } from '../../support/app';
import { buildContract, buildDeparture, buildLeague, buildTeam } from '../../support/builders';
import { createBody, NOW } from './leagues-fixtures';
import { writeTransaction } from '../../../src/platform/db/database';

async function withApp(run: (app: TestApp) => Promise<void>) {
  const app = await createTestApp({ now: NOW });
  try {
    await run(app);
  } finally {
    await app.close();
  }
}

describe('joining', () => {
  it('concurrent joins with the same team name (any case): exactly one wins, the others get NAME_TAKEN', () =>
    withApp(async (app) => {
      const admin = await app.player();
      const { league } = await buildLeague(app, admin);
      const players = await Promise.all(Array.from({ length: 6 }, () => app.player()));
      const names = ['Night Owls', 'NIGHT OWLS', 'night owls', ' Night Owls ', 'Night owls', 'nIGHT oWLS'];
      const results = await Promise.all(
        players.map((p, i) => app.call('POST', `/api/v1/leagues/${league.id}/my-team`, { as: p, body: { name: names[i] } })),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      expect(results.filter((r) => r.status !== 201).map((r) => r.body)).toEqual(Array(5).fill({ error: 'NAME_TAKEN' }));
      const { teams } = tablesOf(app.ctx.db);
      const owls = await app.ctx.db.select().from(teams).where(eq(teams.nameKey, 'night owls'));
      expect(owls).toHaveLength(1);
      const league2 = (await app.call('GET', `/api/v1/leagues/${league.id}`, { as: admin })).body;
      expect(league2.teamCount).toBe(2);
    }));

  it('concurrent joins by one player: one team, the rest ALREADY_HAS_TEAM', () =>
    withApp(async (app) => {
      const { league } = await buildLeague(app, await app.player());
      const p = await app.player();
      const results = await Promise.all(
        ['Alpha Team', 'Beta Team', 'Gamma Team'].map((name) => app.call('POST', `/api/v1/leagues/${league.id}/my-team`, { as: p, body: { name } })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400]);
      expect(results.filter((r) => r.status === 400).every((r) => r.body.error === 'ALREADY_HAS_TEAM')).toBe(true);
    }));

  it('a new team gets an empty 4-3-3 line-up; a rejoin keeps the row, seniority, line-up and contracts', () =>
    withApp(async (app) => {
      const admin = await app.player();
      const { league } = await buildLeague(app, admin);
      const p = await app.player();
      const joined = await app.call('POST', `/api/v1/leagues/${league.id}/my-team`, { as: p, body: { name: 'Late Bloomers' } });
      expect(joined.status).toBe(201);
      const { contracts, lineupVersions, teams } = tablesOf(app.ctx.db);
      const team = (await first(app.ctx.db.select().from(teams).where(eq(teams.id, joined.body.id))))!;
      expect(await app.ctx.db.select().from(lineupVersions).where(eq(lineupVersions.teamId, team.id))).toEqual([
        expect.objectContaining({ schema: '4-3-3', positions: '{}', savedAt: NOW }),
      ]);
      await buildContract(app, team, { articleId: 'AC/DC', price: 300 });
      app.clock.advance(3_600_000);
      expect((await app.call('POST', `/api/v1/leagues/${league.id}/my-departure`, { as: p })).body).toEqual({ leagueDeleted: false });
      expect((await app.call('GET', `/api/v1/leagues/${league.id}/leaderboard`, { as: admin })).body).toHaveLength(2);
      app.clock.advance(3_600_000);
      const back = await app.call('POST', `/api/v1/leagues/${league.id}/my-team`, { as: p, body: { name: 'Back Again' } });
      expect(back).toMatchObject({ status: 201, body: { id: team.id, name: 'Back Again', credits: 700 } });
      const after = (await first(app.ctx.db.select().from(teams).where(eq(teams.id, team.id))))!;
      expect(after).toMatchObject({ joinedAt: NOW, leftAt: null, nameKey: 'back again' });
      expect(await app.ctx.db.select().from(lineupVersions).where(eq(lineupVersions.teamId, team.id))).toHaveLength(1);
      expect(await app.ctx.db.select().from(contracts).where(eq(contracts.teamId, team.id))).toHaveLength(1);
    }));

  it('a season is joinable until its end instant and refuses joins and leaves after it, staying readable', () =>
    withApp(async (app) => {
      const founder = await app.player();
      const created = await app.call('POST', '/api/v1/leagues', { as: founder, body: createBody({ duration: '2w' }) });
      const id = created.body.id;
      const [early, late] = [await app.player(), await app.player()];
      app.clock.set(created.body.endDate);
      const refresh = async (p: typeof early) => ({ ...p, cookie: await app.cookieFor(p.subject) });
      expect((await app.call('POST', `/api/v1/leagues/${id}/my-team`, { as: await refresh(early), body: { name: 'Just In Time' } })).status).toBe(201);
      app.clock.advance(1);
      expect((await app.call('POST', `/api/v1/leagues/${id}/my-team`, { as: await refresh(late), body: { name: 'Too Late' } })).body).toEqual({ error: 'LEAGUE_INACTIVE' });
      expect((await app.call('POST', `/api/v1/leagues/${id}/my-departure`, { as: await refresh(early) })).body).toEqual({ error: 'LEAGUE_INACTIVE' });
      const read = await app.call('GET', `/api/v1/leagues/${id}`, { as: await refresh(late) });
      expect(read).toMatchObject({ status: 200, body: { teamCount: 2, closedAt: null } });
      expect((await app.call('GET', `/api/v1/leagues/${id}/leaderboard`, { as: await refresh(late) })).body).toHaveLength(2);
    }));
});

describe('leaving', () => {
  it('an admin leaving hands adminship to the remaining member who joined earliest', () =>
    withApp(async (app) => {
      const [admin, first, second] = [await app.player('admin'), await app.player('first'), await app.player('second')];
      const { league } = await buildLeague(app, admin, { visibility: 'private', invitePolicy: 'admin', invitationCode: 'K7M2Q' });
      app.clock.advance(1000);
      const firstTeam = await buildTeam(app, league, first, 'First In');
      app.clock.advance(1000);
      await buildTeam(app, league, second, 'Second In');
      // `first` left and came back: seniority is the original join, kept on rejoin
      await buildDeparture(app, firstTeam.id, NOW);
      expect((await app.call('POST', `/api/v1/leagues/${league.id}/my-team`, { as: first, body: { name: 'First In', invitationCode: 'K7M2Q' } })).status).toBe(201);

      expect((await app.call('POST', `/api/v1/leagues/${league.id}/my-departure`, { as: admin })).body).toEqual({ leagueDeleted: false });
      expect((await app.call('GET', `/api/v1/leagues/${league.id}/my-role`, { as: first })).body).toEqual({ isMember: true, isAdmin: true });
      expect((await app.call('GET', `/api/v1/leagues/${league.id}/my-role`, { as: second })).body).toEqual({ isMember: true, isAdmin: false });
      expect((await app.call('GET', `/api/v1/leagues/${league.id}/my-role`, { as: admin })).body).toEqual({ isMember: false, isAdmin: false });
      // the new admin now holds the admin-only powers
      expect((await app.call('GET', `/api/v1/leagues/${league.id}/invite-code`, { as: first })).body).toEqual({ code: 'K7M2Q' });
      expect((await app.call('GET', `/api/v1/leagues/${league.id}/invite-code`, { as: admin })).status).toBe(404);
      expect((await app.call('POST', `/api/v1/leagues/${league.id}/closure`, { as: admin })).body).toEqual({ error: 'NOT_ADMIN' });
      // the departed team stays in the standings but not in teamCount or the leaver's list
      expect((await app.call('GET', `/api/v1/leagues/${league.id}/leaderboard`, { as: admin })).body).toHaveLength(3);
      expect((await app.call('GET', `/api/v1/leagues/${league.id}`, { as: admin })).body.teamCount).toBe(2);
      expect((await app.call('GET', '/api/v1/leagues', { as: admin })).body).toEqual([]);
    }));

  it('the last member leaving deletes the league with its teams (departed too), contracts, ledger, line-ups, performances, notifications and code', () =>
    withApp(async (app) => {
      const [admin, other] = [await app.player(), await app.player()];
      const { league, team } = await buildLeague(app, admin, { visibility: 'private', invitationCode: 'K7M2Q' });
      const otherTeam = await buildTeam(app, league, other, 'Gone Before');
      const contract = await buildContract(app, otherTeam, { articleId: 'Taylor_Swift', price: 100 });
      await buildContract(app, team, { articleId: 'Lionel_Messi', price: 50 });
      const { contracts, leagues, ledgerEntries, lineupVersions, notifications, performances, teams } = tablesOf(app.ctx.db);
      await writeTransaction(app.ctx.db, (tx) => tx.insert(performances).values({ teamId: team.id, date: '2026-05-09', points: 3, formationSnapshot: '{}', createdAt: NOW, updatedAt: NOW }));
      await writeTransaction(app.ctx.db, (tx) => tx.insert(notifications).values({ id: 'nt_1', playerId: other.id, leagueId: league.id, teamId: otherTeam.id, contractId: contract.id, message: 'sold', date: '2026-05-09', createdAt: NOW }));
      // an unrelated league must survive
      const keep = await buildLeague(app, other, { name: 'Unrelated' });

      expect((await app.call('POST', `/api/v1/leagues/${league.id}/my-departure`, { as: other })).body).toEqual({ leagueDeleted: false });
      expect((await app.call('POST', `/api/v1/leagues/${league.id}/my-departure`, { as: admin })).body).toEqual({ leagueDeleted: true });

      const db = app.ctx.db;
      expect(await db.select().from(leagues).where(eq(leagues.id, league.id))).toEqual([]);
      expect(await db.select().from(teams).where(eq(teams.leagueId, league.id))).toEqual([]);
      expect(await db.select().from(contracts).where(eq(contracts.leagueId, league.id))).toEqual([]);
      for (const teamId of [team.id, otherTeam.id]) {
        expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.teamId, teamId))).toEqual([]);
        expect(await db.select().from(lineupVersions).where(eq(lineupVersions.teamId, teamId))).toEqual([]);
        expect(await db.select().from(performances).where(eq(performances.teamId, teamId))).toEqual([]);
      }
      expect(await db.select().from(notifications)).toEqual([]);
      expect((await app.call('GET', `/api/v1/leagues/${league.id}`, { as: admin })).body).toEqual({ error: 'LEAGUE_NOT_FOUND' });
      expect(await app.call('GET', `/api/v1/leagues/${league.id}/leaderboard`, { as: admin })).toMatchObject({ status: 200, body: [] });
      expect((await app.call('GET', '/api/v1/leagues/by-code/K7M2Q', { as: admin })).body).toEqual({ error: 'LEAGUE_NOT_FOUND' });
      expect(await db.select().from(leagues).where(eq(leagues.id, keep.league.id))).toHaveLength(1);
    }));
});
