import { type Command, InvalidArgumentError } from 'commander';
import { ManualClock, systemClock } from '../../src/platform/clock';
import { parseStrictDate } from '../../src/domain/dates';
import { openRuntime } from '../../src/platform/runtime';
import { runRecorded } from '../../src/platform/jobs/job-runs';
import { tally, type SweepOutcome } from '../../src/features/contracts/settlement-service';
import { configFor, operatorLog } from '../config-option';
import { progressReporter } from '../progress';

/**
 * `YYYY-MM-DD` (midnight UTC) or `YYYY-MM-DDTHH:MM[:SS[.fff]]` with `Z` or `±HH:MM`. Strict:
 * `Date` alone rolls 2026-02-30 over to March and reads an instant without an offset as local
 * time, either of which would quietly sweep the wrong day.
 */
const INSTANT = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-](\d{2}):(\d{2})))?$/;

function instant(value: string): Date {
  const match = INSTANT.exec(value);
  const [, date, hours = '0', minutes = '0', seconds = '0', offsetHours = '0', offsetMinutes = '0'] = match ?? [];
  const inRange = Number(hours) <= 23 && Number(minutes) <= 59 && Number(seconds) <= 59 && Number(offsetHours) <= 23 && Number(offsetMinutes) <= 59;
  if (!match || !parseStrictDate(date) || !inRange) {
    throw new InvalidArgumentError('expected a date or an ISO-8601 instant with its offset, e.g. 2026-05-10T06:00:00Z');
  }
  return new Date(value);
}

function describe(outcome: SweepOutcome): string {
  const what = `${outcome.contractId} ${outcome.articleId} (league ${outcome.leagueId}, team ${outcome.teamId})`;
  switch (outcome.result) {
    case 'renewed':
      return `renewed  ${what}: ${outcome.newPurchasePrice} credits (+${outcome.premium} premium) until ${outcome.newExpireDate}`;
    case 'settled':
      return `settled  ${what}: paid ${outcome.currentPrice}, delta ${outcome.delta}`;
    case 'renewal-unaffordable':
      return `settled  ${what}: renewal not affordable; paid ${outcome.currentPrice}, delta ${outcome.delta}`;
    case 'skipped':
      return `skipped  ${what}: ${outcome.reason} (left for the next run)`;
  }
}

/** `fantasy settle [--at INSTANT]`: the settlement sweep once, for the UTC day of the instant. */
export function registerSettle(program: Command): void {
  program
    .command('settle')
    .description('run the settlement sweep once (renew elected contracts, settle the rest at expiry), then price the renewals that can be chosen today')
    .option('--at <instant>', 'pretend the sweep runs at this instant (UTC day decides what is due)', instant)
    .option('--database <file>', 'SQLite file')
    // a usage error is one line on stderr (exit 2), not the line followed by the whole help
    .showHelpAfterError(false)
    .action(async (flags: { at?: Date; database?: string }, command: Command) => {
      const config = configFor(command, flags, 'postgres-too');
      // Logs go to stderr so stdout carries only the report.
      const { log, secrets } = operatorLog(config);
      const runtime = await openRuntime(config, { log, secrets, clock: flags.at ? new ManualClock(flags.at) : systemClock });
      try {
        const { ctx } = runtime;
        const progress = progressReporter('settle', 'contracts', { log });
        const report = await runRecorded({ ...ctx, clock: systemClock }, 'settlement', () =>
          ctx.services.settlement.sweep(ctx.clock.now(), { onProgress: progress.update }),
        );
        progress.finish();
        for (const outcome of report.outcomes) process.stdout.write(`${describe(outcome)}\n`);
        const { settled, renewed, skipped } = tally(report);
        process.stdout.write(`sweep for ${report.today}: ${settled} settled, ${renewed} renewed, ${skipped} skipped\n`);
        // as the 06:00 job does: the renewals that can be chosen today, priced before players read them
        const pricing = await ctx.services.contracts.priceRenewalWindow(ctx.clock.now());
        process.stdout.write(`renewals that can be chosen today: ${pricing.articles} article(s), ${pricing.fetched} priced now, ${pricing.unreachable} left unpriced (encyclopedia unreachable)\n`);
      } finally {
        await runtime.close();
      }
    });
}
