/** Whoever started it (the scheduler or a cron CLI verb), so `fantasy status` can say when each last ran and how it ended. */
import type { Clock } from '../clock';
import { errorFields } from '../log';
import type { Database } from '../db/database';
import { readSetting, writeSetting } from '../db/settings';

export const JOB_NAMES = ['collect', 'settlement', 'housekeeping', 'announce'] as const;

export interface JobRunRecord {
  startedAt: string;
  finishedAt: string;
  ms: number;
  outcome: 'ok' | 'failed';
  /** never a secret: upstream errors name only a host */
  error?: string;
}

export interface JobObserver {
  observeJob(job: string, outcome: 'ok' | 'failed', seconds: number): void;
}

export interface RecordedRunDeps {
  db: Database;
  clock: Clock;
  metrics?: JobObserver;
}

const key = (job: string) => `job.${job}.lastRun`;

export async function lastJobRun(db: Database, job: string): Promise<JobRunRecord | null> {
  const raw = await readSetting(db, key(job));
  if (!raw) return null;
  try {
    return JSON.parse(raw) as JobRunRecord;
  } catch {
    return null;
  }
}

export async function runRecorded<T>(deps: RecordedRunDeps, job: string, work: () => Promise<T>): Promise<T> {
  const startedAt = deps.clock.now();
  const t0 = performance.now();
  const finish = async (outcome: 'ok' | 'failed', error?: unknown) => {
    const ms = Math.round(performance.now() - t0);
    const record: JobRunRecord = { startedAt: startedAt.toISOString(), finishedAt: deps.clock.now().toISOString(), ms, outcome };
    if (error !== undefined) record.error = String(errorFields(error).errorMessage);
    try {
      await writeSetting(deps.db, key(job), JSON.stringify(record));
    } catch {
      // a full or read-only disk must not hide the job's own outcome
    }
    deps.metrics?.observeJob(job, outcome, ms / 1000);
  };
  try {
    const result = await work();
    await finish('ok');
    return result;
  } catch (error) {
    await finish('failed', error);
    throw error;
  }
}
