/**
 * The leaderboard as the service computed it before standings were kept: every team's
 * totals summed from `performances` on each read, then ranked by the §4.5 rules. Tests hold
 * the kept standings to this answer.
 */
import { sql } from 'drizzle-orm';
import { rankTeams, type StandingEntry } from '../../src/domain/standings';
import type { Database } from '../../src/store/database';
import { teamsOfLeague } from '../../src/store/leagues';

export async function recomputedStandings(db: Database, leagueId: string): Promise<StandingEntry[]> {
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
  return rankTeams(
    (await teamsOfLeague(db, leagueId)).map((team) => ({
      teamId: team.id,
      joinedAt: team.joinedAt,
      cumulativePoints: byTeam.get(team.id)?.total ?? 0,
      previousPoints: byTeam.get(team.id)?.previous ?? 0,
    })),
  );
}
