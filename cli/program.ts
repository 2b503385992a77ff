import { Command, CommanderError } from 'commander';
import { version } from '../package.json';
import { ConfigError } from '../src/platform/config';
import { Failure } from '../src/domain/errors';
import { registerMigrate } from './commands/migrate';
import { registerServe } from './commands/serve';
import { registerSettle } from './commands/settle';
import { registerSeedGlobal } from './commands/seed-global';
import { registerImportPerformances } from './commands/import-performances';
import { registerCollect } from './commands/collect';
import { registerPrune } from './commands/prune';
import { registerBackup } from './commands/backup';
import { registerStatus } from './commands/status';
import { registerCheck } from './commands/check';
import { registerConfig } from './commands/config';
import { registerOpenApi } from './commands/openapi';
import { registerAnnounce } from './commands/announce';
import { registerReports } from './commands/reports';
import { registerCopyToPostgres } from './commands/copy-to-postgres';
import { registerResetPassword } from './commands/reset-password';
import { CliFailure } from './config-option';

export function buildProgram(): Command {
  const program = new Command('fantasy')
    .description('Article Fantasy League: HTTP API, SQLite store and admin commands')
    .version(`${version} (node ${process.version})`, '-V, --version', 'print the version and the Node.js runtime running it')
    .option('--config <file>', 'JSON configuration file (default ./fantasy.config.json when present)')
    .showHelpAfterError('(fantasy --help lists the verbs; fantasy VERB --help its options)')
    .exitOverride();
  registerServe(program);
  registerMigrate(program);
  registerSettle(program);
  registerSeedGlobal(program);
  registerImportPerformances(program);
  registerCollect(program);
  registerPrune(program);
  registerBackup(program);
  registerStatus(program);
  registerCheck(program);
  registerConfig(program);
  registerOpenApi(program);
  registerAnnounce(program);
  registerReports(program);
  registerCopyToPostgres(program);
  registerResetPassword(program);
  return program;
}

/** Exit codes: 0 success, 1 a failure explained in one line, 2 bad usage. */
export async function runCli(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.exitCode === 0) return 0;
      return 2;
    }
    if (error instanceof ConfigError || error instanceof CliFailure) {
      process.stderr.write(`fantasy: ${error.message}\n`);
      return 1;
    }
    if (error instanceof Failure) {
      process.stderr.write(`fantasy: ${error.code}\n`);
      return 1;
    }
    process.stderr.write(`fantasy: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
