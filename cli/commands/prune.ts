import type { Command } from 'commander';
import { systemClock } from '../../src/platform/clock';
import { silentLogger } from '../../src/platform/log';
import { openRuntime } from '../../src/platform/runtime';
import { pruneStaleRows } from '../../src/features/operations/housekeeping-store';
import { runRecorded } from '../../src/platform/jobs/job-runs';
import { configFor } from '../config-option';

/** `fantasy prune`: the 06:30 housekeeping job by hand (for cron users); safe to repeat. */
export function registerPrune(program: Command): void {
  program
    .command('prune')
    .description('delete cache and rate-limit rows nobody will read again (what serve does daily at 06:30 UTC)')
    .option('--database <file>', 'SQLite file')
    .action(async (flags: { database?: string }, command: Command) => {
      const config = configFor(command, flags, 'postgres-too');
      const runtime = await openRuntime(config, { log: silentLogger });
      try {
        const { db } = runtime.ctx;
        const report = await runRecorded({ db, clock: systemClock }, 'housekeeping', async () => pruneStaleRows(db, systemClock.now()));
        process.stdout.write(
          `pruned ${report.viewSeries} view series, ${report.upstreamCache} cached answers, ${report.rateLimitHits} rate-limit hits\n`,
        );
      } finally {
        await runtime.close();
      }
    });
}
