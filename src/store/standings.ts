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
  // Per team, range scans of a covering (team_id, date, points) index: no table reads and no
  // join over the whole table. "Previous" is summed over the earlier days themselves, never
  // taken as total − latest: that subtraction leaves float noise (0.1 + 0.2 − 0.2 ≠ 0.1), and
  // the noise, not the §4.5 tie-break, would then order teams whose earlier totals are equal.
  const totals = db.all<{ teamId: string; total: number; previous: number }>(
    sql`
    SELECT t.id AS teamId,
           (SELECT total(p.points) FROM performances p WHERE p.team_id = t.id) AS total,
           (SELECT total(p.points) FROM performances p
             WHERE p.team_id = t.id
               AND p.date < (SELECT max(q.date) FROM performances q WHERE q.team_id = t.id)) AS previous
    FROM teams t
    WHERE t.league_id = ${leagueId}`,
  );
  const byTeam = new Map(totals.map((row) => [row.teamId, row]));
  return teamsOfLeague(db, leagueId).map((team) => {
    const row = byTeam.get(team.id);
    return { team, cumulativePoints: row?.total ?? 0, previousPoints: row?.previous ?? 0 };
  });
}
