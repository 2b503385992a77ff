/**
 * The service as an operator runs it, in a process of its own (`fantasy serve`: the bundle
 * under this node, or the binary RUSH_BINARY names), its request log written to a file, and
 * what it and the machine spend, read from /proc: CPU of the process (every thread), its
 * resident memory, the PostgreSQL server's processes when it uses one, and the machine's cores.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
const PAGE = Number(execFileSync('getconf', ['PAGESIZE'], { encoding: 'utf8' }).trim()) || 4096;

/** The fields of /proc/{pid}/stat after the command name (field 3 is index 0). */
function statFields(pid: number): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** CPU seconds a process has used (all its threads), and its resident bytes. */
export function processUse(pid: number): { cpu: number; rss: number } | null {
  const fields = statFields(pid);
  if (!fields) return null;
  return { cpu: (Number(fields[11]) + Number(fields[12])) / TICKS, rss: Number(fields[21]) * PAGE };
}

/**
 * CPU seconds of a server and its children: the parent's own and its reaped children's, plus
 * every child still running (PostgreSQL's postmaster, its backends and workers).
 */
export function familyCpu(parent: number): number {
  const own = statFields(parent);
  if (!own) return 0;
  let cpu = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (fields && Number(fields[1]) === parent) cpu += Number(fields[11]) + Number(fields[12]);
  }
  return cpu / TICKS;
}

/** Busy and total jiffies of every core of the machine (/proc/stat). */
function machineTicks(): { busy: number; total: number } {
  const [line] = fs.readFileSync('/proc/stat', 'utf8').split('\n');
  const values = line!.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((sum, v) => sum + v, 0);
  const idle = values[3]! + (values[4] ?? 0);
  return { busy: total - idle, total };
}

/**
 * The kernel's counts of connection attempts dropped at a full listen queue and of SYNs sent
 * again (/proc/net/netstat, the whole machine): a dropped attempt waits a second or more for
 * its retry while the service may be idle.
 */
function listenDrops(): { overflows: number; synRetries: number } {
  const lines = fs.readFileSync('/proc/net/netstat', 'utf8').split('\n');
  const names = lines.find((line) => line.startsWith('TcpExt:'))!.split(/\s+/);
  const values = lines.filter((line) => line.startsWith('TcpExt:'))[1]!.split(/\s+/).map(Number);
  const value = (name: string) => values[names.indexOf(name)] ?? 0;
  return { overflows: value('ListenOverflows'), synRetries: value('TCPSynRetrans') };
}

/** Microseconds in which some runnable task waited for a core (/proc/pressure/cpu), when the kernel keeps it. */
function cpuPressure(): number | undefined {
  try {
    const found = /^some .*total=(\d+)/m.exec(fs.readFileSync('/proc/pressure/cpu', 'utf8'));
    return found ? Number(found[1]) : undefined;
  } catch {
    return undefined;
  }
}

export interface Use {
  wallSeconds: number;
  cpuSeconds: number;
  /** the busiest second's CPU, in cores */
  peakCores: number;
  rssStart: number;
  rssPeak: number;
  rssEnd: number;
  /** the PostgreSQL server's processes, when measured */
  databaseCpuSeconds?: number;
  /** share of all the machine's cores busy (every process, other people's work included) */
  machineBusy: number;
  loadAverage: [number, number];
  /** connection attempts the kernel dropped at a full listen queue, and SYNs sent again */
  listenOverflows: number;
  synRetries: number;
  /** share of the time some runnable task waited for a core (every process) */
  cpuPressure?: number;
}

/** Samples a process every quarter second between start and stop. */
export class UseSampler {
  private timer: NodeJS.Timeout | undefined;
  private readonly samples: { at: number; cpu: number; rss: number }[] = [];
  private started = { at: 0, database: 0, machine: { busy: 0, total: 0 }, load: 0, drops: { overflows: 0, synRetries: 0 }, pressure: undefined as number | undefined };

  constructor(
    private readonly pid: number,
    private readonly databasePid?: number,
  ) {}

  start(): void {
    this.samples.length = 0;
    this.started = { at: performance.now(), database: this.databasePid ? familyCpu(this.databasePid) : 0, machine: machineTicks(), load: os.loadavg()[0]!, drops: listenDrops(), pressure: cpuPressure() };
    this.sample();
    this.timer = setInterval(() => this.sample(), 250);
  }

  private sample(): void {
    const use = processUse(this.pid);
    if (use) this.samples.push({ at: performance.now(), ...use });
  }

  stop(): Use {
    clearInterval(this.timer);
    this.sample();
    const first = this.samples[0]!;
    const last = this.samples.at(-1)!;
    let peakCores = 0;
    // the busiest window of at least a second
    for (let i = 0, j = 0; i < this.samples.length; i++) {
      while (j < i && this.samples[i]!.at - this.samples[j + 1]!.at >= 1_000) j++;
      const span = this.samples[i]!.at - this.samples[j]!.at;
      if (span >= 1_000) peakCores = Math.max(peakCores, ((this.samples[i]!.cpu - this.samples[j]!.cpu) * 1000) / span);
    }
    const machine = machineTicks();
    const drops = listenDrops();
    const pressure = cpuPressure();
    const wallSeconds = (last.at - this.started.at) / 1000;
    return {
      wallSeconds,
      cpuSeconds: last.cpu - first.cpu,
      peakCores,
      rssStart: first.rss,
      rssPeak: Math.max(...this.samples.map((s) => s.rss)),
      rssEnd: last.rss,
      databaseCpuSeconds: this.databasePid ? familyCpu(this.databasePid) - this.started.database : undefined,
      machineBusy: (machine.busy - this.started.machine.busy) / Math.max(1, machine.total - this.started.machine.total),
      loadAverage: [this.started.load, os.loadavg()[0]!],
      listenOverflows: drops.overflows - this.started.drops.overflows,
      synRetries: drops.synRetries - this.started.drops.synRetries,
      cpuPressure: pressure === undefined || this.started.pressure === undefined ? undefined : (pressure - this.started.pressure) / 1e6 / wallSeconds,
    };
  }
}

export interface ServiceProcess {
  child: ChildProcess;
  host: string;
  port: number;
  url: string;
  /** the log's lines at level error (up to `limit`), and how many there were */
  loggedErrors(limit: number): Promise<{ count: number; first: string[] }>;
  stop(): Promise<void>;
}

export interface ServeOptions {
  /** a built binary; else `node dist/fantasy.cjs` */
  binary?: string;
  bundle: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  args: string[];
  /** a folder for a CPU profile of the whole process (the bundle only) */
  profileDir?: string;
}

/** Starts `serve --port 0`, its output to a file, and answers once it prints where it listens. */
export async function startService(options: ServeOptions): Promise<ServiceProcess> {
  const logFile = path.join(options.cwd, `serve-${Date.now()}.log`);
  const out = fs.openSync(logFile, 'w');
  const profile = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [];
  const [command, args] = options.binary ? [options.binary, ['serve', '--port', '0', ...options.args]] : [process.execPath, [...profile, options.bundle, 'serve', '--port', '0', ...options.args]];
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let url = '';
  for (let waited = 0; !url; waited += 50) {
    const found = /listening on (http:\/\/\S+)/.exec(fs.readFileSync(logFile, 'utf8'));
    if (found) url = found[1]!;
    else if (child.exitCode !== null || waited > 120_000) throw new Error(`serve did not start: ${fs.readFileSync(logFile, 'utf8').slice(-2000)}`);
    else await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const { hostname, port } = new URL(url);
  return {
    child,
    host: hostname,
    port: Number(port),
    url,
    async loggedErrors(limit) {
      const first: string[] = [];
      let count = 0;
      // line by line: a rush logs a line per request
      for await (const line of readline.createInterface({ input: fs.createReadStream(logFile), crlfDelay: Infinity })) {
        if (!line.includes('"level":"error"')) continue;
        count++;
        if (first.length < limit) first.push(line.slice(0, 400));
      }
      return { count, first };
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(logFile, { force: true });
    },
  };
}
