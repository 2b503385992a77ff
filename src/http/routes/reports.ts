import { Elysia } from 'elysia';
import { ReportService } from '../../services/report-service';
import type { AppContext } from '../../app-context';
import { readJsonBody } from '../request-body';
import { requirePlayer } from '../session';

/** Problem reports (§9): the reporter is the session's player, never anything in the body. */
export function reportRoutes(ctx: AppContext) {
  const reports = new ReportService({
    db: ctx.db,
    clock: ctx.clock,
    log: ctx.log,
    issueTracker: ctx.upstream.issueTracker,
    environment: ctx.config.environment,
  });
  return new Elysia().post(
    '/api/v1/reports',
    async ({ request, set }) => {
      const player = await requirePlayer(ctx, request);
      const filed = await reports.submit(player.id, () => readJsonBody(request, 'REPORT_MALFORMED_BODY'));
      set.status = 201;
      return filed;
    },
    { parse: 'none' },
  );
}
