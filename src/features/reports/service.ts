/** The reporter is always the session's player, named in the issue only by the opaque id. */
import type { Clock } from '../../platform/clock';
import { fail, failRateLimited } from '../../domain/errors';
import { accepted, type Checked } from '../../domain/checked';
import { type ProblemReport, reportIssue } from '../../domain/problem-report';
import type { Logger } from '../../platform/log';
import type { Database } from '../../platform/db/database';
import { RATE_LIMITS } from '../../domain/rate-limits';
import { takeRateLimit } from '../../platform/db/rate-limits';
import { keepReport } from './store';
import { type IssueTrackerClient, IssueTrackerError } from '../../upstream/issue-tracker';
import type { FiledReport } from './wire';

export interface ReportServiceDeps {
  db: Database;
  clock: Clock;
  log: Logger;
  issueTracker: IssueTrackerClient | null;
  /** the deployment's `environment`: written into the issue, and `preview` outside production */
  environment: string;
  /** the app's address: a report kept here is answered with its page there */
  appUrl: string;
}

/** An address the player can open, not an issue. */
export function keptReportUrl(appUrl: string, number: number): string {
  return `${appUrl.replace(/\/+$/, '')}/report?received=${number}`;
}

export class ReportService {
  constructor(private readonly deps: ReportServiceDeps) {}

  /** The attempt is charged first, so a client hammering with broken bodies runs out of quota like any other. */
  async submit(playerId: string, request: Checked<ProblemReport>): Promise<FiledReport> {
    const { db, clock, log, issueTracker, environment } = this.deps;
    const quota = await takeRateLimit(db, RATE_LIMITS.reports, playerId, clock.now().getTime());
    if (!quota.allowed) failRateLimited('REPORT_RATE_LIMITED', quota.retryAfterMs);
    const report = accepted(request);
    if (!issueTracker) {
      // A self-hoster without a tracker still hears of it: the report is kept for `fantasy reports`.
      const number = await keepReport(db, {
        playerId,
        category: report.category,
        title: report.title,
        body: report.body,
        contactConsent: report.contactConsent,
        diagnostics: { ...report.diagnostics },
        createdAt: clock.now().toISOString(),
      });
      log.info('problem report kept', { report: number });
      return { issueNumber: number, issueUrl: keptReportUrl(this.deps.appUrl, number) };
    }
    try {
      const issue = await issueTracker.createIssue(reportIssue(report, playerId, environment));
      return { issueNumber: issue.number, issueUrl: issue.htmlUrl };
    } catch (error) {
      log.warn('problem report refused: issue tracker failed', {
        reason: error instanceof IssueTrackerError ? error.message : 'unexpected error',
      });
      fail('REPORT_SUBMISSION_FAILED', 'issue tracker failed');
    }
  }
}
