import type { Command } from 'commander';
import { systemClock } from '../../src/platform/clock';
import type { Config } from '../../src/platform/config';
import { silentLogger } from '../../src/platform/log';
import { ensureGlobalLeague, registryScales } from '../../src/features/leagues/global-league';
import { applyMigrations, closeDatabase, openDatabase } from '../../src/platform/db/database';
import { applyPostgresMigrations, describePostgresError, openPostgres, PostgresFailure } from '../../src/platform/db/postgres';
import { CliFailure, configFor, operatorLog } from '../config-option';

export function registerMigrate(program: Command): void {
  program
    .command('migrate')
    .description('apply pending migrations (and seed the Global League if absent), then exit; with databaseUrl, PostgreSQL\u2019s migrations')
    .option('--database <file>', 'SQLite file')
    .action(async (flags: { database?: string }, command: Command) => {
      const config = configFor(command, flags, 'postgres-too');
      if (config.databaseUrl !== undefined) {
        await migratePostgres(config.databaseUrl);
        return;
      }
      const db = openDatabase(config.databasePath);
      try {
        const applied = applyMigrations(db);
        process.stdout.write(`applied ${applied} migration(s) to ${config.databasePath}\n`);
        // a fresh deployment's first player has a league to join at once
        // stdout says what was done; only a failure to seed goes to stderr
        const { log: stderr } = operatorLog(config);
        const log = { ...silentLogger, warn: stderr.warn, error: stderr.error };
        const seeded = await ensureGlobalLeague({ db, clock: systemClock, log, scales: registryScales(db) });
        if (seeded?.created) process.stdout.write(`created the Global League (id ${seeded.league.id}, domain ${seeded.league.domain})\n`);
      } finally {
        closeDatabase(db);
      }
    });
}

/**
 * PostgreSQL's own migrations, idempotent. The Global League is not seeded here: `serve` seeds
 * it at start, and `copy-to-postgres` brings the SQLite store's.
 */
async function migratePostgres(url: NonNullable<Config['databaseUrl']>): Promise<void> {
  let store;
  try {
    store = await openPostgres(url);
  } catch (error) {
    if (error instanceof PostgresFailure) throw new CliFailure(error.message);
    throw error;
  }
  try {
    const { applied, total } = await applyPostgresMigrations(store.db);
    const names = applied.length > 0 ? `: ${applied.join(', ')}` : '';
    process.stdout.write(`applied ${applied.length} migration(s) to ${store.shownUrl}${names} (${total} in all)\n`);
  } catch (error) {
    // nothing of a failed run stays: the migrations run in one transaction
    throw new CliFailure(`migrating ${store.shownUrl} failed, nothing applied: ${describePostgresError(error, url)}`);
  } finally {
    await store.close();
  }
}
