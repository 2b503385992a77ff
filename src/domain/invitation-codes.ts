/** Without the look-alikes 0 O 1 I L and U. */
export const INVITATION_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const INVITATION_CODE_LENGTH = 5;
/** Redraws on a uniqueness collision before giving up with INVITATION_CODE_UNAVAILABLE. */
export const INVITATION_CODE_MAX_DRAWS = 5;
/** Bytes at or above this are discarded so every character is equally likely. */
export const INVITATION_BYTE_LIMIT = Math.floor(256 / INVITATION_CODE_ALPHABET.length) * INVITATION_CODE_ALPHABET.length;

/** Enough for a typical draw (12.5 % of bytes are rejected) without a second round trip. */
const BYTES_PER_REQUEST = 8;

/** An injected CSPRNG, so tests can script it. */
export function generateInvitationCode(randomBytes: (n: number) => Uint8Array): string {
  let code = '';
  while (code.length < INVITATION_CODE_LENGTH) {
    const bytes = randomBytes(BYTES_PER_REQUEST);
    // A source that yields nothing would otherwise spin forever.
    if (bytes.length === 0) throw new Error('random source returned no bytes');
    for (const byte of bytes) {
      if (byte >= INVITATION_BYTE_LIMIT) continue;
      code += INVITATION_CODE_ALPHABET[byte % INVITATION_CODE_ALPHABET.length];
      if (code.length === INVITATION_CODE_LENGTH) break;
    }
  }
  return code;
}

const VALID_CODE = new RegExp(`^[${INVITATION_CODE_ALPHABET}]{${INVITATION_CODE_LENGTH}}$`);

/** People type `abc-de` or `ABC DE`: strip whitespace and dashes, upper-case, then validate. */
export function normalizeInvitationCode(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  // ASCII-only upper-casing: `ß`.toUpperCase() is `SS`, which must not turn junk into a code.
  const code = input.replace(/[\s-]/g, '').replace(/[a-z]/g, (c) => c.toUpperCase());
  return VALID_CODE.test(code) ? code : null;
}
