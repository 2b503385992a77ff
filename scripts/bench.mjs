#!/usr/bin/env node
/**
 * `npm run bench [name...]`: bundles each bench/*.bench.ts with esbuild and runs it with
 * this node, one after another. Benchmarks print their own figures; nothing here times tests.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const wanted = process.argv.slice(2);
const benches = fs
  .readdirSync(path.join(root, 'bench'))
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => wanted.length === 0 || wanted.some((w) => name.includes(w)))
  .sort();
const out = path.join(root, 'dist', 'bench');
fs.mkdirSync(out, { recursive: true });
for (const name of benches) {
  const outfile = path.join(out, name.replace(/\.ts$/, '.mjs'));
  await build({
    entryPoints: [path.join(root, 'bench', name)],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  process.stdout.write(`\n== ${name}\n`);
  execFileSync(process.execPath, [outfile], { stdio: 'inherit', cwd: root });
}
