/** The password is a secret, so every place that shows the URL shows it masked. */

export const URL_PASSWORD_MASK = '********';

const POSTGRES_SCHEME = /^postgres(ql)?:\/\//i;

/** A host, or a `host=` option (a Unix socket folder). */
export function isPostgresUrl(text: string): boolean {
  if (!POSTGRES_SCHEME.test(text) || /\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return url.hostname !== '' || (url.searchParams.get('host') ?? '') !== '';
  } catch {
    return false;
  }
}

/** Also a `password=` query option, which the driver reads; the rest stays so the operator can tell which database is meant. */
export function maskDatabaseUrl(text: string): string {
  const masked = text.replace(/([?&]password=)[^&#]*/gi, `$1${URL_PASSWORD_MASK}`);
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(masked)?.[0];
  if (!scheme) return masked;
  const rest = masked.slice(scheme.length);
  const at = rest.lastIndexOf('@');
  if (at === -1) return masked;
  const userInfo = rest.slice(0, at);
  const colon = userInfo.indexOf(':');
  if (colon === -1) return masked;
  try {
    // an `@` further on (in the path or the query) is no user-info: nothing to mask there
    if (new URL(masked).password === '') return masked;
  } catch {
    // unparsable: masked as if user-info, to be safe
  }
  const user = userInfo.slice(0, colon);
  return `${scheme}${user}:${URL_PASSWORD_MASK}@${rest.slice(at + 1)}`;
}

/** A driver's error may quote the URL or the password, written or decoded. */
export function withoutUrlPassword(message: string, url: string): string {
  let out = message.split(url).join(maskDatabaseUrl(url));
  for (const secret of databaseUrlPasswords(url)) out = out.split(secret).join(URL_PASSWORD_MASK);
  return out;
}

export function databaseUrlPasswords(url: string): string[] {
  const written: string[] = [...url.matchAll(/[?&]password=([^&#]*)/gi)].map((m) => m[1]);
  const match = /^[a-z][a-z0-9+.-]*:\/\/(.*)@/i.exec(url);
  const colon = match ? match[1].indexOf(':') : -1;
  if (match && colon !== -1) written.push(match[1].slice(colon + 1));
  return [...new Set(written.flatMap((secret) => [secret, decoded(secret)]))].filter((secret) => secret.length > 0);
}

function decoded(secret: string): string {
  try {
    return decodeURIComponent(secret);
  } catch {
    return secret;
  }
}
