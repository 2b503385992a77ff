export interface RateLimit {
  bucket: string;
  limit: number;
  windowMs: number;
}

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

/** Refused attempts are not counted, so a caller who waits gets back in after the window. */
export function slidingWindowAnswer(rule: RateLimit, attemptsInWindow: number, oldestMs: number | null, nowMs: number): RateLimitAnswer {
  if (attemptsInWindow < rule.limit) return { allowed: true, retryAfterMs: 0 };
  return { allowed: false, retryAfterMs: (oldestMs ?? nowMs) + rule.windowMs - nowMs };
}

export interface FailureThrottle {
  bucket: string;
  freeFailures: number;
  windowMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

/** OWASP-style growing delays, not a lock-out, so a stranger hammering a username cannot lock its owner out for long. */
export function failureWaitMs(rule: FailureThrottle, failuresInWindow: number, lastFailureMs: number | null, nowMs: number): number {
  if (failuresInWindow < rule.freeFailures || lastFailureMs === null) return 0;
  const delay = Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** Math.min(failuresInWindow - rule.freeFailures, 30));
  return Math.max(0, lastFailureMs + delay - nowMs);
}
