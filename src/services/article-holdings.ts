/**
 * §7.2–§7.3 owner and availability of articles in one league, as one viewer sees them:
 * read once per request, then asked per article (shelf rows, search hits, the article page).
 */
import type { Database } from '../store/database';
import { liveContractsOfLeague } from '../store/contracts';
import { findCurrentTeam, teamsOfLeague } from '../store/leagues';

export type Availability = 'free-agent' | 'owned-by-viewer' | 'owned-by-other';

export interface Holding {
  owner: { name: string; teamName: string } | null;
  availability: Availability;
}

export function leagueHoldings(db: Database, leagueId: string, viewerPlayerId: string): (articleId: string) => Holding {
  const teams = new Map(teamsOfLeague(db, leagueId).map((team) => [team.id, team]));
  const holders = new Map(liveContractsOfLeague(db, leagueId).map((contract) => [contract.articleId, contract.teamId]));
  const viewerTeamId = findCurrentTeam(db, leagueId, viewerPlayerId)?.id ?? null;
  return (articleId) => {
    const holderId = holders.get(articleId);
    const holder = holderId ? teams.get(holderId) : undefined;
    return {
      owner: holder ? { name: holder.playerName, teamName: holder.name } : null,
      availability: !holderId ? 'free-agent' : holderId === viewerTeamId ? 'owned-by-viewer' : 'owned-by-other',
    };
  };
}
