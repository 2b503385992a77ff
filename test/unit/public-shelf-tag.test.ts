/**
 * The public shelf's cached answer is tagged by `publicShelfTag`, read in SQL apart from the
 * shelf itself: it must name exactly the leagues `publicLeagues` shows (the first twelve in
 * its order, not any twelve), each at its version, or a change to a shown league could leave
 * the cached shelf in place.
 */
import { describe, expect, it } from 'vitest';
import { writeTransaction } from '../../src/platform/db/database';
import { bumpLeagueVersion } from '../../src/features/leagues/league-versions-store';
import { publicLeagues, publicShelfTag } from '../../src/features/leagues/store';
import { createTestApp } from '../support/app';
import { buildLeague } from '../support/builders';

const hoursAgo = (now: Date, hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

describe('the public shelf tag', () => {
  it('names the shown leagues at their versions, and only them', async () => {
    const app = await createTestApp();
    try {
      const admin = await app.player('shelf_admin');
      const now = app.clock.now();
      expect(await publicShelfTag(app.ctx.db, now, 12)).toBe('');
      // built out of order, with start ties (broken by id), a private, a closed and an ended league
      for (const hours of [5, 1, 9, 3, 3, 3, 14, 2, 8, 11, 7, 4, 13, 6, 10, 12]) await buildLeague(app, admin, { startDate: hoursAgo(now, hours) });
      await buildLeague(app, admin, { startDate: hoursAgo(now, 0.5), visibility: 'private' });
      await buildLeague(app, admin, { startDate: hoursAgo(now, 0.5), closedAt: now.toISOString() });
      await buildLeague(app, admin, { startDate: hoursAgo(now, 24 * 40), durationDays: 30 });
      const shown = () => publicLeagues(app.ctx.db, now, 12);
      const expected = async () => (await shown()).map((league) => `${league.id} ${league.version}`).join(' ');
      expect(await shown()).toHaveLength(12);
      expect(await publicShelfTag(app.ctx.db, now, 12)).toBe(await expected());

      const before = await publicShelfTag(app.ctx.db, now, 12);
      const twelfth = (await shown())[11]!.id;
      await writeTransaction(app.ctx.db, (tx) => bumpLeagueVersion(tx, twelfth));
      expect(await publicShelfTag(app.ctx.db, now, 12)).not.toBe(before);
      expect(await publicShelfTag(app.ctx.db, now, 12)).toBe(await expected());

      // a league past the twelfth is not on the shelf: its writes leave the tag alone
      const hidden = (await publicLeagues(app.ctx.db, now, 20))[12]!.id;
      const unchanged = await publicShelfTag(app.ctx.db, now, 12);
      await writeTransaction(app.ctx.db, (tx) => bumpLeagueVersion(tx, hidden));
      expect(await publicShelfTag(app.ctx.db, now, 12)).toBe(unchanged);
    } finally {
      await app.close();
    }
  });
});
