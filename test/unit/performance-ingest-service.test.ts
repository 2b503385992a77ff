import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock';
import { Failure } from '../../src/domain/errors';
import { PerformanceIngestService } from '../../src/services/performance-ingest-service';
import { openDatabase } from '../../src/store/database';
import { insertPlayer } from '../../src/store/players';
import { leagues, performances, teams } from '../../src/store/schema';

function storeWithTeams(count: number, languageScale = 1) {
  const db = openDatabase(':memory:', { migrate: true });
  const now = '2026-05-01T00:00:00.000Z';
  const teamIds: string[] = [];
  db.insert(leagues)
    .values({ id: 'lg_1', name: 'L', domain: 'en', languageScale, icon: 'x', durationDays: 30, startDate: now, endDate: '2026-05-31T00:00:00.000Z', visibility: 'public', invitePolicy: 'members', adminId: insertPlayer(db, { id: 'pl_admin', subject: 'a', username: 'a', usernameKey: 'a', name: 'a', email: 'a@x', picture: '', createdAt: now }).id, createdAt: now })
    .run();
  for (let i = 0; i < count; i++) {
    const player = insertPlayer(db, { id: `pl_${i}`, subject: `s${i}`, username: `u${i}`, usernameKey: `u${i}`, name: `u${i}`, email: `u${i}@x`, picture: '', createdAt: now });
    db.insert(teams).values({ id: `tm_${i}`, leagueId: 'lg_1', playerId: player.id, name: `T${i}`, nameKey: `t${i}`, joinedAt: now }).run();
    teamIds.push(`tm_${i}`);
  }
  return { db, teamIds, service: new PerformanceIngestService({ db, clock: new ManualClock('2026-05-11T05:00:00Z') }) };
}

const body = (date: string, teamIds: string[], views = 4_000) => ({ date, results: teamIds.map((teamId) => ({ teamId, articleViews: [views], chemistryLevels: [] })) });

describe('PerformanceIngestService', () => {
  it('writes any number of rows across bodies (the import path), in chunks', () => {
    const { db, teamIds, service } = storeWithTeams(250);
    expect(service.ingestAll([body('2026-05-09', teamIds), body('2026-05-10', teamIds.slice(0, 30))])).toEqual({ written: 280 });
    expect(db.select().from(performances).all()).toHaveLength(280);
  });

  it('refuses more rows than maxRows in one body (the endpoint path)', () => {
    const { db, teamIds, service } = storeWithTeams(101);
    expect(() => service.ingest(body('2026-05-10', teamIds), { maxRows: 100 })).toThrow(Failure);
    expect(db.select().from(performances).all()).toEqual([]);
  });

  it('checks every body before the first write: a bad last body leaves nothing behind', () => {
    const { db, teamIds, service } = storeWithTeams(150);
    const bad = { date: '2026-05-10', results: [{ teamId: 'tm_ghost', articleViews: [], chemistryLevels: [] }] };
    expect(() => service.ingestAll([body('2026-05-09', teamIds), bad])).toThrowError(/INGEST_INVALID: unknown team tm_ghost/);
    expect(() => service.ingestAll([body('2026-05-09', teamIds), { date: '2026-13-01', results: [] }])).toThrowError(/INVALID_DATE/);
    expect(db.select().from(performances).all()).toEqual([]);
  });

  it('the same team twice in a day keeps the last row', () => {
    const { db, service } = storeWithTeams(1);
    service.ingest({ date: '2026-05-10', results: [{ teamId: 'tm_0', articleViews: [4_000], chemistryLevels: [] }, { teamId: 'tm_0', articleViews: [8_000], chemistryLevels: [] }] });
    expect(db.select().from(performances).all().map((r) => r.points)).toEqual([2]);
  });
});
