/**
 * The read side of §4.5: every team of a league (departed ones included) with its totals.
 * Scoring writes `performances`; this query is the only place standings read them. The
 * sums happen in SQLite so a long season of a large league stays one cheap query.
 */
import { sql } from 'drizzle-orm';
import type { Database } from './database';
import { teamsOfLeague, type TeamWithPlayer } from './leagues';

export interface TeamStanding {
  team: TeamWithPlayer;
  /** Σ points of every scored day */
  cumulativePoints: number;
  /** Σ points of the days before the team's own latest scored day (0 with ≤ 1 day) */
  previousPoints: number;
}

export function standingsOfLeague(db: Database, leagueId: string): TeamStanding[] {
  // Per team, two range scans of a covering (team_id, date, points) index: no table reads and
  // no join over the whole table. "Previous" is the total less the latest day's points.
  const totals = db
    .all<{ teamId: string; total: number; last: number | null }>(
      sql`
    SELECT t.id AS teamId,
           (SELECT total(p.points) FROM performances p WHERE p.team_id = t.id) AS total,
           (SELECT p.points FROM performances p WHERE p.team_id = t.id ORDER BY p.date DESC LIMIT 1) AS last
    FROM teams t
    WHERE t.league_id = ${leagueId}`,
    )
    .map((row) => ({ teamId: row.teamId, total: row.total, previous: row.last === null ? 0 : row.total - row.last }));
  const byTeam = new Map(totals.map((row) => [row.teamId, row]));
  return teamsOfLeague(db, leagueId).map((team) => {
    const row = byTeam.get(team.id);
    return { team, cumulativePoints: row?.total ?? 0, previousPoints: row?.previous ?? 0 };
  });
}
