/** The rate-limit rules: which limiters exist, and how a window of counted attempts answers. */

export interface RateLimit {
  /** which limiter: `code-attempts`, `genie`, `reports` */
  bucket: string;
  limit: number;
  windowMs: number;
}

/** The three limiters of the interface. */
export const RATE_LIMITS = {
  codeAttempts: { bucket: 'code-attempts', limit: 5, windowMs: 60_000 },
  genie: { bucket: 'genie', limit: 20, windowMs: 60_000 },
  reports: { bucket: 'reports', limit: 3, windowMs: 60_000 },
} as const satisfies Record<string, RateLimit>;

export interface RateLimitAnswer {
  allowed: boolean;
  /** when refused: how long until the oldest attempt in the window ages out */
  retryAfterMs: number;
}

/**
 * A sliding window: allowed while fewer than `limit` attempts fall in it. Refused attempts
 * are not counted, so a caller who waits gets back in after the window.
 */
export function slidingWindowAnswer(rule: RateLimit, attemptsInWindow: number, oldestMs: number | null, nowMs: number): RateLimitAnswer {
  if (attemptsInWindow < rule.limit) return { allowed: true, retryAfterMs: 0 };
  return { allowed: false, retryAfterMs: (oldestMs ?? nowMs) + rule.windowMs - nowMs };
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
export function failureWaitMs(rule: FailureThrottle, failuresInWindow: number, lastFailureMs: number | null, nowMs: number): number {
  if (failuresInWindow < rule.freeFailures || lastFailureMs === null) return 0;
  const delay = Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** Math.min(failuresInWindow - rule.freeFailures, 30));
  return Math.max(0, lastFailureMs + delay - nowMs);
}
