import { describe, expect, it } from 'vitest';
import { PasswordHasher, PRODUCTION_PASSWORD_COST } from '../../src/features/auth/password-hashing';
import { TEST_PASSWORD_COST } from '../support/app';

const cheap = new PasswordHasher('pbkdf2-sha256', TEST_PASSWORD_COST);
const cheapArgon = new PasswordHasher('argon2id', TEST_PASSWORD_COST);

describe('the production cost (the one test that pays it)', () => {
  it('a default hasher writes self-describing PBKDF2-SHA256 records at 600,000 iterations that verify, and OWASP-cost argon2id ones', async () => {
    expect(PRODUCTION_PASSWORD_COST.pbkdf2Iterations).toBe(600_000);
    const production = new PasswordHasher();
    const a = await production.hash('secret');
    const b = await production.hash('secret');
    expect(a).toMatch(/^pbkdf2-sha256\$600000\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await production.verify('secret', a)).toBe(true);
    expect(await production.verify('secreT', a)).toBe(false);
    expect(production.needsRehash(a)).toBe(false);
    expect((await production.dummyRecord()).split('$')[1]).toBe('600000');

    const argon = new PasswordHasher('argon2id');
    const record = await argon.hash('correct horse');
    expect(record).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await argon.verify('correct horse', record)).toBe(true);
    expect(argon.needsRehash(record)).toBe(false);
  });
});

describe('password records', () => {
  it('carry the cost they were written with, and a fresh salt', async () => {
    const a = await cheap.hash('secret');
    expect(a).toMatch(/^pbkdf2-sha256\$1000\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(await cheap.hash('secret'));
  });

  it('verify the right password and refuse a wrong one', async () => {
    const record = await cheap.hash('correct horse');
    expect(await cheap.verify('correct horse', record)).toBe(true);
    expect(await cheap.verify('correct horsE', record)).toBe(false);
    expect(await cheap.verify('', record)).toBe(false);
  });

  it('keep verifying records made at another cost', async () => {
    const old = await new PasswordHasher('pbkdf2-sha256', { ...TEST_PASSWORD_COST, pbkdf2Iterations: 2_000 }).hash('pw');
    expect(old.split('$')[1]).toBe('2000');
    expect(await cheap.verify('pw', old)).toBe(true);
  });

  it('refuse unreadable records instead of throwing', async () => {
    for (const record of ['', 'plain', 'md5$1$a$b', 'pbkdf2-sha256$x$a$b', 'pbkdf2-sha256$0$a$b']) {
      expect(await cheap.verify('pw', record)).toBe(false);
    }
  });

  it('the dummy record for unknown users costs the same as a real one', async () => {
    const dummy = await cheap.dummyRecord();
    expect(dummy.split('$')[1]).toBe(String(TEST_PASSWORD_COST.pbkdf2Iterations));
    expect(await cheap.verify('anything', dummy)).toBe(false);
  });
});

describe('argon2id records', () => {
  it('verify the right password, refuse a wrong one, and carry the hasher\'s cost', async () => {
    const record = await cheapArgon.hash('correct horse');
    expect(record).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await cheapArgon.verify('correct horse', record)).toBe(true);
    expect(await cheapArgon.verify('correct horsE', record)).toBe(false);
  });

  it('a damaged argon2id record verifies nothing and never throws', async () => {
    expect(await cheapArgon.verify('x', '$argon2id$v=19$m=19456,t=2,p=1$broken')).toBe(false);
  });
});

describe('needsRehash', () => {
  it('is true exactly when the record is not what the hasher writes', async () => {
    const pbkdf2Now = await cheap.hash('pw');
    const pbkdf2Other = await new PasswordHasher('pbkdf2-sha256', { ...TEST_PASSWORD_COST, pbkdf2Iterations: 2_000 }).hash('pw');
    const argonNow = await cheapArgon.hash('pw');
    const argonOther = '$argon2id$v=19$m=4096,t=1,p=1$c29tZXNhbHRzb21lc2FsdA$qLml5cbqFAO6YxVHhrSBHP0UWdxrIxkNcM8aMX3L6Og';
    expect([pbkdf2Now, pbkdf2Other, argonNow, argonOther].map((r) => cheap.needsRehash(r))).toEqual([false, true, true, true]);
    expect([pbkdf2Now, pbkdf2Other, argonNow, argonOther].map((r) => cheapArgon.needsRehash(r))).toEqual([true, true, false, true]);
  });
});
