import { Elysia } from 'elysia';
import type { AppContext } from '../../app-context';
import { readJsonBody } from '../request-body';
import { requirePlayer } from '../session';

/** Problem reports (§9): the reporter is the session's player, never anything in the body. */
export function reportRoutes(ctx: AppContext) {
  const { reports } = ctx.services;
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
