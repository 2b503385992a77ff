import { Elysia } from 'elysia';
import type { AppContext } from '../../platform/app-context';
import type { Services } from '../../platform/composition-root';
import { playerSession } from '../../platform/http/plugins/guards';
import { answer } from '../../platform/http/route-schemas';
import { docs } from '../../platform/http/route-docs';
import { leagueHome } from './service';
import { LeagueHomeSchema } from './wire';

const doc = docs('Leagues', 'session');

export function leagueHomeRoutes(ctx: AppContext, services: Services) {
  return new Elysia({ prefix: '/api/v1' })
    .use(playerSession(ctx, services))
    .get('/leagues/:id/home', ({ player, params }) => leagueHome(ctx.db, services, params.id, player.id), {
      response: answer(LeagueHomeSchema),
      ...doc({
        id: 'getLeagueHome',
        summary: 'The league home in one answer: the league, the caller’s role, the top ten and, for a member, their ranks, days, contracts, line-up, round, table and latest events (an addition)',
      }),
    });
}
