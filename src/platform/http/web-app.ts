/** The shell for every path the app owns, and assets precompressed at build time; everything else falls through to the API. */
import { webAppFile } from '../embedded';
import type { ContentEncoding } from './compression';
import { preferredEncoding, qualityValues } from './negotiation';
import type { RawAnswer } from './raw-answer';

export type WebAppResponder = (request: Request, path: string) => RawAnswer | null;

interface Manifest {
  shell: string;
  docs?: string;
  /** `cache`: the file's own cache-control (the service worker's fixed address); else a year */
  assets: Record<string, { file: string; type: string; cache?: string }>;
}

interface Asset {
  type: string;
  cache: string;
  identity: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
}

/** `/auth/callback` is the app's, not the API's. */
const APP_PATHS = new Set(['/home', '/signin', '/welcome', '/inbox', '/auth/callback', '/leagues', '/report', '/notification-settings', '/account']);
const APP_PREFIXES = ['/leagues/', '/join/'];

export function isAppPath(path: string): boolean {
  return APP_PATHS.has(path) || APP_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * The page and the files it loads, answered from memory. The app asks a shed API read again
 * after its Retry-After; a browser does not ask again for a shed script or stylesheet, and the
 * player would be left with a blank page until a reload.
 */
export function isAppFileRequest(method: string | undefined, path: string, accept: string | null): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  return path.startsWith('/assets/') || path === '/sw.js' || isAppPath(path) || (path === '/' && prefersHtml(accept));
}

/** A browser there gets them as they are, never the shell. */
const SERVICE_PREFIXES = ['/api/', '/internal/', '/auth/', '/assets/'];
const SERVICE_PATHS = new Set(['/', '/api', '/internal', '/auth', '/openapi.json', '/metrics', '/docs']);

/** The shell with status 404, so the app draws its not-found screen; API clients keep `{"error":"NOT_FOUND"}`. */
export function isNavigationToNowhere(path: string, accept: string | null): boolean {
  if (isAppPath(path) || SERVICE_PATHS.has(path) || SERVICE_PREFIXES.some((prefix) => path.startsWith(prefix))) return false;
  return prefersHtml(accept);
}

/** No inline script or style, no third party, no framing; thumbnails are not shown, so images are same-origin too. */
const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'",
  'referrer-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
};

/** Swagger UI's stylesheet draws its icons as data: SVGs. */
const DOCS_SECURITY_HEADERS: Record<string, string> = {
  ...SECURITY_HEADERS,
  'content-security-policy':
    "default-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'",
};

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** HTML wins only when it is named and not valued below JSON. */
export function prefersHtml(accept: string | null): boolean {
  if (accept === null || !accept.toLowerCase().includes('text/html')) return false;
  const q = qualityValues(accept);
  const html = q.get('text/html') ?? 0;
  const json = Math.max(q.get('application/json') ?? 0, q.get('application/*') ?? 0, q.get('*/*') ?? 0);
  return html > 0 && html >= json;
}

function encodingsOf(asset: Asset): ContentEncoding[] {
  const available: ContentEncoding[] = [];
  if (asset.br) available.push('br');
  if (asset.gzip) available.push('gzip');
  return available;
}

type LoadedApp = { shell: Buffer; docs: Buffer | null; assets: Map<string, Asset> } | null;
let loaded: { app: LoadedApp } | undefined;

/** Read once per process: it ships with the program. */
function loadManifest(): LoadedApp {
  return (loaded ??= { app: readManifest() }).app;
}

function readManifest(): LoadedApp {
  const raw = webAppFile('manifest.json');
  if (!raw) return null;
  const manifest = JSON.parse(raw.toString('utf8')) as Manifest;
  const shell = webAppFile(manifest.shell);
  if (!shell) return null;
  const assets = new Map<string, Asset>();
  for (const [urlPath, { file, type, cache }] of Object.entries(manifest.assets)) {
    const identity = webAppFile(file);
    if (!identity) continue;
    assets.set(urlPath, { type, cache: cache ?? IMMUTABLE, identity, gzip: webAppFile(`${file}.gz`), br: webAppFile(`${file}.br`) });
  }
  return { shell, docs: manifest.docs ? webAppFile(manifest.docs) : null, assets };
}

function bodyFor(request: Request, bytes: Buffer): Buffer | null {
  return request.method === 'HEAD' ? null : bytes;
}

/** Without a build (API-only tests) it answers nothing and every path reaches the API. */
export function webAppResponder(): WebAppResponder {
  const app = loadManifest();
  return (request, path) => {
    if (!app || (request.method !== 'GET' && request.method !== 'HEAD')) return null;

    const asset = app.assets.get(path);
    if (asset) {
      const encoding = preferredEncoding(request.headers.get('accept-encoding'), encodingsOf(asset));
      const bytes = encoding === 'br' ? asset.br! : encoding === 'gzip' ? asset.gzip! : asset.identity;
      const headers: Record<string, string> = {
        'content-type': asset.type,
        'content-length': String(bytes.length),
        'cache-control': asset.cache,
        vary: 'Accept-Encoding',
        ...SECURITY_HEADERS,
      };
      if (encoding) headers['content-encoding'] = encoding;
      return { status: 200, headers, body: bodyFor(request, bytes) };
    }

    if (path === '/docs' && app.docs) {
      const headers = {
        'content-type': 'text/html; charset=utf-8',
        'content-length': String(app.docs.length),
        'cache-control': 'no-cache',
        ...DOCS_SECURITY_HEADERS,
      };
      return { status: 200, headers, body: bodyFor(request, app.docs) };
    }

    const accept = request.headers.get('accept');
    const nowhere = isNavigationToNowhere(path, accept);
    if (nowhere || isAppPath(path) || (path === '/' && prefersHtml(accept))) {
      const headers = {
        'content-type': 'text/html; charset=utf-8',
        'content-length': String(app.shell.length),
        // Revalidated every time: a new build names new asset files.
        'cache-control': 'no-cache',
        vary: 'Accept',
        ...SECURITY_HEADERS,
      };
      return { status: nowhere ? 404 : 200, headers, body: bodyFor(request, app.shell) };
    }
    return null;
  };
}
