import { type Command, InvalidArgumentError } from 'commander';
import { isValidDomainCode } from '../../src/domain/leagues';
import { isFailure } from '../../src/domain/errors';
import { silentLogger } from '../../src/platform/log';
import { openRuntime } from '../../src/platform/runtime';
import { seedGlobalLeague } from '../../src/features/leagues/global-league';
import { CliFailure, configFor } from '../config-option';

function domainCode(value: string): string {
  if (!isValidDomainCode(value)) throw new InvalidArgumentError('an edition code such as en, it or pt-br');
  return value;
}

/** `fantasy seed-global`: creates the Global League once; re-running changes nothing. */
export function registerSeedGlobal(program: Command): void {
  program
    .command('seed-global')
    .description('create the Global League if it does not exist yet (idempotent)')
    .option('--domain <code>', 'edition of the league (default en)', domainCode)
    .option('--name <name>', 'league name (default "Global League")')
    .option('--database <file>', 'SQLite file')
    .action(async (flags: { domain?: string; name?: string; database?: string }, command: Command) => {
      const config = configFor(command, flags, 'postgres-too');
      const runtime = await openRuntime(config, { log: silentLogger });
      try {
        const { db, clock, log, services } = runtime.ctx;
        const result = await seedGlobalLeague({ db, clock, log, scales: services.leagues }, { domain: flags.domain, name: flags.name });
        const { league } = result;
        const facts = `id ${league.id}, "${league.name}", domain ${league.domain}, L=${league.languageScale}`;
        if (result.created) {
          const source = result.scaleSource === 'calibrated' ? ' (edition calibrated just now)' : '';
          process.stdout.write(`created the Global League: ${facts}${source}\n`);
        } else {
          process.stdout.write(`the Global League already exists, nothing changed: ${facts}\n`);
        }
      } catch (error) {
        if (isFailure(error)) throw new CliFailure(`could not seed the Global League: ${error.code}`);
        throw error;
      } finally {
        await runtime.close();
      }
    });
}
