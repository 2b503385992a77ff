#!/usr/bin/env node
/**
 * Builds the service.
 *   --bundle-only  dist/fantasy.cjs only (what `npm start` runs with the machine's node)
 *   (default)      also dist/fantasy: a Node single executable application of the pinned LTS
 *                  runtime (scripts/embedded-runtime.mjs) carrying the bundle, the better-sqlite3
 *                  addon compiled for that runtime, the argon2 addon, both dialects' migrations and
 *                  the web app as assets. Both build the web app into dist/web first (scripts/build-web.mjs).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { cliBundleOptions, root } from './bundle-options.mjs';
import { buildWeb, webDist } from './build-web.mjs';
import { embeddedRuntime, sqliteAddonFor } from './embedded-runtime.mjs';

const dist = path.join(root, 'dist');
const args = new Set(process.argv.slice(2));
const say = (line) => {
  if (!args.has('--quiet')) process.stderr.write(`${line}\n`);
};
const require = createRequire(import.meta.url);

fs.mkdirSync(dist, { recursive: true });
const webFiles = await buildWeb();
say(`built dist/web (${webFiles.length} files)`);
const bundle = path.join(dist, 'fantasy.cjs');
await build(cliBundleOptions(bundle));
say(`bundled ${path.relative(root, bundle)}`);
if (args.has('--bundle-only')) process.exit(0);

const runtime = embeddedRuntime(say);
const assets = { 'better_sqlite3.node': sqliteAddonFor(runtime, say), 'argon2.node': argon2Addon() };
// each dialect's migrations (src/platform/embedded.ts reads them under the same folder names)
for (const folder of ['migrations', 'migrations-postgres']) {
  const migrations = path.join(root, folder);
  for (const name of fs.readdirSync(migrations)) {
    if (name.endsWith('.sql')) assets[`${folder}/${name}`] = path.join(migrations, name);
  }
  assets[`${folder}/meta/_journal.json`] = path.join(migrations, 'meta', '_journal.json');
}
for (const file of webFiles) assets[`web/${file}`] = path.join(webDist, file);

/** The .node file of this platform's @node-rs/argon2 package (an optional dependency of it). */
function argon2Addon() {
  const scope = path.join(path.dirname(require.resolve('@node-rs/argon2/package.json')), '..');
  const prefix = `argon2-${process.platform}-${process.arch}`;
  for (const name of fs.readdirSync(scope).filter((entry) => entry.startsWith(prefix)).sort()) {
    const file = fs.readdirSync(path.join(scope, name)).find((entry) => entry.endsWith('.node'));
    if (file) return path.join(scope, name, file);
  }
  throw new Error(`no @node-rs/${prefix}* package with an addon: run npm ci on this platform`);
}

const blob = path.join(dist, 'sea-prep.blob');
const seaConfig = path.join(dist, 'sea-config.json');
fs.writeFileSync(
  seaConfig,
  JSON.stringify({ main: bundle, output: blob, disableExperimentalSEAWarning: true, useCodeCache: true, assets }, null, 2),
);
// the blob (its code cache above all) is the runtime's own: made by the node it is injected into
execFileSync(runtime.node, ['--experimental-sea-config', seaConfig], { stdio: args.has('--quiet') ? 'ignore' : 'inherit' });

const binary = path.join(dist, 'fantasy');
fs.rmSync(binary, { force: true });
fs.copyFileSync(runtime.node, binary);
fs.chmodSync(binary, 0o755);
execFileSync(
  process.execPath,
  [
    require.resolve('postject/dist/cli.js'),
    binary,
    'NODE_SEA_BLOB',
    blob,
    '--sentinel-fuse',
    'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2',
  ],
  { stdio: 'ignore' },
);
fs.rmSync(blob, { force: true });
fs.rmSync(seaConfig, { force: true });
const size = fs.statSync(binary).size;
say(`built ${path.relative(root, binary)} (${(size / 1048576).toFixed(1)} MiB, node ${runtime.version})`);
