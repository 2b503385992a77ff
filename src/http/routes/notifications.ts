import { z } from 'zod';
import { SuccessSchema } from '../../wire/common';
import { NotificationSchema } from '../../wire/notifications';
import { route } from '../route-kit';

const tag = 'Notifications';

/** The notification in-box (§8): across leagues, per league, and mark-read. */
export const notificationRoutes = [
  route({
    id: 'listMyNotifications',
    method: 'GET',
    path: '/api/v1/player/notifications',
    summary: 'The caller’s notifications across every league, newest first, each naming its league',
    tag,
    access: 'player',
    answer: { json: z.array(NotificationSchema) },
    handle: ({ services, player }) => services.notifications.listForPlayer(player.id),
  }),
  route({
    id: 'listMyLeagueNotifications',
    method: 'GET',
    path: '/api/v1/leagues/:id/my-notifications',
    summary: 'The caller’s notifications in one league',
    tag,
    access: 'player',
    answer: { json: z.array(NotificationSchema) },
    handle: ({ services, player, params }) => services.notifications.listForLeague(player.id, params.id),
  }),
  route({
    id: 'markNotificationRead',
    method: 'PATCH',
    path: '/api/v1/notifications/:id/read',
    summary: 'Mark one of the caller’s notifications read',
    tag,
    access: 'player',
    answer: { json: SuccessSchema },
    handle: ({ services, player, params }) => services.notifications.markRead(player.id, params.id),
  }),
];
