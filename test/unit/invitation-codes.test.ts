import { describe, expect, it } from 'vitest';
import {
  generateInvitationCode,
  INVITATION_BYTE_LIMIT,
  INVITATION_CODE_ALPHABET,
  INVITATION_CODE_LENGTH,
  normalizeInvitationCode,
} from '../../src/domain/invitation-codes';

/** A byte source that plays back a script, in whatever chunk sizes it is asked for. */
function scripted(bytes: number[]) {
  let next = 0;
  const requests: number[] = [];
  const source = (n: number) => {
    requests.push(n);
    const chunk = bytes.slice(next, next + n);
    next += n;
    if (chunk.length < n) throw new Error('script exhausted');
    return Uint8Array.from(chunk);
  };
  return { source, requests };
}

describe('invitation code alphabet (§6.7)', () => {
  it('is the 30 characters without 0 O 1 I L U', () => {
    expect(INVITATION_CODE_ALPHABET).toBe('23456789ABCDEFGHJKMNPQRSTVWXYZ');
    expect(INVITATION_CODE_ALPHABET).toHaveLength(30);
    for (const c of '0O1ILU') expect(INVITATION_CODE_ALPHABET).not.toContain(c);
    expect(INVITATION_CODE_LENGTH).toBe(5);
    expect(INVITATION_BYTE_LIMIT).toBe(240);
  });
});

describe('generateInvitationCode', () => {
  it('maps byte mod 30 onto the alphabet', () => {
    // 0 → '2', 29 → 'Z', 30 → '2', 239 → 239 mod 30 = 29 → 'Z', 10 → 'C'
    const { source } = scripted([0, 29, 30, 239, 10, 0, 0, 0]);
    expect(generateInvitationCode(source)).toBe('2Z2ZC');
  });

  it('discards bytes ≥ 240 (rejection sampling)', () => {
    // 240, 255 and 250 are skipped; 8 → 'A', 9 → 'B', 38 → 'A', 69 → 9 → 'B', 100 → 10 → 'C'
    const { source } = scripted([240, 8, 255, 9, 250, 38, 69, 100]);
    expect(generateInvitationCode(source)).toBe('ABABC');
  });

  it('asks for more bytes when too many were rejected', () => {
    const { source, requests } = scripted([255, 255, 255, 255, 255, 255, 1, 2, /* next */ 3, 4, 5, 0, 0, 0, 0, 0]);
    expect(generateInvitationCode(source)).toBe('34567');
    expect(requests).toHaveLength(2);
  });

  it('refuses a source that yields nothing instead of spinning', () => {
    expect(() => generateInvitationCode(() => new Uint8Array(0))).toThrow();
  });

  it('always yields a valid normalized code', () => {
    let seed = 7;
    const lcg = (n: number) =>
      Uint8Array.from({ length: n }, () => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed & 0xff;
      });
    for (let i = 0; i < 200; i += 1) {
      const code = generateInvitationCode(lcg);
      expect(normalizeInvitationCode(code)).toBe(code);
    }
  });
});

describe('normalizeInvitationCode', () => {
  it.each([
    ['AB2CD', 'AB2CD'],
    ['ab2cd', 'AB2CD'],
    [' ab-2c d ', 'AB2CD'],
    ['A-B-2-C-D', 'AB2CD'],
    ['ab2cd\n', 'AB2CD'],
  ])('%j → %s', (input, code) => {
    expect(normalizeInvitationCode(input)).toBe(code);
  });

  it.each(['AB2C', 'AB2CDE', 'AB0CD', 'ABOCD', 'AB1CD', 'ABICD', 'ABLCD', 'ABUCD', 'AB_CD', '', 'abcß'])('rejects %j', (input) => {
    expect(normalizeInvitationCode(input)).toBeNull();
  });

  it('rejects non-strings', () => {
    expect(normalizeInvitationCode(12345)).toBeNull();
    expect(normalizeInvitationCode(null)).toBeNull();
  });
});
