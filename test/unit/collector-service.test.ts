import { afterEach, describe, expect, it } from 'vitest';
import { memoryLogger } from '../../src/platform/log';
import { CollectorService } from '../../src/features/scoring/collector-service';
import { writeTransaction } from '../../src/platform/db/database';
import { lineupVersions, performances } from '../../src/platform/db/schema/sqlite';
import type { EncyclopediaClient } from '../../src/upstream/encyclopedia';
import { UpstreamError } from '../../src/upstream/http-client';
import { createTestApp, type TestApp } from '../support/app';
import { buildContract, buildLeague } from '../support/builders';

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
    // the collector never searches or reads summaries: a call would be a bug
    searchPages: async () => {
      throw new Error('collector searched');
    },
    pageSummary: async () => {
      throw new Error('collector read a summary');
    },
    outboundLinks: async () => {
      throw new Error('collector listed outbound links');
    },
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
    async linkGraph(domain, titles) {
      calls.push(`links ${domain} ${titles.join('|')}`);
      return new Map(titles.map((title) => [title, new Set((links[`${domain}:${title}`] ?? []).filter((t) => titles.includes(t)))]));
    },
  };
  return { client, calls, peak: () => peak };
}

const opened: TestApp[] = [];
afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
});

/** One league per line-up given (position → article), each with one team fielding it in 4-3-3. */
async function storeWith(lineups: { domain: string; positions: Record<string, string> }[]) {
  const app = await createTestApp({ now: '2026-05-01T00:00:00.000Z' });
  opened.push(app);
  const teamIds: string[] = [];
  for (const { domain, positions } of lineups) {
    const { team } = await buildLeague(app, await app.player(), { domain });
    teamIds.push(team.id);
    const placed: Record<string, string> = {};
    for (const [position, articleId] of Object.entries(positions)) placed[position] = (await buildContract(app, team, { articleId, termDays: 14 })).id;
    await writeTransaction(app.ctx.db, (tx) => {
      tx.insert(lineupVersions).values({ teamId: team.id, schema: '4-3-3', positions: JSON.stringify(placed), savedAt: '2026-05-01T00:00:01.000Z' }).run();
    });
  }
  const collector = (encyclopedia: EncyclopediaClient) => new CollectorService({ db: app.ctx.db, clock: app.clock, log: memoryLogger(), encyclopedia, inputs: app.ctx.services.scoringInputs, ingest: app.ctx.services.ingest });
  return { db: app.ctx.db, teamIds, collector };
}

describe('CollectorService', () => {
  it('classifies each pair as excellent, good or weak from the directed graph, in link order', async () => {
    const { db, teamIds, collector } = await storeWith([{ domain: 'en', positions: { LW: 'A', ST: 'B', RW: 'C', CM: 'D' } }]);
    const enc = memoryEncyclopedia({ 'en:A': 4_000 }, { 'en:A': ['B'], 'en:B': ['A', 'C'], 'en:D': ['B'] });
    await collector(enc.client).collect(DAY);
    const row = db.select().from(performances).get()!;
    expect(row.teamId).toBe(teamIds[0]);
    // LW–ST (A,B) mutual; ST–RW (B,C) B→C only; ST–CM (B,D) D→B only
    expect(JSON.parse(row.chemistryLevels)).toEqual(['excellent', 'good', 'good']);
    expect(JSON.parse(row.articleViews)).toEqual([4_000, 0, 0, 0]);
    expect(row.points).toBe(1 + 1.5 + 0.5 + 0.5);
  });

  it('fetches a title once per edition even when spelled differently, and keeps editions apart', async () => {
    const { db, collector } = await storeWith([
      { domain: 'en', positions: { LW: 'Alpha_beta' } },
      { domain: 'en', positions: { ST: 'alpha beta' } },
      { domain: 'it', positions: { GK: 'Alpha_beta' } },
    ]);
    const enc = memoryEncyclopedia({ 'en:Alpha_beta': 8_000, 'it:Alpha_beta': 4_000 }, {});
    const report = await collector(enc.client).collect(DAY);
    expect(enc.calls.sort()).toEqual([`views en Alpha_beta ${DAY}`, `views it Alpha_beta ${DAY}`]);
    expect(report).toMatchObject({ teams: 3, articles: 2, linkGraphs: 0, written: 3 });
    expect(db.select().from(performances).all().map((r) => r.points).sort()).toEqual([1, 2, 2]);
  });

  it('keeps at most 3 view calls in flight', async () => {
    const positions = Object.fromEntries(['LW', 'ST', 'RW', 'CLM', 'CM', 'CRM', 'LB', 'CLB', 'CRB', 'RB', 'GK'].map((p, i) => [p, `Article_${i}`]));
    const { collector } = await storeWith([{ domain: 'en', positions }]);
    const enc = memoryEncyclopedia({}, {});
    await collector(enc.client).collect(DAY);
    expect(enc.peak()).toBe(3);
  });

  it('after a failure starts no further calls and writes nothing', async () => {
    const positions = Object.fromEntries(['LW', 'ST', 'RW', 'CLM', 'CM', 'CRM', 'LB', 'CLB', 'CRB', 'RB', 'GK'].map((p, i) => [p, `Article_${i}`]));
    const { db, collector } = await storeWith([{ domain: 'en', positions }]);
    const enc = memoryEncyclopedia({}, {}, { failOn: 'Article_0' });
    await expect(collector(enc.client).collect(DAY)).rejects.toBeInstanceOf(UpstreamError);
    expect(enc.calls.filter((c) => c.startsWith('views')).length).toBeLessThanOrEqual(3);
    expect(db.select().from(performances).all()).toEqual([]);
  });
});
