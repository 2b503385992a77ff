/** The settlement sweep as a daily job: 06:00 UTC, after the scoring ingest of the previous day. */
import type { AppContext } from '../../platform/app-context';
import type { DailyJob } from '../../platform/jobs/scheduler';
import { tally } from './settlement-service';

export const settlementJob: DailyJob = {
  name: 'settlement',
  hour: 6,
  minute: 0,
  async run(ctx: AppContext, now: Date) {
    const report = await ctx.services.settlement.sweep(now);
    ctx.log.info('settlement sweep done', { today: report.today, ...tally(report) });
  },
};
