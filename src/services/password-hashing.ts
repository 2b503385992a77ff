/**
 * Password records, self-describing so the algorithm and cost can change without
 * invalidating anyone: `pbkdf2-sha256$<iterations>$<salt>$<hash>` (base64url; the interface's
 * record, node:crypto) or an argon2id PHC string `$argon2id$v=19$m=…,t=…,p=…$<salt>$<hash>`
 * (@node-rs/argon2). Either kind always verifies; `needsRehash` says when a record differs
 * from what the deployment is configured to write.
 */
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { argon2Binding } from '../embedded';
import { ConcurrencyLimiter } from '../upstream/limiter';

const pbkdf2 = promisify(crypto.pbkdf2);

export type PasswordAlgorithm = 'pbkdf2-sha256' | 'argon2id';

export const PASSWORD_ITERATIONS = 600_000;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
const PBKDF2 = 'pbkdf2-sha256';

/** OWASP Password Storage Cheat Sheet, argon2id: 19 MiB of memory, 2 passes, 1 lane. */
export const ARGON2ID_COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** @node-rs/argon2's Algorithm.Argon2id (a const enum, so not importable at run time) */
const ARGON2ID = 2;

// Each hash holds a worker thread for ~0.1-0.3 s; bounding them keeps the pool free for file I/O.
const hashing = new ConcurrencyLimiter(2);

export async function hashPassword(password: string, algorithm: PasswordAlgorithm = 'pbkdf2-sha256', iterations = PASSWORD_ITERATIONS): Promise<string> {
  if (algorithm === 'argon2id') {
    return hashing.run(() => argon2Binding().hash(password, { ...ARGON2ID_COST, algorithm: ARGON2ID }));
  }
  const salt = crypto.randomBytes(SALT_BYTES);
  const hash = await hashing.run(() => pbkdf2(password, salt, iterations, KEY_BYTES, 'sha256'));
  return [PBKDF2, iterations, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** False for a wrong password and for a record we cannot read; never throws on bad input. */
export async function verifyPassword(password: string, record: string): Promise<boolean> {
  if (record.startsWith('$argon2id$')) {
    try {
      return await hashing.run(() => argon2Binding().verify(record, password));
    } catch {
      return false;
    }
  }
  const [algorithm, iterationsText, saltText, hashText] = record.split('$');
  const iterations = Number(iterationsText);
  if (algorithm !== PBKDF2 || !Number.isInteger(iterations) || iterations < 1 || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64url');
  const actual = await hashing.run(() =>
    pbkdf2(password, Buffer.from(saltText, 'base64url'), iterations, expected.length || KEY_BYTES, 'sha256'),
  );
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

/** True when the record's algorithm or cost is not what `algorithm` writes today. */
export function needsRehash(record: string, algorithm: PasswordAlgorithm): boolean {
  if (algorithm === 'argon2id') {
    if (!record.startsWith('$argon2id$')) return true;
    try {
      const cost = argon2Binding().parseOptions(record);
      return (
        cost.memoryCost !== ARGON2ID_COST.memoryCost || cost.timeCost !== ARGON2ID_COST.timeCost || cost.parallelism !== ARGON2ID_COST.parallelism
      );
    } catch {
      return true;
    }
  }
  const [kind, iterations] = record.split('$');
  return kind !== PBKDF2 || Number(iterations) !== PASSWORD_ITERATIONS;
}

const dummies = new Map<PasswordAlgorithm, Promise<string>>();

/** A record of the configured kind and cost, verified for unknown usernames so they take as long as real ones. */
export function dummyPasswordRecord(algorithm: PasswordAlgorithm = 'pbkdf2-sha256'): Promise<string> {
  let dummy = dummies.get(algorithm);
  if (!dummy) {
    dummy = hashPassword(crypto.randomBytes(16).toString('hex'), algorithm);
    dummies.set(algorithm, dummy);
  }
  return dummy;
}
