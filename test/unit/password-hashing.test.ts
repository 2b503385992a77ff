import { describe, expect, it } from 'vitest';
import { dummyPasswordRecord, hashPassword, PASSWORD_ITERATIONS, verifyPassword } from '../../src/services/password-hashing';

describe('password records', () => {
  it('are self-describing PBKDF2-SHA256 records at 600,000 iterations with a fresh salt', async () => {
    const a = await hashPassword('secret');
    const b = await hashPassword('secret');
    expect(PASSWORD_ITERATIONS).toBe(600_000);
    expect(a).toMatch(/^pbkdf2-sha256\$600000\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });

  it('verify the right password and refuse a wrong one', async () => {
    const record = await hashPassword('correct horse', 1000);
    expect(await verifyPassword('correct horse', record)).toBe(true);
    expect(await verifyPassword('correct horsE', record)).toBe(false);
    expect(await verifyPassword('', record)).toBe(false);
  });

  it('keep verifying records made at an older cost', async () => {
    const old = await hashPassword('pw', 10_000);
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
