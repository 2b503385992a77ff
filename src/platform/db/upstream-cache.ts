/** Kept in the database so every process and restart share one copy instead of refetching. */
import { eq, sql } from 'drizzle-orm';
import { type Database, preparedOnce, writeTransaction } from './database';
import { dialectOf, first, tablesOf } from './dialect';

export interface CachedEntry<T> {
  value: T;
  fetchedAt: string;
  /** null: kept until overwritten */
  expiresAt: string | null;
  /** false once `expiresAt` has passed */
  fresh: boolean;
}

/** Expired or not: callers may fall back to a stale copy. */
export async function getCachedEntry<T>(db: Database, key: string, now: Date): Promise<CachedEntry<T> | undefined> {
  const { upstreamCache } = tablesOf(db);
  const row =
    dialectOf(db) === 'postgres'
      ? await first(db.select().from(upstreamCache).where(eq(upstreamCache.key, key)))
      : preparedOnce(db, 'getCachedEntry', () => db.select().from(upstreamCache).where(eq(upstreamCache.key, sql.placeholder('key'))).prepare()).get({ key });
  if (!row) return undefined;
  let value: T;
  try {
    value = JSON.parse(row.value) as T;
  } catch {
    // a row we cannot read is as good as no row; the next put replaces it
    return undefined;
  }
  const fresh = row.expiresAt === null || Date.parse(row.expiresAt) > now.getTime();
  return { value, fetchedAt: row.fetchedAt, expiresAt: row.expiresAt, fresh };
}

/** A caller already holding the value stored at `fetchedAt` need not parse it again. */
export async function cachedEntryStamp(db: Database, key: string, now: Date): Promise<{ fetchedAt: string; fresh: boolean } | undefined> {
  const { upstreamCache } = tablesOf(db);
  const stamp = { fetchedAt: upstreamCache.fetchedAt, expiresAt: upstreamCache.expiresAt };
  const row =
    dialectOf(db) === 'postgres'
      ? await first(db.select(stamp).from(upstreamCache).where(eq(upstreamCache.key, key)))
      : preparedOnce(db, 'cachedEntryStamp', () => db.select(stamp).from(upstreamCache).where(eq(upstreamCache.key, sql.placeholder('key'))).prepare()).get({ key });
  if (!row) return undefined;
  return { fetchedAt: row.fetchedAt, fresh: row.expiresAt === null || Date.parse(row.expiresAt) > now.getTime() };
}

export async function getCached<T>(db: Database, key: string, now: Date): Promise<T | undefined> {
  const entry = await getCachedEntry<T>(db, key, now);
  return entry?.fresh ? entry.value : undefined;
}

/** Without `ttlMs` it never expires. */
export async function putCached(db: Database, key: string, value: unknown, now: Date, ttlMs?: number): Promise<void> {
  const row = {
    key,
    value: JSON.stringify(value),
    fetchedAt: now.toISOString(),
    expiresAt: ttlMs === undefined ? null : new Date(now.getTime() + ttlMs).toISOString(),
  };
  await writeTransaction(db, async (tx) => {
    const { upstreamCache } = tablesOf(tx);
    await tx
      .insert(upstreamCache)
      .values(row)
      .onConflictDoUpdate({ target: upstreamCache.key, set: { value: row.value, fetchedAt: row.fetchedAt, expiresAt: row.expiresAt } });
  });
}

