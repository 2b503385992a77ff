/**
 * A cached answer's version when no single counter names the state it was read from (the
 * public shelf, a viewer's market shelf): a 48-bit digest of every input that state consists
 * of. Any change to an input gives another number; two different states share one with odds
 * of 1 in 2^48. The answer cache only compares versions for equality, so order is not needed.
 */
import crypto from 'node:crypto';

export function digestVersion(parts: readonly (string | number)[]): number {
  return crypto.createHash('sha256').update(parts.join('\u0000')).digest().readUIntBE(0, 6);
}
