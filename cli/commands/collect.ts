import { type Command, InvalidArgumentError } from 'commander';
import { parseStrictDate } from '../../src/domain/dates';
import { CATCH_UP_DAYS } from '../../src/domain/operations';
import { openRuntime } from '../../src/platform/runtime';
import type { CollectReport } from '../../src/features/scoring/collector-service';
import { CatchUpFailure, collectPendingOrThrow } from '../../src/features/scoring/collector-job';
import { runRecorded } from '../../src/platform/jobs/job-runs';
import { UpstreamError } from '../../src/upstream/http-client';
import { CliFailure, configFor, operatorLog } from '../config-option';
import { progressReporter } from '../progress';

function day(value: string): string {
  const date = parseStrictDate(value);
  if (!date) throw new InvalidArgumentError('a real calendar day, YYYY-MM-DD');
  return date;
}

const reportLine = (report: CollectReport) =>
  `collected ${report.date}: ${report.teams} teams, ${report.articles} articles, ${report.written} performances written\n`;

/**
 * `fantasy collect [--date D]`: the built-in scoring engine once. Without `--date` it does
 * what the 05:00 job does: yesterday, and every unscored in-season day of the week before.
 */
export function registerCollect(program: Command): void {
  program
    .command('collect')
    .description(`score with the built-in engine: yesterday and any unscored day of the last ${CATCH_UP_DAYS} (or only --date)`)
    .option('--date <YYYY-MM-DD>', 'score only this day', day)
    .option('--database <file>', 'SQLite file')
    .action(async (flags: { date?: string; database?: string }, command: Command) => {
      const config = configFor(command, flags, 'postgres-too');
      // Logs go to stderr so stdout carries only the report.
      const { log, secrets } = operatorLog(config);
      const runtime = await openRuntime(config, { log, secrets });
      const { ctx } = runtime;
      const progressFor = (date: string) => {
        const progress = progressReporter(`collect ${date}`, 'fetches', { log });
        let finished = false;
        return (done: number, total: number) => {
          progress.update(done, total);
          if (done === total && !finished) {
            finished = true;
            progress.finish();
          }
        };
      };
      try {
        if (flags.date) {
          const date = flags.date;
          const report = await runRecorded(ctx, 'collect', () => ctx.services.collector.collect(date, { onProgress: progressFor(date) })).catch((error) => {
            if (error instanceof UpstreamError) throw new CliFailure(`collect ${date} aborted, nothing written: ${error.message}`);
            throw error;
          });
          process.stdout.write(reportLine(report));
          return;
        }
        try {
          const result = await runRecorded(ctx, 'collect', () => collectPendingOrThrow(ctx, ctx.clock.now(), { progressFor }));
          for (const report of result.scored) process.stdout.write(reportLine(report));
          process.stdout.write(`scored ${result.scored.length} day(s), oldest first: ${result.scored.map((r) => r.date).join(', ')}\n`);
        } catch (error) {
          if (!(error instanceof CatchUpFailure)) throw error;
          const { scored, failure, notAttempted } = error.result;
          for (const report of scored) process.stdout.write(reportLine(report));
          const cause = failure.error instanceof Error ? failure.error.message : String(failure.error);
          const rest = notAttempted.length ? `; not attempted: ${notAttempted.join(', ')}` : '';
          throw new CliFailure(`collect ${failure.date} aborted, nothing written for it: ${cause}${rest}`);
        }
      } finally {
        await runtime.close();
      }
    });
}
