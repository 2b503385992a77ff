import { collectorJob } from './collector-job';
import { housekeepingJob } from './housekeeping-job';
import type { DailyJob } from './scheduler';
import { settlementJob } from './settlement-job';
import { announceJob } from './announce-job';

/**
 * What `serve` runs each day: score yesterday at 05:00 UTC, settle at 06:00 (§14 #4), prune
 * caches at 06:30, then announce the morning's results at 07:00 (issue 25).
 */
export const DAILY_JOBS: readonly DailyJob[] = [collectorJob, settlementJob, housekeepingJob, announceJob];
