import { collectorJob } from './collector-job';
import type { DailyJob } from './scheduler';
import { settlementJob } from './settlement-job';

/** What `serve` runs each day: score yesterday at 05:00 UTC, then settle at 06:00 (§14 #4). */
export const DAILY_JOBS: readonly DailyJob[] = [collectorJob, settlementJob];
