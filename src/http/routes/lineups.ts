import { z } from 'zod';
import { SuccessSchema } from '../../wire/common';
import { PerformanceSchema, PerformancesQuerySchema, SaveLineupRequestSchema, TeamLineupSchema } from '../../wire/lineups';
import { route } from '../route-kit';

const tag = 'Line-ups';

/** Line-ups (§3.4) and the caller's performance records (§4.5). */
export const lineupRoutes = [
  route({
    id: 'getMyLineup',
    method: 'GET',
    path: '/api/v1/leagues/:id/lineup',
    summary: 'The caller’s line-up in the league: occupied positions and the bench (§3.4)',
    tag,
    access: 'player',
    answer: { json: TeamLineupSchema },
    handle: ({ services, player, params }) => services.lineups.myLineup(player.id, params.id),
  }),
  route({
    id: 'saveMyLineup',
    method: 'PUT',
    path: '/api/v1/leagues/:id/lineup',
    summary: 'Replace the caller’s line-up wholesale (§3.4)',
    tag,
    access: 'player',
    // a body that is not JSON is refused first; its shape only once the caller's team is known
    body: {
      schema: SaveLineupRequestSchema,
      malformed: 'LINEUP_INVALID_PAYLOAD',
      invalid: 'LINEUP_INVALID_PAYLOAD',
      checkedByService: true,
      malformedFirst: true,
    },
    answer: { json: SuccessSchema },
    handle: ({ services, player, params, body }) => services.lineups.saveMyLineup(player.id, params.id, body),
  }),
  route({
    id: 'getTeamLineup',
    method: 'GET',
    path: '/api/v1/leagues/:id/teams/:teamId/lineup',
    summary: 'Read-only view of any team’s line-up in the league, departed teams included',
    tag,
    access: 'player',
    answer: { json: TeamLineupSchema },
    handle: ({ services, params }) => services.lineups.teamLineup(params.id, params.teamId),
  }),
  route({
    id: 'listMyPerformances',
    method: 'GET',
    path: '/api/v1/leagues/:id/my-performances',
    summary: 'The caller’s scored days in the league, most recent first (§4.5)',
    tag,
    access: 'player',
    query: PerformancesQuerySchema,
    answer: { json: z.array(PerformanceSchema) },
    handle: ({ services, player, params, query }) => services.lineups.myPerformances(player.id, params.id, query.limit),
  }),
];
