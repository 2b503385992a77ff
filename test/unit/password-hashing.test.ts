import { describe, expect, it } from 'vitest';
import { dummyPasswordRecord, hashPassword, PASSWORD_ITERATIONS, verifyPassword, needsRehash } from '../../src/services/password-hashing';

describe('password records', () => {
  it('are self-describing PBKDF2-SHA256 records at 600,000 iterations with a fresh salt', async () => {
    const a = await hashPassword('secret');
    const b = await hashPassword('secret');
    expect(PASSWORD_ITERATIONS).toBe(600_000);
    expect(a).toMatch(/^pbkdf2-sha256\$600000\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });

  it('verify the right password and refuse a wrong one', async () => {
    const record = await hashPassword('correct horse', 'pbkdf2-sha256', 1000);
    expect(await verifyPassword('correct horse', record)).toBe(true);
    expect(await verifyPassword('correct horsE', record)).toBe(false);
    expect(await verifyPassword('', record)).toBe(false);
  });

  it('keep verifying records made at an older cost', async () => {
    const old = await hashPassword('pw', 'pbkdf2-sha256', 10_000);
    expect(old.split('$')[1]).toBe('10000');
    expect(await verifyPassword('pw', old)).toBe(true);
  });

  it('refuse unreadable records instead of throwing', async () => {
    for (const record of ['', 'plain', 'md5$1$a$b', 'pbkdf2-sha256$x$a$b', 'pbkdf2-sha256$0$a$b']) {
      expect(await verifyPassword('pw', record)).toBe(false);
    }
  });

  it('the dummy record for unknown users costs the same as a real one', async () => {
    const dummy = await dummyPasswordRecord();
    expect(dummy.split('$')[1]).toBe(String(PASSWORD_ITERATIONS));
    expect(await verifyPassword('anything', dummy)).toBe(false);
  });
});

describe('argon2id records', () => {
  it('verify the right password, refuse a wrong one, and carry OWASP\'s cost', async () => {
    const record = await hashPassword('correct horse', 'argon2id');
    expect(record).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('correct horse', record)).toBe(true);
    expect(await verifyPassword('correct horsE', record)).toBe(false);
  });

  it('a damaged argon2id record verifies nothing and never throws', async () => {
    expect(await verifyPassword('x', '$argon2id$v=19$m=19456,t=2,p=1$broken')).toBe(false);
  });
});

describe('needsRehash', () => {
  it('is true exactly when the record is not what the configured algorithm writes today', async () => {
    const pbkdf2Now = await hashPassword('pw');
    const pbkdf2Old = await hashPassword('pw', 'pbkdf2-sha256', 1000);
    const argonNow = await hashPassword('pw', 'argon2id');
    const argonWeak = '$argon2id$v=19$m=4096,t=1,p=1$c29tZXNhbHRzb21lc2FsdA$qLml5cbqFAO6YxVHhrSBHP0UWdxrIxkNcM8aMX3L6Og';
    expect([pbkdf2Now, pbkdf2Old, argonNow, argonWeak].map((r) => needsRehash(r, 'pbkdf2-sha256'))).toEqual([false, true, true, true]);
    expect([pbkdf2Now, pbkdf2Old, argonNow, argonWeak].map((r) => needsRehash(r, 'argon2id'))).toEqual([true, true, false, true]);
  });
});
