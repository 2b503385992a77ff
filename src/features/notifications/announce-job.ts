/** `announce` as a daily job: 07:00 UTC, after scoring (05:00) and the settlement sweep (06:00). */
import type { AppContext } from '../../platform/app-context';
import type { DailyJob } from '../../platform/jobs/scheduler';

export const announceJob: DailyJob = {
  name: 'announce',
  hour: 7,
  minute: 0,
  async run(ctx: AppContext, now: Date) {
    await ctx.services.announce.run(now);
    // sending now rather than on the outbox loop keeps the morning on time
    const report = await ctx.services.outbox.drain();
    ctx.log.info('announce sent', { ...report });
  },
};
