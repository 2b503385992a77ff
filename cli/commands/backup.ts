import fs from 'node:fs';
import type { Command } from 'commander';
import { BackupRefused, backupDatabase } from '../../src/features/operations/database-backup';
import { closeDatabase, openDatabase } from '../../src/platform/db/database';
import { CliFailure, configFor, operatorLog } from '../config-option';
import { progressReporter } from '../progress';

/**
 * `fantasy backup FILE`: a consistent copy of the store as of the instant it starts, safe and
 * finished in bounded time while `serve` writes (copying the .db file by hand is not, under
 * WAL). FILE appears only once the copy is whole and has passed its integrity check.
 */
export function registerBackup(program: Command): void {
  program
    .command('backup')
    .description('write a consistent, checked copy of the database to FILE (safe while serve runs)')
    .argument('<file>', 'where to write the copy; must not exist yet')
    .option('--database <file>', 'SQLite file')
    .action(async (file: string, flags: { database?: string }, command: Command) => {
      const config = configFor(command, flags);
      if (fs.existsSync(file)) throw new CliFailure(`${file} already exists; choose a new file`);
      if (!fs.existsSync(config.databasePath)) throw new CliFailure(`no database at ${config.databasePath}`);
      const db = openDatabase(config.databasePath);
      try {
        const progress = progressReporter('backup', 'pages', { log: operatorLog(config).log });
        const result = await backupDatabase(db, file, (done, total) => progress.update(done, total));
        progress.finish();
        process.stdout.write(`backed up ${config.databasePath} to ${file} (${result.bytes} bytes)\n`);
      } catch (error) {
        if (error instanceof BackupRefused) throw new CliFailure(error.message);
        throw error;
      } finally {
        closeDatabase(db);
      }
    });
}
