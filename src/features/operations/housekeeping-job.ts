/** Daily at 06:30 UTC, after scoring and settlement have read what they need from the caches. */
import type { AppContext } from '../../platform/app-context';
import { pruneStaleRows } from './housekeeping-store';
import type { DailyJob } from '../../platform/jobs/scheduler';

export const housekeepingJob: DailyJob = {
  name: 'housekeeping',
  hour: 6,
  minute: 30,
  async run(ctx: AppContext, now: Date) {
    ctx.log.info('pruned stale cache rows', { ...(await pruneStaleRows(ctx.db, now)) });
  },
};
