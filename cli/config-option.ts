import type { Command } from 'commander';
import { type Config, loadConfig } from '../src/config';

export interface CommonOptions {
  config?: string;
  port?: number;
  host?: string;
  database?: string;
}

/**
 * Which store a verb can run on. Only `migrate` and `copy-to-postgres` work on PostgreSQL so
 * far (and verbs that open no store); every other verb refuses a `databaseUrl` at once.
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
    `${verb} does not run on PostgreSQL yet: databaseUrl selects the PostgreSQL store, which is migrated and filled by ` +
    `\`fantasy migrate\` and \`fantasy copy-to-postgres\`, but serving from it is not built yet; unset databaseUrl (FANTASY_DATABASE_URL) to use the SQLite file`
  );
}

/** A failure the operator can act on: one line on stderr, exit code 1. */
export class CliFailure extends Error {}
