import type { Command } from 'commander';
import { type Config, loadConfig } from '../src/config';

export interface CommonOptions {
  config?: string;
  port?: number;
  host?: string;
  database?: string;
}

/** Reads configuration for a verb: its own flags over the inherited `--config FILE`. */
export function configFor(command: Command, flags: Partial<CommonOptions> = {}): Config {
  const all = command.optsWithGlobals<CommonOptions>();
  return loadConfig({ file: all.config, flags: { port: flags.port, host: flags.host, database: flags.database ?? all.database } });
}

/** A failure the operator can act on: one line on stderr, exit code 1. */
export class CliFailure extends Error {}
