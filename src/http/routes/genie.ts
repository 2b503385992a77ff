import { Elysia } from 'elysia';
import type { AppContext } from '../../app-context';
import { readJsonBody } from '../request-body';
import { requirePlayer } from '../session';

/** The Article Genie (§10): seeds for the candidate search, then one narrowing turn per call. */
export function genieRoutes(ctx: AppContext) {
  const { genie } = ctx.services;
  return new Elysia()
    .post(
      '/api/v1/me/genie-seeds',
      async ({ request }) => {
        const player = await requirePlayer(ctx, request);
        return genie.seed(player.id, () => readJsonBody(request, 'GENIE_MALFORMED_BODY'));
      },
      { parse: 'none' },
    )
    .post(
      '/api/v1/me/genie-turns',
      async ({ request }) => {
        const player = await requirePlayer(ctx, request);
        return genie.turn(player.id, () => readJsonBody(request, 'GENIE_MALFORMED_BODY'));
      },
      { parse: 'none' },
    );
}
