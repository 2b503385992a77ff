/** The address bucket sits beside the per-player code bucket so fresh accounts bring no fresh guesses. */
import { type Config, parseConfig } from '../../platform/config';
import { type ErrorCode, failRateLimited } from '../../domain/errors';
import { type Database, writeTransaction } from '../../platform/db/database';
import { type FailureThrottle, RATE_LIMITS, type RateLimit } from '../../domain/rate-limits';
import { clearSignInFailures, forgetRateLimitHit, recordSignInFailure, signInWait, takeRateLimit } from '../../platform/db/rate-limits';

export type Limits = Config['limits'];

/** For services built without a configuration (CLI verbs, unit tests). */
export const DEFAULT_LIMITS: Limits = parseConfig({}).limits;

function registrationRule(limits: Limits): RateLimit {
  return { bucket: 'registrations-by-address', limit: limits.registrationsPerAddress, windowMs: limits.registrationWindowSeconds * 1000 };
}

function codeAttemptAddressRule(limits: Limits): RateLimit {
  return { bucket: 'code-attempts-by-address', limit: limits.codeAttemptsPerAddress, windowMs: limits.codeAttemptWindowSeconds * 1000 };
}

function loginRules(limits: Limits): { username: FailureThrottle; address: FailureThrottle } {
  const shared = {
    windowMs: limits.loginFailureWindowSeconds * 1000,
    firstDelayMs: limits.loginFirstDelaySeconds * 1000,
    maxDelayMs: limits.loginMaxDelaySeconds * 1000,
  };
  return {
    username: { bucket: 'login-failures-by-username', freeFailures: limits.loginFreeFailuresPerUsername, ...shared },
    address: { bucket: 'login-failures-by-address', freeFailures: limits.loginFreeFailuresPerAddress, ...shared },
  };
}

/** Spends from every bucket or from none: one refusal rolls back what the others took. */
async function spendAll(db: Database, buckets: [RateLimit, string][], nowMs: number, code: ErrorCode): Promise<void> {
  await writeTransaction(db, async (tx) => {
    for (const [rule, subject] of buckets) {
      const answer = await takeRateLimit(tx, rule, subject, nowMs);
      if (!answer.allowed) failRateLimited(code, answer.retryAfterMs);
    }
  });
}

export async function spendCodeAttempt(db: Database, limits: Limits, playerId: string, address: string, nowMs: number): Promise<void> {
  await spendAll(
    db,
    [
      [RATE_LIMITS.codeAttempts, playerId],
      [codeAttemptAddressRule(limits), address],
    ],
    nowMs,
    'JOIN_RATE_LIMITED',
  );
}

export async function spendRegistration(db: Database, limits: Limits, address: string, nowMs: number): Promise<void> {
  await spendAll(db, [[registrationRule(limits), address]], nowMs, 'REGISTRATION_RATE_LIMITED');
}

export interface SignInAttempt {
  addressHit: number;
}

/** Counted as a failure of both at once, in the same transaction, so attempts sent together all see each other. */
export async function beginSignIn(db: Database, limits: Limits, usernameKey: string, address: string, nowMs: number): Promise<SignInAttempt> {
  const rules = loginRules(limits);
  return writeTransaction(db, async (tx) => {
    const wait = Math.max(await signInWait(tx, rules.username, usernameKey, nowMs), await signInWait(tx, rules.address, address, nowMs));
    if (wait > 0) failRateLimited('LOGIN_THROTTLED', wait);
    await recordSignInFailure(tx, rules.username, usernameKey, nowMs);
    return { addressHit: await recordSignInFailure(tx, rules.address, address, nowMs) };
  });
}

/** The address's earlier failures stay, so an attacker cannot wipe them by signing in to an account of their own. */
export async function signInSucceeded(db: Database, limits: Limits, usernameKey: string, attempt: SignInAttempt): Promise<void> {
  await writeTransaction(db, async (tx) => {
    await clearSignInFailures(tx, loginRules(limits).username, usernameKey);
    await forgetRateLimitHit(tx, attempt.addressHit);
  });
}

/** After an operator's password reset the username's own failures are forgiven; the addresses' stay. */
export async function forgiveSignInFailures(db: Database, limits: Limits, usernameKey: string): Promise<void> {
  await clearSignInFailures(db, loginRules(limits).username, usernameKey);
}
