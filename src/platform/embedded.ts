/** What the single executable carries inside itself, or the same files from the checkout under plain Node. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

interface SeaModule {
  isSea(): boolean;
  getAsset(key: string, encoding?: string): string | ArrayBuffer;
}

const requireHere = createRequire(import.meta.url);

function seaModule(): SeaModule | null {
  try {
    const sea = requireHere('node:sea') as SeaModule;
    return sea.isSea() ? sea : null;
  } catch {
    return null;
  }
}

let root: string | undefined;

function projectRoot(): string {
  return (root ??= findProjectRoot());
}

function findProjectRoot(): string {
  let dir = path.dirname(new URL(import.meta.url).pathname);
  for (let i = 0; i < 6; i++) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'migrations'))) return dir;
    dir = path.dirname(dir);
  }
  return process.cwd();
}

export const MIGRATION_FOLDERS = { sqlite: 'migrations', postgres: 'migrations-postgres' } as const;

type MigrationDialect = keyof typeof MIGRATION_FOLDERS;

function migrationFile(dialect: MigrationDialect, file: string): string {
  const name = MIGRATION_FOLDERS[dialect];
  const sea = seaModule();
  return sea ? (sea.getAsset(`${name}/${file}`, 'utf8') as string) : fs.readFileSync(path.join(projectRoot(), name, file), 'utf8');
}

/** The migrations' names in the order they apply, from drizzle-kit's journal. */
export function migrationTags(dialect: MigrationDialect): string[] {
  const journal = JSON.parse(migrationFile(dialect, 'meta/_journal.json')) as { entries: { tag: string }[] };
  return journal.entries.map((entry) => entry.tag);
}

/**
 * Runs `use` with a folder laid out as drizzle-kit wrote it, for drizzle's own migrator: the
 * checkout's, or inside the binary a copy of its embedded one, removed afterwards.
 */
export function withMigrationsFolder<T>(dialect: MigrationDialect, use: (folder: string) => T): T {
  if (!seaModule()) return use(path.join(projectRoot(), MIGRATION_FOLDERS[dialect]));
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-migrations-'));
  const remove = () => fs.rmSync(copy, { recursive: true, force: true });
  try {
    fs.mkdirSync(path.join(copy, 'meta'));
    for (const file of ['meta/_journal.json', ...migrationTags(dialect).map((tag) => `${tag}.sql`)]) {
      fs.writeFileSync(path.join(copy, file), migrationFile(dialect, file));
    }
    const result = use(copy);
    if (result instanceof Promise) return result.finally(remove) as T;
    remove();
    return result;
  } catch (error) {
    remove();
    throw error;
  }
}

let nativeBinding: unknown;

/** Inside the binary the addon is an asset loaded with process.dlopen; outside, better-sqlite3 finds its own build. */
export function sqliteNativeBinding(): unknown {
  const sea = seaModule();
  if (!sea) {
    // pointed at its own build so its `bindings` lookup (guessing from the caller's file) is never needed
    const packageJson = requireHere.resolve('better-sqlite3/package.json');
    return path.join(path.dirname(packageJson), 'build', 'Release', 'better_sqlite3.node');
  }
  nativeBinding ??= loadEmbeddedAddon(sea, 'better_sqlite3.node');
  return nativeBinding;
}

/** The loaded library stays mapped once the temporary file is removed. */
function loadEmbeddedAddon(sea: SeaModule, asset: string): unknown {
  const bytes = Buffer.from(sea.getAsset(asset) as ArrayBuffer);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-addon-'));
  const file = path.join(dir, asset);
  fs.writeFileSync(file, bytes, { mode: 0o600 });
  const mod = { exports: {} as unknown };
  try {
    process.dlopen(mod, file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return mod.exports;
}

/** Null when the app was not built (API-only test runs). */
export function webAppFile(name: string): Buffer | null {
  const sea = seaModule();
  try {
    if (sea) return Buffer.from(sea.getAsset(`web/${name}`) as ArrayBuffer);
    return fs.readFileSync(path.join(projectRoot(), 'dist', 'web', name));
  } catch {
    return null;
  }
}

export interface Argon2Binding {
  hash(password: string, options: { memoryCost: number; timeCost: number; parallelism: number; algorithm: number }): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
  parseOptions(hashed: string): { algorithm: number; memoryCost: number; timeCost: number; parallelism: number };
}

let argon2: Argon2Binding | undefined;

/** Loaded only when an argon2 record is hashed or verified, so PBKDF2-only deployments never need it. */
export function argon2Binding(): Argon2Binding {
  if (argon2) return argon2;
  const sea = seaModule();
  if (!sea) {
    argon2 = requireHere('@node-rs/argon2') as Argon2Binding;
    return argon2;
  }
  argon2 = loadEmbeddedAddon(sea, 'argon2.node') as Argon2Binding;
  return argon2;
}
