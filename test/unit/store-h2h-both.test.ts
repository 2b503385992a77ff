/**
 * The head-to-head and activity repositories answer the same on SQLite and on PostgreSQL:
 * pairings are kept once and read back in slot order, the first departure decides a matchup,
 * round points and records are re-summed (never added to) with the same sums on both engines,
 * each team's record comes with its name, and the activity feed keeps the
 * order events were given in and pages newest first.
 */
import { describe, expect, it } from 'vitest';
import { activityPage, recordActivities, recordActivity } from '../../src/features/activity/store';
import { type Database, writeTransaction } from '../../src/platform/db/database';
import { tablesOf } from '../../src/platform/db/dialect';
import {
  fixedRoundCount,
  forfeitMatchup,
  keepRoundPairings,
  keptRecords,
  keptRounds,
  markRoundFinal,
  refreshTeamRecords,
  refreshTeamRounds,
  roundCompletion,
  teamRoundPoints,
  writeRoundOutcomes,
} from '../../src/features/head-to-head/store';
import { ENGINES, useBothStores } from '../support/both-stores';

const stores = useBothStores();

const LEAGUE = 'lg_h2h';
const OTHER = 'lg_other';
const AT = '2026-05-01T00:00:00.000Z';

/** A head-to-head league of three-day rounds from 2026-05-01, and teams that joined in the order given. */
async function leagueWith(db: Database, teamIds: readonly string[], leagueId = LEAGUE): Promise<void> {
  await writeTransaction(db, async (tx) => {
    const { players, leagues, teams } = tablesOf(tx);
    await tx
      .insert(players)
      .values({ id: `pl_admin_${leagueId}`, subject: `password:admin_${leagueId}`, username: `admin_${leagueId}`, usernameKey: `admin_${leagueId}`, name: 'Admin', createdAt: AT });
    await tx.insert(leagues).values({
      id: leagueId,
      name: `League ${leagueId}`,
      domain: 'en.wikipedia.org',
      languageScale: 1,
      icon: 'trophy',
      durationDays: 28,
      startDate: '2026-05-01',
      endDate: '2026-05-28',
      visibility: 'public',
      invitePolicy: 'members',
      adminId: `pl_admin_${leagueId}`,
      createdAt: AT,
      format: 'head-to-head',
      roundDays: 3,
    });
    for (const [index, teamId] of teamIds.entries()) {
      await tx.insert(players).values({ id: `pl_${teamId}`, subject: `password:${teamId}`, username: teamId, usernameKey: teamId, name: teamId, createdAt: AT });
      await tx.insert(teams).values({
        id: teamId,
        leagueId,
        playerId: `pl_${teamId}`,
        name: `Team ${teamId}`,
        nameKey: `team ${teamId}`,
        joinedAt: `2026-05-01T0${index}:00:00.000Z`,
      });
    }
  });
}

async function scoreDays(db: Database, teamId: string, pointsByDate: Record<string, number>): Promise<void> {
  await writeTransaction(db, async (tx) => {
    const { performances } = tablesOf(tx);
    for (const [date, points] of Object.entries(pointsByDate)) {
      await tx
        .insert(performances)
        .values({ teamId, date, points, formationSnapshot: '{}', createdAt: AT, updatedAt: AT })
        .onConflictDoUpdate({ target: [performances.teamId, performances.date], set: { points } });
    }
  });
}

const round1 = (teamId: string) => ({ teamId, leagueId: LEAGUE, round: 1, startDate: '2026-05-01', endDate: '2026-05-03' });

describe.each(ENGINES)('on %s', (engine) => {
  describe('pairings', () => {
    it('keeps a round’s pairings and reads them back in slot order, the odd team against the average', async () => {
      const db = await stores.fresh(engine);
      await leagueWith(db, ['a', 'b', 'c', 'd', 'e']);
      expect(await fixedRoundCount(db, LEAGUE)).toBe(0);
      await keepRoundPairings(db, LEAGUE, 1, AT, [
        { home: 'c', away: 'a' },
        { home: 'b', away: 'e' },
        { home: 'd', away: null },
      ]);
      expect(await fixedRoundCount(db, LEAGUE)).toBe(1);
      expect(await keptRounds(db, LEAGUE)).toEqual([
        {
          round: 1,
          finalAt: null,
          pairings: [
            { home: 'c', away: 'a', forfeitedBy: null },
            { home: 'b', away: 'e', forfeitedBy: null },
            { home: 'd', away: null, forfeitedBy: null },
          ],
        },
      ]);
    });

    it('leaves a round already kept as it was', async () => {
      const db = await stores.fresh(engine);
      await leagueWith(db, ['a', 'b', 'c', 'd']);
      await keepRoundPairings(db, LEAGUE, 1, AT, [
        { home: 'a', away: 'b' },
        { home: 'c', away: 'd' },
      ]);
      await keepRoundPairings(db, LEAGUE, 1, '2026-05-02T00:00:00.000Z', [
        { home: 'a', away: 'c' },
        { home: 'b', away: 'd' },
      ]);
      expect((await keptRounds(db, LEAGUE))[0].pairings.map((p) => [p.home, p.away])).toEqual([
        ['a', 'b'],
        ['c', 'd'],
      ]);
    });

    it('reads only the rounds asked for, and a round kept without teams has no pairings', async () => {
      const db = await stores.fresh(engine);
      await leagueWith(db, ['a', 'b']);
      await keepRoundPairings(db, LEAGUE, 1, AT, []);
      await keepRoundPairings(db, LEAGUE, 2, AT, [{ home: 'a', away: 'b' }]);
      await keepRoundPairings(db, LEAGUE, 3, AT, [{ home: 'b', away: 'a' }]);
      expect(await fixedRoundCount(db, LEAGUE)).toBe(3);
      expect((await keptRounds(db, LEAGUE)).map((r) => [r.round, r.pairings.length])).toEqual([
        [1, 0],
        [2, 1],
        [3, 1],
      ]);
      expect((await keptRounds(db, LEAGUE, 2, 2)).map((r) => r.pairings)).toEqual([[{ home: 'a', away: 'b', forfeitedBy: null }]]);
      expect(await keptRounds(db, OTHER)).toEqual([]);
    });

    it('lets the first departure of a matchup decide it, and no team outside it', async () => {
      const db = await stores.fresh(engine);
      await leagueWith(db, ['a', 'b', 'c']);
      await keepRoundPairings(db, LEAGUE, 1, AT, [
        { home: 'a', away: 'b' },
        { home: 'c', away: null },
      ]);
      await keepRoundPairings(db, LEAGUE, 2, AT, [{ home: 'b', away: 'a' }]);
      expect(await forfeitMatchup(db, LEAGUE, 1, 'b')).toBe(true);
      expect(await forfeitMatchup(db, LEAGUE, 1, 'a')).toBe(false);
      expect(await forfeitMatchup(db, LEAGUE, 3, 'c')).toBe(false);
      const rounds = await keptRounds(db, LEAGUE);
      expect(rounds.map((r) => r.pairings.map((p) => p.forfeitedBy))).toEqual([['b', null], [null]]);
    });

    it('marks a round final once, keeping the first moment', async () => {
      const db = await stores.fresh(engine);
      await leagueWith(db, ['a', 'b']);
      await keepRoundPairings(db, LEAGUE, 1, AT, [{ home: 'a', away: 'b' }]);
      expect(await markRoundFinal(db, LEAGUE, 1, '2026-05-04T05:00:00.000Z')).toBe(true);
      expect(await markRoundFinal(db, LEAGUE, 1, '2026-05-05T05:00:00.000Z')).toBe(false);
      expect(await markRoundFinal(db, LEAGUE, 2, '2026-05-05T05:00:00.000Z')).toBe(false);
      expect((await keptRounds(db, LEAGUE))[0].finalAt).toBe('2026-05-04T05:00:00.000Z');
    });
  });

  describe('round points', () => {
    it('sums a round from the performances of its days only, as SQLite’s total() does', async () => {
      const db = await stores.fresh(engine);
      await leagueWith(db, ['a', 'b']);
      await scoreDays(db, 'a', { '2026-04-30': 100, '2026-05-01': 0.1, '2026-05-02': 0.2, '2026-05-03': 0.3, '2026-05-04': 100 });
      await refreshTeamRounds(db, [round1('a'), round1('b')]);
      // adding in turn would give 0.6000000000000001
      expect((await teamRoundPoints(db, LEAGUE)).get(1)).toEqual(
        new Map([
          ['a', { points: 0.6, daysScored: 3 }],
          ['b', { points: 0, daysScored: 0 }],
        ]),
      );
    });

    it('replaces a re-sent day’s points rather than adding them, however often a span is given', async () => {
      const db = await stores.fresh(engine);
      await leagueWith(db, ['a']);
      await scoreDays(db, 'a', { '2026-05-01': 0.1, '2026-05-02': 0.2, '2026-05-03': 0.3 });
      await refreshTeamRounds(db, [round1('a')]);
      await scoreDays(db, 'a', { '2026-05-02': 0.5 });
      await refreshTeamRounds(db, [round1('a'), round1('a')]);
      expect((await teamRoundPoints(db, LEAGUE, 1, 1)).get(1)?.get('a')).toEqual({ points: 0.9, daysScored: 3 });
    });

    it('counts the paired teams (the average is none) and the teams with enough days scored', async () => {
      const db = await stores.fresh(engine);
      await leagueWith(db, ['a', 'b', 'c']);
      await keepRoundPairings(db, LEAGUE, 1, AT, [
        { home: 'a', away: 'b' },
        { home: 'c', away: null },
      ]);
      await scoreDays(db, 'a', { '2026-05-01': 1, '2026-05-02': 1, '2026-05-03': 1 });
      await scoreDays(db, 'b', { '2026-05-01': 1, '2026-05-02': 1 });
      await scoreDays(db, 'c', { '2026-05-01': 1, '2026-05-02': 1, '2026-05-03': 1 });
      await refreshTeamRounds(db, [round1('a'), round1('b'), round1('c')]);
      expect(await roundCompletion(db, LEAGUE, 1, 3)).toEqual({ paired: 3, scored: 2 });
      expect(await roundCompletion(db, LEAGUE, 1, 2)).toEqual({ paired: 3, scored: 3 });
      expect(await roundCompletion(db, LEAGUE, 2, 3)).toEqual({ paired: 0, scored: 0 });
    });
  });

  describe('records and the table', () => {
    /** Team a wins rounds 1..3 with 0.1, 0.2, 0.3; b loses them; c draws round 1 only; round 4 of a is not settled. */
    async function threeRoundsPlayed(db: Database): Promise<void> {
      await leagueWith(db, ['a', 'b', 'c']);
      const spans = [1, 2, 3, 4].flatMap((round) =>
        ['a', 'b', 'c'].map((teamId) => {
          const start = 1 + (round - 1) * 3;
          const day = (n: number) => `2026-05-${String(n).padStart(2, '0')}`;
          return { teamId, leagueId: LEAGUE, round, startDate: day(start), endDate: day(start + 2) };
        }),
      );
      await scoreDays(db, 'a', { '2026-05-01': 0.1, '2026-05-04': 0.2, '2026-05-07': 0.3, '2026-05-10': 9 });
      await scoreDays(db, 'b', { '2026-05-01': 0.05, '2026-05-04': 0.1, '2026-05-07': 0.1 });
      await scoreDays(db, 'c', { '2026-05-01': 2 });
      await refreshTeamRounds(db, spans);
      await writeRoundOutcomes(db, 1, [
        { teamId: 'a', result: 'won', pointsFor: 0.1, pointsAgainst: 0.05 },
        { teamId: 'b', result: 'lost', pointsFor: 0.05, pointsAgainst: 0.1 },
        { teamId: 'c', result: 'drawn', pointsFor: 2, pointsAgainst: 2 },
      ]);
      await writeRoundOutcomes(db, 2, [
        { teamId: 'a', result: 'won', pointsFor: 0.2, pointsAgainst: 0.1 },
        { teamId: 'b', result: 'lost', pointsFor: 0.1, pointsAgainst: 0.2 },
      ]);
      await writeRoundOutcomes(db, 3, [
        { teamId: 'a', result: 'won', pointsFor: 0.3, pointsAgainst: 0.1 },
        { teamId: 'b', result: 'lost', pointsFor: 0.1, pointsAgainst: 0.3 },
      ]);
      await refreshTeamRecords(db, ['a', 'b', 'c', 'a']);
    }

    it('re-sums each team’s record from its settled rounds only, with the same sums on both engines', async () => {
      const db = await stores.fresh(engine);
      await threeRoundsPlayed(db);
      const records = new Map((await keptRecords(db, LEAGUE)).map((record) => [record.teamId, record]));
      expect(records.get('a')).toEqual({ teamId: 'a', joinedAt: '2026-05-01T00:00:00.000Z', won: 3, drawn: 0, lost: 0, pointsFor: 0.6, pointsAgainst: 0.25, teamName: 'Team a' });
      expect(records.get('b')).toMatchObject({ won: 0, drawn: 0, lost: 3, pointsFor: 0.25, pointsAgainst: 0.6 });
      expect(records.get('c')).toMatchObject({ won: 0, drawn: 1, lost: 0, pointsFor: 2, pointsAgainst: 2 });
    });

    it('writes a record again from scratch when a round is settled anew', async () => {
      const db = await stores.fresh(engine);
      await threeRoundsPlayed(db);
      await writeRoundOutcomes(db, 1, [{ teamId: 'a', result: 'lost', pointsFor: 0.1, pointsAgainst: 0.5 }]);
      await refreshTeamRecords(db, ['a']);
      const a = (await keptRecords(db, LEAGUE)).find((record) => record.teamId === 'a');
      expect(a).toMatchObject({ won: 2, lost: 1, pointsFor: 0.6, pointsAgainst: 0.7 });
    });

    it('lists every team of the league in its records, one without a record at nothing', async () => {
      const db = await stores.fresh(engine);
      await leagueWith(db, ['a', 'b']);
      await leagueWith(db, ['x'], OTHER);
      const records = await keptRecords(db, LEAGUE);
      expect(records.map((record) => record.teamId).sort()).toEqual(['a', 'b']);
      expect(records.find((record) => record.teamId === 'b')).toEqual({
        teamId: 'b',
        joinedAt: '2026-05-01T01:00:00.000Z',
        won: 0,
        drawn: 0,
        lost: 0,
        pointsFor: 0,
        pointsAgainst: 0,
        teamName: 'Team b',
      });
    });

  });

  describe('activity', () => {
    it('pages a league’s events newest first, from before the cursor, as many as asked', async () => {
      const db = await stores.fresh(engine);
      await leagueWith(db, ['a']);
      await leagueWith(db, ['x'], OTHER);
      for (const [n, kind] of (['join', 'buy', 'early-sale', 'renewal'] as const).entries()) {
        await recordActivity(db, LEAGUE, kind, `2026-05-0${n + 1}T00:00:00.000Z`, { n });
      }
      await recordActivity(db, OTHER, 'join', AT, { n: 99 });
      const all = await activityPage(db, LEAGUE, null, 10);
      expect(all.map((event) => [event.kind, JSON.parse(event.payload).n, event.leagueId])).toEqual([
        ['renewal', 3, LEAGUE],
        ['early-sale', 2, LEAGUE],
        ['buy', 1, LEAGUE],
        ['join', 0, LEAGUE],
      ]);
      expect(all[0]).toEqual({ id: all[0].id, leagueId: LEAGUE, at: '2026-05-04T00:00:00.000Z', kind: 'renewal', payload: '{"n":3}' });
      const page = await activityPage(db, LEAGUE, all[1].id, 1);
      expect(page.map((event) => event.kind)).toEqual(['buy']);
    });

    it('records a set of events with ids in the order given, all at one moment, and nothing for an empty set', async () => {
      const db = await stores.fresh(engine);
      await leagueWith(db, ['a']);
      await leagueWith(db, ['x'], OTHER);
      await recordActivities(db, [], AT);
      expect(await activityPage(db, LEAGUE, null, 10)).toEqual([]);
      const kinds = ['expiry', 'renewal', 'buy', 'expiry', 'early-sale'] as const;
      await recordActivities(
        db,
        kinds.map((kind, n) => ({ leagueId: n === 2 ? OTHER : LEAGUE, kind, payload: { n } })),
        AT,
      );
      const events = await activityPage(db, LEAGUE, null, 10);
      expect(events.map((event) => [event.kind, JSON.parse(event.payload).n, event.at])).toEqual([
        ['early-sale', 4, AT],
        ['expiry', 3, AT],
        ['renewal', 1, AT],
        ['expiry', 0, AT],
      ]);
      expect((await activityPage(db, OTHER, null, 10)).map((event) => JSON.parse(event.payload).n)).toEqual([2]);
    });
  });
});
