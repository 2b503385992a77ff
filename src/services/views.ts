/** Wire shapes of §13 shared by several parts of the interface. */
import type { LeagueRow, TeamWithPlayer } from '../store/leagues';

export interface TeamView {
  id: string;
  name: string;
  credits: number;
  player: { id: string; name: string };
}

export function teamView(team: TeamWithPlayer, credits: number): TeamView {
  return { id: team.id, name: team.name, credits, player: { id: team.playerId, name: team.playerName } };
}

export interface LeagueView {
  id: string;
  title: string;
  domain: string;
  languageScale: number;
  icon: string;
  startDate: string;
  endDate: string;
  visibility: 'public' | 'private';
  invitePolicy: 'members' | 'admin';
  teamCount: number;
  closedAt: string | null;
}

/** The invitation code is never part of a league's wire form. */
export function leagueView(league: LeagueRow, teamCount: number): LeagueView {
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
