/** The rush's printed figures: a table per request kind, the screen, the floor beside the service, what each process spent. */
import os from 'node:os';
import type { Phase } from './arrivals';
import { REQUEST_KINDS } from './league-home-opening';
import type { Use } from './service-process';
import { type Spread, spreadOf } from './tally';

const count = (n: number) => Math.round(n).toLocaleString('en');
export const ms = (value: number) => (value < 10 ? `${value.toFixed(1)} ms` : `${count(value)} ms`);
const mb = (bytes: number) => (bytes < 10 * 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${count(bytes / 1024 / 1024)} MB`);

function row(cells: (string | number)[], widths: number[]): string {
  return cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]!) : String(cell).padStart(widths[i]!))).join(' ');
}

/** a client whose arrivals or event loop ran later than this was not keeping up */
const CLIENT_BEHIND_MS = 100;

const WIDTHS = [26, 8, 9, 9, 9, 9, 7, 7, 7, 7];
const HEADER = row(['', 'answered', 'p50', 'p95', 'p99', 'max', '>1 s', '304', 'shed', 'errors'], WIDTHS);

function spreadRow(label: string, spread: Spread, notModified: number | string, shed: number, failed: number): string {
  return row([label, count(spread.count), ms(spread.p50), ms(spread.p95), ms(spread.p99), ms(spread.max), count(spread.overSecond), notModified, count(shed), count(failed)], WIDTHS);
}

/** Every figure of a phase's requests, kind by kind, then all of them and the screen. */
export function printPhase(title: string, phase: Phase, byKind: boolean): { requests: Spread; screens: Spread } {
  const { tally } = phase;
  const totals = tally.totals();
  const requests = spreadOf(tally.allTimes());
  const screens = spreadOf(tally.screens);
  console.log(`\n${title}: ${count(totals.requests)} requests in ${phase.seconds.toFixed(1)} s (${count(totals.requests / phase.seconds)} a second), ${mb(tally.bytes)} received`);
  console.log(`  ${HEADER}`);
  if (byKind) {
    for (const kind of REQUEST_KINDS) {
      const k = tally.kinds.get(kind.name);
      if (k) console.log(`  ${spreadRow(kind.name, spreadOf(k.times), count(k.notModified), k.shed, k.failed)}`);
    }
  }
  console.log(`  ${spreadRow('all requests', requests, count(totals.notModified), totals.shed, totals.failed)}`);
  let undrawn = 0;
  for (const n of tally.undrawn.values()) undrawn += n;
  console.log(`  ${spreadRow('screen (to standings drawn)', screens, '', 0, undrawn)}`);
  if (totals.failed > 0) console.log(`  errors: ${[...totals.failures].map(([reason, n]) => `${reason} ×${count(n)}`).join(', ')}`);
  if (undrawn > 0) console.log(`  screens not drawn: ${[...tally.undrawn].map(([reason, n]) => `${reason} ×${count(n)}`).join(', ')}`);
  const { client } = phase;
  console.log(
    `  the load client: used ${(client.cores * 100).toFixed(0)} % of one core, event-loop delay p99 ${ms(client.loopDelayP99)} (max ${ms(client.loopDelayMax)}), ` +
      `arrivals started late by p99 ${ms(client.latenessP99)}, up to ${count(client.peakPlayers)} players' browsers open at once`,
  );
  if (client.latenessP99 > CLIENT_BEHIND_MS || client.loopDelayP99 > CLIENT_BEHIND_MS) {
    console.log(`  (the client fell behind, needing more of a core than it got: its own delays are in these times)`);
  }
  return { requests, screens };
}

/** cores taken by other processes past which a phase's times say more about the machine than the service */
const BUSY_ELSEWHERE = 0.25;

/**
 * What the service (and PostgreSQL) spent in a phase, and what was left of the machine: on a
 * shared machine, other people's work takes cores from the service and the client alike.
 */
export function useLine(label: string, use: Use, clientCores: number): string {
  const cores = os.cpus().length;
  const database = use.databaseCpuSeconds ?? 0;
  const others = use.machineBusy * cores - (use.cpuSeconds + database) / use.wallSeconds - clientCores;
  return (
    `  ${label}: the service process ${use.cpuSeconds.toFixed(1)} s CPU in ${use.wallSeconds.toFixed(1)} s (${(use.cpuSeconds / use.wallSeconds).toFixed(2)} cores, busiest second ${use.peakCores.toFixed(2)}), ` +
    `RSS ${mb(use.rssStart)} → peak ${mb(use.rssPeak)}` +
    (use.databaseCpuSeconds === undefined ? '' : `; PostgreSQL's processes ${database.toFixed(1)} s CPU (${(database / use.wallSeconds).toFixed(2)} cores)`) +
    `\n  the machine: ${cores} cores ${(use.machineBusy * 100).toFixed(0)} % busy, ${Math.max(0, others).toFixed(2)} cores of it other processes than the service, the database and the load client; ` +
    (use.cpuPressure === undefined ? '' : `some runnable task waited for a core ${(use.cpuPressure * 100).toFixed(0)} % of the time; `) +
    `load average ${use.loadAverage[0].toFixed(1)} → ${use.loadAverage[1].toFixed(1)}; ` +
    `the kernel dropped ${count(use.listenOverflows)} connection attempts at a full listen queue and sent ${count(use.synRetries)} SYNs again (each a second or more)` +
    (others > BUSY_ELSEWHERE ? `\n  (other work held ${others.toFixed(2)} cores of ${cores}: the service and the client ran on what was left, so these times are not this deployment's own)` : '')
  );
}

/** What one store's rush came to, for the goals and the side-by-side summary. */
export interface StoreFigures {
  store: string;
  requests: Spread;
  screens: Spread;
  floorRequests: Spread;
  floorScreens: Spread;
  failed: number;
  shed: number;
  undrawn: number;
  serviceCores: number;
  peakCores: number;
  rssPeak: number;
  databaseCores?: number;
  clientCores: number;
}

const ratio = (ours: number, floor: number) => (floor > 0 ? `${(ours / floor).toFixed(1)}x` : '-');
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

export function printGoals(f: StoreFigures): void {
  console.log(`\n  against issue 40's goals (the first two are set for 100,000 teams and 20,000 players over 600 s):`);
  console.log(`    screens p99 under 1 s: ${ms(f.screens.p99)}, ${verdict(f.screens.p99 < 1_000 && f.undrawn === 0)}${f.undrawn > 0 ? ` (${count(f.undrawn)} screens not drawn)` : ''}`);
  console.log(`    requests p99 under 300 ms: ${ms(f.requests.p99)}, ${verdict(f.requests.p99 < 300)}`);
  console.log(`    no errors: ${count(f.failed)}, ${verdict(f.failed === 0)}; shed (503 with Retry-After): ${count(f.shed)}`);
  console.log(
    `    within 1.5x of the floor: requests p99 ${ratio(f.requests.p99, f.floorRequests.p99)} (${ms(f.floorRequests.p99)}), ` +
      `screens p99 ${ratio(f.screens.p99, f.floorScreens.p99)} (${ms(f.floorScreens.p99)}), ${verdict(f.requests.p99 <= 1.5 * f.floorRequests.p99 && f.screens.p99 <= 1.5 * f.floorScreens.p99)}`,
  );
}

export function printSideBySide(all: StoreFigures[]): void {
  const widths = [34, ...all.map(() => 14)];
  console.log(`\nsummary, store beside store (each measured alone, one after the other):`);
  console.log(`  ${row(['', ...all.map((f) => f.store)], widths)}`);
  const line = (label: string, pick: (f: StoreFigures) => string) => console.log(`  ${row([label, ...all.map(pick)], widths)}`);
  line('screens p50 / p99', (f) => `${count(f.screens.p50)} / ${count(f.screens.p99)}`);
  line('requests p50 / p99 (ms)', (f) => `${count(f.requests.p50)} / ${count(f.requests.p99)}`);
  line('requests max (ms)', (f) => count(f.requests.max));
  line('requests over 1 s', (f) => count(f.requests.overSecond));
  line('errors / shed / screens not drawn', (f) => `${count(f.failed)} / ${count(f.shed)} / ${count(f.undrawn)}`);
  line('floor requests p99 / screens p99', (f) => `${count(f.floorRequests.p99)} / ${count(f.floorScreens.p99)}`);
  line('service CPU, cores (busiest s)', (f) => `${f.serviceCores.toFixed(2)} (${f.peakCores.toFixed(2)})`);
  line('PostgreSQL CPU, cores', (f) => (f.databaseCores === undefined ? '-' : f.databaseCores.toFixed(2)));
  line('service RSS peak', (f) => mb(f.rssPeak));
  line('load client CPU, cores', (f) => f.clientCores.toFixed(2));
}
