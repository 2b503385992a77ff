import fs from 'node:fs';
import type { Command } from 'commander';
import { damagedDatabaseLine, fullCheck, quickCheck, type QuickCheckResult } from '../../src/features/operations/database-check';
import { CliFailure, configFor } from '../config-option';

/**
 * Refuses to go on with a damaged database file: one line naming the file and how to restore
 * it. `serve` and `status` call it before anything else opens the file.
 */
export function refuseDamagedDatabase(file: string): QuickCheckResult {
  const result = quickCheck(file);
  if (!result.ok) throw new CliFailure(damagedDatabaseLine(file, result.problems[0]));
  return result;
}

/** `fantasy check`: the full integrity check; each problem on its own line; exit 1 if any. */
export function registerCheck(program: Command): void {
  program
    .command('check')
    .description("run the database's full integrity check and say what is damaged (exit 1 if anything is)")
    .option('--database <file>', 'SQLite file')
    .action((flags: { database?: string }, command: Command) => {
      const config = configFor(command, flags);
      if (!fs.existsSync(config.databasePath)) throw new CliFailure(`no database at ${config.databasePath}`);
      const result = fullCheck(config.databasePath);
      if (result.ok) {
        process.stdout.write(`${config.databasePath}: the integrity check found nothing damaged\n`);
        return;
      }
      process.stdout.write(`${config.databasePath}: the integrity check found damage:\n${result.problems.map((line) => `  ${line}\n`).join('')}`);
      throw new CliFailure(damagedDatabaseLine(config.databasePath, `${result.problems.length} problem(s)`));
    });
}
