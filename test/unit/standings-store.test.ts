/**
 * The store sums standings in SQL (§4.5): cumulative = Σ points of every scored day;
 * previous = Σ points of the days before the team's own latest scored day.
 */
import { describe, expect, it } from 'vitest';
import { writeTransaction } from '../../src/store/database';
import { performances } from '../../src/store/schema';
import { standingsOfLeague } from '../../src/store/standings';
import { createTestApp, type TestApp } from '../support/app';
import { buildLeague, buildTeam } from '../support/builders';

function score(app: TestApp, teamId: string, rows: [string, number][]) {
  writeTransaction(app.ctx.db, (tx) => {
    for (const [date, points] of rows) {
      tx.insert(performances).values({ teamId, date, points, formationSnapshot: '{}', createdAt: 'x', updatedAt: 'x' }).run();
    }
  });
}

describe('standings totals', () => {
  it('sum every day, and the days before each team’s own latest one (in any insertion order)', async () => {
    const app = await createTestApp();
    try {
      const [a, b, c] = [await app.player('a'), await app.player('b'), await app.player('c')];
      const { league, team } = buildLeague(app, a);
      const second = buildTeam(app, league, b);
      const third = buildTeam(app, league, c);
      score(app, team.id, [['2026-03-02', 4], ['2026-03-01', 2.5], ['2026-03-03', 1]]);
      score(app, second.id, [['2026-03-01', 9]]);
      const totals = new Map(standingsOfLeague(app.ctx.db, league.id).map((s) => [s.team.id, [s.cumulativePoints, s.previousPoints]]));
      expect(totals.get(team.id)).toEqual([7.5, 6.5]);
      expect(totals.get(second.id)).toEqual([9, 0]);
      expect(totals.get(third.id)).toEqual([0, 0]);
    } finally {
      await app.close();
    }
  });

  it('agree with a plain sum for random seasons', async () => {
    const app = await createTestApp();
    try {
      const owner = await app.player('owner');
      const { league, team: ownerTeam } = buildLeague(app, owner);
      let seed = 7;
      const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
      const expected = new Map<string, [number, number]>([[ownerTeam.id, [0, 0]]]);
      for (let i = 0; i < 25; i++) {
        const t = buildTeam(app, league, await app.player(`p${i}`), `Team ${i}`);
        const days = Math.floor(random() * 6);
        const rows: [string, number][] = Array.from({ length: days }, (_, d) => [`2026-04-${String(10 + d).padStart(2, '0')}`, Math.round(random() * 2000) / 100]);
        score(app, t.id, rows);
        const total = rows.reduce((sum, [, p]) => sum + p, 0);
        const previous = rows.length <= 1 ? 0 : rows.slice(0, -1).reduce((sum, [, p]) => sum + p, 0);
        expected.set(t.id, [total, previous]);
      }
      const standings = standingsOfLeague(app.ctx.db, league.id);
      expect(standings.map((s) => s.team.id).sort()).toEqual([...expected.keys()].sort());
      for (const s of standings) {
        const [total, previous] = expected.get(s.team.id)!;
        expect(s.cumulativePoints).toBeCloseTo(total, 9);
        expect(s.previousPoints).toBeCloseTo(previous, 9);
      }
    } finally {
      await app.close();
    }
  });
});
