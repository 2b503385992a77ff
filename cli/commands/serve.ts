import { type Command, InvalidArgumentError } from 'commander';
import { createApp } from '../../src/platform/http/app';
import { listen } from '../../src/platform/http/server';
import { loopbackMetricsApp } from '../../src/features/operations/routes-metrics';
import { batchedStdout } from '../../src/platform/log';
import { openRuntime } from '../../src/platform/runtime';
import { DAILY_JOBS } from '../../src/platform/jobs/daily-jobs';
import { startScheduler } from '../../src/platform/jobs/scheduler';
import { startOutboxLoop } from '../../src/features/notifications/outbox-worker';
import { ensureGlobalLeague } from '../../src/features/leagues/global-league';
import { DEFAULT_USER_AGENT } from '../../src/platform/config';
import { configFor, operatorLog } from '../config-option';
import { refuseDamagedDatabase } from './check';

function portNumber(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('a port is 0-65535');
  return port;
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('apply pending migrations, then serve the HTTP API')
    .option('--port <port>', 'listen port (0 picks a free one)', portNumber)
    .option('--host <host>', 'listen address')
    .option('--database <file>', 'SQLite file')
    .action(async (flags: { port?: number; host?: string; database?: string }, command: Command) => {
      const config = configFor(command, flags, 'postgres-too');
      // one line per request at logLevel info: written a turn of the event loop at a time (logger.ts)
      const { log, secrets } = operatorLog(config, batchedStdout());
      // before migrations touch it: a damaged file is restored, not served (PostgreSQL keeps its own pages)
      const checked = config.databaseUrl === undefined ? refuseDamagedDatabase(config.databasePath) : { checked: 0, tables: 0 };
      const runtime = await openRuntime(config, { log, secrets });
      if (checked.checked < checked.tables) {
        log.warn('the start-up check ran out of time before the largest tables: `fantasy check` checks them all', { tablesChecked: checked.checked, tables: checked.tables });
      }
      if (config.encyclopedia.userAgent === DEFAULT_USER_AGENT) {
        // Wikimedia throttles or refuses agents without a contact; say so before it happens.
        log.warn('encyclopedia.userAgent is the built-in default: set it to name you and a contact address (FANTASY_ENCYCLOPEDIA_USER_AGENT)');
      }
      // a fresh deployment's first player has a league to join at once (idempotent)
      const { db, clock, services } = runtime.ctx;
      await ensureGlobalLeague({ db, clock, log, scales: services.leagues });
      const server = await listen(createApp(runtime.ctx).fetch, config.host, config.port, log, {
        turns: { onShed: (reason) => runtime.ctx.metrics.observeShed(reason) },
      });
      const scheduler = config.scheduler.enabled ? startScheduler(runtime.ctx, DAILY_JOBS) : null;
      // webhooks and push leave from the outbox in the background, never from a player's request
      const outbox = startOutboxLoop(services.outbox, log);
      process.stdout.write(`fantasy listening on ${server.url}\n`);
      // loopback only, whatever `host` is: this listener has no token of its own
      const metricsServer =
        config.metrics.port === undefined ? null : await listen(loopbackMetricsApp(runtime.ctx.metrics).fetch, '127.0.0.1', config.metrics.port, log);
      if (metricsServer) process.stdout.write(`fantasy metrics on ${metricsServer.url}/metrics\n`);
      let stopping = false;
      const stop = async (signal: string) => {
        if (stopping) return;
        stopping = true;
        // An answer already sent writes its log line in the loop's next check phase: let those
        // lines come before this one (and after the drain, the lines of the last answers).
        const answersLogged = () => new Promise((resolve) => setImmediate(resolve));
        await answersLogged();
        log.info('shutting down', { signal });
        scheduler?.stop();
        outbox.stop();
        await Promise.all([server.close(), metricsServer?.close()]);
        await Promise.all([scheduler?.idle(), outbox.idle()]);
        await answersLogged();
        // The database closes last, after every request and job that could write has finished.
        await runtime.close();
        process.exit(0);
      };
      process.on('SIGINT', () => void stop('SIGINT'));
      process.on('SIGTERM', () => void stop('SIGTERM'));
    });
}
