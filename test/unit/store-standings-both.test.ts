/**
 * The standings, performances, pageview-series and upstream-cache repositories answer the same
 * on SQLite and on PostgreSQL: what is written is read back, re-sent days replace and re-sum,
 * sums of doubles come out bit for bit the same (SQLite's compensated `total`), ranks and
 * windows come back in rank order with the ledger's credits, and the first cached series wins.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rankLeagueIfStale } from '../../src/features/scoring/league-ranking';
import { type Database, readTransaction, writeTransaction } from '../../src/platform/db/database';
import { compensatedSum, tablesOf } from '../../src/platform/db/dialect';
import {
  performancesBetween,
  recentPerformances,
  scalesOfTeams,
  upsertPerformance,
  upsertPerformances,
  type PerformanceWrite,
} from '../../src/features/scoring/store';
import {
  clearRanksStale,
  currentLeagueVersion,
  leagueBoard,
  rankedTeamCount,
  rankedTeams,
  rankOfTeam,
  ranksStale,
  readLeagueTotals,
  refreshTeamTotals,
  refreshTotalsOfTeams,
  writeRank,
  writeRanks,
} from '../../src/features/scoring/standings-store';
import { cachedEntryStamp, getCached, getCachedEntry, putCached } from '../../src/platform/db/upstream-cache';
import { countCachedSeries, findCachedSeries, findCachedSeriesOf, storeSeries } from '../../src/features/contracts/view-series-store';
import { ENGINES, useBothStores } from '../support/both-stores';

const stores = useBothStores();
const NOW = '2026-05-01T00:00:00.000Z';

/** A league `lg_{n}` of `teams` teams `tm_{n}_{i}`, each of its own player, joined a minute apart. */
async function league(db: Database, n: number, teams: number, scale = 1): Promise<string[]> {
  const { players, leagues, teams: teamTable } = tablesOf(db);
  const ids = Array.from({ length: teams }, (_, i) => `tm_${n}_${i}`);
  await writeTransaction(db, async (tx) => {
    const admin = `pl_${n}_0`;
    await tx.insert(players).values(
      ids.map((_, i) => ({ id: `pl_${n}_${i}`, subject: `password:p${n}_${i}`, username: `p${n}_${i}`, usernameKey: `p${n}_${i}`, name: `Player ${n}.${i}`, createdAt: NOW })),
    );
    await tx.insert(leagues).values({
      id: `lg_${n}`,
      name: `League ${n}`,
      domain: 'it',
      languageScale: scale,
      icon: 'x',
      durationDays: 30,
      startDate: '2026-05-01',
      endDate: '2026-05-30',
      visibility: 'public',
      invitePolicy: 'members',
      adminId: admin,
      createdAt: NOW,
    });
    await tx.insert(teamTable).values(
      ids.map((id, i) => ({
        id,
        leagueId: `lg_${n}`,
        playerId: `pl_${n}_${i}`,
        name: `Team ${n}.${i}`,
        nameKey: `team ${n}.${i}`,
        joinedAt: `2026-05-01T00:${String(i).padStart(2, '0')}:00.000Z`,
      })),
    );
  });
  return ids;
}

const day = (teamId: string, date: string, points: number, extra: Partial<PerformanceWrite> = {}): PerformanceWrite => ({
  teamId,
  date,
  points,
  formationSnapshot: '{}',
  articleViews: [],
  chemistryLevels: [],
  ...extra,
});

async function totalsOf(db: Database, leagueId: string) {
  const totals = await readLeagueTotals(db, leagueId);
  return Object.fromEntries((totals?.teams ?? []).map((team) => [team.teamId, [team.cumulativePoints, team.previousPoints]]));
}

/** A spending of `amount` credits (negative) or a payout (positive) on the team's ledger. */
async function ledger(db: Database, teamId: string, leagueId: string, amount: number, n: number) {
  const { contracts, ledgerEntries } = tablesOf(db);
  await writeTransaction(db, async (tx) => {
    const contractId = `ct_${teamId}_${n}`;
    await tx.insert(contracts).values({
      id: contractId,
      leagueId,
      teamId,
      articleId: `A_${teamId}_${n}`,
      domain: 'it',
      heldSince: '2026-05-01',
      purchaseDate: '2026-05-01',
      expireDate: '2026-05-08',
      purchasePrice: 10,
      createdAt: NOW,
    });
    await tx.insert(ledgerEntries).values({ teamId, contractId, kind: amount < 0 ? 'purchase' : 'sale_payout', amount, createdAt: NOW });
  });
}

describe.each(ENGINES)('on %s', (engine) => {
  describe('performances', () => {
    it('reads back what was written, newest first, and a date range inclusive of both ends', async () => {
      const db = await stores.fresh(engine);
      const [team] = await league(db, 1, 1);
      await upsertPerformances(
        db,
        ['2026-05-02', '2026-05-04', '2026-05-03', '2026-05-05'].map((date, i) =>
          day(team!, date, i + 0.5, { formationSnapshot: `{"d":${i}}`, articleViews: [i, 7], chemistryLevels: ['ally'] }),
        ),
        NOW,
      );
      const recent = await recentPerformances(db, team!, 2);
      expect(recent.map((row) => [row.date, row.points])).toEqual([
        ['2026-05-05', 3.5],
        ['2026-05-04', 1.5],
      ]);
      expect(recent[0]).toEqual({
        teamId: team,
        date: '2026-05-05',
        points: 3.5,
        formationSnapshot: '{"d":3}',
        articleViews: '[3,7]',
        chemistryLevels: '["ally"]',
        createdAt: NOW,
        updatedAt: NOW,
      });
      expect((await performancesBetween(db, team!, '2026-05-03', '2026-05-04')).map((row) => row.date)).toEqual(['2026-05-04', '2026-05-03']);
      expect(await recentPerformances(db, 'tm_none', 5)).toEqual([]);
    });

    it('replaces a re-sent day, keeping when it was first written, and re-sums the totals', async () => {
      const db = await stores.fresh(engine);
      const [team] = await league(db, 1, 1);
      await upsertPerformances(db, [day(team!, '2026-05-02', 4), day(team!, '2026-05-03', 1)], NOW);
      await upsertPerformance(db, day(team!, '2026-05-03', 2.25, { formationSnapshot: '{"again":1}', articleViews: [9] }), '2026-05-04T00:00:00.000Z');
      const [latest] = await recentPerformances(db, team!, 1);
      expect(latest).toMatchObject({ points: 2.25, formationSnapshot: '{"again":1}', articleViews: '[9]', createdAt: NOW, updatedAt: '2026-05-04T00:00:00.000Z' });
      expect(await recentPerformances(db, team!, 10)).toHaveLength(2);
      expect(await totalsOf(db, 'lg_1')).toEqual({ [team!]: [6.25, 4] });
    });

    it('keeps the last of two rows of one team and day sent in the same batch', async () => {
      const db = await stores.fresh(engine);
      const [team] = await league(db, 1, 1);
      await upsertPerformances(db, [day(team!, '2026-05-02', 4), day(team!, '2026-05-03', 1), day(team!, '2026-05-02', 7)], NOW);
      expect((await recentPerformances(db, team!, 10)).map((row) => [row.date, row.points])).toEqual([
        ['2026-05-03', 1],
        ['2026-05-02', 7],
      ]);
      expect(await totalsOf(db, 'lg_1')).toEqual({ [team!]: [8, 7] });
    });

    it('writes a batch larger than one statement takes, every row of it', async () => {
      const db = await stores.fresh(engine);
      const [team] = await league(db, 1, 1);
      const rows = Array.from({ length: 12_345 }, (_, i) => day(team!, `d${String(i).padStart(5, '0')}`, i % 3));
      await upsertPerformances(db, rows, NOW);
      expect((await performancesBetween(db, team!, 'd00000', 'd99999')).length).toBe(12_345);
      // 0 + 1 + 2 repeated: 4115 threes; the latest day (i = 12344, 12344 % 3 = 2) left out of previous
      expect(await totalsOf(db, 'lg_1')).toEqual({ [team!]: [12_345, 12_343] });
    });

    it('loses nothing when two batches of the same teams overlap in opposite orders', async () => {
      const db = await stores.fresh(engine);
      const teams = await league(db, 1, 6);
      const forward = teams.map((team, i) => day(team, '2026-05-02', i));
      const backward = [...teams].reverse().map((team, i) => day(team, '2026-05-03', i + 10));
      await Promise.all([upsertPerformances(db, forward, NOW), upsertPerformances(db, backward, NOW)]);
      const totals = await totalsOf(db, 'lg_1');
      teams.forEach((team, i) => expect(totals[team]).toEqual([i + (15 - i), i]));
    });

    it('answers each existing team with its league and the league’s frozen scale, skipping unknown ids', async () => {
      const db = await stores.fresh(engine);
      const [a, b] = await league(db, 1, 2, 0.75);
      const [c] = await league(db, 2, 1, 1.5);
      const scales = await scalesOfTeams(db, [a!, c!, 'tm_none', a!, b!]);
      expect(Object.fromEntries(scales)).toEqual({
        [a!]: { leagueId: 'lg_1', languageScale: 0.75 },
        [b!]: { leagueId: 'lg_1', languageScale: 0.75 },
        [c!]: { leagueId: 'lg_2', languageScale: 1.5 },
      });
      expect((await scalesOfTeams(db, [])).size).toBe(0);
    });
  });

  describe('kept totals', () => {
    it('sum every day, and the days before the team’s own latest, compensated as SQLite’s total()', async () => {
      const db = await stores.fresh(engine);
      const [a, b, c] = await league(db, 1, 3);
      // added one by one, 0.1 + 0.2 + 0.3 is 0.6000000000000001 and 0.1 + 0.2 is 0.30000000000000004
      await upsertPerformances(db, [day(a!, '2026-05-03', 0.3), day(a!, '2026-05-01', 0.1), day(a!, '2026-05-02', 0.2), day(b!, '2026-05-01', 9)], NOW);
      expect(await totalsOf(db, 'lg_1')).toEqual({ [a!]: [0.6, 0.30000000000000004], [b!]: [9, 0], [c!]: [0, 0] });
    });

    it('give teams with the same days in another order exactly equal totals', async () => {
      const db = await stores.fresh(engine);
      const [a, b] = await league(db, 1, 2);
      // added one by one: 1 in this order, 0.9999999999999999 in the other
      const points = [0.1, 0.2, 0.3, 0.4];
      await upsertPerformances(
        db,
        points.flatMap((p, i) => [day(a!, `2026-05-0${i + 1}`, p), day(b!, `2026-05-0${i + 1}`, points[points.length - 1 - i]!)]),
        NOW,
      );
      const totals = await totalsOf(db, 'lg_1');
      expect([totals[a!]![0], totals[b!]![0]]).toEqual([1, 1]);
    });

    it('are written for the teams named (duplicates once) and nothing for ids of no team', async () => {
      const db = await stores.fresh(engine);
      const [a, b] = await league(db, 1, 2);
      await writeTransaction(db, async (tx) => {
        const { performances } = tablesOf(tx);
        await tx.insert(performances).values([
          { teamId: a!, date: '2026-05-01', points: 2, formationSnapshot: '{}', createdAt: NOW, updatedAt: NOW },
          { teamId: b!, date: '2026-05-01', points: 5, formationSnapshot: '{}', createdAt: NOW, updatedAt: NOW },
        ]);
      });
      await refreshTotalsOfTeams(db, [a!, 'tm_none', a!]);
      const { teamStandings } = tablesOf(db);
      const kept = await db.select({ teamId: teamStandings.teamId, cumulative: teamStandings.cumulativePoints }).from(teamStandings);
      expect(kept).toEqual([{ teamId: a, cumulative: 2 }]);
      await refreshTeamTotals(db, b!);
      expect(await totalsOf(db, 'lg_1')).toEqual({ [a!]: [2, 0], [b!]: [5, 0] });
    });
  });

  describe('kept totals extended by a new latest day', () => {
    /** What summing all of the days again gives: SQLite's total() in date order. */
    const resummed = (points: readonly number[]) => [compensatedSum(points), compensatedSum(points, points.length - 1)];
    const date = (i: number) => `2026-${String(5 + Math.floor(i / 28)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;

    it('stay bit for bit the full re-sum over many days of 0.1, 0.2, 0.3 written one day at a time', async () => {
      const db = await stores.fresh(engine);
      const [a, b] = await league(db, 1, 2);
      const cycle = [0.1, 0.2, 0.3, 1e-9, 123456.789];
      const pointsA: number[] = [];
      const pointsB: number[] = [];
      for (let i = 0; i < 60; i++) {
        const [pa, pb] = [cycle[i % cycle.length]!, cycle[(i * 3) % cycle.length]! * 3];
        const extended = await upsertPerformances(db, [day(a!, date(i), pa), day(b!, date(i), pb)], NOW);
        // after the first day each team has a running sum: the day extends it, nothing is re-summed
        expect(extended).toBe(i === 0 ? 0 : 2);
        pointsA.push(pa);
        pointsB.push(pb);
        expect(await totalsOf(db, 'lg_1')).toEqual({ [a!]: resummed(pointsA), [b!]: resummed(pointsB) });
      }
      // the naive running sum drifts from the compensated one over these days
      expect(pointsA.reduce((sum, p) => sum + p, 0)).not.toBe(compensatedSum(pointsA));
      const extended = await totalsOf(db, 'lg_1');
      if (engine === 'sqlite') {
        // and what SQLite's own total() gives over the same rows
        const total = db.$client.prepare('SELECT total(points) AS total FROM performances WHERE team_id = ?').pluck();
        expect([total.get(a!), total.get(b!)]).toEqual([extended[a!]![0], extended[b!]![0]]);
      }
      await refreshTotalsOfTeams(db, [a!, b!]);
      expect(await totalsOf(db, 'lg_1')).toEqual(extended);
    });

    it('re-sum a re-sent day, a back-filled day, two days of a team in one write and a day written around the ingest', async () => {
      const db = await stores.fresh(engine);
      const [a] = await league(db, 1, 1);
      const points = new Map<string, number>();
      const write = async (rows: [string, number][], expected: 'extended' | 'resummed') => {
        expect(await upsertPerformances(db, rows.map(([d, p]) => day(a!, d, p)), NOW)).toBe(expected === 'extended' ? 1 : 0);
        for (const [d, p] of rows) points.set(d, p);
        const inOrder = [...points.keys()].sort().map((d) => points.get(d)!);
        expect(await totalsOf(db, 'lg_1')).toEqual({ [a!]: resummed(inOrder) });
      };
      await write([['2026-05-02', 0.1]], 'resummed'); // no running sum yet
      await write([['2026-05-03', 0.2]], 'extended');
      await write([['2026-05-04', 0.3]], 'extended');
      await write([['2026-05-03', 0.7]], 'resummed'); // re-sent older day
      await write([['2026-05-04', 0.4]], 'resummed'); // re-sent latest day
      await write([['2026-05-01', 0.6]], 'resummed'); // back-filled before all
      await write([['2026-05-05', 0.1]], 'extended');
      await write([['2026-05-06', 0.2], ['2026-05-07', 0.3]], 'resummed'); // two days in one write
      await write([['2026-05-08', 0.3]], 'extended');
      // a day the standings never saw (written by hand): the next day re-sums and counts it
      await writeTransaction(db, async (tx) => {
        const { performances } = tablesOf(tx);
        await tx.insert(performances).values({ teamId: a!, date: '2026-05-09', points: 0.2, formationSnapshot: '{}', createdAt: NOW, updatedAt: NOW });
      });
      points.set('2026-05-09', 0.2);
      await write([['2026-05-10', 0.1]], 'resummed');
      await write([['2026-05-11', 0.7]], 'extended');
    });

    it('start from no running sum in a database older than it, and keep one after the first write', async () => {
      const db = await stores.fresh(engine);
      const [a] = await league(db, 1, 1);
      await upsertPerformances(db, [day(a!, '2026-05-01', 0.1), day(a!, '2026-05-02', 0.2)], NOW);
      // as a database migrated from before the running sums: totals kept, no state
      const { teamStandings } = tablesOf(db);
      await writeTransaction(db, (tx) => tx.update(teamStandings).set({ pointsSum: null, pointsCarried: null, latestDate: null }));
      expect(await upsertPerformances(db, [day(a!, '2026-05-03', 0.3)], NOW)).toBe(0);
      expect(await totalsOf(db, 'lg_1')).toEqual({ [a!]: resummed([0.1, 0.2, 0.3]) });
      const [kept] = await db.select({ latestDate: teamStandings.latestDate, sum: teamStandings.pointsSum }).from(teamStandings);
      expect(kept).toEqual({ latestDate: '2026-05-03', sum: expect.any(Number) });
      expect(await upsertPerformances(db, [day(a!, '2026-05-04', 0.4)], NOW)).toBe(1);
      expect(await totalsOf(db, 'lg_1')).toEqual({ [a!]: resummed([0.1, 0.2, 0.3, 0.4]) });
    });
  });

  describe('league totals and ranks', () => {
    it('read the version, the stale flag and every team with its kept rank; nothing for no league', async () => {
      const db = await stores.fresh(engine);
      const [a, b] = await league(db, 1, 2);
      await upsertPerformance(db, day(a!, '2026-05-01', 3), NOW);
      await writeRank(db, 'lg_1', { teamId: a!, cumulativePoints: 3, rank: 1, rankDelta: null });
      const totals = await readLeagueTotals(db, 'lg_1');
      expect(totals?.version).toBe(0);
      expect(totals?.stale).toBe(true);
      expect(totals?.teams.sort((x, y) => x.teamId.localeCompare(y.teamId))).toEqual([
        { teamId: a, joinedAt: '2026-05-01T00:00:00.000Z', cumulativePoints: 3, previousPoints: 0, rank: 1, rankDelta: null },
        { teamId: b, joinedAt: '2026-05-01T00:01:00.000Z', cumulativePoints: 0, previousPoints: 0, rank: null, rankDelta: null },
      ]);
      expect(await readLeagueTotals(db, 'lg_none')).toBeUndefined();
    });

    it('read inside a write transaction see its own writes, and inside a read transaction answer', async () => {
      const db = await stores.fresh(engine);
      const [a] = await league(db, 1, 1);
      const seen = await writeTransaction(db, async (tx) => {
        await upsertPerformance(tx, day(a!, '2026-05-01', 4), NOW);
        return (await readLeagueTotals(tx, 'lg_1'))?.teams[0]?.cumulativePoints;
      });
      expect(seen).toBe(4);
      expect((await readTransaction(db, (tx) => readLeagueTotals(tx, 'lg_1')))?.teams[0]?.cumulativePoints).toBe(4);
    });

    it('say whether ranks are stale until cleared, and the league version', async () => {
      const db = await stores.fresh(engine);
      await league(db, 1, 1);
      expect(await ranksStale(db, 'lg_1')).toBe(true);
      await clearRanksStale(db, 'lg_1');
      expect(await ranksStale(db, 'lg_1')).toBe(false);
      expect((await readLeagueTotals(db, 'lg_1'))?.stale).toBe(false);
      expect(await ranksStale(db, 'lg_none')).toBe(false);
      const { leagues } = tablesOf(db);
      await writeTransaction(db, (tx) => tx.update(leagues).set({ version: 7 }).where(eq(leagues.id, 'lg_1')));
      expect(await currentLeagueVersion(db, 'lg_1')).toBe(7);
      expect(await currentLeagueVersion(db, 'lg_none')).toBeUndefined();
    });

    it('answer a window of ranks in rank order with names and credits, the count and each team’s rank', async () => {
      const db = await stores.fresh(engine);
      const teams = await league(db, 1, 5);
      await upsertPerformances(db, teams.map((team, i) => day(team, '2026-05-01', i * 1.5)), NOW);
      await ledger(db, teams[4]!, 'lg_1', -120, 1);
      await ledger(db, teams[4]!, 'lg_1', 45, 2);
      // four of five ranked: the count and the window leave the fifth out
      for (const [i, team] of teams.slice(1).entries()) {
        await writeRank(db, 'lg_1', { teamId: team, cumulativePoints: 0, rank: 4 - i, rankDelta: i - 1 });
      }
      expect(await rankedTeamCount(db, 'lg_1')).toBe(4);
      expect(await rankedTeamCount(db, 'lg_none')).toBe(0);
      expect(await rankedTeams(db, 'lg_1', 1, 2)).toEqual([
        { teamId: teams[4], teamName: 'Team 1.4', playerId: 'pl_1_4', playerName: 'Player 1.4', cumulativePoints: 6, rank: 1, rankDelta: 2, credits: 925 },
        { teamId: teams[3], teamName: 'Team 1.3', playerId: 'pl_1_3', playerName: 'Player 1.3', cumulativePoints: 4.5, rank: 2, rankDelta: 1, credits: 1000 },
      ]);
      expect((await rankedTeams(db, 'lg_1')).map((row) => row.rank)).toEqual([1, 2, 3, 4]);
      expect((await rankedTeams(db, 'lg_1', 4)).map((row) => row.teamId)).toEqual([teams[1]]);
      expect(await rankOfTeam(db, teams[2]!)).toBe(3);
      expect(await rankOfTeam(db, teams[0]!)).toBeUndefined();
      expect(await rankOfTeam(db, 'tm_none')).toBeUndefined();
    });

    it('rewrite a team’s rank and rank change in place', async () => {
      const db = await stores.fresh(engine);
      const [a] = await league(db, 1, 1);
      await upsertPerformance(db, day(a!, '2026-05-01', 2), NOW);
      await writeRank(db, 'lg_1', { teamId: a!, cumulativePoints: 2, rank: 3, rankDelta: null });
      await writeRank(db, 'lg_1', { teamId: a!, cumulativePoints: 2, rank: 1, rankDelta: 2 });
      expect(await rankedTeams(db, 'lg_1')).toMatchObject([{ teamId: a, rank: 1, rankDelta: 2, cumulativePoints: 2 }]);
    });

    it('write a set of ranks in one call, new and kept ones alike, a missing change as none', async () => {
      const db = await stores.fresh(engine);
      const [a, b, c] = await league(db, 1, 3);
      await upsertPerformances(db, [day(a!, '2026-05-01', 1), day(b!, '2026-05-01', 2), day(c!, '2026-05-01', 3)], NOW);
      await writeRank(db, 'lg_1', { teamId: a!, cumulativePoints: 1, rank: 1, rankDelta: 5 });
      await writeRanks(db, 'lg_1', [
        { teamId: c!, cumulativePoints: 3, rank: 1, rankDelta: 2 },
        { teamId: b!, cumulativePoints: 2, rank: 2, rankDelta: null },
        { teamId: a!, cumulativePoints: 1, rank: 3, rankDelta: -2 },
      ]);
      expect((await rankedTeams(db, 'lg_1')).map((row) => [row.teamId, row.rank, row.rankDelta, row.cumulativePoints])).toEqual([
        [c, 1, 2, 3],
        [b, 2, null, 2],
        [a, 3, -2, 1],
      ]);
      await writeRanks(db, 'lg_1', []);
      expect(await rankedTeamCount(db, 'lg_1')).toBe(3);
    });

    it('rank a league larger than one write set: every team once, in points order', async () => {
      const db = await stores.fresh(engine);
      const teams = await league(db, 1, 2_345);
      // distinct points (7,919 is prime to 2,345), so the order is the points' alone
      const points = teams.map((_, i) => ((i * 7_919) % 2_345) / 4);
      await upsertPerformances(db, teams.map((team, i) => day(team, '2026-05-01', points[i]!)), NOW);
      await rankLeagueIfStale(db, 'lg_1');
      expect(await ranksStale(db, 'lg_1')).toBe(false);
      const ranked = await rankedTeams(db, 'lg_1');
      const expected = teams.map((team, i) => [team, points[i]!] as const).sort((x, y) => y[1] - x[1]);
      expect(ranked.map((row) => [row.teamId, row.rank])).toEqual(expected.map(([team], i) => [team, i + 1]));
    });

    it('board every team of the league, unscored and unranked ones too, with the ledger’s credits', async () => {
      const db = await stores.fresh(engine);
      const [a, b] = await league(db, 1, 2);
      await league(db, 2, 1);
      await upsertPerformances(db, [day(a!, '2026-05-01', 1.25), day(a!, '2026-05-02', 2)], NOW);
      await ledger(db, b!, 'lg_1', -300, 1);
      const board = await leagueBoard(db, 'lg_1');
      expect(board.sort((x, y) => x.teamId.localeCompare(y.teamId))).toEqual([
        { teamId: a, joinedAt: '2026-05-01T00:00:00.000Z', teamName: 'Team 1.0', playerId: 'pl_1_0', playerName: 'Player 1.0', cumulativePoints: 3.25, previousPoints: 1.25, credits: 1000 },
        { teamId: b, joinedAt: '2026-05-01T00:01:00.000Z', teamName: 'Team 1.1', playerId: 'pl_1_1', playerName: 'Player 1.1', cumulativePoints: 0, previousPoints: 0, credits: 700 },
      ]);
      expect(await leagueBoard(db, 'lg_none')).toEqual([]);
    });

    it('rank a stale league by points, seniority breaking ties, with the change since the day before', async () => {
      const db = await stores.fresh(engine);
      const [a, b, c] = await league(db, 1, 3);
      // before each team's latest day: a 4, c 2, b 1; after it: b 6, then a and c 5 each (a joined first)
      await upsertPerformances(
        db,
        [day(a!, '2026-05-01', 4), day(a!, '2026-05-02', 1), day(b!, '2026-05-01', 1), day(b!, '2026-05-02', 5), day(c!, '2026-05-01', 2), day(c!, '2026-05-02', 3)],
        NOW,
      );
      await rankLeagueIfStale(db, 'lg_1', 1);
      expect(await ranksStale(db, 'lg_1')).toBe(false);
      expect((await rankedTeams(db, 'lg_1')).map((row) => [row.teamId, row.rank, row.rankDelta])).toEqual([
        [b, 1, 2],
        [a, 2, -1],
        [c, 3, -1],
      ]);
    });
  });

  describe('pageview series', () => {
    it('reads back a stored series, an empty one as empty, and nothing for another day or edition', async () => {
      const db = await stores.fresh(engine);
      await storeSeries(db, 'it', 'Roma', '2026-05-01', [{ date: '2026-04-30', views: 12 }], NOW);
      await storeSeries(db, 'it', 'Nulla', '2026-05-01', [], NOW);
      expect(await findCachedSeries(db, 'it', 'Roma', '2026-05-01')).toEqual([{ date: '2026-04-30', views: 12 }]);
      expect(await findCachedSeries(db, 'it', 'Nulla', '2026-05-01')).toEqual([]);
      expect(await findCachedSeries(db, 'it', 'Roma', '2026-05-02')).toBeUndefined();
      expect(await findCachedSeries(db, 'en', 'Roma', '2026-05-01')).toBeUndefined();
    });

    it('keeps the first answer stored, also when two arrive at once', async () => {
      const db = await stores.fresh(engine);
      await storeSeries(db, 'it', 'Roma', '2026-05-01', [{ date: '2026-04-30', views: 1 }], NOW);
      await storeSeries(db, 'it', 'Roma', '2026-05-01', [{ date: '2026-04-30', views: 2 }], NOW);
      expect(await findCachedSeries(db, 'it', 'Roma', '2026-05-01')).toEqual([{ date: '2026-04-30', views: 1 }]);
      await Promise.all([3, 4].map((views) => storeSeries(db, 'it', 'Milano', '2026-05-01', [{ date: '2026-04-30', views }], NOW)));
      expect([3, 4]).toContain((await findCachedSeries(db, 'it', 'Milano', '2026-05-01'))?.[0]?.views);
    });

    it('reads and counts the stored series of many articles for one edition and day', async () => {
      const db = await stores.fresh(engine);
      for (const article of ['B', 'A', 'C']) await storeSeries(db, 'it', article, '2026-05-01', [{ date: '2026-04-30', views: article.charCodeAt(0) }], NOW);
      await storeSeries(db, 'it', 'D', '2026-05-02', [], NOW);
      await storeSeries(db, 'en', 'E', '2026-05-01', [], NOW);
      const found = await findCachedSeriesOf(db, 'it', ['C', 'A', 'D', 'E', 'Z'], '2026-05-01');
      expect(Object.fromEntries(found)).toEqual({ A: [{ date: '2026-04-30', views: 65 }], C: [{ date: '2026-04-30', views: 67 }] });
      expect(await countCachedSeries(db, 'it', ['A', 'B', 'C', 'D', 'E', 'Z'], '2026-05-01')).toBe(3);
      expect(await countCachedSeries(db, 'it', [], '2026-05-01')).toBe(0);
      expect((await findCachedSeriesOf(db, 'it', [], '2026-05-01')).size).toBe(0);
    });
  });

  describe('upstream cache', () => {
    it('answers a stored value while fresh, the stale entry after, and a value without expiry always', async () => {
      const db = await stores.fresh(engine);
      const at = new Date('2026-05-01T00:00:00.000Z');
      await putCached(db, 'shelf:it', { articles: ['Roma'] }, at, 60_000);
      await putCached(db, 'editions', ['it', 'en'], at);
      const later = new Date(at.getTime() + 60_001);
      expect(await getCached(db, 'shelf:it', new Date(at.getTime() + 59_999))).toEqual({ articles: ['Roma'] });
      expect(await getCached(db, 'shelf:it', later)).toBeUndefined();
      expect(await getCachedEntry(db, 'shelf:it', later)).toEqual({
        value: { articles: ['Roma'] },
        fetchedAt: '2026-05-01T00:00:00.000Z',
        expiresAt: '2026-05-01T00:01:00.000Z',
        fresh: false,
      });
      expect(await getCached(db, 'editions', new Date('2030-01-01T00:00:00.000Z'))).toEqual(['it', 'en']);
      expect(await cachedEntryStamp(db, 'shelf:it', later)).toEqual({ fetchedAt: '2026-05-01T00:00:00.000Z', fresh: false });
      expect(await cachedEntryStamp(db, 'editions', later)).toEqual({ fetchedAt: '2026-05-01T00:00:00.000Z', fresh: true });
      expect(await getCachedEntry(db, 'missing', at)).toBeUndefined();
      expect(await cachedEntryStamp(db, 'missing', at)).toBeUndefined();
    });

    it('replaces a value stored again, its expiry with it', async () => {
      const db = await stores.fresh(engine);
      const at = new Date('2026-05-01T00:00:00.000Z');
      await putCached(db, 'siteinfo:it', 1, at, 1_000);
      const again = new Date('2026-05-02T00:00:00.000Z');
      await putCached(db, 'siteinfo:it', 2, again);
      expect(await getCachedEntry(db, 'siteinfo:it', new Date('2027-01-01T00:00:00.000Z'))).toEqual({
        value: 2,
        fetchedAt: '2026-05-02T00:00:00.000Z',
        expiresAt: null,
        fresh: true,
      });
    });

    it('treats a stored value it cannot read as no value', async () => {
      const db = await stores.fresh(engine);
      const { upstreamCache } = tablesOf(db);
      await writeTransaction(db, (tx) => tx.insert(upstreamCache).values({ key: 'broken', value: '{not json', fetchedAt: NOW, expiresAt: null }));
      expect(await getCachedEntry(db, 'broken', new Date(NOW))).toBeUndefined();
    });
  });
});
