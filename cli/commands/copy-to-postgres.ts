import fs from 'node:fs';
import type { Command } from 'commander';
import { isPostgresUrl } from '../../src/platform/database-url';
import { CopyRefused, copyToPostgres } from '../../src/features/operations/copy-to-postgres';
import { closeDatabase, openDatabase } from '../../src/platform/db/database';
import { applyPostgresMigrations, describePostgresError, openPostgres, PostgresFailure, type PostgresStore } from '../../src/platform/db/postgres';
import { CliFailure, configFor, operatorLog } from '../config-option';
import { type Progress, progressReporter } from '../progress';
import { refuseDamagedDatabase } from './check';

/** Tables at least this long get progress lines (a terminal line, or a JSON log line every few seconds). */
const PROGRESS_FROM_ROWS = 10_000;

/**
 * `fantasy copy-to-postgres URL`: the configured SQLite database into an empty PostgreSQL one
 * (migrated first), checked before it commits. The URL's password is never printed: the URL
 * is shown masked, and a refused URL is not quoted at all.
 */
export function registerCopyToPostgres(program: Command): void {
  program
    .command('copy-to-postgres')
    .description('copy the SQLite database into an empty PostgreSQL database and check the copy (row counts, every team\u2019s credits)')
    .argument('<url>', 'postgres:// or postgresql:// URL of the database to fill')
    .option('--database <file>', 'SQLite file to copy')
    .action(async (url: string, flags: { database?: string }, command: Command) => {
      const config = configFor(command, flags, 'postgres-too');
      if (!isPostgresUrl(url)) throw new CliFailure('copy-to-postgres: URL must be a postgres:// or postgresql:// URL');
      if (!fs.existsSync(config.databasePath)) throw new CliFailure(`no database at ${config.databasePath}`);
      refuseDamagedDatabase(config.databasePath);
      let store: PostgresStore;
      try {
        store = await openPostgres(url);
      } catch (error) {
        if (error instanceof PostgresFailure) throw new CliFailure(error.message);
        throw error;
      }
      const source = openDatabase(config.databasePath, { migrate: true });
      const { log } = operatorLog(config);
      const progress = new Map<string, Progress>();
      try {
        const { applied } = await applyPostgresMigrations(store.db);
        if (applied.length > 0) process.stdout.write(`applied ${applied.length} migration(s) to ${store.shownUrl}: ${applied.join(', ')}\n`);
        const report = await copyToPostgres(source, store.db, {
          onProgress: (table, done, total) => {
            if (total < PROGRESS_FROM_ROWS) return;
            let reporter = progress.get(table);
            if (!reporter) progress.set(table, (reporter = progressReporter(`copy-to-postgres ${table}`, 'rows', { log })));
            reporter.update(done, total);
            if (done === total) reporter.finish();
          },
        });
        process.stdout.write(`copied ${config.databasePath} to ${store.shownUrl}:\n`);
        const width = Math.max(...report.tables.map((table) => table.name.length));
        for (const table of report.tables) process.stdout.write(`  ${table.name.padEnd(width)}  ${table.rows}\n`);
        process.stdout.write(
          `checked: row counts match in all ${report.tables.length} tables (${report.rows} rows), credits match for all ${report.teams} teams\n`,
        );
      } catch (error) {
        if (error instanceof CopyRefused) throw new CliFailure(error.message);
        throw new CliFailure(`copy-to-postgres to ${store.shownUrl} failed, nothing was kept: ${describePostgresError(error, url)}`);
      } finally {
        closeDatabase(source);
        await store.close();
      }
    });
}
