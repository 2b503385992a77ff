/**
 * `fantasy backup` of a large database while four other processes keep committing, beside
 * `cp` of the same file in the same run (the floor: the disk's own copy speed; `cp` of a live
 * WAL database is not a consistent backup, which is why the verb exists).
 *
 * FANTASY_BENCH_BACKUP_MB sets the database size (default 1024, about 1 GB); a quick check:
 * `FANTASY_BENCH_BACKUP_MB=64 npm run bench backup`. Needs the built binary (`npm run build`).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { closeDatabase, openDatabase } from '../src/platform/db/database';

const MEGABYTES = Number(process.env.FANTASY_BENCH_BACKUP_MB ?? 1024);
const WRITERS = 4;
const ROW_BYTES = 4000;

const root = process.cwd();
const binary = path.join(root, 'dist', 'fantasy');
if (!fs.existsSync(binary)) {
  process.stdout.write('dist/fantasy is missing: run `npm run build` first\n');
  process.exit(1);
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-bench-backup-'));
const file = path.join(dir, 'fantasy.db');

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

// the real schema, then filler rows up to the size asked for
closeDatabase(openDatabase(file, { migrate: true }));
const seeding = new BetterSqlite3(file);
seeding.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, body BLOB NOT NULL)');
const insert = seeding.prepare(`INSERT INTO filler (body) VALUES (randomblob(${ROW_BYTES}))`);
const rows = Math.round((MEGABYTES * 1024 * 1024) / (ROW_BYTES + 100));
const seedStarted = performance.now();
for (let done = 0; done < rows; done += 10_000) {
  seeding.transaction(() => {
    for (let i = done; i < Math.min(rows, done + 10_000); i++) insert.run();
  })();
}
seeding.pragma('wal_checkpoint(TRUNCATE)');
seeding.close();
const bytes = fs.statSync(file).size;
process.stdout.write(`database: ${(bytes / 1024 / 1024).toFixed(0)} MiB (${rows} filler rows, seeded in ${seconds(performance.now() - seedStarted)})\n`);

/** One writing client: small transactions as fast as they commit, like players buying and selling. */
function startWriter(): Promise<ChildProcess> {
  const script = `
    const Database = require(${JSON.stringify(createRequire(path.join(root, 'package.json')).resolve('better-sqlite3'))});
    const db = new Database(${JSON.stringify(file)});
    db.pragma('busy_timeout = 5000');
    db.exec('CREATE TABLE IF NOT EXISTS churn (id INTEGER PRIMARY KEY, body BLOB)');
    const insert = db.prepare('INSERT INTO churn (body) VALUES (randomblob(300))');
    let commits = 0;
    process.on('message', () => process.send(commits));
    process.send('ready');
    setInterval(() => { insert.run(); commits++; }, 1);
  `;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolve) => child.once('message', () => resolve(child)));
}

function commitsSoFar(writers: ChildProcess[]): Promise<number> {
  return Promise.all(writers.map((w) => new Promise<number>((resolve) => (w.once('message', (n) => resolve(n as number)), w.send('count'))))).then((counts) =>
    counts.reduce((a, b) => a + b, 0),
  );
}

const writers = await Promise.all(Array.from({ length: WRITERS }, startWriter));
try {
  const cpTarget = path.join(dir, 'cp.db');
  const cpStarted = performance.now();
  execFileSync('cp', [file, cpTarget]);
  const cpMs = performance.now() - cpStarted;
  fs.rmSync(cpTarget);

  const before = await commitsSoFar(writers);
  const backupStarted = performance.now();
  execFileSync(binary, ['backup', '--database', file, path.join(dir, 'backup.db')], { stdio: ['ignore', 'ignore', 'ignore'], timeout: 30 * 60_000 });
  const backupMs = performance.now() - backupStarted;
  const during = (await commitsSoFar(writers)) - before;

  const copy = new BetterSqlite3(path.join(dir, 'backup.db'), { readonly: true });
  const check = (copy.pragma('quick_check') as { quick_check: string }[])[0].quick_check;
  copy.close();
  process.stdout.write(`cp of the file (baseline):             ${seconds(cpMs)}\n`);
  process.stdout.write(`fantasy backup (snapshot + integrity): ${seconds(backupMs)}  (${(backupMs / cpMs).toFixed(1)}x cp)\n`);
  process.stdout.write(`commits by ${WRITERS} writing clients during the backup: ${during}; the copy's quick_check: ${check}\n`);
} finally {
  for (const writer of writers) writer.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
}
