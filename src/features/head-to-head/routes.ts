import { Elysia } from 'elysia';
import type { AppContext } from '../../platform/app-context';
import type { Services } from '../../platform/composition-root';
import { MatchupDetailSchema, MatchupQuerySchema } from './wire';
import { playerSession } from '../../platform/http/plugins/guards';
import { checkedQuery } from '../../platform/http/route-options';
import { answer, checkedValue } from '../../platform/http/route-schemas';
import { docs } from '../../platform/http/route-docs';
import { leagueMacros } from '../leagues/league-macros';

const doc = docs('Leagues', 'session');

/**
 * A head-to-head league's rivalries: a team's matchup of a round. The fixtures
 * and the table stay with the league routes, under their paths and ids.
 */
export function headToHeadRoutes(ctx: AppContext, services: Services) {
  return new Elysia({ prefix: '/api/v1' }).use(playerSession(ctx, services)).macro(leagueMacros(ctx.db)).get(
    '/leagues/:id/matchup',
    ({ member, query }) => {
      const { round, team } = checkedValue(MatchupQuerySchema, query);
      return services.headToHead.matchup(member, round, team);
    },
    {
      member: true,
      ...checkedQuery(MatchupQuerySchema),
      response: answer(MatchupDetailSchema),
      ...doc({
        id: 'getLeagueMatchup',
        summary: 'A team’s matchup of a round (default: the caller’s, in the current round), both sides with their days and line-ups; members only',
      }),
    },
  );
}
