import { parse } from 'cookie';

export interface CookieOptions {
  maxAgeSeconds?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'Lax' | 'Strict' | 'None';
  path?: string;
}

/**
 * Builds one Set-Cookie value. Kept rather than Elysia's cookie jar: its attributes come in the
 * order the interface's examples (and the tests) write them, with an explicit Expires on a
 * cookie being cleared for old browsers. Values we set are base64url/JWT so need no escaping.
 */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${value}`, `Path=${options.path ?? '/'}`];
  if (options.maxAgeSeconds !== undefined) {
    parts.push(`Max-Age=${options.maxAgeSeconds}`);
    if (options.maxAgeSeconds <= 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  }
  if (options.httpOnly !== false) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`);
  return parts.join('; ');
}

/** One cookie of the request, read before Elysia parses cookies (the guards run first). */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie');
  return header ? parse(header)[name] : undefined;
}
