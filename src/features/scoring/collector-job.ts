/**
 * The built-in scoring engine as a daily job: 05:00 UTC, before the 06:00 settlement
 *. It scores yesterday and every unscored in-season day of the week before, oldest
 * first, so a server that was down for a night or two catches up on its own.
 */
import type { AppContext } from '../../platform/app-context';
import type { CollectOptions, CollectReport } from './collector-service';
import type { DailyJob } from '../../platform/jobs/scheduler';
import { daysToCatchUp } from './scoring-gaps';

export const collectorJob: DailyJob = {
  name: 'collect',
  hour: 5,
  minute: 0,
  async run(ctx: AppContext, now: Date) {
    await collectPendingOrThrow(ctx, now);
  },
};


export interface CatchUpResult {
  /** the days scored, oldest first */
  scored: CollectReport[];
  /** the day that could not be scored (nothing of it written), with the error */
  failure?: { date: string; error: unknown };
  /** days after the failed one, not attempted */
  notAttempted: string[];
}

export interface CatchUpOptions {
  /** a fresh progress listener for each day scored */
  progressFor?: (date: string) => CollectOptions['onProgress'];
}

/**
 * Scores every day `daysToCatchUp` names. Stops at the first day the encyclopedia fails
 * on: the days after it would most likely fail the same way, and the next run retries them.
 */
export async function collectPending(ctx: AppContext, now: Date, options: CatchUpOptions = {}): Promise<CatchUpResult> {
  const days = await daysToCatchUp(ctx.db, now);
  if (days.length > 1) ctx.log.info('collect: catching up unscored days', { days });
  const { collector } = ctx.services;
  const scored: CollectReport[] = [];
  for (const [index, date] of days.entries()) {
    try {
      scored.push(await collector.collect(date, { onProgress: options.progressFor?.(date) }));
    } catch (error) {
      ctx.log.error('collect: a day could not be scored', { date, errorMessage: error instanceof Error ? error.message : String(error) });
      return { scored, failure: { date, error }, notAttempted: days.slice(index + 1) };
    }
  }
  return { scored, notAttempted: [] };
}

/** A catch-up that stopped at a day: what was scored before it travels with the error. */
export class CatchUpFailure extends Error {
  constructor(readonly result: CatchUpResult & { failure: NonNullable<CatchUpResult['failure']> }) {
    const cause = result.failure.error;
    super(`collect ${result.failure.date} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'CatchUpFailure';
  }
}

/** `collectPending`, throwing CatchUpFailure when a day failed (so a recorded run counts as failed). */
export async function collectPendingOrThrow(ctx: AppContext, now: Date, options: CatchUpOptions = {}): Promise<CatchUpResult> {
  const result = await collectPending(ctx, now, options);
  if (result.failure) throw new CatchUpFailure({ ...result, failure: result.failure });
  return result;
}
