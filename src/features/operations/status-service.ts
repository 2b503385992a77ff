/** What an operator who looks rarely needs to see, and whether anything needs them. */
import { utcDay } from '../../domain/dates';
import { isSettlementOverdue } from '../../domain/operations';
import type { Database } from '../../platform/db/database';
import { databaseBytes, liveContractsExpiredBy } from './store';
import { countKeptReports } from '../reports/store';
import { JOB_NAMES, type JobRunRecord, lastJobRun } from '../../platform/jobs/job-runs';
import { type LeagueScoring, leagueScoring } from '../scoring/scoring-gaps';
import { lastUpstreamFailure, UPSTREAM_NAMES, type UpstreamFailureRecord } from './upstream-health';

export interface DeploymentStatus {
  version: string;
  /** an operator checks the Node.js release for security fixes */
  runtime: string;
  now: string;
  databasePath: string;
  databaseBytes: number;
  jobs: { name: string; lastRun: JobRunRecord | null }[];
  leagues: LeagueScoring[];
  unscoredDays: string[];
  unsettledContracts: { count: number; oldestExpireDate: string | null };
  upstreams: { name: string; lastFailure: UpstreamFailureRecord | null }[];
  /** problem reports kept here (no issue tracker configured); `fantasy reports` lists them */
  problemReports: number;
  attention: string[];
}

export interface StatusDeps {
  db: Database;
  version: string;
  databasePath: string;
}

export async function deploymentStatus(deps: StatusDeps, now: Date): Promise<DeploymentStatus> {
  const { db } = deps;
  const leagues = await leagueScoring(db, now, { overdueOnly: true });
  const unscoredDays = [...new Set(leagues.flatMap((league) => league.unscoredDays))].sort();
  const unsettled = (await liveContractsExpiredBy(db, utcDay(now))).filter((group) => isSettlementOverdue(group.expireDate, now));
  const unsettledContracts = {
    count: unsettled.reduce((sum, group) => sum + group.n, 0),
    oldestExpireDate: unsettled[0]?.expireDate ?? null,
  };
  const attention: string[] = [];
  for (const league of leagues) {
    if (league.unscoredDays.length > 0) {
      attention.push(`league ${league.leagueId} (${league.name}) has ${league.unscoredDays.length} unscored day(s): ${league.unscoredDays.join(', ')}`);
    }
  }
  if (unsettledContracts.count > 0) {
    attention.push(`${unsettledContracts.count} contract(s) past expiry not settled, the oldest expired ${unsettledContracts.oldestExpireDate}`);
  }
  return {
    version: deps.version,
    runtime: process.version,
    now: now.toISOString(),
    databasePath: deps.databasePath,
    databaseBytes: await databaseBytes(db),
    jobs: await Promise.all(JOB_NAMES.map(async (name) => ({ name, lastRun: await lastJobRun(db, name) }))),
    leagues,
    unscoredDays,
    unsettledContracts,
    upstreams: await Promise.all(UPSTREAM_NAMES.map(async (name) => ({ name, lastFailure: await lastUpstreamFailure(db, name) }))),
    problemReports: await countKeptReports(db),
    attention,
  };
}
