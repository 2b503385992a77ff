/**
 * Yesterday's market shelf and its 50 series as the market leaves them in the store after its
 * first read, for benches that have no encyclopedia: every input must already be at hand.
 * Even-numbered shelf articles are the bulk leagues' `Bulk_article_i` (held while their
 * contracts are live), odd ones nobody's.
 */
import { addDays, utcDay } from '../../src/domain/dates';
import { type Database, writeTransaction } from '../../src/platform/db/database';
import { putCached } from '../../src/platform/db/upstream-cache';
import { storeSeries } from '../../src/features/contracts/view-series-store';

export const SHELF_ARTICLES = Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? `Bulk_article_${i}` : `Shelf_article_${i}`));

export async function seedStoredShelf(db: Database, now = new Date()): Promise<void> {
  const yesterday = addDays(utcDay(now), -1);
  const entries = SHELF_ARTICLES.map((articleId, i) => ({ articleId, views: 500_000 - i * 7_000, sourceRank: i + 1 }));
  await writeTransaction(db, async (tx) => {
    await putCached(tx, `market-shelf:en:${yesterday}`, entries, now, 3 * 86_400_000);
    for (const [i, articleId] of SHELF_ARTICLES.entries()) {
      const series = Array.from({ length: 365 }, (_, day) => ({ date: addDays(yesterday, day - 364), views: 1_000 + ((day * 37 + i * 101) % 5_000) }));
      await storeSeries(tx, 'en', articleId, yesterday, series, now.toISOString());
    }
  });
}
