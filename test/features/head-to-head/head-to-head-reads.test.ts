/**
 * A head-to-head read (fixtures, matchup, table) writes nothing: the pairings of a round whose
 * first day has ended are shown as a fix would keep them, and kept by the next write that
 * needs them (an ingest, a join or a departure); the table is ranked from the kept records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app';
import { countStatements } from '../../support/statement-count';
import { at, day, join, moveTo, rivals, type Rivals, score } from './head-to-head-fixtures';

const WRITE = /^\s*(insert|update|delete|replace|create|drop|alter|with\b[\s\S]*\b(insert|update|delete)\b)/i;

describe('head-to-head reads', () => {
  let app: TestApp;
  let w: Rivals;

  beforeAll(async () => {
    ({ app, world: w } = await rivals());
  });
  afterAll(() => app?.close());

  const reads = () => [
    { what: 'fixtures', path: `/api/v1/leagues/${w.league}/fixtures` },
    { what: 'matchup', path: `/api/v1/leagues/${w.league}/matchup` },
    { what: 'table', path: `/api/v1/leagues/${w.league}/head-to-head` },
  ];

  async function readAll(): Promise<Record<string, unknown>> {
    const answers: Record<string, unknown> = {};
    for (const { what, path } of reads()) {
      let answer: { status: number; body: unknown } | undefined;
      const counted = await countStatements(async () => {
        answer = await app.call('GET', path, { as: w.bob });
      });
      expect(answer!.status, what).toBe(200);
      expect(counted.texts.filter((text) => WRITE.test(text)), `${what} wrote`).toEqual([]);
      answers[what] = answer!.body;
    }
    return answers;
  }

  it('writes nothing once round 1’s first day has ended, and shows the pairings a join then keeps', async () => {
    await moveTo(app, at(day(2), '09:00:00'), [w.ann, w.bob, w.cat, w.dan]);
    const before = (await readAll()) as { fixtures: { round: number; matchups: unknown[] } };
    expect(before.fixtures.round).toBe(1);
    // Dan's join fixes round 1 first, from the teams there when its first day ended
    await join(app, w.league, w.dan, 'Dan Athletic');
    const after = (await readAll()) as { fixtures: { matchups: unknown[] } };
    expect(after.fixtures.matchups).toEqual(before.fixtures.matchups);
  });

  it('writes nothing after a round settles, and ranks the table from its results', async () => {
    await moveTo(app, at(day(3), '06:00:00'), [w.ann, w.bob, w.cat, w.dan]);
    for (const d of [day(1), day(2)]) await score(app, d, { [w.teams.ann]: 1, [w.teams.bob]: 2, [w.teams.cat]: 3 });
    const fixtures = (await app.call('GET', `/api/v1/leagues/${w.league}/fixtures?round=1`, { as: w.bob })).body as {
      status: string;
      matchups: { home: { teamId: string | null }; away: { teamId: string | null }; result: 'home' | 'away' | 'draw' }[];
    };
    expect(fixtures.status).toBe('final');
    const tablePoints = new Map<string, number>();
    for (const { home, away, result } of fixtures.matchups) {
      if (home.teamId) tablePoints.set(home.teamId, result === 'home' ? 3 : result === 'draw' ? 1 : 0);
      if (away.teamId) tablePoints.set(away.teamId, result === 'away' ? 3 : result === 'draw' ? 1 : 0);
    }
    const { table } = (await readAll()) as { table: { teamId: string; rank: number; played: number; tablePoints: number }[] };
    // Ann, Bob and Cat played round 1; Dan, who joined in it, is in the table with nothing played
    expect(Object.fromEntries(table.map((row) => [row.teamId, [row.played, row.tablePoints]]))).toEqual(
      Object.fromEntries([...Object.values(w.teams).map((id) => [id, [1, tablePoints.get(id)]]), [table.find((row) => !tablePoints.has(row.teamId))!.teamId, [0, 0]]]),
    );
    expect(table.map((row) => row.rank)).toEqual([1, 2, 3, 4]);
    expect(table.map((row) => row.tablePoints)).toEqual([...table.map((row) => row.tablePoints)].sort((a, b) => b - a));
  });
});
