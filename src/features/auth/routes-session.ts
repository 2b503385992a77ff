import { Elysia } from 'elysia';
import type { AppContext } from '../../platform/app-context';
import type { Services } from '../../platform/composition-root';
import { SuccessSchema } from '../../platform/http/wire/common';
import { PlayerSchema, SessionSchema } from './wire';
import { playerSession, sessionClaims } from '../../platform/http/plugins/guards';
import { answer } from '../../platform/http/route-schemas';
import { expiredSessionCookie } from '../../platform/http/session';
import { docs } from '../../platform/http/route-docs';

const doc = docs('Session', 'session');

export function sessionRoutes(ctx: AppContext, services: Services) {
  const fromToken = new Elysia({ prefix: '/api/v1' })
    .use(sessionClaims(ctx))
    // The session is read from the token's claims; the database only says when a password account's password was last set.
    .get('/session', ({ claims: { sub, email, name, picture } }) => ({ sub, email, name, picture, features: { articleGenie: ctx.upstream.languageModel !== null } }), {
      response: answer(SessionSchema),
      ...doc({ id: 'getSession', summary: 'The session the cookie carries, and what this deployment offers' }),
    })
    .delete(
      '/session',
      ({ set }) => {
        set.headers['set-cookie'] = expiredSessionCookie(ctx);
        return { success: true as const };
      },
      { response: answer(SuccessSchema), ...doc({ id: 'signOut', summary: 'Sign out: expires the cookie; nothing is revoked server-side' }) },
    );
  const player = new Elysia({ prefix: '/api/v1' }).use(playerSession(ctx, services)).get('/player', ({ player }) => player, {
    response: answer(PlayerSchema),
    ...doc({ id: 'getPlayer', summary: 'The player the session names' }),
  });
  return new Elysia().use(fromToken).use(player);
}
