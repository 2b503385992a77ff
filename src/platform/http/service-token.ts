import crypto from 'node:crypto';

/** Constant time; an unset token fails closed. */
export function verifyServiceToken(expected: string | undefined, request: Request): boolean {
  if (!expected) return false;
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!match) return false;
  return constantTimeEqual(match[1], expected);
}

/** Hashed first, so lengths always match (timingSafeEqual throws otherwise) and the length leaks nothing. */
export function constantTimeEqual(a: string, b: string): boolean {
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(a), digest(b));
}
