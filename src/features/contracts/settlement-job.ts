/**
 * The settlement sweep as a daily job: 06:00 UTC, after the scoring ingest of the previous day.
 * Then the renewals that can be chosen today are priced, before the 07:00 push.
 */
import type { AppContext } from '../../platform/app-context';
import type { DailyJob } from '../../platform/jobs/scheduler';
import { tally } from './settlement-service';

/** Housekeeping at 06:30 waits for this job; what is left unpriced then, a read prices. */
const PRICING_MINUTES = 25;

export const settlementJob: DailyJob = {
  name: 'settlement',
  hour: 6,
  minute: 0,
  async run(ctx: AppContext, now: Date) {
    const report = await ctx.services.settlement.sweep(now);
    ctx.log.info('settlement sweep done', { today: report.today, ...tally(report) });
    const pricing = await ctx.services.contracts.priceRenewalWindow(now, new Date(now.getTime() + PRICING_MINUTES * 60_000));
    ctx.log.info('renewals priced for the morning', { today: report.today, ...pricing });
  },
};
