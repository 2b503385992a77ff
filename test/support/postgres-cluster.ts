/**
 * A throwaway PostgreSQL cluster for the tests that need a real server: Debian's binaries
 * (the newest /usr/lib/postgresql/N/bin; .ci/run installs the `postgresql` package when none
 * is there), a data folder under the run's temporary folder, trust authentication on
 * 127.0.0.1 only, a free port, and no fsync (nothing here must survive a crash). PostgreSQL
 * refuses to run as root: as root the folder is given to the `postgres` system user and the
 * binaries run through `runuser -u postgres --`; otherwise they run as we are. The test run's
 * shared cluster asks for its folder in memory instead (`inMemory`).
 *
 *   const cluster = await startPostgresCluster();
 *   const url = await cluster.createDatabase();   // one database per test file
 *   ...
 *   await cluster.stop();                         // stops the server and removes the folder
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port';

const DEBIAN_POSTGRES = '/usr/lib/postgresql';

/** The bin folder of the newest PostgreSQL installed the Debian way (/usr/lib/postgresql/{N}/bin). */
export function postgresBinFolder(): string {
  const versions = fs.existsSync(DEBIAN_POSTGRES)
    ? fs
        .readdirSync(DEBIAN_POSTGRES)
        .filter((name) => fs.existsSync(path.join(DEBIAN_POSTGRES, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new Error(`no PostgreSQL server under ${DEBIAN_POSTGRES}/*/bin: install Debian's postgresql package (.ci/run does)`);
  }
  return path.join(DEBIAN_POSTGRES, versions[0], 'bin');
}

export interface PostgresCluster {
  port: number;
  /** `postgres://postgres@127.0.0.1:{port}/{database}`; with `password`, one in the URL too (trust ignores it) */
  urlOf(database: string, password?: string): string;
  /** creates a database of its own (a fresh name unless given) and answers its URL */
  createDatabase(name?: string): Promise<string>;
  /** runs one statement on a database and answers its rows */
  query<T extends Record<string, unknown> = Record<string, unknown>>(database: string, text: string, values?: unknown[]): Promise<T[]>;
  /**
   * Stops the server as an operator's `pg_ctl stop -m fast` does (a restart, a failover, a
   * host's maintenance): every session is ended and new connections are refused; the data stays.
   */
  halt(): Promise<void>;
  /** Starts a halted server again, on the same port. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

const SUPERUSER = 'postgres';

export interface PostgresClusterOptions {
  /** the server's max_connections (40 unless asked) */
  maxConnections?: number;
  /**
   * false for the test run's shared cluster: its thousands of short-lived databases are never
   * worth vacuuming (it cost about a twentieth of a run’s CPU). A bench keeps it, as a deployment does.
   */
  autovacuum?: boolean;
  /** extra `-c` settings, for a bench that asks the server more (pg_stat_statements) */
  settings?: string[];
  /**
   * true for the test run's shared cluster: its files live in memory (a tmpfs with room), when
   * the machine has one. Its hundreds of test databases took over a minute to delete from a disk
   * mounted with `discard` after the run's last test; from memory it is instant. A bench keeps
   * its files on disk, as a deployment does.
   */
  inMemory?: boolean;
}

/** Linux's shared-memory tmpfs, present on every Debian machine; a container may make it too small to use. */
const MEMORY_FOLDER = '/dev/shm';
const TMPFS_MAGIC = 0x01021994;
const MEMORY_ROOM_BYTES = 4 * 1024 ** 3;
const MEMORY_PREFIX = 'fantasy-pg-';

function memoryFolderWithRoom(): string | undefined {
  try {
    const { type, bavail, bsize } = fs.statfsSync(MEMORY_FOLDER);
    return type === TMPFS_MAGIC && bavail * bsize >= MEMORY_ROOM_BYTES ? MEMORY_FOLDER : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The in-memory clusters' folders in `folder` (each named after the process that made it). */
export function clusterFoldersIn(folder: string = MEMORY_FOLDER): string[] {
  return fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => name.startsWith(MEMORY_PREFIX)) : [];
}

/**
 * A tmpfs is emptied only when the machine restarts, and a killed run never reaches its
 * teardown: the clusters whose process is gone are shut down and their folders removed.
 */
export function sweepKilledRuns(folder: string = MEMORY_FOLDER): void {
  for (const name of clusterFoldersIn(folder)) {
    const owner = Number(name.slice(MEMORY_PREFIX.length).split('-')[0]);
    if (!Number.isInteger(owner) || isAlive(owner)) continue;
    const root = path.join(folder, name);
    try {
      const postmaster = Number(fs.readFileSync(path.join(root, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
      if (Number.isInteger(postmaster) && postmaster > 0) process.kill(postmaster, 'SIGQUIT');
    } catch {
      // no server left running
    }
    fs.rmSync(root, { recursive: true, force: true });
  }
}

function clusterRoot(inMemory: boolean): string {
  const memory = inMemory ? memoryFolderWithRoom() : undefined;
  if (memory === undefined) return fs.mkdtempSync(path.join(os.tmpdir(), 'pg-cluster-'));
  sweepKilledRuns(memory);
  return fs.mkdtempSync(path.join(memory, `${MEMORY_PREFIX}${process.pid}-`));
}

export async function startPostgresCluster(options: PostgresClusterOptions = {}): Promise<PostgresCluster> {
  const bin = postgresBinFolder();
  const asRoot = process.getuid?.() === 0;
  const root = clusterRoot(options.inMemory === true);
  const data = path.join(root, 'data');
  const log = path.join(root, 'server.log');
  if (asRoot) {
    // the postgres user must reach the folder through its parents (mkdtemp makes them 0700)
    letOthersTraverse(root);
    fs.chmodSync(root, 0o711);
    execFileSync('chown', [`${SUPERUSER}:`, root]);
  }
  const run = (program: string, args: string[]) => {
    const [command, argv] = asRoot ? ['runuser', ['-u', SUPERUSER, '--', path.join(bin, program), ...args]] : [path.join(bin, program), args];
    try {
      return execFileSync(command, argv, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr ?? '';
      const serverLog = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(-2000) : '';
      throw new Error(`${program} failed: ${stderr.trim()}\n${serverLog}`);
    }
  };

  // pg_ctl while a test's own traffic runs: asynchronous, so the test's event loop keeps serving it
  const runAsync = async (program: string, args: string[]) => {
    const [command, argv] = asRoot ? ['runuser', ['-u', SUPERUSER, '--', path.join(bin, program), ...args]] : [path.join(bin, program), args];
    try {
      await promisify(execFile)(command, argv, { cwd: root });
    } catch (error) {
      const serverLog = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(-2000) : '';
      throw new Error(`${program} failed: ${String((error as { stderr?: string }).stderr ?? error).trim()}\n${serverLog}`);
    }
  };

  run('initdb', ['--pgdata', data, '--username', SUPERUSER, '--auth', 'trust', '--encoding', 'UTF8', '--locale', 'C', '--no-sync']);
  const port = await freePort();
  const settings = [
    `-c listen_addresses=127.0.0.1`,
    `-c port=${port}`,
    `-c unix_socket_directories=${root}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    `-c autovacuum=${options.autovacuum === false ? 'off' : 'on'}`,
    ...(options.settings ?? []).map((setting) => `-c ${setting}`),
    `-c max_connections=${options.maxConnections ?? 40}`,
  ].join(' ');
  const startArgs = ['--pgdata', data, '--log', log, '--options', settings, '--wait', '--timeout', '60', 'start'];
  run('pg_ctl', startArgs);
  // a test process that dies before its afterAll still leaves no server running
  const stopAtExit = () => {
    try {
      run('pg_ctl', ['--pgdata', data, '--mode', 'immediate', '--wait', 'stop']);
    } catch {
      // already stopped
    }
    // the run's temporary folder is removed whole after it; memory is not
    if (root.startsWith(`${MEMORY_FOLDER}/`)) fs.rmSync(root, { recursive: true, force: true });
  };
  process.once('exit', stopAtExit);

  const urlOf = (database: string, password?: string) =>
    `postgres://${SUPERUSER}${password === undefined ? '' : `:${encodeURIComponent(password)}`}@127.0.0.1:${port}/${database}`;
  const query = async <T extends Record<string, unknown>>(database: string, text: string, values?: unknown[]): Promise<T[]> => {
    const client = new pg.Client({ connectionString: urlOf(database) });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  };
  let databases = 0;
  let stopped = false;
  let halted = false;
  return {
    port,
    urlOf,
    query,
    async createDatabase(name) {
      const database = name ?? `test_${process.pid}_${++databases}`;
      await query('postgres', `CREATE DATABASE "${database.replaceAll('"', '""')}"`);
      return urlOf(database);
    },
    async halt() {
      await runAsync('pg_ctl', ['--pgdata', data, '--mode', 'fast', '--wait', 'stop']);
      halted = true;
    },
    async resume() {
      await runAsync('pg_ctl', startArgs);
      halted = false;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      process.off('exit', stopAtExit);
      try {
        // a test that failed while the server was halted leaves nothing to stop
        if (!halted) run('pg_ctl', ['--pgdata', data, '--mode', 'immediate', '--wait', 'stop']);
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    },
  };
}

/** Adds the search bit for others to every folder above `dir` that lacks it (never read or write). */
function letOthersTraverse(dir: string): void {
  for (let folder = path.dirname(dir); ; folder = path.dirname(folder)) {
    const mode = fs.statSync(folder).mode;
    if ((mode & 0o001) === 0) fs.chmodSync(folder, (mode & 0o7777) | 0o001);
    if (path.dirname(folder) === folder) break;
  }
}
