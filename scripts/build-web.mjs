/**
 * Builds the players' web app (web/) into dist/web/:
 *   index.html          the shell (names the hashed files; served with no-cache)
 *   assets/NAME-HASH.*  the script, the stylesheet, the icon and the web app manifest, each also as .gz and .br
 *   docs.html           the API reference page of GET /docs: Swagger UI (swagger-ui-dist's
 *                       bundle and stylesheet, hashed here like the app's) over /openapi.json
 *   manifest.json       every file the server may send, so it never lists a folder
 * The server serves these from the checkout, and scripts/build.mjs embeds them in
 * dist/fantasy as SEA assets under `web/`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { root } from './bundle-options.mjs';

export const webDist = path.join(root, 'dist', 'web');
const require = createRequire(import.meta.url);

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.html': 'text/html; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Light and dark page colours of web/styles.css: the phone paints them around the app. */
const THEME = { light: '#1d5c3a', dark: '#121513', background: '#f4f6f3' };

function hashed(name, bytes) {
  const ext = path.extname(name);
  const hash = crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 12);
  return `${path.basename(name, ext)}-${hash}${ext}`;
}

/** Precompressed once here, at the highest levels, so the server never compresses a file. */
function compressed(bytes) {
  return {
    gz: zlib.gzipSync(bytes, { level: 9 }),
    br: zlib.brotliCompressSync(bytes, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  };
}

/** @returns {Promise<string[]>} the files written, relative to dist/web */
export async function buildWeb() {
  const result = await build({
    entryPoints: [path.join(root, 'web', 'main.tsx')],
    bundle: true,
    write: false,
    outdir: path.join(webDist, 'assets'),
    format: 'esm',
    target: ['es2020', 'chrome100', 'safari15', 'firefox100'],
    minify: true,
    jsx: 'automatic',
    jsxImportSource: 'preact',
    tsconfig: path.join(root, 'web', 'tsconfig.json'),
    legalComments: 'none',
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  fs.rmSync(webDist, { recursive: true, force: true });
  fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });

  const files = [];
  const names = {};
  const emit = (source, bytes) => {
    const name = hashed(source, bytes);
    names[source] = `/assets/${name}`;
    const { gz, br } = compressed(bytes);
    fs.writeFileSync(path.join(webDist, 'assets', name), bytes);
    fs.writeFileSync(path.join(webDist, 'assets', `${name}.gz`), gz);
    fs.writeFileSync(path.join(webDist, 'assets', `${name}.br`), br);
    files.push(`assets/${name}`, `assets/${name}.gz`, `assets/${name}.br`);
  };
  for (const out of result.outputFiles) emit(path.basename(out.path), Buffer.from(out.contents));
  emit('icon.svg', fs.readFileSync(path.join(root, 'web', 'icon.svg')));
  // What a phone needs to add the app to its home screen. Hashed like every asset: the shell,
  // served with no-cache, names the current one.
  const webManifest = {
    name: 'Article Fantasy League',
    short_name: 'Fantasy League',
    description: 'A fantasy league played with encyclopedia articles.',
    lang: 'en',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    background_color: THEME.background,
    theme_color: THEME.light,
    icons: [{ src: names['icon.svg'], sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  };
  emit('app.webmanifest', Buffer.from(JSON.stringify(webManifest)));

  // The service worker (push notifications) lives at a fixed address, /sw.js: a browser keys a
  // registration by its script's URL and scope, so it is not hashed, and it is revalidated
  // every time rather than kept a year.
  const worker = await build({
    entryPoints: [path.join(root, 'web', 'sw', 'service-worker.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    target: ['es2020', 'chrome100', 'safari15', 'firefox100'],
    minify: true,
    tsconfig: path.join(root, 'web', 'sw', 'tsconfig.json'),
    legalComments: 'none',
    logLevel: 'warning',
  });
  const workerBytes = Buffer.from(worker.outputFiles[0].contents);
  const workerCompressed = compressed(workerBytes);
  fs.writeFileSync(path.join(webDist, 'sw.js'), workerBytes);
  fs.writeFileSync(path.join(webDist, 'sw.js.gz'), workerCompressed.gz);
  fs.writeFileSync(path.join(webDist, 'sw.js.br'), workerCompressed.br);
  files.push('sw.js', 'sw.js.gz', 'sw.js.br');

  const shell = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    '<title>Article Fantasy League</title>',
    `<meta name="theme-color" content="${THEME.light}" media="(prefers-color-scheme: light)">`,
    `<meta name="theme-color" content="${THEME.dark}" media="(prefers-color-scheme: dark)">`,
    `<link rel="icon" href="${names['icon.svg']}" type="image/svg+xml">`,
    `<link rel="manifest" href="${names['app.webmanifest']}">`,
    `<link rel="stylesheet" href="${names['main.css']}">`,
    `<script type="module" src="${names['main.js']}"></script>`,
    '</head>',
    '<body>',
    '<div id="app"><p class="boot">Loading the league…</p></div>',
    '<noscript><p>The Article Fantasy League needs JavaScript in this browser.</p></noscript>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
  fs.writeFileSync(path.join(webDist, 'index.html'), shell);
  files.push('index.html');

  // The API reference: Swagger UI's standalone bundle from the registry, no script or style of
  // its own inline, so the app's content security policy holds it (images aside: its
  // stylesheet draws its icons as data: SVGs).
  const swaggerUi = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  emit('swagger-ui-bundle.js', fs.readFileSync(path.join(swaggerUi, 'swagger-ui-bundle.js')));
  emit('swagger-ui.css', fs.readFileSync(path.join(swaggerUi, 'swagger-ui.css')));
  emit('docs-start.js', fs.readFileSync(path.join(root, 'web', 'docs', 'start.js')));
  emit('docs.css', fs.readFileSync(path.join(root, 'web', 'docs', 'docs.css')));
  const docs = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>API reference · Article Fantasy League</title>',
    `<link rel="icon" href="${names['icon.svg']}" type="image/svg+xml">`,
    `<link rel="stylesheet" href="${names['swagger-ui.css']}">`,
    `<link rel="stylesheet" href="${names['docs.css']}">`,
    '</head>',
    '<body>',
    '<div id="reference"><p>Loading the API reference…</p></div>',
    '<noscript><p>The API reference needs JavaScript; the document itself is at <a href="/openapi.json">/openapi.json</a>.</p></noscript>',
    `<script src="${names['swagger-ui-bundle.js']}"></script>`,
    `<script src="${names['docs-start.js']}"></script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
  fs.writeFileSync(path.join(webDist, 'docs.html'), docs);
  files.push('docs.html');

  const manifest = {
    shell: 'index.html',
    docs: 'docs.html',
    assets: {
      ...Object.fromEntries(
        files
          .filter((file) => file.startsWith('assets/') && !/\.(gz|br)$/.test(file))
          .map((file) => [`/${file}`, { file, type: TYPES[path.extname(file)] ?? 'application/octet-stream' }]),
      ),
      '/sw.js': { file: 'sw.js', type: TYPES['.js'], cache: 'no-cache' },
    },
  };
  fs.writeFileSync(path.join(webDist, 'manifest.json'), JSON.stringify(manifest, null, 2));
  files.push('manifest.json');
  return files;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = await buildWeb();
  process.stderr.write(`built dist/web (${files.length} files)\n`);
}
