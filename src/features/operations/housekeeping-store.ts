/** Without pruning, the series cache alone grows by one 365-day series per traded article per day. */
import { and, isNotNull, lt } from 'drizzle-orm';
import { addDays, utcDay, DAY_MS } from '../../domain/dates';
import { type Database, writeTransaction } from '../../platform/db/database';
import { tablesOf, touched } from '../../platform/db/dialect';

/** Series are read for yesterday or the day before; a week covers a late sweep's fallback. */
export const SERIES_KEEP_DAYS = 7;
/** Expired upstream answers stay a while as a fallback when the encyclopedia is down. */
export const EXPIRED_CACHE_GRACE_DAYS = 7;
export const RATE_LIMIT_KEEP_MS = DAY_MS;

export interface PruneReport {
  viewSeries: number;
  upstreamCache: number;
  rateLimitHits: number;
}

export async function pruneStaleRows(db: Database, now: Date): Promise<PruneReport> {
  const oldestSnapshot = addDays(utcDay(now), -SERIES_KEEP_DAYS);
  const expiredBefore = new Date(now.getTime() - EXPIRED_CACHE_GRACE_DAYS * DAY_MS).toISOString();
  return writeTransaction(db, async (tx) => {
    const { rateLimitHits, upstreamCache, viewSeries } = tablesOf(tx);
    return {
      viewSeries: touched(await tx.delete(viewSeries).where(lt(viewSeries.snapshotDate, oldestSnapshot))),
      upstreamCache: touched(await tx.delete(upstreamCache).where(and(isNotNull(upstreamCache.expiresAt), lt(upstreamCache.expiresAt, expiredBefore)))),
      rateLimitHits: touched(await tx.delete(rateLimitHits).where(lt(rateLimitHits.atMs, now.getTime() - RATE_LIMIT_KEEP_MS))),
    };
  });
}
