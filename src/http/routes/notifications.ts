import { Elysia } from 'elysia';
import type { AppContext } from '../../app-context';
import { requirePlayer } from '../session';

/** The notification in-box (§8): across leagues, per league, and mark-read. */
export function notificationRoutes(ctx: AppContext) {
  const { notifications } = ctx.services;
  return new Elysia()
    .get('/api/v1/player/notifications', async ({ request }) => {
      const player = await requirePlayer(ctx, request);
      return notifications.listForPlayer(player.id);
    })
    .get('/api/v1/leagues/:id/my-notifications', async ({ request, params }) => {
      const player = await requirePlayer(ctx, request);
      return notifications.listForLeague(player.id, params.id);
    })
    .patch(
      '/api/v1/notifications/:id/read',
      async ({ request, params }) => {
        const player = await requirePlayer(ctx, request);
        return notifications.markRead(player.id, params.id);
      },
      { parse: 'none' },
    );
}
