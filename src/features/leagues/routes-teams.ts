import { Elysia } from 'elysia';
import type { AppContext } from '../../platform/app-context';
import type { Services } from '../../platform/composition-root';
import { DepartureSchema, JoinLeagueRequestSchema, TeamSchema } from './wire-teams';
import { clientAddress } from '../../platform/http/connection';
import { playerSession } from '../../platform/http/plugins/guards';
import { jsonBody } from '../../platform/http/route-options';
import { answer, checkedValue } from '../../platform/http/route-schemas';
import { docs } from '../../platform/http/route-docs';
import { leagueMacros } from './league-macros';

const doc = docs('Teams', 'session');

/** The caller's team in a league (interface "Teams" table): read, join, leave. */
export function teamRoutes(ctx: AppContext, services: Services) {
  return new Elysia({ prefix: '/api/v1' })
    .use(playerSession(ctx, services))
    .macro(leagueMacros(ctx.db))
    .get('/leagues/:id/my-team', ({ member }) => services.membership.myTeam(member.team), {
      member: true,
      response: answer(TeamSchema),
      ...doc({ id: 'getMyTeam', summary: 'The caller’s current team in the league' }),
    })
    .post(
      '/leagues/:id/my-team',
      ({ player, params, body, request, set }) => {
        set.status = 201;
        return services.membership.join(params.id, player.id, checkedValue(JoinLeagueRequestSchema, body), clientAddress(request, ctx.config.trustProxy));
      },
      {
        // An unreadable body names no team: the same answer as a missing name.
        ...jsonBody(JoinLeagueRequestSchema, { malformed: 'TEAM_NAME_REQUIRED', invalid: 'TEAM_NAME_REQUIRED' }),
        response: { 201: answer(TeamSchema) },
        ...doc({ id: 'joinLeague', summary: 'Join the league with a new team, or rejoin with a departed one (§6.5)' }),
      },
    )
    .post('/leagues/:id/my-departure', ({ player, params }) => services.membership.leave(params.id, player.id), {
      response: answer(DepartureSchema),
      ...doc({ id: 'leaveLeague', summary: 'Leave the league; the team stays in the standings (§6.6)' }),
    })
    .post('/leagues/:id/teams/:teamId/removal', ({ player, params }) => services.membership.remove(params.id, params.teamId, player.id), {
      response: answer(DepartureSchema),
      ...doc({ id: 'removeTeam', summary: 'Remove a team from the league: it has left and may not rejoin (403 TEAM_REMOVED); the admin only, at any time' }),
    });
}
