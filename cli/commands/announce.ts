import type { Command } from 'commander';
import { systemClock } from '../../src/platform/clock';
import { openRuntime } from '../../src/platform/runtime';
import { runRecorded } from '../../src/platform/jobs/job-runs';
import { configFor, operatorLog } from '../config-option';

/**
 * `fantasy announce`: the latest scored day's messages to league webhooks and push
 * subscribers, once per league and day however often it runs, then one attempt at every
 * message due (what failed is retried by `serve`'s worker, or by the next run).
 */
export function registerAnnounce(program: Command): void {
  program
    .command('announce')
    .description('send the latest scored day’s messages to league webhooks and push subscribers (what serve does daily at 07:00 UTC); safe to repeat')
    .option('--database <file>', 'SQLite file')
    .action(async (flags: { database?: string }, command: Command) => {
      const config = configFor(command, flags, 'postgres-too');
      // Logs go to stderr so stdout carries only the report.
      const { log, secrets } = operatorLog(config);
      const runtime = await openRuntime(config, { log, secrets, clock: systemClock });
      try {
        const { ctx } = runtime;
        const { written, delivered } = await runRecorded(ctx, 'announce', async () => {
          const written = await ctx.services.announce.run(ctx.clock.now());
          return { written, delivered: await ctx.services.outbox.drain() };
        });
        process.stdout.write(
          `announce for ${written.today}: ${written.leagues} league(s), ${written.webhookMessages} webhook and ${written.pushMessages} push message(s) written; ` +
            `${delivered.sent} sent, ${delivered.retried} to retry, ${delivered.dropped} dropped\n`,
        );
      } finally {
        await runtime.close();
      }
    });
}
