/** Self-describing records (PBKDF2 or argon2id PHC), so algorithm and cost can change; either kind always verifies. */
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { argon2Binding } from '../../platform/embedded';
import { ConcurrencyLimiter } from '../../upstream/limiter';

const pbkdf2 = promisify(crypto.pbkdf2);

export type PasswordAlgorithm = 'pbkdf2-sha256' | 'argon2id';

export interface PasswordCost {
  pbkdf2Iterations: number;
  argon2id: { memoryCost: number; timeCost: number; parallelism: number };
}

/** The interface's PBKDF2 record and OWASP's argon2id parameters; only tests pass a lower cost. */
export const PRODUCTION_PASSWORD_COST: PasswordCost = {
  pbkdf2Iterations: 600_000,
  argon2id: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
};

const KEY_BYTES = 32;
const SALT_BYTES = 16;
const PBKDF2 = 'pbkdf2-sha256';
/** Algorithm.Argon2id is a const enum, so not importable at run time. */
const ARGON2ID = 2;

export class PasswordHasher {
  // Bounding the worker threads keeps the pool free for file I/O.
  private readonly hashing = new ConcurrencyLimiter(2);
  private dummy: Promise<string> | undefined;

  constructor(
    readonly algorithm: PasswordAlgorithm = 'pbkdf2-sha256',
    private readonly cost: PasswordCost = PRODUCTION_PASSWORD_COST,
  ) {}

  async hash(password: string): Promise<string> {
    if (this.algorithm === 'argon2id') {
      return this.hashing.run(() => argon2Binding().hash(password, { ...this.cost.argon2id, algorithm: ARGON2ID }));
    }
    const iterations = this.cost.pbkdf2Iterations;
    const salt = crypto.randomBytes(SALT_BYTES);
    const hash = await this.hashing.run(() => pbkdf2(password, salt, iterations, KEY_BYTES, 'sha256'));
    return [PBKDF2, iterations, salt.toString('base64url'), hash.toString('base64url')].join('$');
  }

  /** Never throws on bad input. */
  async verify(password: string, record: string): Promise<boolean> {
    if (record.startsWith('$argon2id$')) {
      try {
        return await this.hashing.run(() => argon2Binding().verify(record, password));
      } catch {
        return false;
      }
    }
    const [algorithm, iterationsText, saltText, hashText] = record.split('$');
    const iterations = Number(iterationsText);
    if (algorithm !== PBKDF2 || !Number.isInteger(iterations) || iterations < 1 || !saltText || !hashText) return false;
    const expected = Buffer.from(hashText, 'base64url');
    const actual = await this.hashing.run(() =>
      pbkdf2(password, Buffer.from(saltText, 'base64url'), iterations, expected.length || KEY_BYTES, 'sha256'),
    );
    return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
  }

  needsRehash(record: string): boolean {
    if (this.algorithm === 'argon2id') {
      if (!record.startsWith('$argon2id$')) return true;
      try {
        const cost = argon2Binding().parseOptions(record);
        const wanted = this.cost.argon2id;
        return cost.memoryCost !== wanted.memoryCost || cost.timeCost !== wanted.timeCost || cost.parallelism !== wanted.parallelism;
      } catch {
        return true;
      }
    }
    const [kind, iterations] = record.split('$');
    return kind !== PBKDF2 || Number(iterations) !== this.cost.pbkdf2Iterations;
  }

  /** Verified for unknown usernames so they take as long as real ones. */
  dummyRecord(): Promise<string> {
    this.dummy ??= this.hash(crypto.randomBytes(16).toString('hex'));
    return this.dummy;
  }
}
