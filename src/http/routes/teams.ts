import { Elysia } from 'elysia';
import type { AppContext } from '../../app-context';
import { clientAddress } from '../connection';
import { readJsonBody } from '../request-body';
import { requirePlayer } from '../session';

/** The caller's team in a league (interface "Teams" table): read, join, leave. */
export function teamRoutes(ctx: AppContext) {
  const { membership } = ctx.services;

  return new Elysia()
    .get('/api/v1/leagues/:id/my-team', async ({ request, params }) => {
      const player = await requirePlayer(ctx, request);
      return membership.myTeam(params.id, player.id);
    })
    .post(
      '/api/v1/leagues/:id/my-team',
      async ({ request, params, set }) => {
        const player = await requirePlayer(ctx, request);
        // An unreadable body names no team: the same answer as a missing name.
        const body = await readJsonBody(request, 'TEAM_NAME_REQUIRED');
        const team = membership.join(params.id, player.id, body, clientAddress(request, ctx.config.trustProxy));
        set.status = 201;
        return team;
      },
      { parse: 'none' },
    )
    .post(
      '/api/v1/leagues/:id/my-departure',
      async ({ request, params }) => {
        const player = await requirePlayer(ctx, request);
        return membership.leave(params.id, player.id);
      },
      { parse: 'none' },
    );
}
