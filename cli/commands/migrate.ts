import type { Command } from 'commander';
import { systemClock } from '../../src/clock';
import { jsonLogger, silentLogger } from '../../src/logger';
import { ensureGlobalLeague, registryScales } from '../../src/services/global-league';
import { applyMigrations, closeDatabase, openDatabase } from '../../src/store/database';
import { configFor } from '../config-option';

export function registerMigrate(program: Command): void {
  program
    .command('migrate')
    .description('apply pending migrations (and seed the Global League if absent), then exit')
    .option('--database <file>', 'SQLite file')
    .action(async (flags: { database?: string }, command: Command) => {
      const config = configFor(command, flags);
      const db = openDatabase(config.databasePath);
      try {
        const applied = applyMigrations(db);
        process.stdout.write(`applied ${applied} migration(s) to ${config.databasePath}\n`);
        // a fresh deployment's first player has a league to join at once
        // stdout says what was done; only a failure to seed goes to stderr
        const stderr = jsonLogger((line) => process.stderr.write(`${line}\n`));
        const log = { ...silentLogger, warn: stderr.warn, error: stderr.error };
        const seeded = await ensureGlobalLeague({ db, clock: systemClock, log, scales: registryScales(db) });
        if (seeded?.created) process.stdout.write(`created the Global League (id ${seeded.league.id}, domain ${seeded.league.domain})\n`);
      } finally {
        closeDatabase(db);
      }
    });
}
