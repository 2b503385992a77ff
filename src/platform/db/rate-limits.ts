import { and, count, eq, gt, lte, max, min } from 'drizzle-orm';
import { type Database, writeTransaction } from './database';
import { first, tablesOf } from './dialect';
import { failureWaitMs, slidingWindowAnswer, type FailureThrottle, type RateLimit, type RateLimitAnswer } from '../../domain/rate-limits';

/** Refused attempts are not recorded; kept in the database so a restart or another instance never hands out a fresh budget. */
export async function consumeRateLimit(db: Database, rule: RateLimit, subject: string, nowMs: number): Promise<boolean> {
  return (await takeRateLimit(db, rule, subject, nowMs)).allowed;
}

/** Also says when a refused caller may try again (for `Retry-After`). */
export async function takeRateLimit(db: Database, rule: RateLimit, subject: string, nowMs: number): Promise<RateLimitAnswer> {
  return writeTransaction(db, async (tx) => {
    const { rateLimitHits } = tablesOf(tx);
    const since = nowMs - rule.windowMs;
    await tx.delete(rateLimitHits).where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.subject, subject), lte(rateLimitHits.atMs, since)));
    // PostgreSQL answers count() and min() as bigint text
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

/** See failureWaitMs. */
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

/** Also a sign-in attempt not yet decided; answers its row id. */
export async function recordSignInFailure(db: Database, rule: FailureThrottle, subject: string, nowMs: number): Promise<number> {
  return writeTransaction(db, async (tx) => {
    const { rateLimitHits } = tablesOf(tx);
    await tx.delete(rateLimitHits).where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.subject, subject), lte(rateLimitHits.atMs, nowMs - rule.windowMs)));
    return (await tx.insert(rateLimitHits).values({ bucket: rule.bucket, subject, atMs: nowMs }).returning({ id: rateLimitHits.id }))[0]!.id;
  });
}

export async function forgetRateLimitHit(db: Database, id: number): Promise<void> {
  return writeTransaction(db, async (db) => {
    const { rateLimitHits } = tablesOf(db);
    await db.delete(rateLimitHits).where(eq(rateLimitHits.id, id));
  });
}

/** Never the address's failures: see auth-service. */
export async function clearSignInFailures(db: Database, rule: FailureThrottle, subject: string): Promise<void> {
  return writeTransaction(db, async (db) => {
    const { rateLimitHits } = tablesOf(db);
    await db.delete(rateLimitHits).where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.subject, subject)));
  });
}
