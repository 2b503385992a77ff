import type { Clock } from './clock';
import type { Config } from './config';
import type { Logger } from './log';
import type { Services } from './composition-root';
import type { ServiceMetrics } from '../features/operations/service-metrics';
import type { Database } from './db/database';
import type { Upstreams } from '../upstream';

/** Everything a request or a job needs: built once per process (tests build one per case). */
export interface AppContext {
  config: Config;
  db: Database;
  clock: Clock;
  log: Logger;
  /** HS256 key for sessions; null when explicitly configured empty ("none") */
  signingSecret: string | null;
  upstream: Upstreams;
  /** this process's Prometheus figures (served by `/metrics` when configured) */
  metrics: ServiceMetrics;
  /** every use case, built once by `createServices` (the composition root) */
  services: Services;
}
