/** Faults a test injects per route: rate limits, transient and permanent errors, slowness, bad bodies. */

export type FakeEncyclopediaRoute = 'per-article' | 'top' | 'links' | 'siteinfo' | 'sitematrix' | 'action' | 'summary' | 'search';

export type FakeFault =
  /** answer this status (429 carries `Retry-After` when `retryAfter` is set) */
  | { kind: 'status'; status: number; retryAfter?: number }
  /** wait before answering normally (or before the next fault kind, if any) */
  | { kind: 'delay'; ms: number }
  /** answer 200 with this JSON body instead of the real one */
  | { kind: 'body'; body: unknown }
  /** drop the connection without an answer */
  | { kind: 'reset' };

export interface FakeFaultRule {
  route: FakeEncyclopediaRoute | '*';
  fault: FakeFault;
  /** how many matching requests it applies to; unlimited when absent */
  times?: number;
  /** only for this edition (the `{domain}` of the URL; `meta` for sitematrix) */
  domain?: string;
}

export class FakeFaults {
  private rules: FakeFaultRule[] = [];

  add(rule: FakeFaultRule): void {
    this.rules.push({ ...rule });
  }

  /** 429 with `Retry-After` (seconds), `times` requests (default 1). */
  rateLimit(route: FakeFaultRule['route'], options: { retryAfter?: number; times?: number } = {}): void {
    this.add({ route, fault: { kind: 'status', status: 429, retryAfter: options.retryAfter ?? 1 }, times: options.times ?? 1 });
  }

  /** A transient error: `status` (default 503) once, then normal answers. */
  failOnce(route: FakeFaultRule['route'], status = 503): void {
    this.add({ route, fault: { kind: 'status', status }, times: 1 });
  }

  /** Every matching request fails with `status` (default 500) until cleared. */
  failAlways(route: FakeFaultRule['route'], status = 500): void {
    this.add({ route, fault: { kind: 'status', status } });
  }

  slow(route: FakeFaultRule['route'], ms: number, times?: number): void {
    this.add({ route, fault: { kind: 'delay', ms }, times });
  }

  /** 200 with a body of the wrong shape. */
  malformed(route: FakeFaultRule['route'], body: unknown = { unexpected: true }, times?: number): void {
    this.add({ route, fault: { kind: 'body', body }, times });
  }

  reset(route: FakeFaultRule['route'], times?: number): void {
    this.add({ route, fault: { kind: 'reset' }, times });
  }

  clear(): void {
    this.rules = [];
  }

  /** Notes the rules and what is left of their `times`; the answer puts them back as they were now. */
  snapshot(): () => void {
    const saved = structuredClone(this.rules);
    return () => {
      this.rules = structuredClone(saved);
    };
  }

  /** The faults for one request, in the order they were added; consumes their `times`. */
  take(route: FakeEncyclopediaRoute, domain: string | undefined): FakeFault[] {
    const taken: FakeFault[] = [];
    for (const rule of this.rules) {
      if (rule.route !== '*' && rule.route !== route) continue;
      if (rule.domain !== undefined && rule.domain !== domain) continue;
      if (rule.times !== undefined) {
        if (rule.times <= 0) continue;
        rule.times--;
      }
      taken.push(rule.fault);
    }
    return taken;
  }
}
