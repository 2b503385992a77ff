import { Elysia } from 'elysia';
import { performanceLimit } from '../../services/lineup-service';
import type { AppContext } from '../../app-context';
import { readJsonBody } from '../request-body';
import { requirePlayer } from '../session';

/** Line-ups (§3.4) and the caller's performance records (§4.5). */
export function lineupRoutes(ctx: AppContext) {
  const { lineups } = ctx.services;
  return new Elysia()
    .get('/api/v1/leagues/:id/lineup', async ({ request, params }) => {
      const player = await requirePlayer(ctx, request);
      return lineups.myLineup(player.id, params.id);
    })
    .put(
      '/api/v1/leagues/:id/lineup',
      async ({ request, params }) => {
        const player = await requirePlayer(ctx, request);
        const body = await readJsonBody(request, 'LINEUP_INVALID_PAYLOAD');
        lineups.saveMyLineup(player.id, params.id, body);
        return { success: true };
      },
      { parse: 'none' },
    )
    .get('/api/v1/leagues/:id/teams/:teamId/lineup', async ({ request, params }) => {
      await requirePlayer(ctx, request);
      return lineups.teamLineup(params.id, params.teamId);
    })
    .get('/api/v1/leagues/:id/my-performances', async ({ request, params }) => {
      const player = await requirePlayer(ctx, request);
      const limit = performanceLimit(new URL(request.url).searchParams.get('limit'));
      return lineups.myPerformances(player.id, params.id, limit);
    });
}
