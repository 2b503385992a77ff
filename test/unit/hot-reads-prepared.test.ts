/**
 * drizzle builds a query's SQL text each time a builder is awaited, which a CPU profile of the
 * morning rush put near a tenth of the service's time. The league home, read by every player
 * after the push, keeps its queries prepared: once warm, reading it builds no SQL text but
 * that of its lists of ids.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, day, rivals, type Rivals } from '../features/head-to-head/head-to-head-fixtures';
import { buildContract, buildPerformance } from '../support/builders';
import type { TestApp } from '../support/app';
import { findTeam } from '../../src/features/leagues/store';

/** The SQL texts drizzle builds while `work` runs. */
async function builtQueries(app: TestApp, work: () => Promise<unknown>): Promise<string[]> {
  const session = Object.getPrototypeOf((app.ctx.db as unknown as { session: object }).session) as { prepareQuery: (query: { sql: string }, ...rest: unknown[]) => unknown };
  const original = session.prepareQuery;
  const built: string[] = [];
  session.prepareQuery = function (this: unknown, query, ...rest) {
    built.push(query.sql);
    return original.call(this, query, ...rest);
  };
  try {
    await work();
  } finally {
    session.prepareQuery = original;
  }
  return built;
}

describe('the league home once warm', () => {
  let app: TestApp;
  let w: Rivals;

  beforeAll(async () => {
    ({ app, world: w } = await rivals());
    await buildContract(app, (await findTeam(app.ctx.db, w.teams.ann))!, { articleId: 'Q42', price: 120 });
    for (const n of [1, 2, 3]) for (const teamId of Object.values(w.teams)) await buildPerformance(app, { id: teamId, leagueId: w.league }, day(n), n);
    await app.ctx.services.ingest.writeRanks();
    app.clock.set(at(day(4), '09:00:00'));
    for (const player of [w.ann, w.bob]) player.cookie = await app.cookieFor(player.subject);
  });
  afterAll(() => app?.close());

  for (const [who, league] of [
    ['a head-to-head member', 'league'],
    ['a points member', 'pointsLeague'],
  ] as const) {
    it(`builds no SQL for ${who}`, async () => {
      const path = `/api/v1/leagues/${w[league]}/home`;
      const as = league === 'league' ? w.ann : w.bob;
      await app.call('GET', path, { as });
      const again = await builtQueries(app, async () => {
        const answer = await app.call('GET', path, { as });
        expect(answer.status).toBe(200);
      });
      // a list of ids (the contracts' holders and leagues) has a text per length, built each time
      expect(again.filter((text) => !/ in \(\?(, \?)*\)/.test(text))).toEqual([]);
    });
  }
});
