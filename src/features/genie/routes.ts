import { Elysia } from 'elysia';
import type { AppContext } from '../../platform/app-context';
import type { Services } from '../../platform/composition-root';
import { GenieSeedRequestSchema, GenieSeedsSchema, GenieTurnRequestSchema, GenieTurnResponseSchema } from './wire';
import { playerSession } from '../../platform/http/plugins/guards';
import { heldBackBody, judged } from '../../platform/http/route-options';
import { answer } from '../../platform/http/route-schemas';
import { docs } from '../../platform/http/route-docs';

const doc = docs('Article Genie', 'session');
const malformed = 'GENIE_MALFORMED_BODY';

/** The service refuses a bad body only after the binding and the quota (Genie rule 1). */
export function genieRoutes(ctx: AppContext, services: Services) {
  return new Elysia({ prefix: '/api/v1' })
    .use(playerSession(ctx, services))
    .post('/me/genie-seeds', ({ player, body }) => services.genie.seed(player.id, judged(GenieSeedRequestSchema, body, malformed)), {
      ...heldBackBody(GenieSeedRequestSchema, { malformed }),
      response: answer(GenieSeedsSchema),
      ...doc({ id: 'seedGenie', summary: 'Search keywords and anchor articles from the player’s description (§10.1)' }),
    })
    .post('/me/genie-turns', ({ player, body }) => services.genie.turn(player.id, judged(GenieTurnRequestSchema, body, malformed)), {
      ...heldBackBody(GenieTurnRequestSchema, { malformed }),
      response: answer(GenieTurnResponseSchema),
      ...doc({ id: 'takeGenieTurn', summary: 'One narrowing turn: the next question and the candidates that survive (§10.3)' }),
    });
}
