/**
 * The league and team lookups other features make, each with the refusal the interface names
 * for it, so those rules are written once here rather than beside every read of the leagues
 * store.
 */
import { fail } from '../../domain/errors';
import type { Database } from '../../platform/db/database';
import { findCurrentTeam, findLeague, type LeagueRow, type TeamRow } from './store';

export async function existingLeague(db: Database, leagueId: string): Promise<LeagueRow> {
  return (await findLeague(db, leagueId)) ?? fail('LEAGUE_NOT_FOUND');
}

/** The caller's current team in the league, whether or not the league exists. */
export async function currentTeamOf(db: Database, leagueId: string, playerId: string): Promise<TeamRow> {
  return (await findCurrentTeam(db, leagueId, playerId)) ?? fail('NO_TEAM_IN_LEAGUE');
}

/** The caller's current team, or undefined: for reads that answer members and others alike. */
export function teamIfMember(db: Database, leagueId: string, playerId: string): Promise<TeamRow | undefined> {
  return findCurrentTeam(db, leagueId, playerId);
}

/** Members-only reads check in this order: the league exists, then the caller has a current team in it. */
export async function leagueMember(db: Database, leagueId: string, playerId: string): Promise<{ league: LeagueRow; team: TeamRow }> {
  const league = await existingLeague(db, leagueId);
  return { league, team: await currentTeamOf(db, leagueId, playerId) };
}
