import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tablesOf } from '../../../src/platform/db/dialect';
import { createTestApp, ENGINE_HEADERS, type TestApp } from '../../support/app';
import { buildLeague, buildTeam } from '../../support/builders';
import { writeTransaction } from '../../../src/platform/db/database';


async function ingest(app: TestApp, date: string, views: Record<string, number[]>) {
  const results = Object.entries(views).map(([teamId, articleViews]) => ({ teamId, articleViews, chemistryLevels: [], formationSnapshot: '{}' }));
  const response = await app.call('POST', '/internal/v1/performances', { headers: ENGINE_HEADERS, body: { date, results } });
  expect(response.status).toBe(200);
}

describe('the leaderboard reflects ingested performances (§4.5)', () => {
  it('cumulative points, distinct ranks with the join-order tie-break, and rankDelta null on the first scored day', async () => {
    const app = await createTestApp({ now: '2026-05-01T08:00:00.000Z' });
    try {
      const [ann, ben, cat, dan] = [await app.player('ann'), await app.player('ben'), await app.player('cat'), await app.player('dan')];
      const { league, team: a } = await buildLeague(app, ann, { startDate: '2026-05-01T08:00:00.000Z' });
      app.clock.set('2026-05-02T08:00:00.000Z');
      const b = await buildTeam(app, league, ben, 'Ben Rovers');
      app.clock.set('2026-05-03T08:00:00.000Z');
      const c = await buildTeam(app, league, cat, 'Cat Athletic');
      app.clock.set('2026-05-03T09:00:00.000Z');
      const d = await buildTeam(app, league, dan, 'Dan Departed');
      const { teams } = tablesOf(app.ctx.db);
      await writeTransaction(app.ctx.db, (tx) => tx.update(teams).set({ leftAt: '2026-05-04T00:00:00.000Z' }).where(eq(teams.id, d.id)));
      app.clock.set('2026-05-09T12:00:00.000Z');
      // any signed-in player may read a league's standings
      const viewer = await app.player('viewer');
      const board = async () =>
        (await app.call('GET', `/api/v1/leagues/${league.id}/leaderboard`, { as: viewer })).body.map(
          (entry: { team: { id: string }; cumulativePoints: number; rank: number; rankDelta: number | null }) => [
            entry.team.id,
            entry.cumulativePoints,
            entry.rank,
            entry.rankDelta,
          ],
        );

      // nothing scored yet: everyone at 0, by join order
      expect(await board()).toEqual([
        [a.id, 0, 1, null],
        [b.id, 0, 2, null],
        [c.id, 0, 3, null],
        [d.id, 0, 4, null],
      ]);

      // day 1: A 1, B 2, C 2 (tie: Ben joined before Cat); first scored day → rankDelta null
      await ingest(app, '2026-05-07', { [a.id]: [4_000], [b.id]: [8_000], [c.id]: [8_000] });
      expect(await board()).toEqual([
        [b.id, 2, 1, null],
        [c.id, 2, 2, null],
        [a.id, 1, 3, null],
        [d.id, 0, 4, null],
      ]);

      // day 2: A +3 → 4, B +0 → 2, C +1 → 3; previous ranks were B 1, C 2, A 3
      await ingest(app, '2026-05-08', { [a.id]: [16_000], [b.id]: [], [c.id]: [4_000] });
      expect(await board()).toEqual([
        [a.id, 4, 1, 2],
        [c.id, 3, 2, 0],
        [b.id, 2, 3, -2],
        [d.id, 0, 4, null],
      ]);

      // re-sending day 2 with other facts replaces it; nothing is counted twice
      await ingest(app, '2026-05-08', { [a.id]: [], [b.id]: [], [c.id]: [] });
      expect(await board()).toEqual([
        [b.id, 2, 1, 0],
        [c.id, 2, 2, 0],
        [a.id, 1, 3, 0],
        [d.id, 0, 4, null],
      ]);
    } finally {
      await app.close();
    }
  });

  it('teams that joined at the same instant and tie are ordered by team id', async () => {
    const app = await createTestApp({ now: '2026-05-01T08:00:00.000Z' });
    try {
      const [ann, ben, cat] = [await app.player('ann'), await app.player('ben'), await app.player('cat')];
      const { league, team: a } = await buildLeague(app, ann, { startDate: '2026-04-30T08:00:00.000Z' });
      const b = await buildTeam(app, league, ben);
      const c = await buildTeam(app, league, cat);
      await ingest(app, '2026-05-01', { [a.id]: [2_000], [b.id]: [8_000], [c.id]: [8_000] });
      const body = (await app.call('GET', `/api/v1/leagues/${league.id}/leaderboard`, { as: ann })).body;
      const [first, second] = [b.id, c.id].sort();
      expect(body.map((entry: { team: { id: string }; rank: number }) => [entry.team.id, entry.rank])).toEqual([
        [first, 1],
        [second, 2],
        [a.id, 3],
      ]);
    } finally {
      await app.close();
    }
  });
});
