import type { Command } from 'commander';
import { type Config, loadConfig } from '../src/platform/config';
import { jsonLogger, type Logger } from '../src/platform/log';
import { configSecretValues, SecretValues } from '../src/platform/redaction';

export interface CommonOptions {
  config?: string;
  port?: number;
  host?: string;
  database?: string;
}

/**
 * Which store a verb can run on. `backup`, `check`, `prune` and `status` read SQLite's file
 * itself and refuse a `databaseUrl` at once; the others run on either store.
 */
export type StoreSupport = 'sqlite-only' | 'postgres-too';

/** Reads configuration for a verb: its own flags over the inherited `--config FILE`. */
export function configFor(command: Command, flags: Partial<CommonOptions> = {}, stores: StoreSupport = 'sqlite-only'): Config {
  const all = command.optsWithGlobals<CommonOptions>();
  const config = loadConfig({ file: all.config, flags: { port: flags.port, host: flags.host, database: flags.database ?? all.database } });
  if (stores === 'sqlite-only' && config.databaseUrl !== undefined) throw new CliFailure(postgresNotBuiltLine(command.name()));
  return config;
}

/** Why a verb stops when `databaseUrl` selects PostgreSQL: what works there and what does not yet. */
export function postgresNotBuiltLine(verb: string): string {
  return (
    `${verb} works on the SQLite file only: databaseUrl selects PostgreSQL, whose own tools do this ` +
    `(pg_dump for a backup, amcheck for damage); unset databaseUrl (FANTASY_DATABASE_URL) to use the SQLite file`
  );
}

/** A failure the operator can act on: one line on stderr, exit code 1. */
export class CliFailure extends Error {}

/**
 * A verb's log: JSON lines at the configured `logLevel`, secrets masked (the configuration's;
 * openRuntime adds those the database holds). Verbs other than serve write it to stderr, so
 * stdout carries only their report.
 */
export function operatorLog(config: Config, sink: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): { log: Logger; secrets: SecretValues } {
  const secrets = new SecretValues(configSecretValues(config));
  return { log: jsonLogger(sink, { level: config.logLevel, secrets }), secrets };
}
