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

export interface MigrationFile {
  tag: string;
  when: number;
  breakpoints: boolean;
  sql: string;
}

export const MIGRATION_FOLDERS = { sqlite: 'migrations', postgres: 'migrations-postgres' } as const;

const migrationsRead = new Map<keyof typeof MIGRATION_FOLDERS, MigrationFile[]>();

/** Read once per process: they ship with the program. */
export function migrationFiles(dialect: keyof typeof MIGRATION_FOLDERS = 'sqlite'): MigrationFile[] {
  let files = migrationsRead.get(dialect);
  if (!files) migrationsRead.set(dialect, (files = readMigrationFiles(dialect)));
  return files;
}

function readMigrationFiles(dialect: keyof typeof MIGRATION_FOLDERS): MigrationFile[] {
  const folder = MIGRATION_FOLDERS[dialect];
  const sea = seaModule();
  const read = sea
    ? (name: string) => sea.getAsset(`${folder}/${name}`, 'utf8') as string
    : (name: string) => fs.readFileSync(path.join(projectRoot(), folder, name), 'utf8');
  const journal = JSON.parse(read('meta/_journal.json')) as {
    entries: { tag: string; when: number; breakpoints: boolean }[];
  };
  return journal.entries.map((entry) => ({ ...entry, sql: read(`${entry.tag}.sql`) }));
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
