import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock';
import { memoryLogger } from '../../src/logger';
import { CollectorService } from '../../src/services/collector-service';
import { openDatabase } from '../../src/store/database';
import { newId } from '../../src/store/ids';
import { insertPlayer } from '../../src/store/players';
import { contracts, leagues, lineupVersions, performances, teams } from '../../src/store/schema';
import type { EncyclopediaClient } from '../../src/upstream/encyclopedia';
import { UpstreamError } from '../../src/upstream/http-client';

const DAY = '2026-05-10';

/** An in-memory encyclopedia that records calls and the most calls ever in flight. */
function memoryEncyclopedia(views: Record<string, number>, links: Record<string, string[]>, options: { failOn?: string } = {}) {
  const calls: string[] = [];
  let inFlight = 0;
  let peak = 0;
  const tick = () => new Promise((resolve) => setTimeout(resolve, 2));
  const client: EncyclopediaClient = {
    listEditions: async () => [],
    siteInfo: async () => ({ namespaceNames: [], mainPage: 'Main_Page' }),
    topArticles: async () => null,
    async dailySeries(domain, articleId, start, end) {
      calls.push(`views ${domain} ${articleId} ${start}${end === start ? '' : `..${end}`}`);
      inFlight++;
      peak = Math.max(peak, inFlight);
      await tick();
      inFlight--;
      if (articleId === options.failOn) throw new UpstreamError('encyclopedia', 'status', 500, 'boom');
      const count = views[`${domain}:${articleId}`];
      return count === undefined ? null : [{ date: start, views: count }];
    },
    dayViews: async () => {
      throw new Error('the collector reads one-day series, so a missing day can be reported');
    },
    async linkGraph(domain, titles) {
      calls.push(`links ${domain} ${titles.join('|')}`);
      return new Map(titles.map((title) => [title, new Set((links[`${domain}:${title}`] ?? []).filter((t) => titles.includes(t)))]));
    },
  };
  return { client, calls, peak: () => peak };
}

/** A store with one league per domain and one team per line-up given (position → article). */
function storeWith(lineups: { domain: string; scale?: number; positions: Record<string, string> }[]) {
  const db = openDatabase(':memory:', { migrate: true });
  const now = '2026-05-01T00:00:00.000Z';
  const player = insertPlayer(db, { id: newId('pl'), subject: 's', username: 'u', usernameKey: 'u', name: 'u', email: 'u@x', picture: '', createdAt: now });
  const teamIds: string[] = [];
  lineups.forEach(({ domain, scale, positions }, index) => {
    const leagueId = newId('lg');
    db.insert(leagues)
      .values({ id: leagueId, name: `L${index}`, domain, languageScale: scale ?? 1, icon: 'x', durationDays: 30, startDate: now, endDate: '2026-05-31T00:00:00.000Z', visibility: 'public', invitePolicy: 'members', adminId: player.id, createdAt: now })
      .run();
    const teamId = newId('tm');
    teamIds.push(teamId);
    db.insert(teams).values({ id: teamId, leagueId, playerId: player.id, name: `T${index}`, nameKey: `t${index}`, joinedAt: now }).run();
    const placed: Record<string, string> = {};
    for (const [position, articleId] of Object.entries(positions)) {
      const id = newId('ct');
      db.insert(contracts)
        .values({ id, leagueId, teamId, articleId, domain, heldSince: '2026-05-01', purchaseDate: '2026-05-01', expireDate: '2026-05-15', purchasePrice: 0, createdAt: now })
        .run();
      placed[position] = id;
    }
    db.insert(lineupVersions).values({ teamId, schema: '4-3-3', positions: JSON.stringify(placed), savedAt: now }).run();
  });
  return { db, teamIds };
}

describe('CollectorService', () => {
  it('classifies each pair as excellent, good or weak from the directed graph, in link order', async () => {
    const { db, teamIds } = storeWith([{ domain: 'en', positions: { LW: 'A', ST: 'B', RW: 'C', CM: 'D' } }]);
    const enc = memoryEncyclopedia({ 'en:A': 4_000 }, { 'en:A': ['B'], 'en:B': ['A', 'C'], 'en:D': ['B'] });
    await new CollectorService({ db, clock: new ManualClock('2026-05-11T05:00:00Z'), log: memoryLogger(), encyclopedia: enc.client }).collect(DAY);
    const row = db.select().from(performances).get()!;
    expect(row.teamId).toBe(teamIds[0]);
    // LW–ST (A,B) mutual; ST–RW (B,C) B→C only; ST–CM (B,D) D→B only
    expect(JSON.parse(row.chemistryLevels)).toEqual(['excellent', 'good', 'good']);
    expect(JSON.parse(row.articleViews)).toEqual([4_000, 0, 0, 0]);
    expect(row.points).toBe(1 + 1.5 + 0.5 + 0.5);
  });

  it('fetches a title once per edition even when spelled differently, and keeps editions apart', async () => {
    const { db } = storeWith([
      { domain: 'en', positions: { LW: 'Alpha_beta' } },
      { domain: 'en', positions: { ST: 'alpha beta' } },
      { domain: 'it', positions: { GK: 'Alpha_beta' } },
    ]);
    const enc = memoryEncyclopedia({ 'en:Alpha_beta': 8_000, 'it:Alpha_beta': 4_000 }, {});
    const report = await new CollectorService({ db, clock: new ManualClock('2026-05-11T05:00:00Z'), log: memoryLogger(), encyclopedia: enc.client }).collect(DAY);
    expect(enc.calls.sort()).toEqual([`views en Alpha_beta ${DAY}`, `views it Alpha_beta ${DAY}`]);
    expect(report).toMatchObject({ teams: 3, articles: 2, linkGraphs: 0, written: 3 });
    expect(db.select().from(performances).all().map((r) => r.points).sort()).toEqual([1, 2, 2]);
  });

  it('keeps at most 3 view calls in flight', async () => {
    const positions = Object.fromEntries(['LW', 'ST', 'RW', 'CLM', 'CM', 'CRM', 'LB', 'CLB', 'CRB', 'RB', 'GK'].map((p, i) => [p, `Article_${i}`]));
    const { db } = storeWith([{ domain: 'en', positions }]);
    const enc = memoryEncyclopedia({}, {});
    await new CollectorService({ db, clock: new ManualClock('2026-05-11T05:00:00Z'), log: memoryLogger(), encyclopedia: enc.client }).collect(DAY);
    expect(enc.peak()).toBe(3);
  });

  it('after a failure starts no further calls and writes nothing', async () => {
    const positions = Object.fromEntries(['LW', 'ST', 'RW', 'CLM', 'CM', 'CRM', 'LB', 'CLB', 'CRB', 'RB', 'GK'].map((p, i) => [p, `Article_${i}`]));
    const { db } = storeWith([{ domain: 'en', positions }]);
    const enc = memoryEncyclopedia({}, {}, { failOn: 'Article_0' });
    const collector = new CollectorService({ db, clock: new ManualClock('2026-05-11T05:00:00Z'), log: memoryLogger(), encyclopedia: enc.client });
    await expect(collector.collect(DAY)).rejects.toBeInstanceOf(UpstreamError);
    expect(enc.calls.filter((c) => c.startsWith('views')).length).toBeLessThanOrEqual(3);
    expect(db.select().from(performances).all()).toEqual([]);
  });
});
