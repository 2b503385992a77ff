import type { Command } from 'commander';
import { documentFor } from '../../src/platform/http/app';
import { configFor } from '../config-option';

/**
 * `fantasy openapi`: the OpenAPI 3.1 document `/openapi.json` serves, for the effective
 * configuration (routes it turns off are absent), without opening the database.
 */
export function registerOpenApi(program: Command): void {
  program
    .command('openapi')
    .description('print the OpenAPI 3.1 document of the interface, as /openapi.json serves it')
    // opens no store, so it runs whichever store is configured
    .action((_flags: unknown, command: Command) => {
      process.stdout.write(`${JSON.stringify(documentFor(configFor(command, {}, 'postgres-too')), null, 2)}\n`);
    });
}
