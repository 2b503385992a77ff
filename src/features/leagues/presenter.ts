/** The League wire form. */
import type { LeagueRow } from './store';
import type { League } from './wire';

/** The wire name is League; this alias remains while the web app imports it. */

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
