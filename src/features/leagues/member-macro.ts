/**
 * `member: true` on a members-only route of a league (`/leagues/:id/...`): the league and the
 * caller's current team are looked up once, after the session and before the handler, with the
 * refusals of `lookups.ts`; the handler reads them as `member`.
 */
import type { Database } from '../../platform/db/database';
import { leagueMember } from './lookups';

export function memberMacro(db: Database) {
  return {
    member: {
      // the session's derive has run by now, and a route under /leagues/:id has its id
      resolve: async ({ player, params }: { player?: { id: string }; params: { id?: string } }) => ({
        member: await leagueMember(db, params.id!, player!.id),
      }),
    },
  };
}
