/** The built-in scoring engine as a daily job: 05:00 UTC, scoring yesterday, before the 06:00 settlement (§14 #4). */
import { addDays, utcDay } from '../domain/dates';
import type { AppContext } from '../app-context';
import { CollectorService } from './collector-service';
import type { DailyJob } from './scheduler';

export const collectorJob: DailyJob = {
  name: 'collect',
  hour: 5,
  minute: 0,
  async run(ctx: AppContext, now: Date) {
    await collectorFor(ctx).collect(addDays(utcDay(now), -1));
  },
};

export function collectorFor(ctx: AppContext): CollectorService {
  return new CollectorService({ db: ctx.db, clock: ctx.clock, log: ctx.log, encyclopedia: ctx.upstream.encyclopedia });
}
