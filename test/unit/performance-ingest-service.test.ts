import { afterEach, describe, expect, it } from 'vitest';
import { Failure } from '../../src/domain/errors';
import { PerformanceIngestService } from '../../src/features/scoring/performance-ingest-service';
import { performances } from '../../src/platform/db/schema/sqlite';
import { createTestApp, type TestApp } from '../support/app';
import { buildLeague, buildTeam } from '../support/builders';

const opened: TestApp[] = [];
afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
});

/** One league (`en`, L = 1) with `count` teams. */
async function storeWithTeams(count: number) {
  const app = await createTestApp({ now: '2026-05-01T00:00:00.000Z' });
  opened.push(app);
  const { league, team } = await buildLeague(app, await app.player());
  const teamIds = [team.id];
  while (teamIds.length < count) teamIds.push((await buildTeam(app, league, await app.player())).id);
  return { db: app.ctx.db, teamIds, service: new PerformanceIngestService({ db: app.ctx.db, clock: app.clock, ranks: app.ctx.services.ranks }) };
}

const body = (date: string, teamIds: string[], views = 4_000) => ({ date, results: teamIds.map((teamId) => ({ teamId, articleViews: [views], chemistryLevels: [] })) });

describe('PerformanceIngestService', () => {
  it('writes any number of rows across bodies (the import path), in chunks', async () => {
    const { db, teamIds, service } = await storeWithTeams(250);
    expect(await service.ingestAll([body('2026-05-09', teamIds), body('2026-05-10', teamIds.slice(0, 30))])).toEqual({ written: 280 });
    expect(db.select().from(performances).all()).toHaveLength(280);
  });

  it('refuses more rows than maxRows in one body (the endpoint path)', async () => {
    const { db, teamIds, service } = await storeWithTeams(101);
    await expect(service.ingest(body('2026-05-10', teamIds), { maxRows: 100 })).rejects.toThrow(Failure);
    expect(db.select().from(performances).all()).toEqual([]);
  });

  it('checks every body before the first write: a bad last body leaves nothing behind', async () => {
    const { db, teamIds, service } = await storeWithTeams(150);
    const bad = { date: '2026-05-10', results: [{ teamId: 'tm_ghost', articleViews: [], chemistryLevels: [] }] };
    await expect(service.ingestAll([body('2026-05-09', teamIds), bad])).rejects.toThrowError(/INGEST_INVALID: unknown team tm_ghost/);
    expect(db.select().from(performances).all()).toEqual([]);
  });

  it('the same team twice in a day keeps the last row', async () => {
    const { db, teamIds, service } = await storeWithTeams(1);
    await service.ingest({ date: '2026-05-10', results: [{ teamId: teamIds[0], articleViews: [4_000], chemistryLevels: [] }, { teamId: teamIds[0], articleViews: [8_000], chemistryLevels: [] }] });
    expect(db.select().from(performances).all().map((r) => r.points)).toEqual([2]);
  });
});
