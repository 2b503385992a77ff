/**
 * PBKDF2-SHA256 via node:crypto, stored as a self-describing record
 * `pbkdf2-sha256$<iterations>$<salt>$<hash>` (base64url) so the cost can rise later
 * without invalidating existing credentials.
 */
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { ConcurrencyLimiter } from '../upstream/limiter';

const pbkdf2 = promisify(crypto.pbkdf2);

export const PASSWORD_ITERATIONS = 600_000;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
const ALGORITHM = 'pbkdf2-sha256';

// Each hash holds a libuv thread for ~0.2 s; bounding them keeps the pool free for file I/O.
const hashing = new ConcurrencyLimiter(2);

export async function hashPassword(password: string, iterations = PASSWORD_ITERATIONS): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const hash = await hashing.run(() => pbkdf2(password, salt, iterations, KEY_BYTES, 'sha256'));
  return [ALGORITHM, iterations, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** False for a wrong password and for a record we cannot read; never throws on bad input. */
export async function verifyPassword(password: string, record: string): Promise<boolean> {
  const [algorithm, iterationsText, saltText, hashText] = record.split('$');
  const iterations = Number(iterationsText);
  if (algorithm !== ALGORITHM || !Number.isInteger(iterations) || iterations < 1 || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64url');
  const actual = await hashing.run(() =>
    pbkdf2(password, Buffer.from(saltText, 'base64url'), iterations, expected.length || KEY_BYTES, 'sha256'),
  );
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

let dummy: Promise<string> | null = null;

/** A record of the current cost, verified for unknown usernames so they take as long as real ones. */
export function dummyPasswordRecord(): Promise<string> {
  dummy ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  return dummy;
}
