/**
 * The web app beside the API on one origin: which paths answer the shell, which stay the
 * API's, and how the hashed assets are sent. Runs against the built dist/web (npm test
 * builds it first; built here when missing).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prefersHtml } from '../../../src/platform/http/web-app';
import { createTestApp, type TestApp } from '../../support/app';

const webDist = path.resolve(__dirname, '../../../dist/web');
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

let app: TestApp;
let assets: Record<string, { file: string; type: string }>;
const assetPath = (ext: string) => Object.keys(assets).find((p) => p.endsWith(ext))!;

beforeAll(async () => {
  if (!fs.existsSync(path.join(webDist, 'manifest.json'))) {
    const { buildWeb } = await import('../../../scripts/build-web.mjs');
    await buildWeb();
  }
  assets = JSON.parse(fs.readFileSync(path.join(webDist, 'manifest.json'), 'utf8')).assets;
  app = await createTestApp();
});
afterAll(() => app.close());

describe('which paths answer the app shell', () => {
  const shell = (status: number, headers: Headers, text: string) => {
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(headers.get('cache-control')).toBe('no-cache');
    expect(headers.get('content-security-policy')).toMatch(/^default-src 'self'; /);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('same-origin');
    expect(text).toMatch(/^<!doctype html>\n<html lang="en">/);
    // CSP forbids inline code: the shell only points at files.
    expect(text).not.toMatch(/<script>|<style|style="/);
  };
  const rows: [string, string, Record<string, string>][] = [
    ['a browser navigating to /', '/', { accept: BROWSER_ACCEPT }],
    ['the sign-in landing of every flow', '/auth/callback?new=1', {}],
    ['the sign-in failure landing', '/home?error=auth_failed', { accept: BROWSER_ACCEPT }],
    ['a league screen', '/leagues/global/market', {}],
    ['a shared invitation link', '/join/ABCDE', { accept: BROWSER_ACCEPT }],
    ['the in-box', '/inbox', {}],
    ['the notification settings', '/notification-settings', { accept: BROWSER_ACCEPT }],
    ['the account', '/account', { accept: BROWSER_ACCEPT }],
  ];
  it.each(rows)('%s (%s)', async (_rule, url, headers) => {
    const res = await app.call('GET', url, { headers });
    shell(res.status, res.headers, res.text);
  });

  // Issue 23: a mistyped or stale address opens the app's own not-found screen, with a way home.
  const nowhere: [string, string][] = [
    ['an address nothing answers', '/nowhere'],
    ['a deeper one', '/leagues-old/123/market'],
  ];
  it.each(nowhere)('a browser navigating to %s gets the shell as a 404 (%s)', async (_rule, url) => {
    const res = await app.call('GET', url, { headers: { accept: BROWSER_ACCEPT } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'self'; /);
    expect(res.text).toMatch(/^<!doctype html>\n<html lang="en">/);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await app.call('HEAD', '/home');
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
  });
});

describe('the service worker (push notifications)', () => {
  it('is served at its fixed address as script, revalidated every time, compressed when asked', async () => {
    const res = await app.call('GET', '/sw.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const plain = await app.call('GET', '/sw.js');
    expect(plain.text).toContain('notificationclick');
  });
});

describe('what stays the API', () => {
  const rows: [string, string, Record<string, string>, number, unknown][] = [
    ['/ for an API client asking for JSON', '/', { accept: 'application/json' }, 200, { FRONTEND_URL: 'http://localhost:5173' }],
    ['/ for a client accepting anything', '/', { accept: '*/*' }, 200, { FRONTEND_URL: 'http://localhost:5173' }],
    ['/ with no Accept at all', '/', {}, 200, { FRONTEND_URL: 'http://localhost:5173' }],
    ['/ when HTML is named but valued below JSON', '/', { accept: 'application/json, text/html;q=0.5' }, 200, { FRONTEND_URL: 'http://localhost:5173' }],
    ['an unknown /api path, anonymous, from a browser', '/api/v1/nope', { accept: BROWSER_ACCEPT }, 401, { error: 'UNAUTHORIZED' }],
    ['an /api path that looks like an app path', '/api/v1/leagues/public', { accept: BROWSER_ACCEPT }, 401, { error: 'UNAUTHORIZED' }],
    ['an /internal path', '/internal/v1/scoring-inputs?date=2026-05-10', { accept: BROWSER_ACCEPT }, 401, { error: 'UNAUTHORIZED' }],
    ["the service's own /auth route", '/auth/idp', { accept: BROWSER_ACCEPT }, 500, { error: 'IDENTITY_PROVIDER_NOT_CONFIGURED' }],
    ['an unknown asset', '/assets/main-nothere.js', {}, 404, { error: 'NOT_FOUND' }],
    ['an unknown asset, even from a browser navigation', '/assets/main-nothere.js', { accept: BROWSER_ACCEPT }, 404, { error: 'NOT_FOUND' }],
    ['an address nothing answers, for an API client', '/nowhere', { accept: 'application/json' }, 404, { error: 'NOT_FOUND' }],
    ['an address nothing answers, for a client accepting anything', '/nowhere', { accept: '*/*' }, 404, { error: 'NOT_FOUND' }],
    ['the OpenAPI document, even from a browser', '/openapi.json', { accept: BROWSER_ACCEPT }, 200, { openapi: expect.any(String) }],
    ['an unknown /auth path from a browser', '/auth/nope', { accept: BROWSER_ACCEPT }, 404, { error: 'NOT_FOUND' }],
  ];
  it.each(rows)('%s', async (_rule, url, headers, status, body) => {
    const res = await app.call('GET', url, { headers });
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toMatchObject(body as object);
  });

  it('an unknown /api path for a signed-in player is a JSON 404', async () => {
    const player = await app.player();
    const res = await app.call('GET', '/api/v1/nope', { as: player, headers: { accept: BROWSER_ACCEPT } });
    expect(res).toMatchObject({ status: 404, body: { error: 'NOT_FOUND' } });
  });

  it('a write to an app path is not the app’s', async () => {
    const res = await app.call('POST', '/home', { body: {} });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'NOT_FOUND' });
  });
});

describe('hashed assets', () => {
  const original = (urlPath: string) => fs.readFileSync(path.join(webDist, assets[urlPath].file));

  const rows: [string, string, string | null][] = [
    ['brotli when accepted', 'gzip, deflate, br', 'br'],
    ['gzip when brotli is not accepted', 'gzip, deflate', 'gzip'],
    ['gzip when brotli is refused by q=0', 'br;q=0, gzip', 'gzip'],
    ['as stored when nothing is accepted', '', null],
    ['as stored when compression is refused', 'identity', null],
  ];
  it.each(rows)('the script is sent %s', async (_rule, acceptEncoding, encoding) => {
    const url = assetPath('.js');
    const response = await fetchRaw(url, acceptEncoding);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBe(encoding);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
    const decoded = encoding === 'br' ? zlib.brotliDecompressSync(bytes) : encoding === 'gzip' ? zlib.gunzipSync(bytes) : bytes;
    expect(decoded.equals(original(url))).toBe(true);
  });

  it.each([
    ['any encoding (*): brotli', '*', 'br'],
    ['gzip valued above brotli: gzip', 'gzip;q=1, br;q=0.5', 'gzip'],
    ['any but brotli: gzip', '*, br;q=0', 'gzip'],
    ['upper case names', 'GZIP', 'gzip'],
    ['everything refused', '*;q=0', null],
  ])('a script and a JSON answer read one Accept-Encoding alike: %s', async (_rule, acceptEncoding, encoding) => {
    const script = await fetchRaw(assetPath('.js'), acceptEncoding);
    const document = await fetchRaw('/openapi.json', acceptEncoding);
    expect(document.status).toBe(200);
    expect({ script: script.headers.get('content-encoding'), json: document.headers.get('content-encoding') }).toEqual({ script: encoding, json: encoding });
  });

  it('the stylesheet and the icon carry their own types', async () => {
    expect((await fetchRaw(assetPath('.css'), 'br')).headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await fetchRaw(assetPath('.svg'), 'br')).headers.get('content-type')).toBe('image/svg+xml');
  });

  it('the web app manifest is linked, typed, cached like every asset, and names icons that are served', async () => {
    const shell = await app.call('GET', '/home');
    const href = /<link rel="manifest" href="(\/assets\/[^"]+\.webmanifest)">/.exec(shell.text)?.[1];
    expect(href).toBeDefined();
    const response = await fetchRaw(href!, 'br');
    expect(response.headers.get('content-type')).toBe('application/manifest+json');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const manifest = JSON.parse(zlib.brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString('utf8')) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; type: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Article Fantasy League', start_url: '/home', display: 'standalone' });
    expect(manifest.icons.length).toBeGreaterThan(0);
    for (const icon of manifest.icons) {
      const served = await fetchRaw(icon.src, '');
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(icon.type);
    }
  });

  it('the report form is a path of the app', async () => {
    const shell = await app.call('GET', '/report');
    expect(shell.status).toBe(200);
    expect(shell.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('every asset the shell names exists', async () => {
    const shell = await app.call('GET', '/home');
    const named = [...shell.text.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
    // the script, the stylesheet, the icon and the web app manifest
    expect(named).toHaveLength(4);
    for (const url of named) expect((await fetchRaw(url, '')).status).toBe(200);
  });
});

describe('GET /docs, the API reference', () => {
  it('answers the reference page from this origin: its scripts and styles are files of the service, under its content security policy', async () => {
    const page = await app.call('GET', '/docs', { headers: { accept: BROWSER_ACCEPT } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(
      "default-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'",
    );
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.text).toContain('<title>API reference · Article Fantasy League</title>');
    // nothing inline, nothing from another origin: every script and stylesheet is an asset here
    expect(page.text).not.toMatch(/<script>|<style|style="|https?:\/\//);
    const named = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!).filter((url) => url.startsWith('/assets/'));
    expect(named.filter((url) => url.endsWith('.js'))).toHaveLength(2);
    expect(named.filter((url) => url.endsWith('.css'))).toHaveLength(2);
    for (const url of named) {
      const asset = await fetchRaw(url!, 'br');
      expect(asset.status, url).toBe(200);
      expect(asset.headers.get('content-encoding'), url).toBe('br');
    }
    // what it draws is this service's own document
    const start = zlib.brotliDecompressSync(Buffer.from(await (await fetchRaw(named.find((url) => url.includes('docs-start'))!, 'br')).arrayBuffer())).toString('utf8');
    expect(start).toContain("url: '/openapi.json'");
    expect(start).toContain('validatorUrl: null');
  });

  it('is the reference for an API client too, and the app’s not-found screen is not in its way', async () => {
    expect((await app.call('GET', '/docs')).headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect((await app.call('GET', '/docs/nothing', { headers: { accept: BROWSER_ACCEPT } })).status).toBe(404);
  });
});

describe('prefersHtml', () => {
  const rows: [string | null, boolean][] = [
    [BROWSER_ACCEPT, true],
    ['text/html', true],
    ['application/json', false],
    ['*/*', false],
    [null, false],
    ['text/html;q=0.4, application/json', false],
    ['text/html;q=0, */*', false],
    ['TEXT/HTML', true],
  ];
  it.each(rows)('%s → %s', (accept, expected) => {
    expect(prefersHtml(accept)).toBe(expected);
  });
});

/** The response as the handler made it, body bytes untouched (app.call decodes text). */
async function fetchRaw(url: string, acceptEncoding: string): Promise<Response> {
  const { createApp, webHandler } = await import('../../../src/platform/http/app');
  const handler = webHandler(createApp(app.ctx));
  return handler(new Request(`http://localhost${url}`, { headers: { 'accept-encoding': acceptEncoding } }));
}
