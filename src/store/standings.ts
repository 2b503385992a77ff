/**
 * The read side of §4.5: every team of a league (departed ones included) with its scored
 * days. Scoring writes `performances`; this query is the only place standings read them.
 */
import { eq } from 'drizzle-orm';
import type { PerformancePoint } from '../domain/standings';
import type { Database } from './database';
import { teamsOfLeague, type TeamWithPlayer } from './leagues';
import { performances, teams } from './schema';

export interface TeamStanding {
  team: TeamWithPlayer;
  rows: PerformancePoint[];
}

export function standingsOfLeague(db: Database, leagueId: string): TeamStanding[] {
  const rows = db
    .select({ teamId: performances.teamId, date: performances.date, points: performances.points })
    .from(performances)
    .innerJoin(teams, eq(teams.id, performances.teamId))
    .where(eq(teams.leagueId, leagueId))
    .all();
  const byTeam = new Map<string, PerformancePoint[]>();
  for (const row of rows) {
    let list = byTeam.get(row.teamId);
    if (!list) byTeam.set(row.teamId, (list = []));
    list.push({ date: row.date, points: row.points });
  }
  return teamsOfLeague(db, leagueId).map((team) => ({ team, rows: byTeam.get(team.id) ?? [] }));
}
