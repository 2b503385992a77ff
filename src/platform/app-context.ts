import type { Clock } from './clock';
import type { Config } from './config';
import type { Logger } from './log';
import type { Services } from './composition-root';
import type { ServiceMetrics } from '../features/operations/service-metrics';
import type { Database } from './db/database';
import type { Upstreams } from '../upstream';

/** Built once per process (tests build one per case). */
export interface AppContext {
  config: Config;
  db: Database;
  clock: Clock;
  log: Logger;
  /** null when explicitly configured empty ("none") */
  signingSecret: string | null;
  upstream: Upstreams;
  /** served by `/metrics` when configured */
  metrics: ServiceMetrics;
  services: Services;
}
