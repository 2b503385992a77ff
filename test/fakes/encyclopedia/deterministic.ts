/** Stable pseudo-randomness for generated fake data: the same inputs always give the same numbers. */

/** FNV-1a over the joined parts, as an unsigned 32-bit integer. */
export function hashOf(...parts: (string | number)[]): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join('\u0001')) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** A number in [0, 1) derived from the parts. */
export function unitOf(...parts: (string | number)[]): number {
  return hashOf(...parts) / 0x1_0000_0000;
}
