import { SuccessSchema } from '../../wire/common';
import { PlayerSchema, SessionSchema } from '../../wire/session';
import { jsonResponse } from '../http-response';
import { route } from '../route-kit';
import { expiredSessionCookie } from '../session';

const tag = 'Session';

/** The session the cookie carries, signing out, and the player it names. */
export const sessionRoutes = [
  route({
    id: 'getSession',
    method: 'GET',
    path: '/api/v1/session',
    summary: 'The session the cookie carries, and what this deployment offers',
    tag,
    access: 'session',
    answer: { json: SessionSchema },
    // The session is read from the token's claims, not from the database.
    handle: ({ ctx, claims: { sub, email, name, picture } }) => ({
      sub,
      email,
      name,
      picture,
      features: { articleGenie: ctx.upstream.languageModel !== null },
    }),
  }),
  route({
    id: 'signOut',
    method: 'DELETE',
    path: '/api/v1/session',
    summary: 'Sign out: expires the cookie; nothing is revoked server-side',
    tag,
    access: 'session',
    answer: { json: SuccessSchema },
    handle: ({ ctx }) => jsonResponse({ success: true }, 200, { 'set-cookie': expiredSessionCookie(ctx) }),
  }),
  route({
    id: 'getPlayer',
    method: 'GET',
    path: '/api/v1/player',
    summary: 'The player the session names',
    tag,
    access: 'player',
    answer: { json: PlayerSchema },
    handle: ({ player }) => ({ id: player.id, name: player.name }),
  }),
];
