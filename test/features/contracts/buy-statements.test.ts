/**
 * A buy's path through the database: the guarded write is the check, so a buy runs a handful
 * of statements, whatever the engine (the vitest `postgres` project runs this file again).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements } from '../../support/statement-count';
import { leagueWorld, setViews } from './contracts-fixtures';

describe('POST /api/v1/leagues/{id}/my-contracts', () => {
  let world: Awaited<ReturnType<typeof leagueWorld>>;
  beforeAll(async () => {
    world = await leagueWorld();
    setViews(world.fake, 'Alpha', 9_000);
    setViews(world.fake, 'Beta', 9_000);
    // the article's price inputs are fetched and kept by the first buy of it in the league
    const warm = await world.app.call('POST', `/api/v1/leagues/${world.league.id}/my-contracts`, { as: world.rival, body: { articleId: 'Beta', tier: 'SHORT' } });
    expect(warm.status).toBe(201);
    const seen = await world.app.call('GET', `/api/v1/leagues/${world.league.id}/article?id=Alpha`, { as: world.admin });
    expect(seen.status).toBe(200);
  });
  afterAll(() => world?.app.close());

  it('runs at most 6 SQL statements for a buy of an article already priced today', async () => {
    let status = 0;
    const counted = await countStatements(async () => {
      status = (await world.app.call('POST', `/api/v1/leagues/${world.league.id}/my-contracts`, { as: world.admin, body: { articleId: 'Alpha', tier: 'MEDIUM' } })).status;
    });
    expect(status).toBe(201);
    expect(counted.count, counted.texts.join('\n')).toBeLessThanOrEqual(6);
  });
});
