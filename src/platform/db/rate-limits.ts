import { and, count, eq, gt, lte, max, min } from 'drizzle-orm';
import { type Database, writeTransaction } from './database';
import { first, tablesOf } from './dialect';
import { failureWaitMs, slidingWindowAnswer, type FailureThrottle, type RateLimit, type RateLimitAnswer } from '../../domain/rate-limits';

/**
 * Counts one attempt by `subject` in a sliding window and says whether it is allowed.
 * Refused attempts are not recorded, so a caller who waits gets back in after the window.
 * Kept in the database so a restart does not hand out a fresh budget, and so that several
 * instances on one PostgreSQL share one budget (its SERIALIZABLE writes let no two callers
 * both take the last attempt).
 */
export async function consumeRateLimit(db: Database, rule: RateLimit, subject: string, nowMs: number): Promise<boolean> {
  return (await takeRateLimit(db, rule, subject, nowMs)).allowed;
}

/** `consumeRateLimit`, also saying when a refused caller may try again (for `Retry-After`). */
export async function takeRateLimit(db: Database, rule: RateLimit, subject: string, nowMs: number): Promise<RateLimitAnswer> {
  return writeTransaction(db, async (tx) => {
    const { rateLimitHits } = tablesOf(tx);
    const since = nowMs - rule.windowMs;
    await tx.delete(rateLimitHits).where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.subject, subject), lte(rateLimitHits.atMs, since)));
    // count() and min() map to numbers: PostgreSQL answers both as bigint text
    const row = await first(
      tx
        .select({ n: count(), oldest: min(rateLimitHits.atMs) })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.subject, subject), gt(rateLimitHits.atMs, since))),
    );
    const answer = slidingWindowAnswer(rule, row?.n ?? 0, row?.oldest ?? null, nowMs);
    if (answer.allowed) await tx.insert(rateLimitHits).values({ bucket: rule.bucket, subject, atMs: nowMs });
    return answer;
  });
}

/** How long `subject` must still wait before its next sign-in attempt (see failureWaitMs). */
export async function signInWait(db: Database, rule: FailureThrottle, subject: string, nowMs: number): Promise<number> {
  const { rateLimitHits } = tablesOf(db);
  const row = await first(
    db
      .select({ n: count(), last: max(rateLimitHits.atMs) })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.subject, subject), gt(rateLimitHits.atMs, nowMs - rule.windowMs))),
  );
  return failureWaitMs(rule, row?.n ?? 0, row?.last ?? null, nowMs);
}

/** Counts one failure (or a sign-in attempt not yet decided) of `subject`; answers its row id. */
export async function recordSignInFailure(db: Database, rule: FailureThrottle, subject: string, nowMs: number): Promise<number> {
  return writeTransaction(db, async (tx) => {
    const { rateLimitHits } = tablesOf(tx);
    await tx.delete(rateLimitHits).where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.subject, subject), lte(rateLimitHits.atMs, nowMs - rule.windowMs)));
    return (await tx.insert(rateLimitHits).values({ bucket: rule.bucket, subject, atMs: nowMs }).returning({ id: rateLimitHits.id }))[0]!.id;
  });
}

/** Takes back one counted attempt that turned out to be a success. */
export async function forgetRateLimitHit(db: Database, id: number): Promise<void> {
  return writeTransaction(db, async (db) => {
    const { rateLimitHits } = tablesOf(db);
    await db.delete(rateLimitHits).where(eq(rateLimitHits.id, id));
  });
}

/** A successful sign-in forgives the username's failures (never the address's: see auth-service). */
export async function clearSignInFailures(db: Database, rule: FailureThrottle, subject: string): Promise<void> {
  return writeTransaction(db, async (db) => {
    const { rateLimitHits } = tablesOf(db);
    await db.delete(rateLimitHits).where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.subject, subject)));
  });
}
