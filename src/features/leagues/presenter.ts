/** The League wire form. */
import type { LeagueRow, TeamRow } from './store';
import type { League, LeagueRole } from './wire';

/** The invitation code is never part of a league's wire form. */
export function leagueView(league: LeagueRow, teamCount: number): League {
  return {
    id: league.id,
    title: league.name,
    domain: league.domain,
    languageScale: league.languageScale,
    icon: league.icon,
    startDate: league.startDate,
    endDate: league.endDate,
    visibility: league.visibility,
    invitePolicy: league.invitePolicy,
    teamCount,
    closedAt: league.closedAt,
    format: league.format,
    roundDays: league.format === 'head-to-head' ? league.roundDays : null,
    playoffTeams: league.playoffTeams,
    previousSeasonId: league.previousSeasonId,
  };
}

/** A member is a player with a current team in the league; my-role and the league home both answer this. */
export function leagueRole(league: Pick<LeagueRow, 'adminId'>, playerId: string, team: TeamRow | undefined): LeagueRole {
  return { isMember: team !== undefined, isAdmin: league.adminId === playerId };
}
