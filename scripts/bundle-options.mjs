/**
 * The esbuild options of the CLI bundle, shared by the build and by tests that run the CLI
 * in a child process, so both always bundle the same way.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @param {string} outfile */
export function cliBundleOptions(outfile) {
  return {
    entryPoints: [path.join(root, 'cli', 'main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    // ESM sources read import.meta.url; in a CJS bundle it comes from __filename.
    define: { 'import.meta.url': '__import_meta_url' },
    banner: { js: "const __import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
    // pg loads its optional libpq binding (pg-native) only when asked for `pg.native`, which we
    // never do: left outside the bundle so esbuild does not look for a package that is absent.
    external: ['pg-native'],
    logLevel: 'warning',
    legalComments: 'none',
  };
}
