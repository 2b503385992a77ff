import { Elysia } from 'elysia';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context';
import type { Services } from '../../platform/composition-root';
import { SuccessSchema } from '../../platform/http/wire/common';
import { PerformanceSchema, PerformancesQuerySchema, SaveLineupRequestSchema, TeamLineupSchema } from './wire';
import { playerSession } from '../../platform/http/plugins/guards';
import { checkedQuery, heldBackBody, judged } from '../../platform/http/route-options';
import { answer, checkedValue } from '../../platform/http/route-schemas';
import { docs } from '../../platform/http/route-docs';
import { leagueMacros } from '../leagues/league-macros';

const doc = docs('Line-ups', 'session');

export function lineupRoutes(ctx: AppContext, services: Services) {
  return new Elysia({ prefix: '/api/v1' })
    .use(playerSession(ctx, services))
    .macro(leagueMacros(ctx.db))
    .get('/leagues/:id/lineup', ({ team }) => services.lineups.myLineup(team), {
      team: true,
      response: answer(TeamLineupSchema),
      ...doc({ id: 'getMyLineup', summary: 'The caller’s line-up in the league: occupied positions and the bench (§3.4)' }),
    })
    .put(
      '/leagues/:id/lineup',
      ({ team, body }) => services.lineups.saveMyLineup(team, judged(SaveLineupRequestSchema, body, 'LINEUP_INVALID_PAYLOAD')),
      {
        team: true,
        // a body that is not JSON is refused first; its shape only once the caller's team is known
        ...heldBackBody(SaveLineupRequestSchema, { malformed: 'LINEUP_INVALID_PAYLOAD', malformedFirst: true }),
        response: answer(SuccessSchema),
        ...doc({ id: 'saveMyLineup', summary: 'Replace the caller’s line-up wholesale (§3.4)' }),
      },
    )
    .get('/leagues/:id/teams/:teamId/lineup', ({ params }) => services.lineups.teamLineup(params.id, params.teamId), {
      response: answer(TeamLineupSchema),
      ...doc({ id: 'getTeamLineup', summary: 'Read-only view of any team’s line-up in the league, departed teams included' }),
    })
    .get('/leagues/:id/my-performances', ({ team, query }) => services.lineups.myPerformances(team, checkedValue(PerformancesQuerySchema, query).limit), {
      team: true,
      ...checkedQuery(PerformancesQuerySchema),
      response: answer(z.array(PerformanceSchema)),
      ...doc({ id: 'listMyPerformances', summary: 'The caller’s scored days in the league, most recent first (§4.5)' }),
    });
}
