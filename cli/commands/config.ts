import type { Command } from 'commander';
import { explainConfig } from '../../src/platform/config-report';
import type { CommonOptions } from '../config-option';

/** `fantasy config [--json]`: the effective configuration, each value's source, secrets masked. */
export function registerConfig(program: Command): void {
  program
    .command('config')
    .description('print the effective configuration and where each value comes from (secrets masked)')
    .option('--json', 'print one JSON object: key → { value, source }')
    .option('--port <port>', 'as serve would take it', Number)
    .option('--host <host>', 'as serve would take it')
    .option('--database <file>', 'SQLite file')
    .action((flags: { json?: boolean; port?: number; host?: string; database?: string }, command: Command) => {
      const all = command.optsWithGlobals<CommonOptions>();
      const { file, entries } = explainConfig({ file: all.config, flags: { port: flags.port, host: flags.host, database: flags.database } });
      if (flags.json) {
        const object = Object.fromEntries(entries.map(({ key, value, source }) => [key, { value, source }]));
        process.stdout.write(`${JSON.stringify({ file: file ?? null, keys: object }, null, 2)}\n`);
        return;
      }
      const width = Math.max(...entries.map((entry) => entry.key.length));
      const shown = (value: unknown) => (value === null ? '(unset)' : typeof value === 'string' ? value : JSON.stringify(value));
      process.stdout.write(`# configuration file: ${file ?? 'none'}\n`);
      for (const { key, value, source } of entries) process.stdout.write(`${key.padEnd(width)}  ${shown(value)}  [${source}]\n`);
    });
}
