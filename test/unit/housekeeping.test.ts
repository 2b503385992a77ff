import { describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, writeTransaction } from '../../src/platform/db/database';
import { pruneStaleRows } from '../../src/features/operations/housekeeping-store';
import { RATE_LIMITS } from '../../src/domain/rate-limits';
import { consumeRateLimit } from '../../src/platform/db/rate-limits';
import { rateLimitHits, upstreamCache, viewSeries } from '../../src/platform/db/schema/sqlite';
import { putCached } from '../../src/platform/db/upstream-cache';
import { storeSeries } from '../../src/features/contracts/view-series-store';
import { tempDatabasePath } from '../support/app';

describe('housekeeping', () => {
  it('drops old series, long-expired answers and old limiter hits, and keeps what is still read', async () => {
    const db = openDatabase(tempDatabasePath(), { migrate: true });
    const now = new Date('2026-05-20T06:30:00Z');
    const series = [{ date: '2026-05-01', views: 10 }];
    await writeTransaction(db, async (tx) => {
      await storeSeries(tx, 'en', 'Old', '2026-05-12', series, now.toISOString());
      await storeSeries(tx, 'en', 'Edge', '2026-05-13', series, now.toISOString());
      await storeSeries(tx, 'en', 'Fresh', '2026-05-19', series, now.toISOString());
    });
    await putCached(db, 'long-expired', 1, new Date('2026-05-01T00:00:00Z'), 86_400_000);
    await putCached(db, 'recently-expired', 2, new Date('2026-05-18T00:00:00Z'), 86_400_000);
    await putCached(db, 'never-expires', 3, new Date('2026-01-01T00:00:00Z'));
    await consumeRateLimit(db, RATE_LIMITS.genie, 'ana', now.getTime() - 2 * 86_400_000);
    await consumeRateLimit(db, RATE_LIMITS.genie, 'bob', now.getTime() - 1000);

    expect(await pruneStaleRows(db, now)).toEqual({ viewSeries: 1, upstreamCache: 1, rateLimitHits: 1 });
    expect(db.select().from(viewSeries).all().map((r) => r.articleId).sort()).toEqual(['Edge', 'Fresh']);
    expect(db.select().from(upstreamCache).all().map((r) => r.key).sort()).toEqual(['never-expires', 'recently-expired']);
    expect(db.select().from(rateLimitHits).all()).toHaveLength(1);
    expect(await pruneStaleRows(db, now)).toEqual({ viewSeries: 0, upstreamCache: 0, rateLimitHits: 0 });
    closeDatabase(db);
  });
});
