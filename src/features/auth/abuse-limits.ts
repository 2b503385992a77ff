/**
 * Per-address limits (account creation, invitation-code attempts) and the sign-in throttle,
 * built from the `limits` configuration. The per-player code bucket of the interface stays
 * as it was; the address bucket sits beside it so fresh accounts bring no fresh guesses.
 */
import { type Config, parseConfig } from '../../platform/config';
import { type ErrorCode, failRateLimited } from '../../domain/errors';
import { type Database, writeTransaction } from '../../platform/db/database';
import { type FailureThrottle, RATE_LIMITS, type RateLimit } from '../../domain/rate-limits';
import { clearSignInFailures, forgetRateLimitHit, recordSignInFailure, signInWait, takeRateLimit } from '../../platform/db/rate-limits';

export type Limits = Config['limits'];

/** The built-in limits, for services built without a configuration (CLI verbs, unit tests). */
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

/** One invitation-code attempt: the caller's bucket (5 a minute) and the address's. */
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

/** The counted attempt of a sign-in in progress, taken back if it succeeds. */
export interface SignInAttempt {
  addressHit: number;
}

/**
 * Admits a sign-in attempt unless the username's or the address's delay is still running,
 * and counts it as a failure of both right away, in the same transaction: attempts sent
 * together all see each other, instead of all passing the check before any has failed.
 */
export async function beginSignIn(db: Database, limits: Limits, usernameKey: string, address: string, nowMs: number): Promise<SignInAttempt> {
  const rules = loginRules(limits);
  return writeTransaction(db, async (tx) => {
    const wait = Math.max(await signInWait(tx, rules.username, usernameKey, nowMs), await signInWait(tx, rules.address, address, nowMs));
    if (wait > 0) failRateLimited('LOGIN_THROTTLED', wait);
    await recordSignInFailure(tx, rules.username, usernameKey, nowMs);
    return { addressHit: await recordSignInFailure(tx, rules.address, address, nowMs) };
  });
}

/**
 * A success forgives the username and takes back this attempt's count on the address, but
 * not the address's earlier failures: an attacker who owns one account must not be able to
 * wipe them by signing in to it between guesses at someone else's.
 */
export async function signInSucceeded(db: Database, limits: Limits, usernameKey: string, attempt: SignInAttempt): Promise<void> {
  await writeTransaction(db, async (tx) => {
    await clearSignInFailures(tx, loginRules(limits).username, usernameKey);
    await forgetRateLimitHit(tx, attempt.addressHit);
  });
}
