import crypto from 'node:crypto';

/**
 * Checks `Authorization: Bearer <token>` in constant time. Both sides are hashed first so
 * their lengths match (timingSafeEqual throws otherwise) and the length leaks nothing.
 * An unset token fails closed.
 */
export function verifyServiceToken(expected: string | undefined, request: Request): boolean {
  if (!expected) return false;
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!match) return false;
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(match[1]), digest(expected));
}
