/** The League wire form (§13). */
import type { LeagueRow } from '../../store/leagues';

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
