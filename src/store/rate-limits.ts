import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { type Database, writeTransaction } from './database';
import { rateLimitHits } from './schema';

export interface RateLimit {
  /** which limiter: `code-attempts`, `genie`, `reports` */
  bucket: string;
  limit: number;
  windowMs: number;
}

/**
 * Counts one attempt by `subject` in a sliding window and says whether it is allowed.
 * Refused attempts are not recorded, so a caller who waits gets back in after the window.
 * Kept in SQLite so a restart does not hand out a fresh budget.
 */
export function consumeRateLimit(db: Database, rule: RateLimit, subject: string, nowMs: number): boolean {
  return writeTransaction(db, (tx) => {
    const since = nowMs - rule.windowMs;
    tx.delete(rateLimitHits)
      .where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.subject, subject), lte(rateLimitHits.atMs, since)))
      .run();
    const row = tx
      .select({ n: sql<number>`count(*)` })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.subject, subject), gt(rateLimitHits.atMs, since)))
      .get();
    if ((row?.n ?? 0) >= rule.limit) return false;
    tx.insert(rateLimitHits).values({ bucket: rule.bucket, subject, atMs: nowMs }).run();
    return true;
  });
}

/** The three limiters of the interface (§6.7, §9, §10.3). */
export const RATE_LIMITS = {
  codeAttempts: { bucket: 'code-attempts', limit: 5, windowMs: 60_000 },
  genie: { bucket: 'genie', limit: 20, windowMs: 60_000 },
  reports: { bucket: 'reports', limit: 3, windowMs: 60_000 },
} as const satisfies Record<string, RateLimit>;
