/** Plain counters handed to prom-client only when scraped: its per-increment label hashing is costly on small requests. */
import type { Metric, MetricValueWithName } from 'prom-client';

export const REQUEST_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Answered {
  labels: { method: string; route: string; status: string };
  count: number;
}

interface Latency {
  labels: { method: string; route: string };
  /** observations per bucket (not cumulative); the last counts those above every bound */
  perBucket: number[];
  sum: number;
  count: number;
}

export class RequestTallies {
  private readonly answered = new Map<string, Answered>();
  private readonly latency = new Map<string, Latency>();

  observe(method: string, route: string, status: number, seconds: number): void {
    const routeKey = `${method} ${route}`;
    const answeredKey = `${routeKey} ${status}`;
    let answered = this.answered.get(answeredKey);
    if (!answered) this.answered.set(answeredKey, (answered = { labels: { method, route, status: String(status) }, count: 0 }));
    answered.count++;
    let latency = this.latency.get(routeKey);
    if (!latency) {
      latency = { labels: { method, route }, perBucket: new Array(REQUEST_SECONDS_BUCKETS.length + 1).fill(0), sum: 0, count: 0 };
      this.latency.set(routeKey, latency);
    }
    let bucket = 0;
    while (bucket < REQUEST_SECONDS_BUCKETS.length && seconds > REQUEST_SECONDS_BUCKETS[bucket]!) bucket++;
    latency.perBucket[bucket]!++;
    latency.sum += seconds;
    latency.count++;
  }

  /** Every (method, route, status) answered, with how many times. */
  answeredSeries(): Iterable<Answered> {
    return this.answered.values();
  }

  /** Serialized by a prom-client registry like its own histograms. */
  histogram(name: string, help: string): Metric {
    const values = (): MetricValueWithName<string>[] => {
      const out: MetricValueWithName<string>[] = [];
      for (const { labels, perBucket, sum, count } of this.latency.values()) {
        let cumulative = 0;
        REQUEST_SECONDS_BUCKETS.forEach((bound, i) => {
          cumulative += perBucket[i]!;
          out.push({ metricName: `${name}_bucket`, labels: { le: bound, ...labels }, value: cumulative });
        });
        out.push({ metricName: `${name}_bucket`, labels: { le: '+Inf', ...labels }, value: count });
        out.push({ metricName: `${name}_sum`, labels, value: sum });
        out.push({ metricName: `${name}_count`, labels, value: count });
      }
      return out;
    };
    const metric = {
      name,
      help,
      type: 'histogram',
      aggregator: 'sum',
      get: async () => ({ name, help, type: 'histogram', aggregator: 'sum', values: values() }),
      reset: () => this.latency.clear(),
    };
    // a registry reads a metric through get(); this object is one in all it uses
    return metric as unknown as Metric;
  }
}
