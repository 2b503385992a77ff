/**
 * What one phase of the rush recorded: every request's outcome by kind, and every player's
 * screen. A request is answered (2xx or 304: its time is kept), shed (503 with Retry-After,
 * what an overloaded service is meant to answer) or failed (any other status, a dropped
 * connection, a time-out).
 */

export type Outcome =
  | { kind: 'answered'; ms: number; status: number }
  | { kind: 'shed'; ms: number }
  | { kind: 'failed'; reason: string; ms?: number };

export class KindTally {
  readonly times: number[] = [];
  notModified = 0;
  shed = 0;
  readonly failures = new Map<string, number>();

  record(outcome: Outcome): void {
    if (outcome.kind === 'answered') {
      this.times.push(outcome.ms);
      if (outcome.status === 304) this.notModified++;
    } else if (outcome.kind === 'shed') this.shed++;
    else this.failures.set(outcome.reason, (this.failures.get(outcome.reason) ?? 0) + 1);
  }

  get failed(): number {
    let sum = 0;
    for (const count of this.failures.values()) sum += count;
    return sum;
  }
}

export interface Spread {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  overSecond: number;
}

/** Nearest-rank percentiles of `times` (sorted here); zeros when there are none. */
export function spreadOf(times: readonly number[]): Spread {
  const sorted = Float64Array.from(times).sort();
  const at = (q: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!);
  let overSecond = 0;
  for (const t of sorted) if (t > 1_000) overSecond++;
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.length === 0 ? 0 : sorted[sorted.length - 1]!, overSecond };
}

export class PhaseTally {
  readonly kinds = new Map<string, KindTally>();
  /** navigation to the standings' last read answered, for each player whose screen was drawn */
  readonly screens: number[] = [];
  /** players whose screen was not drawn, by the first reason met */
  readonly undrawn = new Map<string, number>();
  /** how late each arrival started against its schedule (the client's own delay) */
  readonly lateness: number[] = [];
  bytes = 0;

  kind(name: string): KindTally {
    let tally = this.kinds.get(name);
    if (!tally) this.kinds.set(name, (tally = new KindTally()));
    return tally;
  }

  notDrawn(reason: string): void {
    this.undrawn.set(reason, (this.undrawn.get(reason) ?? 0) + 1);
  }

  /** every kind's answered times together */
  allTimes(): number[] {
    return [...this.kinds.values()].flatMap((tally) => tally.times);
  }

  totals(): { requests: number; shed: number; failed: number; notModified: number; failures: Map<string, number> } {
    const failures = new Map<string, number>();
    let requests = 0;
    let shed = 0;
    let notModified = 0;
    for (const tally of this.kinds.values()) {
      requests += tally.times.length + tally.shed + tally.failed;
      shed += tally.shed;
      notModified += tally.notModified;
      for (const [reason, count] of tally.failures) failures.set(reason, (failures.get(reason) ?? 0) + count);
    }
    let failed = 0;
    for (const count of failures.values()) failed += count;
    return { requests, shed, failed, notModified, failures };
  }
}
