/** What a running service (or a CLI verb) needs from one configuration. */
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import type { AppContext } from './app-context';
import { jsonLogger, type Logger } from './log';
import type { SecretValues } from './redaction';
import { version } from '../../package.json';
import { PageviewFetches } from '../features/contracts/pageview-series';
import type { PasswordCost } from '../features/auth/password-hashing';
import { resolveSigningSecret } from '../features/auth/signing-secret';
import { resolveVapidKeys } from '../features/notifications/push-keys';
import { createServices } from './composition-root';
import { ServiceMetrics } from '../features/operations/service-metrics';
import { deploymentStatus } from '../features/operations/status-service';
import { persistUpstreamFailures } from '../features/operations/upstream-health';
import { closeStore, type Database, openDatabase } from './db/database';
import { openMigratedPostgres } from './db/postgres-store';
import { createUpstreams, type Upstreams } from '../upstream';
import { outboxTallies } from '../features/notifications/outbound-store';

export interface RuntimeOptions {
  clock?: Clock;
  log?: Logger;
  upstream?: Partial<Upstreams>;
  /** tests share one; otherwise config.databasePath is opened */
  db?: Database;
  /** the production cost unless a test asks for a cheaper one */
  passwordCost?: PasswordCost;
  /** 5 s unless a test shortens it */
  outboundTimeoutMs?: number;
  /** to which the signing secret and VAPID key the database holds are added */
  secrets?: SecretValues;
}

export interface Runtime {
  ctx: AppContext;
  /** stops recording and closes the store */
  close(): Promise<void>;
}

export async function openRuntime(config: Config, options: RuntimeOptions = {}): Promise<Runtime> {
  const log = options.log ?? jsonLogger();
  const db = options.db ?? (config.databaseUrl !== undefined ? await openMigratedPostgres(config.databaseUrl) : openDatabase(config.databasePath, { migrate: true }));
  const clock = options.clock ?? systemClock;
  const statusDeps = { db, version, databasePath: config.databasePath };
  const upstream = { ...createUpstreams(config), ...options.upstream };
  // one per process: lookups share fetches in flight, and /metrics reads its tallies
  const pageviewFetches = new PageviewFetches();
  const signingSecret = await resolveSigningSecret(config, db, log);
  const vapidKeys = await resolveVapidKeys(db, log);
  options.secrets?.add(signingSecret, vapidKeys.privateKey);
  const ctx: AppContext = {
    config,
    db,
    clock,
    log,
    signingSecret,
    upstream,
    metrics: new ServiceMetrics(() => deploymentStatus(statusDeps, clock.now()), version, pageviewFetches, () => outboxTallies(db)),
    services: createServices({
      config,
      db,
      clock,
      log,
      upstream,
      pageviewFetches,
      passwordCost: options.passwordCost,
      vapidKeys,
      outboundTimeoutMs: options.outboundTimeoutMs,
    }),
  };
  const stopRecordingFailures = persistUpstreamFailures(db, clock);
  return {
    ctx,
    close: async () => {
      stopRecordingFailures();
      await ctx.services.ranks.close();
      if (!options.db) await closeStore(db);
    },
  };
}
