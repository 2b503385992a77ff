import { Elysia } from 'elysia';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context';
import type { Services } from '../../platform/composition-root';
import { SuccessSchema } from '../../platform/http/wire/common';
import { NotificationSchema } from './wire';
import { playerSession } from '../../platform/http/plugins/guards';
import { answer } from '../../platform/http/route-schemas';
import { docs } from '../../platform/http/route-docs';
import { leagueMacros } from '../leagues/league-macros';

const doc = docs('Notifications', 'session');

export function notificationRoutes(ctx: AppContext, services: Services) {
  return new Elysia({ prefix: '/api/v1' })
    .use(playerSession(ctx, services))
    .macro(leagueMacros(ctx.db))
    .get('/player/notifications', ({ player }) => services.notifications.listForPlayer(player.id), {
      response: answer(z.array(NotificationSchema)),
      ...doc({ id: 'listMyNotifications', summary: 'The caller’s notifications across every league, newest first, each naming its league' }),
    })
    .get('/leagues/:id/my-notifications', ({ member }) => services.notifications.listForTeam(member.team.id), {
      member: true,
      response: answer(z.array(NotificationSchema)),
      ...doc({ id: 'listMyLeagueNotifications', summary: 'The caller’s notifications in one league' }),
    })
    .patch('/notifications/:id/read', ({ player, params }) => services.notifications.markRead(player.id, params.id), {
      response: answer(SuccessSchema),
      ...doc({ id: 'markNotificationRead', summary: 'Mark one of the caller’s notifications read' }),
    });
}
