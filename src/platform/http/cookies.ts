import { parseCookie, stringifySetCookie } from 'cookie';

export interface CookieOptions {
  maxAgeSeconds?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'Lax' | 'Strict' | 'None';
  path?: string;
}

/** HttpOnly and SameSite=Lax by default; a cleared cookie also carries a past Expires for browsers that ignore Max-Age. */
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

/** Read before Elysia parses cookies: the guards run first. */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie');
  return header ? parseCookie(header)[name] : undefined;
}
