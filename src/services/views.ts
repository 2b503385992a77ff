/** Wire shapes of §13 shared by several parts of the interface. */
import type { LeagueRow, TeamWithPlayer } from '../store/leagues';
import type { League } from '../wire/leagues';
import type { Team } from '../wire/teams';

/** The wire names are League and Team; these aliases remain while the web app imports them. */
export type TeamView = Team;
export type LeagueView = League;

export function teamView(team: TeamWithPlayer, credits: number): Team {
  return { id: team.id, name: team.name, credits, player: { id: team.playerId, name: team.playerName } };
}

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
  };
}
