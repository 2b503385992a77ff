import { type Command, InvalidArgumentError } from 'commander';
import { addDays, parseStrictDate, utcDay } from '../../src/domain/dates';
import { jsonLogger } from '../../src/logger';
import { openRuntime } from '../../src/runtime';
import { collectorFor } from '../../src/services/collector-job';
import { UpstreamError } from '../../src/upstream/http-client';
import { CliFailure, configFor } from '../config-option';

function day(value: string): string {
  const date = parseStrictDate(value);
  if (!date) throw new InvalidArgumentError('a real calendar day, YYYY-MM-DD');
  return date;
}

/** `fantasy collect [--date D]`: the built-in scoring engine once; D defaults to yesterday (UTC). */
export function registerCollect(program: Command): void {
  program
    .command('collect')
    .description('score one day with the built-in engine: fetch views and links, ingest performances')
    .option('--date <YYYY-MM-DD>', 'the day to score (default: yesterday, UTC)', day)
    .option('--database <file>', 'SQLite file')
    .action(async (flags: { date?: string; database?: string }, command: Command) => {
      const config = configFor(command, flags);
      // Logs go to stderr so stdout carries only the report.
      const log = jsonLogger((line) => process.stderr.write(`${line}\n`));
      const runtime = openRuntime(config, { log });
      try {
        const { ctx } = runtime;
        const date = flags.date ?? addDays(utcDay(ctx.clock.now()), -1);
        let report;
        try {
          report = await collectorFor(ctx).collect(date);
        } catch (error) {
          if (error instanceof UpstreamError) throw new CliFailure(`collect ${date} aborted, nothing written: ${error.message}`);
          throw error;
        }
        process.stdout.write(
          `collected ${report.date}: ${report.teams} teams, ${report.articles} articles, ${report.written} performances written\n`,
        );
      } finally {
        runtime.close();
      }
    });
}
