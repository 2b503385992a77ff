/**
 * A leaderboard read writes nothing, whatever it asks for and however fresh the points: the
 * ranks are written after the change that moved them (once a scoring day's bodies pause),
 * and until then a read ranks the league in memory to the same answer.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { staleRankedLeagues } from '../../../src/features/scoring/stale-ranks-store';
import { createTestApp, ENGINE_HEADERS, type TestApp, type TestPlayer } from '../../support/app';
import { buildLeague, buildTeam } from '../../support/builders';
import { countStatements } from '../../support/statement-count';

const WRITE = /^\s*(insert|update|delete|replace|create|drop|alter|with\b[\s\S]*\b(insert|update|delete)\b)/i;

describe('GET /api/v1/leagues/{id}/leaderboard', () => {
  let app: TestApp;
  let viewer: TestPlayer;
  let leagueId: string;
  const teamIds: string[] = [];

  beforeAll(async () => {
    app = await createTestApp({ now: '2026-05-01T08:00:00.000Z' });
    const players = await Promise.all(['ann', 'ben', 'cat', 'dan', 'eve'].map((name) => app.player(name)));
    const { league, team } = await buildLeague(app, players[0]!, { startDate: '2026-05-01T08:00:00.000Z' });
    leagueId = league.id;
    teamIds.push(team.id);
    for (const [i, player] of players.slice(1).entries()) teamIds.push((await buildTeam(app, league, player, `Team ${i + 2}`)).id);
    app.clock.set('2026-05-09T12:00:00.000Z');
    // cat reads, signed in today
    viewer = { ...players[2]!, cookie: await app.cookieFor(players[2]!.subject) };
  });
  afterAll(() => app?.close());

  async function scoreDay(date: string, views: number[]): Promise<void> {
    const results = teamIds.map((teamId, i) => ({ teamId, articleViews: [views[i]!], chemistryLevels: [], formationSnapshot: '{}' }));
    expect((await app.call('POST', '/internal/v1/performances', { headers: ENGINE_HEADERS, body: { date, results } })).status).toBe(200);
  }

  const reads = [
    { what: 'the whole board', query: '' },
    { what: 'a page', query: '?limit=2&offset=1' },
    { what: 'around the caller', query: '?around=me&limit=3' },
  ];

  async function readAll(): Promise<Record<string, unknown>> {
    const answers: Record<string, unknown> = {};
    for (const { what, query } of reads) {
      let answer: { status: number; body: { team: { id: string }; rank: number; cumulativePoints: number }[] } | undefined;
      const counted = await countStatements(async () => {
        answer = await app.call('GET', `/api/v1/leagues/${leagueId}/leaderboard${query}`, { as: viewer });
      });
      expect(answer!.status, what).toBe(200);
      expect(counted.texts.filter((text) => WRITE.test(text)), `${what} wrote`).toEqual([]);
      answers[what] = answer!.body.map((entry) => [entry.team.id, entry.rank, entry.cumulativePoints]);
    }
    return answers;
  }

  it('writes nothing right after the points moved, and answers the ranks the points give', async () => {
    await scoreDay('2026-05-07', [4_000, 16_000, 8_000, 32_000, 2_000]);
    const fresh = await readAll();
    // ann 1, ben 4, cat 2, dan 8, eve 0.5 → dan, ben, cat, ann, eve
    const order = [teamIds[3], teamIds[1], teamIds[2], teamIds[0], teamIds[4]];
    expect((fresh['the whole board'] as unknown[][]).map(([id, rank]) => [id, rank])).toEqual(order.map((id, i) => [id, i + 1]));
    expect((fresh['a page'] as unknown[][]).map(([id]) => id)).toEqual(order.slice(1, 3));
    expect((fresh['around the caller'] as unknown[][]).map(([id]) => id)).toEqual(order.slice(1, 4));

    // once the ranks are written, the reads still write nothing and answer the same
    await app.ctx.services.ranks.flush();
    expect(await readAll()).toEqual(fresh);
  });

  it('writes nothing when the ranks were written and the points move again', async () => {
    await app.ctx.services.ranks.flush();
    await scoreDay('2026-05-08', [64_000, 0, 0, 0, 0]);
    const answers = await readAll();
    expect((answers['the whole board'] as unknown[][])[0]![0]).toBe(teamIds[0]);
    // and once the scoring pauses, the new ranks are written without anyone reading
    await vi.waitFor(async () => expect(await staleRankedLeagues(app.ctx.db)).not.toContain(leagueId), { timeout: 5_000 });
  });

  it('ranks a team that joins without anyone reading, and a read meanwhile writes nothing', async () => {
    await app.ctx.services.ranks.flush();
    const fay = await app.player('fay');
    const joined = await app.call('POST', `/api/v1/leagues/${leagueId}/my-team`, { as: fay, body: { name: 'Fay Forest' }, headers: { origin: 'http://localhost:5173' } });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    const answers = await readAll();
    expect((answers['the whole board'] as unknown[][]).map(([id]) => id)).toContain(joined.body.id);
    await vi.waitFor(async () => expect(await staleRankedLeagues(app.ctx.db)).not.toContain(leagueId), { timeout: 5_000 });
    expect(await readAll()).toEqual(answers);
  });

  it('counts a page’s total anew once a team joins and is ranked, though the last count was kept', async () => {
    await app.ctx.services.ranks.flush();
    const total = async () => (await app.call('GET', `/api/v1/leagues/${leagueId}/leaderboard?around=me&limit=3`, { as: viewer })).headers.get('x-total-count');
    const before = Number(await total());
    expect(await total()).toBe(String(before));
    const gil = await app.player('gil');
    const joined = await app.call('POST', `/api/v1/leagues/${leagueId}/my-team`, { as: gil, body: { name: 'Gil Glade' }, headers: { origin: 'http://localhost:5173' } });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    expect(await total()).toBe(String(before + 1));
    await app.ctx.services.ranks.flush();
    expect(await total()).toBe(String(before + 1));
  });
});
