import { GenieSeedRequestSchema, GenieSeedsSchema, GenieTurnRequestSchema, GenieTurnResponseSchema } from '../../wire/genie';
import { route } from '../route-kit';

const tag = 'Article Genie';

/**
 * The Article Genie (§10): seeds for the candidate search, then one narrowing turn per call.
 * The service refuses a bad body only after the binding and the quota (Genie rule 1).
 */
export const genieRoutes = [
  route({
    id: 'seedGenie',
    method: 'POST',
    path: '/api/v1/me/genie-seeds',
    summary: 'Search keywords and anchor articles from the player’s description (§10.1)',
    tag,
    access: 'player',
    body: { schema: GenieSeedRequestSchema, malformed: 'GENIE_MALFORMED_BODY', invalid: 'GENIE_MALFORMED_BODY', checkedByService: true },
    answer: { json: GenieSeedsSchema },
    handle: ({ services, player, body }) => services.genie.seed(player.id, body),
  }),
  route({
    id: 'takeGenieTurn',
    method: 'POST',
    path: '/api/v1/me/genie-turns',
    summary: 'One narrowing turn: the next question and the candidates that survive (§10.3)',
    tag,
    access: 'player',
    body: { schema: GenieTurnRequestSchema, malformed: 'GENIE_MALFORMED_BODY', invalid: 'GENIE_MALFORMED_BODY', checkedByService: true },
    answer: { json: GenieTurnResponseSchema },
    handle: ({ services, player, body }) => services.genie.turn(player.id, body),
  }),
];
