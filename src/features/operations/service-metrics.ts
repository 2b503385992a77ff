/** Requests and jobs are observed as they happen; the health figures are read from the database at most once per HEALTH_TTL_MS. */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { dayStart } from '../../domain/dates';
import { upstreamCalls } from '../../upstream/call-stats';
import type { JobObserver } from '../../platform/jobs/job-runs';
import type { PageviewFetches } from '../contracts/pageview-series';
import { RequestTallies } from './request-tallies';
import type { DeploymentStatus } from './status-service';

const HEALTH_TTL_MS = 30_000;
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Process figures (memory, CPU, event loop) are per process, so one registry serves every runtime. */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'fantasy_' });
  }
  return processRegistry;
}

type HealthFigures = Pick<DeploymentStatus, 'databaseBytes' | 'leagues' | 'unscoredDays' | 'unsettledContracts'>;
export type HealthReader = () => Promise<HealthFigures>;

export type OutboxReader = () => Promise<{ channel: string; status: string; n: number }[]>;

export class ServiceMetrics implements JobObserver {
  readonly registry = new Registry();
  private readonly requests = new RequestTallies();
  private readonly jobRuns: Counter<'job' | 'outcome'>;
  private readonly shed: Counter<'reason'>;
  private readonly jobSeconds: Histogram<'job'>;
  private health: { at: number; figures: Promise<HealthFigures> } | null = null;

  constructor(readHealth: HealthReader, version: string, pageviewFetches: PageviewFetches, readOutbox: OutboxReader = async () => []) {
    const pageviewCacheStats = pageviewFetches.stats;
    const registers = [this.registry];
    new Gauge({ name: 'fantasy_build_info', help: 'The running version (always 1)', labelNames: ['version'], registers }).set({ version }, 1);
    const requests = this.requests;
    new Counter({
      name: 'fantasy_http_requests_total',
      help: 'HTTP requests answered, by route template and status',
      labelNames: ['method', 'route', 'status'],
      registers,
      collect() {
        this.reset();
        for (const { labels, count } of requests.answeredSeries()) this.inc(labels, count);
      },
    });
    this.registry.registerMetric(requests.histogram('fantasy_http_request_duration_seconds', 'Time to answer an HTTP request, by route template'));
    this.shed = new Counter({
      name: 'fantasy_http_requests_shed_total',
      help: 'Requests turned away at once with 503 OVERLOADED, by reason (queue: the head of the request line waited over a second; event-loop: timers ran over a second late)',
      labelNames: ['reason'],
      registers,
    });
    for (const reason of ['queue', 'event-loop'] as const) this.shed.inc({ reason }, 0);
    this.jobRuns = new Counter({ name: 'fantasy_job_runs_total', help: 'Daily job runs, by job and outcome', labelNames: ['job', 'outcome'], registers });
    this.jobSeconds = new Histogram({
      name: 'fantasy_job_duration_seconds',
      help: 'Daily job run time',
      labelNames: ['job'],
      buckets: [0.1, 1, 10, 60, 300, 900, 1800, 3600],
      registers,
    });

    const tallyCounter = (name: string, help: string, field: 'calls' | 'retries' | 'failures') =>
      new Counter({
        name,
        help,
        labelNames: ['upstream'],
        registers,
        collect() {
          this.reset();
          for (const [upstream, tally] of upstreamCalls.snapshot()) this.inc({ upstream }, tally[field]);
        },
      });
    tallyCounter('fantasy_upstream_calls_total', 'Requests to an outside system (a retried request counts once)', 'calls');
    tallyCounter('fantasy_upstream_retries_total', 'Attempts beyond the first toward an outside system', 'retries');
    tallyCounter('fantasy_upstream_failures_total', 'Requests to an outside system that ended without a usable answer', 'failures');

    new Counter({
      name: 'fantasy_pageview_cache_lookups_total',
      help: 'Pageview series lookups, by result (hit: answered without a new request)',
      labelNames: ['result'],
      registers,
      collect() {
        this.reset();
        this.inc({ result: 'hit' }, pageviewCacheStats.hits);
        this.inc({ result: 'miss' }, pageviewCacheStats.misses);
      },
    });
    new Gauge({
      name: 'fantasy_pageview_cache_hit_ratio',
      help: 'Share of pageview series lookups answered from the cache since start (0 before any lookup)',
      registers,
      collect() {
        const total = pageviewCacheStats.hits + pageviewCacheStats.misses;
        this.set(total === 0 ? 0 : pageviewCacheStats.hits / total);
      },
    });

    new Counter({
      name: 'fantasy_outbound_dropped_total',
      help: 'Webhook and push messages dropped after a day of failed attempts, by channel',
      labelNames: ['channel'],
      registers,
      async collect() {
        this.reset();
        for (const row of await readOutbox()) if (row.status === 'dropped') this.inc({ channel: row.channel }, row.n);
      },
    });
    new Gauge({
      name: 'fantasy_outbound_pending',
      help: 'Webhook and push messages waiting to be sent or retried, by channel',
      labelNames: ['channel'],
      registers,
      async collect() {
        this.reset();
        for (const row of await readOutbox()) if (row.status === 'pending') this.set({ channel: row.channel }, row.n);
      },
    });

    // one read per scrape for the four gauges below, whichever asks first
    const health = () => {
      if (!this.health || Date.now() - this.health.at > HEALTH_TTL_MS) this.health = { at: Date.now(), figures: readHealth() };
      return this.health.figures;
    };
    new Gauge({
      name: 'fantasy_last_scored_day_timestamp_seconds',
      help: 'Start (UTC) of the newest day with performances in any active league; 0 when none',
      registers,
      async collect() {
        const days = (await health()).leagues.map((league) => league.lastScoredDay).filter((day): day is string => day !== null).sort();
        this.set(days.length ? dayStart(days[days.length - 1]).getTime() / 1000 : 0);
      },
    });
    new Gauge({
      name: 'fantasy_unscored_days',
      help: 'In-season days past their scoring time with no performances (any active league)',
      registers,
      async collect() {
        this.set((await health()).unscoredDays.length);
      },
    });
    new Gauge({
      name: 'fantasy_unsettled_contracts',
      help: 'Live contracts past their expiry sweep',
      registers,
      async collect() {
        this.set((await health()).unsettledContracts.count);
      },
    });
    new Gauge({
      name: 'fantasy_database_size_bytes',
      help: 'Pages in use times page size of the SQLite database',
      registers,
      async collect() {
        this.set((await health()).databaseBytes);
      },
    });
  }

  observeRequest(rawMethod: string, route: string, status: number, seconds: number): void {
    // a client can send any method name: keep the label's values bounded
    this.requests.observe(KNOWN_METHODS.has(rawMethod) ? rawMethod : 'OTHER', route, status, seconds);
  }

  /** a request the listener turned away (request-turns.ts names the reason) */
  observeShed(reason: string): void {
    this.shed.inc({ reason });
  }

  observeJob(job: string, outcome: 'ok' | 'failed', seconds: number): void {
    this.jobRuns.inc({ job, outcome });
    this.jobSeconds.observe({ job }, seconds);
  }

  async exposition(): Promise<{ contentType: string; text: string }> {
    const merged = Registry.merge([processMetrics(), this.registry]);
    return { contentType: this.registry.contentType, text: await merged.metrics() };
  }
}
