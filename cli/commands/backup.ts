import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { closeDatabase, openDatabase } from '../../src/store/database';
import { jsonLogger } from '../../src/logger';
import { CliFailure, configFor } from '../config-option';
import { progressReporter } from '../progress';

/**
 * `fantasy backup FILE`: a consistent copy of the store, taken with SQLite's online backup,
 * so it is safe while `serve` is running (copying the .db file by hand is not, under WAL).
 */
export function registerBackup(program: Command): void {
  program
    .command('backup')
    .description('write a consistent copy of the database to FILE (safe while serve runs)')
    .argument('<file>', 'where to write the copy; must not exist yet')
    .option('--database <file>', 'SQLite file')
    .action(async (file: string, flags: { database?: string }, command: Command) => {
      const config = configFor(command, flags);
      const target = path.resolve(file);
      if (fs.existsSync(target)) throw new CliFailure(`${file} already exists; choose a new file`);
      if (!fs.existsSync(config.databasePath)) throw new CliFailure(`no database at ${config.databasePath}`);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const db = openDatabase(config.databasePath);
      try {
        const progress = progressReporter('backup', 'pages', { log: jsonLogger((line) => process.stderr.write(`${line}\n`)) });
        let pages = 0;
        await db.$client.backup(target, {
          // told before each step, so the last figures come after the copy ends
          progress: ({ totalPages, remainingPages }) => {
            pages = totalPages;
            progress.update(totalPages - remainingPages, totalPages);
            // pages per step: small enough that a writer is never held off for long
            return 1000;
          },
        });
        progress.update(pages, pages);
        progress.finish();
        const size = fs.statSync(target).size;
        process.stdout.write(`backed up ${config.databasePath} to ${file} (${size} bytes)\n`);
      } finally {
        closeDatabase(db);
      }
    });
}
