/**
 * An operator's bad day, over the built binary: backups taken while players write, a backup
 * killed half-way, a damaged database file, a configuration that must be refused, a database
 * path the kernel will not create, and `migrate` seeding the Global League.
 * SQLite only, all of it: each test is about SQLite's file itself (its online backup, its pages,
 * its folder, or `migrate` on it, which seeds the Global League there, while on PostgreSQL
 * `serve` seeds it). The binary's tests of playing, on both engines, are in binary.test.ts.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { binary, register, serveBinary } from '../support/served-binary';
import { capturedRun } from '../support/captured-run';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function emptyFolder(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-e2e-bad-day-'));
}

function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: os.tmpdir(), ...extra };
}

function run(cwd: string, args: string[], env: Record<string, string> = {}) {
  return spawnSync(binary, args, { cwd, env: cleanEnv(env), encoding: 'utf8', timeout: 60_000 });
}

/** A migrated database at cwd/data/fantasy.db grown by `megabytes` of filler rows. */
function grownDatabase(cwd: string, megabytes: number): string {
  expect(run(cwd, ['migrate']).status).toBe(0);
  const file = path.join(cwd, 'data', 'fantasy.db');
  const db = new BetterSqlite3(file);
  db.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, body BLOB NOT NULL)');
  const insert = db.prepare('INSERT INTO filler (body) VALUES (randomblob(4000))');
  db.transaction(() => {
    for (let i = 0; i < megabytes * 256; i++) insert.run();
  })();
  db.close();
  return file;
}

/** A separate process committing small transactions to `file` as fast as it can, until killed. */
function startWriter(file: string): ChildProcess {
  const script = `
    const Database = require(${JSON.stringify(require.resolve('better-sqlite3'))});
    const db = new Database(${JSON.stringify(file)});
    db.pragma('busy_timeout = 5000');
    db.exec('CREATE TABLE IF NOT EXISTS churn (id INTEGER PRIMARY KEY, body BLOB)');
    const insert = db.prepare('INSERT INTO churn (body) VALUES (randomblob(300))');
    process.send('ready');
    setInterval(() => { for (let i = 0; i < 20; i++) insert.run(); }, 1);
  `;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  children.push(child);
  return child;
}

function integrity(file: string): string[] {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return (db.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check);
  } finally {
    db.close();
  }
}

function count(file: string, table: string): number {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('fantasy backup', () => {
  it('finishes while four other processes keep committing, with a whole, consistent copy', async () => {
    const cwd = emptyFolder();
    const file = grownDatabase(cwd, 24);
    const writers = [0, 1, 2, 3].map(() => startWriter(file));
    await Promise.all(writers.map((writer) => new Promise((resolve) => writer.once('message', resolve))));
    const started = Date.now();
    const backup = spawn(binary, ['backup', 'copy.db'], { cwd, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(backup);
    let stdout = '';
    backup.stdout!.on('data', (chunk) => (stdout += chunk));
    // today's online backup starts over at every commit of another process: it would never end
    const status = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => backup.kill('SIGKILL'), 40_000);
      backup.on('exit', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
    for (const writer of writers) writer.kill('SIGKILL');
    expect({ status, stdout }).toMatchObject({ status: 0, stdout: expect.stringMatching(/^backed up \.\/data\/fantasy\.db to copy\.db \(\d+ bytes\)\n$/) });
    expect(Date.now() - started).toBeLessThan(40_000);
    const copy = path.join(cwd, 'copy.db');
    expect(integrity(copy)).toEqual(['ok']);
    // a snapshot of one instant: every filler row, and some (not necessarily all) of the churn
    expect(count(copy, 'filler')).toBe(24 * 256);
    expect(count(copy, 'churn')).toBeLessThanOrEqual(count(file, 'churn'));
    // one self-contained file: no WAL beside it is needed to restore it
    expect(fs.readdirSync(cwd).filter((name) => name.startsWith('copy.db'))).toEqual(['copy.db']);
  }, 90_000);

  it('killed half-way leaves nothing at the target, and the next run takes a whole copy', async () => {
    const cwd = emptyFolder();
    grownDatabase(cwd, 48);
    const target = path.join(cwd, 'bk.db');
    const backup = spawn(binary, ['backup', 'bk.db'], { cwd, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(backup);
    let stdout = '';
    backup.stdout!.on('data', (chunk) => (stdout += chunk));
    const exited = new Promise((resolve) => backup.on('exit', resolve));
    // kill it as soon as any file of the copy shows up beside the target
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (fs.readdirSync(cwd).some((name) => name.startsWith('bk.db')) || backup.exitCode !== null) {
          clearInterval(timer);
          backup.kill('SIGKILL');
          resolve();
        }
      }, 1);
    });
    await exited;
    expect(stdout).toBe('');
    expect(fs.existsSync(target)).toBe(false);

    const again = await capturedRun(binary, ['backup', 'bk.db'], { cwd, env: cleanEnv() });
    expect({ status: again.status, stderr: again.stderr.split('\n').filter((line) => !line.includes('"progress"')).join('') }).toEqual({ status: 0, stderr: '' });
    expect(integrity(target)).toEqual(['ok']);
    expect(count(target, 'filler')).toBe(48 * 256);
    expect(fs.readdirSync(cwd).filter((name) => name.startsWith('bk.db'))).toEqual(['bk.db']);
  }, 90_000);
});

/** Zeroes three pages in the middle of the file, as a failing disk or a stray `dd` would. */
function zeroThreePagesInTheMiddle(file: string): void {
  const pageSize = 4096;
  const fd = fs.openSync(file, 'r+');
  try {
    const middle = Math.floor(fs.fstatSync(fd).size / pageSize / 2);
    for (let page = middle; page < middle + 3; page++) fs.writeSync(fd, Buffer.alloc(pageSize), 0, pageSize, page * pageSize);
  } finally {
    fs.closeSync(fd);
  }
}

describe('a damaged database file', () => {
  const restoreLine = /^fantasy: the database \.\/data\/fantasy\.db is damaged \(.+\): stop serve and restore the newest backup with `cp BACKUP\.db \.\/data\/fantasy\.db && rm -f \.\/data\/fantasy\.db-wal \.\/data\/fantasy\.db-shm`; `fantasy check` lists the damage\n$/;

  it('serve and status refuse it with one line naming the file and the restore command; check says what is damaged', () => {
    const cwd = emptyFolder();
    const file = grownDatabase(cwd, 8);
    // whole before the damage: nothing needs the operator
    expect(run(cwd, ['status']).status).toBe(0);
    zeroThreePagesInTheMiddle(file);

    const serve = spawnSync(binary, ['serve', '--port', '0'], { cwd, env: cleanEnv(), encoding: 'utf8', timeout: 15_000 });
    expect({ status: serve.status, stdout: serve.stdout }).toEqual({ status: 1, stdout: '' });
    expect(serve.stderr).toMatch(restoreLine);

    const status = run(cwd, ['status']);
    expect({ status: status.status, stdout: status.stdout }).toEqual({ status: 1, stdout: '' });
    expect(status.stderr).toMatch(restoreLine);

    const check = run(cwd, ['check']);
    expect(check.status).toBe(1);
    const damage = check.stdout.split('\n').slice(1).filter(Boolean);
    expect(check.stdout.split('\n')[0]).toBe('./data/fantasy.db: the integrity check found damage:');
    // the three pages, each named with the table it belonged to
    expect(damage).toHaveLength(3);
    for (const line of damage) expect(line).toMatch(/^ {2}Tree \d+ \(table filler\) page \d+: /);
    expect(check.stderr).toMatch(restoreLine);
  }, 60_000);

  it('a whole file starts as before, and check says nothing is damaged', () => {
    const cwd = emptyFolder();
    grownDatabase(cwd, 2);
    const check = run(cwd, ['check']);
    expect({ status: check.status, stdout: check.stdout }).toEqual({ status: 0, stdout: './data/fantasy.db: the integrity check found nothing damaged\n' });
    expect(run(cwd, ['status']).status).toBe(0);
  });
});

describe('configuration an operator got wrong', () => {
  it.each([
    [{ environment: 'staging' }, 'fantasy: configuration key environment: '],
    [{ frontendUrl: 'javascript:alert(1)' }, 'fantasy: configuration key frontendUrl: must be an http(s) origin'],
    [{ identityProvider: { authorizeUrl: 'javascript:alert(1)' } }, 'fantasy: configuration key identityProvider.authorizeUrl: must be an http:// or https:// URL'],
  ])('migrate refuses %j with exit 1 and one line naming the key', (config, line) => {
    const cwd = emptyFolder();
    fs.writeFileSync(path.join(cwd, 'fantasy.config.json'), JSON.stringify(config));
    const migrate = run(cwd, ['migrate']);
    expect(migrate.status).toBe(1);
    expect(migrate.stderr.split('\n').filter(Boolean)).toEqual([expect.stringContaining(line)]);
    // nothing was created for a configuration that was refused
    expect(fs.existsSync(path.join(cwd, 'data'))).toBe(false);
  });

  it('the same from the environment', () => {
    const migrate = run(emptyFolder(), ['migrate'], { FANTASY_FRONTEND_URL: 'javascript:alert(1)' });
    expect({ status: migrate.status, stderr: migrate.stderr.trim() }).toEqual({
      status: 1,
      stderr: 'fantasy: configuration key frontendUrl: must be an http(s) origin such as https://fantasy.example.org or localhost:8787',
    });
  });

  it('a database path the kernel will not create fails at once with one line, never hangs', () => {
    const started = Date.now();
    const migrate = spawnSync(binary, ['migrate', '--database', '/proc/x/y.db'], { cwd: emptyFolder(), env: cleanEnv(), encoding: 'utf8', timeout: 15_000 });
    expect({ status: migrate.status, stdout: migrate.stdout, stderr: migrate.stderr }).toEqual({
      status: 1,
      stdout: '',
      stderr: 'fantasy: cannot create the database /proc/x/y.db: the folder /proc/x cannot be made here (ENOENT)\n',
    });
    expect(Date.now() - started).toBeLessThan(15_000);
    const backup = spawnSync(binary, ['backup', '/proc/x/bk.db'], { cwd: emptyFolder(), env: cleanEnv(), encoding: 'utf8', timeout: 15_000 });
    expect(backup.status).toBe(1);
  });
});

async function serve(cwd: string, env: Record<string, string> = {}) {
  const served = await serveBinary(cwd, cleanEnv({ FANTASY_SCHEDULER: 'false', ...env }));
  children.push(served.child);
  return served;
}

describe('a fresh start on the SQLite file has a league to join', () => {
  it('migrate seeds it once; serve and seed-global afterwards change nothing', async () => {
    const cwd = emptyFolder();
    const first = run(cwd, ['migrate']);
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/^applied \d+ migration\(s\) to \.\/data\/fantasy\.db\ncreated the Global League \(id global, domain en\)\n$/);
    expect(first.stderr).toBe('');
    expect(run(cwd, ['migrate']).stdout).toBe('applied 0 migration(s) to ./data/fantasy.db\n');
    const server = await serve(cwd);
    const leagues = await (await fetch(`${server.url}/api/v1/leagues/global`, { headers: { cookie: await register(server.url, 'second_player') } })).json();
    expect(leagues).toMatchObject({ id: 'global', domain: 'en' });
    await server.stop();
    expect(run(cwd, ['seed-global']).stdout).toMatch(/^the Global League already exists, nothing changed/);
  }, 60_000);
});
