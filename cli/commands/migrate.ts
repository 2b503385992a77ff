import type { Command } from 'commander';
import { applyMigrations, closeDatabase, openDatabase } from '../../src/store/database';
import { configFor } from '../config-option';

export function registerMigrate(program: Command): void {
  program
    .command('migrate')
    .description('apply pending migrations and exit')
    .option('--database <file>', 'SQLite file')
    .action((flags: { database?: string }, command: Command) => {
      const config = configFor(command, flags);
      const db = openDatabase(config.databasePath);
      try {
        const applied = applyMigrations(db);
        process.stdout.write(`applied ${applied} migration(s) to ${config.databasePath}\n`);
      } finally {
        closeDatabase(db);
      }
    });
}
