import { DepartureSchema, JoinLeagueRequestSchema, TeamSchema } from '../../wire/teams';
import { clientAddress } from '../connection';
import { route } from '../route-kit';

const tag = 'Teams';

/** The caller's team in a league (interface "Teams" table): read, join, leave. */
export const teamRoutes = [
  route({
    id: 'getMyTeam',
    method: 'GET',
    path: '/api/v1/leagues/:id/my-team',
    summary: 'The caller’s current team in the league',
    tag,
    access: 'player',
    answer: { json: TeamSchema },
    handle: ({ services, player, params }) => services.membership.myTeam(params.id, player.id),
  }),
  route({
    id: 'joinLeague',
    method: 'POST',
    path: '/api/v1/leagues/:id/my-team',
    summary: 'Join the league with a new team, or rejoin with a departed one (§6.5)',
    tag,
    access: 'player',
    // An unreadable body names no team: the same answer as a missing name.
    body: { schema: JoinLeagueRequestSchema, malformed: 'TEAM_NAME_REQUIRED', invalid: 'TEAM_NAME_REQUIRED' },
    status: 201,
    answer: { json: TeamSchema },
    handle: ({ ctx, services, player, params, body, request }) =>
      services.membership.join(params.id, player.id, body, clientAddress(request, ctx.config.trustProxy)),
  }),
  route({
    id: 'leaveLeague',
    method: 'POST',
    path: '/api/v1/leagues/:id/my-departure',
    summary: 'Leave the league; the team stays in the standings (§6.6)',
    tag,
    access: 'player',
    answer: { json: DepartureSchema },
    handle: ({ services, player, params }) => services.membership.leave(params.id, player.id),
  }),
];
