import { parseCookie, stringifySetCookie } from 'cookie';

export interface CookieOptions {
  maxAgeSeconds?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'Lax' | 'Strict' | 'None';
  path?: string;
}

/**
 * One Set-Cookie value, written by the `cookie` package (`stringifySetCookie`, which it also
 * exports as `serialize`): HttpOnly and SameSite=Lax unless told otherwise, and a cookie being
 * cleared also carries a past Expires for browsers that ignore Max-Age. The package checks the
 * name and encodes the value; ours are base64url or JWT, which encode to themselves.
 */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const clearing = options.maxAgeSeconds !== undefined && options.maxAgeSeconds <= 0;
  return stringifySetCookie(name, value, {
    path: options.path ?? '/',
    maxAge: options.maxAgeSeconds,
    expires: clearing ? new Date(0) : undefined,
    httpOnly: options.httpOnly !== false,
    secure: options.secure,
    sameSite: (options.sameSite ?? 'Lax').toLowerCase() as 'lax' | 'strict' | 'none',
  });
}

/** One cookie of the request, read before Elysia parses cookies (the guards run first). */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie');
  return header ? parseCookie(header)[name] : undefined;
}
