import { collectorJob } from '../../features/scoring/collector-job';
import { housekeepingJob } from '../../features/operations/housekeeping-job';
import type { DailyJob } from './scheduler';
import { settlementJob } from '../../features/contracts/settlement-job';
import { announceJob } from '../../features/notifications/announce-job';

/** Score yesterday at 05:00 UTC, settle at 06:00, prune at 06:30, announce at 07:00. */
export const DAILY_JOBS: readonly DailyJob[] = [collectorJob, settlementJob, housekeepingJob, announceJob];
