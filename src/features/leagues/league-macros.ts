/**
 * Route options for reads and writes of a league (`/leagues/:id/...`) that act for the caller's
 * team. Each looks up once, after the session and before the handler, with the refusals of
 * `lookups.ts`:
 * - `member: true`: the league exists, then the caller has a current team in it; `member`
 *   holds both.
 * - `team: true`: the caller's current team (`NO_TEAM_IN_LEAGUE`, whether or not the league
 *   exists); `team` holds it, and the service judges the league after it.
 */
import type { Database } from '../../platform/db/database';
import { currentTeamOf, leagueMember } from './lookups';

// the session's derive has run by now, and a route under /leagues/:id has its id
type Caller = { player?: { id: string }; params: { id?: string } };

export function leagueMacros(db: Database) {
  return {
    member: {
      resolve: async ({ player, params }: Caller) => ({ member: await leagueMember(db, params.id!, player!.id) }),
    },
    team: {
      resolve: async ({ player, params }: Caller) => ({ team: await currentTeamOf(db, params.id!, player!.id) }),
    },
  };
}
