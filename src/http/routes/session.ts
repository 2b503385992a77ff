import { Elysia } from 'elysia';
import type { AppContext } from '../../app-context';
import { expiredSessionCookie, requirePlayer, requireSession } from '../session';

export function sessionRoutes(ctx: AppContext) {
  return new Elysia()
    .get('/api/v1/session', async ({ request }) => {
      // The session is read from the token's claims, not from the database.
      const claims = await requireSession(ctx, request);
      const { sub, email, name, picture } = claims;
      return { sub, email, name, picture, features: { articleGenie: ctx.upstream.languageModel !== null } };
    })
    .delete('/api/v1/session', async ({ request }) => {
      await requireSession(ctx, request);
      return new Response(JSON.stringify({ success: true }), {
        status: 200,
        headers: { 'content-type': 'application/json', 'set-cookie': expiredSessionCookie(ctx) },
      });
    })
    .get('/api/v1/player', async ({ request }) => {
      const player = await requirePlayer(ctx, request);
      return { id: player.id, name: player.name };
    });
}
