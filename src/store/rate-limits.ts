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
  return takeRateLimit(db, rule, subject, nowMs).allowed;
}

export interface RateLimitAnswer {
  allowed: boolean;
  /** when refused: how long until the oldest attempt in the window ages out */
  retryAfterMs: number;
}

/** `consumeRateLimit`, also saying when a refused caller may try again (for `Retry-After`). */
export function takeRateLimit(db: Database, rule: RateLimit, subject: string, nowMs: number): RateLimitAnswer {
  return writeTransaction(db, (tx) => {
    const since = nowMs - rule.windowMs;
    tx.delete(rateLimitHits)
      .where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.subject, subject), lte(rateLimitHits.atMs, since)))
      .run();
    const row = tx
      .select({ n: sql<number>`count(*)`, oldest: sql<number | null>`min(${rateLimitHits.atMs})` })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.subject, subject), gt(rateLimitHits.atMs, since)))
      .get();
    if ((row?.n ?? 0) >= rule.limit) return { allowed: false, retryAfterMs: (row?.oldest ?? nowMs) + rule.windowMs - nowMs };
    tx.insert(rateLimitHits).values({ bucket: rule.bucket, subject, atMs: nowMs }).run();
    return { allowed: true, retryAfterMs: 0 };
  });
}

/** How sign-in failures slow a key down: some free, then delays doubling from the first. */
export interface FailureThrottle {
  bucket: string;
  freeFailures: number;
  windowMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

/**
 * Growing delays after failed sign-ins (OWASP authentication guidance): within the window the
 * first `freeFailures` cost nothing; after that each attempt must wait firstDelay·2^k since
 * the last failure (k failures past the free ones), capped at maxDelay. Answers how long the
 * key must still wait, 0 when it may try now. Delays rather than a lock-out, so a stranger
 * hammering someone's username slows that username down without locking its owner out for long.
 */
export function signInWait(db: Database, rule: FailureThrottle, subject: string, nowMs: number): number {
  const row = db
    .select({ n: sql<number>`count(*)`, last: sql<number | null>`max(${rateLimitHits.atMs})` })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.subject, subject), gt(rateLimitHits.atMs, nowMs - rule.windowMs)))
    .get();
  const failures = row?.n ?? 0;
  if (failures < rule.freeFailures || row?.last == null) return 0;
  const delay = Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** Math.min(failures - rule.freeFailures, 30));
  return Math.max(0, row.last + delay - nowMs);
}

/** Counts one failure (or a sign-in attempt not yet decided) of `subject`; answers its row id. */
export function recordSignInFailure(db: Database, rule: FailureThrottle, subject: string, nowMs: number): number {
  return writeTransaction(db, (tx) => {
    tx.delete(rateLimitHits)
      .where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.subject, subject), lte(rateLimitHits.atMs, nowMs - rule.windowMs)))
      .run();
    return tx.insert(rateLimitHits).values({ bucket: rule.bucket, subject, atMs: nowMs }).returning({ id: rateLimitHits.id }).get().id;
  });
}

/** Takes back one counted attempt that turned out to be a success. */
export function forgetRateLimitHit(db: Database, id: number): void {
  db.delete(rateLimitHits).where(eq(rateLimitHits.id, id)).run();
}

/** A successful sign-in forgives the username's failures (never the address's: see auth-service). */
export function clearSignInFailures(db: Database, rule: FailureThrottle, subject: string): void {
  db.delete(rateLimitHits).where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.subject, subject))).run();
}

/** The three limiters of the interface (§6.7, §9, §10.3). */
export const RATE_LIMITS = {
  codeAttempts: { bucket: 'code-attempts', limit: 5, windowMs: 60_000 },
  genie: { bucket: 'genie', limit: 20, windowMs: 60_000 },
  reports: { bucket: 'reports', limit: 3, windowMs: 60_000 },
} as const satisfies Record<string, RateLimit>;
