/**
 * Nothing waits for the first reader (issue 40): once a scored day's ranks are written (the
 * collect job's end, an engine's posted day), the answers a league home reads first (the
 * league, the top of its table) are kept at the new version already. The first player to open
 * the app after the scoring then costs what every later one does: no ranking, no counting.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { staleRankedLeagues } from '../../../src/features/scoring/stale-ranks-store';
import { createTestApp, ENGINE_HEADERS, type TestApp, type TestPlayer } from '../../support/app';
import { countStatements } from '../../support/statement-count';
import { seedGlobal } from './leagues-fixtures';

const ORIGIN = { origin: 'http://localhost:5173' };
const COUNTING = /\bcount\s*\(/i;

describe('the league home after the scoring', () => {
  let app: TestApp;
  let viewer: TestPlayer;
  const teams: { id: string; player: TestPlayer }[] = [];

  beforeAll(async () => {
    app = await createTestApp({ now: '2026-05-01T08:00:00.000Z' });
    await seedGlobal(app);
    for (const name of ['ann', 'ben', 'cat', 'dan']) {
      const player = await app.player(name);
      const joined = await app.call('POST', '/api/v1/leagues/global/my-team', { as: player, body: { name: `${name} XI` }, headers: ORIGIN });
      expect(joined.status, JSON.stringify(joined.body)).toBe(201);
      teams.push({ id: (joined.body as { id: string }).id, player });
    }
    await app.ctx.services.ranks.flush();
    viewer = teams[2]!.player;
  });
  afterAll(() => app?.close());

  async function postDay(date: string, views: number[]): Promise<void> {
    const results = teams.map(({ id }, i) => ({ teamId: id, articleViews: [views[i]!], chemistryLevels: [], formationSnapshot: '{}' }));
    const posted = await app.call('POST', '/internal/v1/performances', { headers: ENGINE_HEADERS, body: { date, results } });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
  }

  const firstReads = [
    { what: 'the Global League', path: '/api/v1/leagues/global' },
    { what: 'the top ten', path: '/api/v1/leagues/global/leaderboard?limit=10&offset=0' },
  ];

  /** Each first read after the scoring, then the same read again (surely a kept answer), statements counted. */
  async function readTwice(path: string) {
    const answers: { status: number; body: unknown; headers: Headers }[] = [];
    const counted = [];
    for (let i = 0; i < 2; i++) {
      counted.push(
        await countStatements(async () => {
          answers.push(await app.call('GET', path, { as: viewer }));
        }),
      );
    }
    return { first: answers[0]!, again: answers[1]!, firstTexts: counted[0]!.texts, againTexts: counted[1]!.texts };
  }

  it('after the collect job writes the ranks, the first reads rank and count nothing', async () => {
    await postDay('2026-04-30', [4_000, 32_000, 8_000, 16_000]);
    // what the collect job does before it ends
    await app.ctx.services.ingest.writeRanks();
    for (const { what, path } of firstReads) {
      const { first, again, firstTexts, againTexts } = await readTwice(path);
      expect(first.status, what).toBe(200);
      expect(first.body, `${what}: the first answer is the kept one`).toEqual(again.body);
      expect(firstTexts.filter((text) => COUNTING.test(text)), `${what} counted`).toEqual([]);
      expect(firstTexts, `${what}: the first read costs what a kept answer costs`).toEqual(againTexts);
    }
    const top = (await app.call('GET', '/api/v1/leagues/global/leaderboard?limit=10&offset=0', { as: viewer })).body as { team: { id: string }; rank: number }[];
    // ben 32,000 views, dan 16,000, cat 8,000, ann 4,000
    expect(top.map((entry) => [entry.team.id, entry.rank])).toEqual([1, 3, 2, 0].map((i, rank) => [teams[i]!.id, rank + 1]));
    expect(((await app.call('GET', '/api/v1/leagues/global', { as: viewer })).body as { teamCount: number }).teamCount).toBe(4);
  });

  it('after an engine posts a day and pauses, the first reads rank and count nothing, and show the new day', async () => {
    await postDay('2026-04-29', [256_000, 0, 0, 0]);
    // the ranks are written once the engine's bodies pause, with nobody reading
    await vi.waitFor(async () => expect(await staleRankedLeagues(app.ctx.db)).not.toContain('global'), { timeout: 5_000 });
    await app.ctx.services.ranks.flush();
    for (const { what, path } of firstReads) {
      const { first, again, firstTexts, againTexts } = await readTwice(path);
      expect(first.status, what).toBe(200);
      expect(first.body, what).toEqual(again.body);
      expect(firstTexts, `${what}: the first read costs what a kept answer costs`).toEqual(againTexts);
    }
    const top = (await app.call('GET', '/api/v1/leagues/global/leaderboard?limit=10&offset=0', { as: viewer })).body as { team: { id: string } }[];
    expect(top[0]!.team.id).toBe(teams[0]!.id);
  });

  it('a league read right after a join counts no teams: the count is kept on the league', async () => {
    const eve = await app.player('eve');
    const joined = await app.call('POST', '/api/v1/leagues/global/my-team', { as: eve, body: { name: 'eve XI' }, headers: ORIGIN });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    // before the rank keeper's pause ends: this read produces the answer itself
    let answer: { status: number; body: unknown } | undefined;
    const counted = await countStatements(async () => {
      answer = await app.call('GET', '/api/v1/leagues/global', { as: viewer });
    });
    expect(answer!.status).toBe(200);
    expect((answer!.body as { teamCount: number }).teamCount).toBe(5);
    expect(counted.texts.filter((text) => COUNTING.test(text))).toEqual([]);
  });
});
