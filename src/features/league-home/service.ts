/**
 * The league home in one read: what the app's league screen asked for in nine reads after a
 * push. Each part comes from the service that answers it on its own, so the
 * two ways of reading agree; the league and the caller's team are looked up once.
 */
import type { Database } from '../../platform/db/database';
import type { Services } from '../../platform/composition-root';
import { isHeadToHead } from '../head-to-head/service';
import { existingLeague, teamIfMember } from '../leagues/lookups';
import { leagueRole, leagueView } from '../leagues/presenter';
import type { LeagueRow, TeamRow } from '../leagues/store';
import { HOME_AROUND_RANKS, HOME_PERFORMANCE_DAYS, HOME_RECENT_EVENTS, HOME_TOP_RANKS, type LeagueHome } from './wire';

type HomeServices = Pick<Services, 'leagues' | 'lineups' | 'contracts' | 'headToHead' | 'activity'>;

export async function leagueHome(db: Database, services: HomeServices, leagueId: string, playerId: string): Promise<LeagueHome> {
  const league = await existingLeague(db, leagueId);
  const team = await teamIfMember(db, league.id, playerId);
  const top = await services.leagues.leaderboard(league.id, { kind: 'range', offset: 0, limit: HOME_TOP_RANKS }, playerId);
  return {
    league: leagueView(league, league.teamCount),
    role: leagueRole(league, playerId, team),
    top: { rows: top.entries, total: top.teamCount },
    mine: team ? await membersPart(services, league, team, playerId) : null,
  };
}

async function membersPart(services: HomeServices, league: LeagueRow, team: TeamRow, playerId: string): Promise<NonNullable<LeagueHome['mine']>> {
  const around = await services.leagues.leaderboard(league.id, { kind: 'around-me', limit: HOME_AROUND_RANKS }, playerId);
  const headToHead = isHeadToHead(league);
  return {
    around: { rows: around.entries, total: around.teamCount },
    performances: await services.lineups.myPerformances(team, HOME_PERFORMANCE_DAYS),
    contracts: await services.contracts.myContracts(team),
    lineup: await services.lineups.myLineup(team),
    fixtures: headToHead ? await services.headToHead.fixtures(league) : null,
    table: headToHead ? await services.headToHead.table(league) : null,
    recent: (await services.activity.page(league.id, { limit: HOME_RECENT_EVENTS })).events,
  };
}
