/**
 * Issue 16: a league past SQLite's 32,766 host parameters (every player is in the Global
 * League, so its size is the deployment's). Every read that covers the whole league answers
 * 200 and complete through the HTTP layer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ENGINE_HEADERS, type TestApp, type TestPlayer } from '../../support/app';
import { buildBulkLeague, type BulkLeague } from '../../support/bulk-league';
import { recomputedStandings } from '../../support/reference-standings';

const TEAMS = 40_000;
const CONTRACT_PRICE = 10;

describe(`a league of ${TEAMS.toLocaleString('en')} teams`, () => {
  let app: TestApp;
  let big: BulkLeague;
  let member: TestPlayer;
  const memberIndex = 23_456;

  beforeAll(async () => {
    app = await createTestApp({ now: '2026-05-03T12:00:00.000Z' });
    big = await buildBulkLeague(app.ctx.db, { teams: TEAMS, start: '2026-05-01', scoredDays: 2, contractPrice: CONTRACT_PRICE });
    const subject = `bulk:${big.leagueId}_${memberIndex}`.toLowerCase();
    member = { cookie: await app.cookieFor(subject) } as TestPlayer;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  const board = (query = '') => app.call('GET', `/api/v1/leagues/${big.leagueId}/leaderboard${query}`, { as: member });
  const summary = (entry: { team: { id: string }; cumulativePoints: number; rank: number; rankDelta: number | null }) => ({
    teamId: entry.team.id,
    cumulativePoints: entry.cumulativePoints,
    rank: entry.rank,
    rankDelta: entry.rankDelta,
  });

  it('answers the whole leaderboard, every team ranked as the recomputed standings rank them', async () => {
    const response = await board();
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(TEAMS);
    expect(response.body.map(summary)).toEqual(await recomputedStandings(app.ctx.db, big.leagueId));
    expect(new Set(response.body.map((entry: { team: { credits: number } }) => entry.team.credits))).toEqual(new Set([1_000 - CONTRACT_PRICE]));
  }, 60_000);

  it('answers a page of ranks, the last partial page, and the caller’s neighbourhood', async () => {
    const expected = await recomputedStandings(app.ctx.db, big.leagueId);
    const page = await board('?limit=1000&offset=33000');
    expect(page.status).toBe(200);
    expect(page.headers.get('x-total-count')).toBe(String(TEAMS));
    expect(page.body.map(summary)).toEqual(expected.slice(33_000, 34_000));

    const last = await board(`?limit=1000&offset=${TEAMS - 300}`);
    expect(last.body.map(summary)).toEqual(expected.slice(TEAMS - 300));

    const around = await board('?around=me');
    expect(around.status).toBe(200);
    const mine = expected.findIndex((entry) => entry.teamId === big.teamIds[memberIndex]);
    expect(around.body.map(summary)).toEqual(expected.slice(mine - 5, mine + 6));
  }, 60_000);

  it('answers the scoring inputs of a day with every team and what it fielded', async () => {
    const response = await app.call('GET', '/internal/v1/scoring-inputs?date=2026-05-02', { headers: ENGINE_HEADERS });
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(TEAMS);
    const byTeam = new Map(response.body.map((input: { teamId: string; articles: string[] }) => [input.teamId, input.articles]));
    expect(big.teamIds.every((teamId, i) => (byTeam.get(teamId) as string[] | undefined)?.[0] === `Bulk_article_${i}`)).toBe(true);
  }, 60_000);

  it('answers the league’s contract list, each contract with its team and credits, and the caller’s own', async () => {
    const response = await app.call('GET', `/api/v1/leagues/${big.leagueId}/contracts`, { as: member });
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(TEAMS);
    const owners = new Set(response.body.map((contract: { team: { id: string; credits: number } }) => `${contract.team.id}:${contract.team.credits}`));
    expect(owners).toEqual(new Set(big.teamIds.map((id) => `${id}:${1_000 - CONTRACT_PRICE}`)));

    const mine = await app.call('GET', `/api/v1/leagues/${big.leagueId}/my-contracts`, { as: member });
    expect(mine.status).toBe(200);
    expect(mine.body.map((contract: { article: { id: string } }) => contract.article.id)).toEqual([`Bulk_article_${memberIndex}`]);
  }, 60_000);
});
