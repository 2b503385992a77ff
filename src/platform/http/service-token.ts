import crypto from 'node:crypto';


/** Checks `Authorization: Bearer <token>` in constant time. An unset token fails closed. */
export function verifyServiceToken(expected: string | undefined, request: Request): boolean {
  if (!expected) return false;
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!match) return false;
  return constantTimeEqual(match[1], expected);
}

/**
 * Compares two secrets without leaking where they differ. Both are hashed first: their
 * lengths then always match (timingSafeEqual throws otherwise, also on UTF-8 length
 * differences that string lengths hide) and the length itself leaks nothing.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(a), digest(b));
}
