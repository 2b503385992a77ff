/**
 * Standings kept in `team_standings` (§4.5) answer exactly what summing every performance
 * on each read answered: same totals, same ranks, same rankDelta, whatever the order the
 * days arrive in, however often a day is re-sent, and whenever the board is read meanwhile.
 */
import { describe, expect, it } from 'vitest';
import { writeTransaction, type Database } from '../../src/platform/db/database';
import { markStandingsChanged } from '../../src/features/leagues/league-versions-store';
import { upsertPerformance } from '../../src/features/scoring/store';
import { changedRanks, rankTeams } from '../../src/domain/standings';
import { rankLeagueIfStale, writeRanksIfCurrent } from '../../src/features/scoring/league-ranking';
import { rankedTeams, readLeagueTotals } from '../../src/features/scoring/standings-store';
import { createTestApp } from '../support/app';
import { buildLeague, buildTeam } from '../support/builders';
import { recomputedStandings } from '../support/reference-standings';

async function score(db: Database, leagueId: string, teamId: string, rows: [string, number][]) {
  await writeTransaction(db, async (tx) => {
    for (const [date, points] of rows) {
      await upsertPerformance(tx, { teamId, date, points, formationSnapshot: '{}', articleViews: [], chemistryLevels: [] }, '2026-05-01T00:00:00.000Z');
    }
    await markStandingsChanged(tx, leagueId);
  });
}

async function keptBoard(db: Database, leagueId: string, batchSize?: number) {
  await rankLeagueIfStale(db, leagueId, batchSize);
  return (await rankedTeams(db, leagueId)).map((row) => ({ teamId: row.teamId, cumulativePoints: row.cumulativePoints, rank: row.rank, rankDelta: row.rankDelta }));
}

describe('kept standings', () => {
  it('sum every day, and the days before each team’s own latest one (in any insertion order)', async () => {
    const app = await createTestApp();
    try {
      const [a, b, c] = [await app.player('a'), await app.player('b'), await app.player('c')];
      const { league, team } = await buildLeague(app, a);
      const second = await buildTeam(app, league, b);
      const third = await buildTeam(app, league, c);
      await score(app.ctx.db, league.id, team.id, [['2026-03-02', 4], ['2026-03-01', 2.5], ['2026-03-03', 1]]);
      await score(app.ctx.db, league.id, second.id, [['2026-03-01', 9]]);
      expect(await keptBoard(app.ctx.db, league.id)).toEqual([
        // previous totals: second 0 (one day only), first 6.5 → rank 1 before its last day
        { teamId: second.id, cumulativePoints: 9, rank: 1, rankDelta: null },
        { teamId: team.id, cumulativePoints: 7.5, rank: 2, rankDelta: -1 },
        { teamId: third.id, cumulativePoints: 0, rank: 3, rankDelta: null },
      ]);
    } finally {
      await app.close();
    }
  });

  it('agree with the recomputed answer on randomised seasons, re-sent days and reads in between', async () => {
    const app = await createTestApp({ now: '2026-04-01T00:00:00.000Z' });
    try {
      const db = app.ctx.db;
      let seed = 20_261_122;
      const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
      const pick = <T,>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
      for (let season = 0; season < 6; season++) {
        const { league, team: founder } = await buildLeague(app, await app.player(`owner${season}`));
        const teamIds = [founder.id];
        for (let i = 0; i < 14; i++) {
          // some teams join at the same instant, so the team-id tie-break is exercised too
          if (random() < 0.6) app.clock.advance(60_000);
          teamIds.push((await buildTeam(app, league, await app.player(`s${season}p${i}`), `Team ${i}`)).id);
        }
        const days = Array.from({ length: 8 }, (_, d) => `2026-04-${String(2 + d).padStart(2, '0')}`);
        for (let step = 0; step < 40; step++) {
          // fractions of a tenth make float sums that an order-dependent total would get wrong
          const rows: [string, number][] = teamIds
            .filter(() => random() < 0.5)
            .map(() => [pick(days), pick([0, 0.1, 0.2, 0.3, 1.7, 2, 2.5])]);
          for (const teamId of new Set(teamIds.filter(() => random() < 0.4))) await score(db, league.id, teamId, rows.splice(0, 2));
          // small write batches too: a ranking written over several transactions
          if (random() < 0.3) expect(await keptBoard(db, league.id, pick([1, 4, undefined]))).toEqual(await recomputedStandings(db, league.id));
        }
        expect(await keptBoard(db, league.id)).toEqual(await recomputedStandings(db, league.id));
      }
    } finally {
      await app.close();
    }
  });

  it('never writes a ranking computed before a write moved the league version', async () => {
    const app = await createTestApp();
    try {
      const db = app.ctx.db;
      const [a, b] = [await app.player('a'), await app.player('b')];
      const { league, team } = await buildLeague(app, a);
      const second = await buildTeam(app, league, b);
      await score(db, league.id, team.id, [['2026-03-01', 5]]);
      const before = await keptBoard(db, league.id);
      expect(before.map((row) => row.teamId)).toEqual([team.id, second.id]);

      // a ranking is computed from the totals of the moment, outside any write transaction...
      await score(db, league.id, second.id, [['2026-03-01', 8]]);
      const totals = (await readLeagueTotals(db, league.id))!;
      const stale = changedRanks(totals.teams, rankTeams(totals.teams));
      // ...then an ingest chunk lands before its write: those ranks must not be written
      await score(db, league.id, team.id, [['2026-03-02', 10]]);
      expect(await writeRanksIfCurrent(db, league.id, totals.version, stale, 1)).toBe(false);
      expect((await rankedTeams(db, league.id)).map((row) => [row.teamId, row.rank])).toEqual([
        [team.id, 1],
        [second.id, 2],
      ]);
      expect((await readLeagueTotals(db, league.id))!.stale).toBe(true);

      // the next read ranks the new totals: 15 against 8
      expect(await keptBoard(db, league.id)).toEqual(await recomputedStandings(db, league.id));
      expect((await keptBoard(db, league.id)).map((row) => [row.teamId, row.cumulativePoints, row.rank])).toEqual([
        [team.id, 15, 1],
        [second.id, 8, 2],
      ]);
      // and a ranking of the current version is written, however small the batches
      await score(db, league.id, second.id, [['2026-03-02', 9]]);
      const fresh = (await readLeagueTotals(db, league.id))!;
      expect(await writeRanksIfCurrent(db, league.id, fresh.version, changedRanks(fresh.teams, rankTeams(fresh.teams)), 1)).toBe(true);
      expect((await readLeagueTotals(db, league.id))!.stale).toBe(false);
      expect((await rankedTeams(db, league.id)).map((row) => [row.teamId, row.rank, row.rankDelta])).toEqual([
        // 17 (8 before its last day) against 15 (5 before): second led before too
        [second.id, 1, 0],
        [team.id, 2, 0],
      ]);
    } finally {
      await app.close();
    }
  });
});
