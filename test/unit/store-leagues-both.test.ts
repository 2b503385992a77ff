/**
 * The leagues', teams', line-ups', league versions' and language scales' repositories answer
 * the same on SQLite and on PostgreSQL: what is written is read back, guarded writes refuse
 * what they must, counts come back as numbers, and every order (join order, the public shelf,
 * line-up history) is the same on both engines.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, isUniqueViolation, writeTransaction } from '../../src/platform/db/database';
import { tablesOf } from '../../src/platform/db/dialect';
import { findLanguageScale, recordLanguageScale } from '../../src/features/leagues/language-scales-store';
import { bumpLeagueVersion, leagueVersion, markStandingsChanged } from '../../src/features/leagues/league-versions-store';
import {
  allLeagues,
  closeLeagueIfAdmin,
  currentTeamCount,
  deleteLeague,
  earliestCurrentMember,
  findCurrentTeam,
  findLeague,
  findLeagueByCode,
  findTeam,
  findTeamByNameKey,
  findTeamOfPlayer,
  findTeamWithPlayer,
  insertLeague,
  insertTeamWithLineup,
  leaguesByIds,
  leaguesOfPlayer,
  markTeamLeft,
  type NewLeague,
  publicLeagues,
  publicShelfTag,
  rejoinTeam,
  setLeagueAdmin,
  teamsOfLeague,
  teamsOfLeagues,
  teamsWithPlayersByIds,
} from '../../src/features/leagues/store';
import { appendLineupVersion, latestLineupVersion, lineupVersionsOfTeam, lineupVersionsStandingBefore } from '../../src/features/lineups/store';
import { insertPlayer } from '../../src/features/auth/store';
import { ENGINES, useBothStores } from '../support/both-stores';

const stores = useBothStores();

const NOW = new Date('2026-06-15T12:00:00.000Z');
const at = (day: number, hour = 0) => new Date(Date.UTC(2026, 5, day, hour)).toISOString();
const LINEUP = { schema: '4-3-3', positions: { GK: 'ct_1' } };

async function withPlayers(db: Database, ...names: string[]): Promise<void> {
  for (const name of names) {
    await insertPlayer(db, {
      id: `pl_${name}`,
      subject: `password:${name}`,
      username: name,
      usernameKey: name.toLowerCase(),
      name: `${name} Name`,
      email: '',
      picture: '',
      createdAt: at(1),
    });
  }
}

function league(id: string, spec: Partial<NewLeague> = {}): NewLeague {
  return {
    id,
    name: `League ${id}`,
    domain: 'en',
    languageScale: 1,
    icon: '🏆',
    durationDays: 30,
    startDate: at(10),
    endDate: at(40),
    visibility: 'public',
    invitePolicy: 'members',
    invitationCode: null,
    adminId: 'pl_ada',
    closedAt: null,
    createdAt: at(9),
    ...spec,
  };
}

function join(db: Database, leagueId: string, player: string, teamId: string, joinedAt = at(10), name = `${player} FC`) {
  return insertTeamWithLineup(db, { id: teamId, leagueId, playerId: `pl_${player}`, name, nameKey: name.toLowerCase(), joinedAt }, LINEUP);
}

const refusal = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => error,
  );

describe.each(ENGINES)('on %s', (engine) => {
  it('reads back a league by id, by invitation code and in a batch, with its defaults', async () => {
    const db = await stores.fresh(engine);
    await withPlayers(db, 'ada');
    const written = await insertLeague(db, league('lg_1', { visibility: 'private', invitationCode: 'QWERT', languageScale: 13.912345678901 }));
    expect(written).toMatchObject({ id: 'lg_1', version: 0, ranksStale: true, format: 'points', roundDays: null, languageScale: 13.912345678901 });
    expect(await findLeague(db, 'lg_1')).toEqual(written);
    expect(await findLeague(db, 'lg_none')).toBeUndefined();
    expect(await findLeagueByCode(db, 'QWERT')).toEqual(written);
    expect(await findLeagueByCode(db, 'NOPE')).toBeUndefined();
    const byIds = await leaguesByIds(db, ['lg_1', 'lg_1', 'lg_none']);
    expect([...byIds.entries()]).toEqual([['lg_1', written]]);
  });

  it('refuses a second league with a taken invitation code as a unique violation, writing nothing', async () => {
    const db = await stores.fresh(engine);
    await withPlayers(db, 'ada');
    await insertLeague(db, league('lg_1', { visibility: 'private', invitationCode: 'QWERT' }));
    const refused = await refusal(insertLeague(db, league('lg_2', { visibility: 'private', invitationCode: 'QWERT' })));
    expect(isUniqueViolation(refused)).toBe(true);
    expect(await findLeague(db, 'lg_2')).toBeUndefined();
  });

  it('reads back a new team every way it is looked up, with its first line-up saved as it joined', async () => {
    const db = await stores.fresh(engine);
    await withPlayers(db, 'ada');
    await insertLeague(db, league('lg_1'));
    const team = await join(db, 'lg_1', 'ada', 'tm_1', at(11), 'Ada FC');
    expect(team).toEqual({ id: 'tm_1', leagueId: 'lg_1', playerId: 'pl_ada', name: 'Ada FC', nameKey: 'ada fc', joinedAt: at(11), leftAt: null, removedAt: null });
    expect(await findTeam(db, 'tm_1')).toEqual(team);
    expect(await findTeam(db, 'tm_none')).toBeUndefined();
    expect(await findCurrentTeam(db, 'lg_1', 'pl_ada')).toEqual(team);
    expect(await findTeamOfPlayer(db, 'lg_1', 'pl_ada')).toEqual(team);
    expect(await findTeamByNameKey(db, 'lg_1', 'ada fc')).toEqual(team);
    expect(await findTeamByNameKey(db, 'lg_1', 'bob fc')).toBeUndefined();
    expect(await findTeamWithPlayer(db, 'tm_1')).toEqual({ ...team, playerName: 'ada Name' });
    expect(await latestLineupVersion(db, 'tm_1')).toEqual({ teamId: 'tm_1', schema: '4-3-3', positions: { GK: 'ct_1' }, savedAt: at(11) });
  });

  it('refuses a taken team name and a second team of one player as unique violations, writing no team', async () => {
    const db = await stores.fresh(engine);
    await withPlayers(db, 'ada', 'bob');
    await insertLeague(db, league('lg_1'));
    await join(db, 'lg_1', 'ada', 'tm_1', at(10), 'Same');
    expect(isUniqueViolation(await refusal(join(db, 'lg_1', 'bob', 'tm_2', at(10), 'SAME')))).toBe(true);
    expect(isUniqueViolation(await refusal(join(db, 'lg_1', 'ada', 'tm_3', at(10), 'Other')))).toBe(true);
    expect((await teamsOfLeague(db, 'lg_1')).map((team) => team.id)).toEqual(['tm_1']);
    expect(await lineupVersionsOfTeam(db, 'tm_2')).toEqual([]);
  });

  it('counts current members only, as numbers, 0 for a league without any, across batches of ids', async () => {
    const db = await stores.fresh(engine);
    await withPlayers(db, 'ada', 'bob', 'cy');
    await insertLeague(db, league('lg_1'));
    await insertLeague(db, league('lg_2'));
    await insertLeague(db, league('lg_3'));
    await join(db, 'lg_1', 'ada', 'tm_1');
    await join(db, 'lg_1', 'bob', 'tm_2');
    await join(db, 'lg_1', 'cy', 'tm_3');
    await markTeamLeft(db, 'tm_3', at(12));
    await join(db, 'lg_3', 'cy', 'tm_4');
    expect(await currentTeamCount(db, 'lg_1')).toBe(2);
    expect(await currentTeamCount(db, 'lg_2')).toBe(0);
    expect(await currentTeamCount(db, 'lg_3')).toBe(1);
    // a rejoin counts the team again; a second departure of the same team does not count twice
    expect(await rejoinTeam(db, 'tm_3', 'Cy Again', 'cy again')).toBe(true);
    expect(await currentTeamCount(db, 'lg_1')).toBe(3);
    expect(await markTeamLeft(db, 'tm_3', at(14))).toBe(true);
    expect(await markTeamLeft(db, 'tm_3', at(15))).toBe(false);
    expect(await currentTeamCount(db, 'lg_1')).toBe(2);
  });

  it('records a departure once, and brings back only a departed team under its new name, seniority kept', async () => {
    const db = await stores.fresh(engine);
    await withPlayers(db, 'ada');
    await insertLeague(db, league('lg_1'));
    await join(db, 'lg_1', 'ada', 'tm_1', at(10), 'Ada FC');
    expect(await rejoinTeam(db, 'tm_1', 'Twice', 'twice')).toBe(false);
    expect(await markTeamLeft(db, 'tm_1', at(12))).toBe(true);
    expect(await markTeamLeft(db, 'tm_1', at(13))).toBe(false);
    expect(await findCurrentTeam(db, 'lg_1', 'pl_ada')).toBeUndefined();
    expect(await findTeamOfPlayer(db, 'lg_1', 'pl_ada')).toMatchObject({ id: 'tm_1', leftAt: at(12) });
    expect(await rejoinTeam(db, 'tm_1', 'Ada Again', 'ada again')).toBe(true);
    expect(await findCurrentTeam(db, 'lg_1', 'pl_ada')).toEqual({
      id: 'tm_1',
      leagueId: 'lg_1',
      playerId: 'pl_ada',
      name: 'Ada Again',
      nameKey: 'ada again',
      joinedAt: at(10),
      leftAt: null,
      removedAt: null,
    });
  });

  it('lists a league’s teams in join order (ties by id), departed included, and hands over to the earliest current one', async () => {
    const db = await stores.fresh(engine);
    await withPlayers(db, 'ada', 'bob', 'cy', 'di');
    await insertLeague(db, league('lg_1'));
    await join(db, 'lg_1', 'ada', 'tm_d', at(10));
    await join(db, 'lg_1', 'bob', 'tm_c', at(12));
    await join(db, 'lg_1', 'cy', 'tm_b', at(12));
    await join(db, 'lg_1', 'di', 'tm_B', at(12));
    expect((await teamsOfLeague(db, 'lg_1')).map((team) => [team.id, team.playerName])).toEqual([
      ['tm_d', 'ada Name'],
      ['tm_B', 'di Name'],
      ['tm_b', 'cy Name'],
      ['tm_c', 'bob Name'],
    ]);
    expect((await earliestCurrentMember(db, 'lg_1'))?.id).toBe('tm_d');
    await markTeamLeft(db, 'tm_d', at(13));
    expect((await teamsOfLeague(db, 'lg_1')).map((team) => team.id)).toEqual(['tm_d', 'tm_B', 'tm_b', 'tm_c']);
    expect((await earliestCurrentMember(db, 'lg_1'))?.id).toBe('tm_B');
    expect(await earliestCurrentMember(db, 'lg_none')).toBeUndefined();
  });

  it('lists the leagues a player is a current member of, most recently joined first', async () => {
    const db = await stores.fresh(engine);
    await withPlayers(db, 'ada', 'bob');
    for (const id of ['lg_1', 'lg_2', 'lg_3', 'lg_4']) await insertLeague(db, league(id));
    await join(db, 'lg_1', 'ada', 'tm_1', at(10));
    await join(db, 'lg_2', 'ada', 'tm_2', at(14));
    await join(db, 'lg_3', 'ada', 'tm_3', at(12));
    await join(db, 'lg_4', 'bob', 'tm_4', at(15));
    await markTeamLeft(db, 'tm_1', at(16));
    expect((await leaguesOfPlayer(db, 'pl_ada')).map((row) => row.id)).toEqual(['lg_2', 'lg_3']);
    expect(await leaguesOfPlayer(db, 'pl_nobody')).toEqual([]);
  });

  it('shows on the public shelf only public, open, running leagues, newest start first, and tags it with their versions', async () => {
    const db = await stores.fresh(engine);
    await withPlayers(db, 'ada');
    expect(await publicShelfTag(db, NOW, 12)).toBe('');
    await insertLeague(db, league('lg_old', { startDate: at(1), createdAt: at(1) }));
    await insertLeague(db, league('lg_new', { startDate: at(14), createdAt: at(2) }));
    // same start: the later creation first, then by id
    await insertLeague(db, league('lg_tb', { startDate: at(12), createdAt: at(3) }));
    await insertLeague(db, league('lg_tB', { startDate: at(12), createdAt: at(3) }));
    await insertLeague(db, league('lg_tc', { startDate: at(12), createdAt: at(4) }));
    await insertLeague(db, league('lg_private', { startDate: at(13), visibility: 'private', invitationCode: 'PRIVA' }));
    await insertLeague(db, league('lg_closed', { startDate: at(13), closedAt: at(14) }));
    await insertLeague(db, league('lg_ended', { startDate: at(1), endDate: NOW.toISOString() }));
    await bumpLeagueVersion(db, 'lg_tb');
    await bumpLeagueVersion(db, 'lg_tb');
    await bumpLeagueVersion(db, 'lg_old');
    const shown = ['lg_new', 'lg_tc', 'lg_tB', 'lg_tb', 'lg_old'];
    expect((await publicLeagues(db, NOW, 12)).map((row) => row.id)).toEqual(shown);
    expect((await publicLeagues(db, NOW, 3)).map((row) => row.id)).toEqual(shown.slice(0, 3));
    expect(await publicShelfTag(db, NOW, 12)).toBe('lg_new 0 lg_tc 0 lg_tB 0 lg_tb 2 lg_old 1');
    expect(await publicShelfTag(db, NOW, 3)).toBe('lg_new 0 lg_tc 0 lg_tB 0');
    expect(await publicShelfTag(db, NOW, 0)).toBe('');
  });

  it('refuses a shelf limit that is not a whole number of leagues', async () => {
    const db = await stores.fresh(engine);
    await expect(publicShelfTag(db, NOW, -1)).rejects.toThrow(RangeError);
    await expect(publicShelfTag(db, NOW, 1.5)).rejects.toThrow(RangeError);
  });

  it('hands a league to a new admin, and closes it only for its admin and only once', async () => {
    const db = await stores.fresh(engine);
    await withPlayers(db, 'ada', 'bob');
    await insertLeague(db, league('lg_1'));
    expect(await closeLeagueIfAdmin(db, 'lg_1', 'pl_bob', at(12))).toBe(false);
    await setLeagueAdmin(db, 'lg_1', 'pl_bob');
    expect(await closeLeagueIfAdmin(db, 'lg_1', 'pl_ada', at(12))).toBe(false);
    expect(await findLeague(db, 'lg_1')).toMatchObject({ adminId: 'pl_bob', closedAt: null });
    expect(await closeLeagueIfAdmin(db, 'lg_1', 'pl_bob', at(13))).toBe(true);
    expect(await closeLeagueIfAdmin(db, 'lg_1', 'pl_bob', at(14))).toBe(false);
    expect((await findLeague(db, 'lg_1'))?.closedAt).toBe(at(13));
  });

  it('deletes a league with its teams and line-ups, leaving other leagues alone', async () => {
    const db = await stores.fresh(engine);
    await withPlayers(db, 'ada');
    await insertLeague(db, league('lg_1'));
    await insertLeague(db, league('lg_2'));
    await join(db, 'lg_1', 'ada', 'tm_1');
    await join(db, 'lg_2', 'ada', 'tm_2');
    await deleteLeague(db, 'lg_1');
    expect(await findLeague(db, 'lg_1')).toBeUndefined();
    expect(await findTeam(db, 'tm_1')).toBeUndefined();
    expect(await lineupVersionsOfTeam(db, 'tm_1')).toEqual([]);
    expect(await findTeam(db, 'tm_2')).toBeDefined();
    expect(await latestLineupVersion(db, 'tm_2')).toBeDefined();
  });

  it('lists every league oldest first, and the teams of many leagues and by many ids', async () => {
    const db = await stores.fresh(engine);
    await withPlayers(db, 'ada', 'bob');
    await insertLeague(db, league('lg_b', { createdAt: at(3) }));
    await insertLeague(db, league('lg_a', { createdAt: at(5) }));
    await insertLeague(db, league('lg_c', { createdAt: at(1) }));
    expect((await allLeagues(db)).map((row) => row.id)).toEqual(['lg_c', 'lg_b', 'lg_a']);
    await join(db, 'lg_a', 'ada', 'tm_1');
    await join(db, 'lg_b', 'bob', 'tm_2');
    await join(db, 'lg_c', 'ada', 'tm_3');
    const ofTwo = await teamsOfLeagues(db, ['lg_a', 'lg_c', 'lg_none']);
    expect(ofTwo.map((team) => team.id).sort()).toEqual(['tm_1', 'tm_3']);
    const byIds = await teamsWithPlayersByIds(db, ['tm_2', 'tm_1', 'tm_2', 'tm_none']);
    expect([...byIds.keys()].sort()).toEqual(['tm_1', 'tm_2']);
    expect(byIds.get('tm_2')).toMatchObject({ leagueId: 'lg_b', playerName: 'bob Name' });
  });

  it('moves a league’s version with every bump, and marks its standings stale', async () => {
    const db = await stores.fresh(engine);
    await withPlayers(db, 'ada');
    await insertLeague(db, league('lg_1'));
    await insertLeague(db, league('lg_2'));
    expect(await leagueVersion(db, 'lg_1')).toBe(0);
    expect(await leagueVersion(db, 'lg_none')).toBeUndefined();
    await bumpLeagueVersion(db, 'lg_1');
    expect(await leagueVersion(db, 'lg_1')).toBe(1);
    // what a standings rewrite leaves behind: fresh ranks and table
    await writeTransaction(db, async (tx) => {
      const { leagues } = tablesOf(tx);
      await tx.update(leagues).set({ ranksStale: false }).where(eq(leagues.id, 'lg_1'));
    });
    await markStandingsChanged(db, 'lg_1');
    expect(await findLeague(db, 'lg_1')).toMatchObject({ version: 2, ranksStale: true });
    expect(await leagueVersion(db, 'lg_2')).toBe(0);
  });

  it('undoes a bump whose transaction fails', async () => {
    const db = await stores.fresh(engine);
    await withPlayers(db, 'ada');
    await insertLeague(db, league('lg_1'));
    await expect(
      writeTransaction(db, async (tx) => {
        await bumpLeagueVersion(tx, 'lg_1');
        await markStandingsChanged(tx, 'lg_1');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await leagueVersion(db, 'lg_1')).toBe(0);
  });

  it('loses no bump when twenty transactions bump one league at once', async () => {
    const db = await stores.fresh(engine);
    await withPlayers(db, 'ada');
    await insertLeague(db, league('lg_1'));
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? bumpLeagueVersion(db, 'lg_1') : markStandingsChanged(db, 'lg_1'))));
    expect(await leagueVersion(db, 'lg_1')).toBe(20);
  });

  it('keeps every line-up version, oldest first, same-instant saves in the order they were made', async () => {
    const db = await stores.fresh(engine);
    await withPlayers(db, 'ada');
    await insertLeague(db, league('lg_1'));
    await join(db, 'lg_1', 'ada', 'tm_1', at(10));
    await appendLineupVersion(db, { teamId: 'tm_1', schema: '4-4-2', positions: { GK: 'ct_2' }, savedAt: at(12) });
    await appendLineupVersion(db, { teamId: 'tm_1', schema: '3-5-2', positions: { GK: 'ct_3', ST: 'ct_4' }, savedAt: at(12) });
    await appendLineupVersion(db, { teamId: 'tm_1', schema: '5-3-2', positions: {}, savedAt: at(11) });
    expect((await lineupVersionsOfTeam(db, 'tm_1')).map((version) => [version.schema, version.savedAt])).toEqual([
      ['4-3-3', at(10)],
      ['5-3-2', at(11)],
      ['4-4-2', at(12)],
      ['3-5-2', at(12)],
    ]);
    expect(await latestLineupVersion(db, 'tm_1')).toEqual({ teamId: 'tm_1', schema: '3-5-2', positions: { GK: 'ct_3', ST: 'ct_4' }, savedAt: at(12) });
    expect(await latestLineupVersion(db, 'tm_none')).toBeUndefined();
  });

  it('finds for each team the line-up standing just before an instant, leaving out teams without one', async () => {
    const db = await stores.fresh(engine);
    await withPlayers(db, 'ada', 'bob', 'cy');
    await insertLeague(db, league('lg_1'));
    await join(db, 'lg_1', 'ada', 'tm_1', at(10));
    await join(db, 'lg_1', 'bob', 'tm_2', at(11));
    await join(db, 'lg_1', 'cy', 'tm_3', at(14));
    await appendLineupVersion(db, { teamId: 'tm_1', schema: '4-4-2', positions: {}, savedAt: at(13) });
    await appendLineupVersion(db, { teamId: 'tm_2', schema: '3-5-2', positions: {}, savedAt: at(12) });
    await appendLineupVersion(db, { teamId: 'tm_2', schema: '5-3-2', positions: {}, savedAt: at(12) });
    await appendLineupVersion(db, { teamId: 'tm_2', schema: '4-5-1', positions: {}, savedAt: at(13) });
    const standing = await lineupVersionsStandingBefore(db, ['tm_1', 'tm_2', 'tm_3'], at(13));
    expect(Object.fromEntries([...standing].map(([team, version]) => [team, version.schema]))).toEqual({ tm_1: '4-3-3', tm_2: '5-3-2' });
    const later = await lineupVersionsStandingBefore(db, ['tm_1', 'tm_2'], at(13, 1));
    expect(Object.fromEntries([...later].map(([team, version]) => [team, version.schema]))).toEqual({ tm_1: '4-4-2', tm_2: '4-5-1' });
  });

  it('reads a seeded language scale, records a new edition once, and keeps the first measurement', async () => {
    const db = await stores.fresh(engine);
    expect(await findLanguageScale(db, 'it')).toEqual({
      domain: 'it',
      scale: 13.9,
      measuredAt: '2026-07-06T00:00:00Z',
      qualifyingRanks: 993,
      sampleSize: 500,
      referenceDomain: 'en',
    });
    expect(await findLanguageScale(db, 'fr')).toBeUndefined();
    const first = { domain: 'fr', scale: 1.734567890123, measuredAt: at(2), qualifyingRanks: 990, sampleSize: 500, referenceDomain: 'en' };
    expect(await recordLanguageScale(db, first)).toEqual(first);
    expect(await recordLanguageScale(db, { ...first, scale: 2.5, measuredAt: at(3) })).toEqual(first);
    expect(await findLanguageScale(db, 'fr')).toEqual(first);
  });
});
