/**
 * Owner and availability of articles in one league, as one viewer sees them:
 * read once per request for the articles it shows (shelf rows, search hits, the article
 * page), then asked per article. Only those articles' holders are read, so the cost does not
 * grow with the league's teams.
 */
import type { Database } from '../../platform/db/database';
import { liveHoldersOf } from './store';
import { findCurrentTeam } from '../leagues/store';

export type Availability = 'free-agent' | 'owned-by-viewer' | 'owned-by-other';

export interface Holding {
  owner: { name: string; teamName: string } | null;
  availability: Availability;
}

export async function leagueHoldings(db: Database, leagueId: string, viewerPlayerId: string, articleIds: readonly string[]): Promise<(articleId: string) => Holding> {
  const holders = new Map((await liveHoldersOf(db, leagueId, articleIds)).map((holder) => [holder.articleId, holder]));
  const viewerTeamId = (await findCurrentTeam(db, leagueId, viewerPlayerId))?.id ?? null;
  return (articleId) => {
    const holder = holders.get(articleId);
    return {
      owner: holder ? { name: holder.playerName, teamName: holder.teamName } : null,
      availability: !holder ? 'free-agent' : holder.teamId === viewerTeamId ? 'owned-by-viewer' : 'owned-by-other',
    };
  };
}
