/** Assembles what a running service (or a CLI verb) needs from one configuration. */
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import type { AppContext } from './app-context';
import { jsonLogger, type Logger } from './logger';
import { resolveSigningSecret } from './services/signing-secret';
import { closeDatabase, type Database, openDatabase } from './store/database';
import { createUpstreams, type Upstreams } from './upstream';

export interface RuntimeOptions {
  clock?: Clock;
  log?: Logger;
  upstream?: Partial<Upstreams>;
  /** an already-open database (tests share one); otherwise config.databasePath is opened */
  db?: Database;
}

export interface Runtime {
  ctx: AppContext;
  close(): void;
}

export function openRuntime(config: Config, options: RuntimeOptions = {}): Runtime {
  const log = options.log ?? jsonLogger();
  const db = options.db ?? openDatabase(config.databasePath, { migrate: true });
  const ctx: AppContext = {
    config,
    db,
    clock: options.clock ?? systemClock,
    log,
    signingSecret: resolveSigningSecret(config, db, log),
    upstream: { ...createUpstreams(config), ...options.upstream },
  };
  return {
    ctx,
    close: () => {
      if (!options.db) closeDatabase(db);
    },
  };
}
