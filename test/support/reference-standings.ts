/**
 * The leaderboard as the service computed it before standings were kept: every team's
 * totals summed from `performances` on each read, then ranked by the §4.5 rules. Tests hold
 * the kept standings to this answer.
 */
import { sql } from 'drizzle-orm';
import { rankTeams, type StandingEntry } from '../../src/domain/standings';
import type { Database } from '../../src/platform/db/database';
import { compensatedSum, rowsOf } from '../../src/platform/db/dialect';
import { teamsOfLeague } from '../../src/features/leagues/store';

export async function recomputedStandings(db: Database, leagueId: string): Promise<StandingEntry[]> {
  // every day's points in date order, summed the way SQLite's total() sums (the kept totals' rule)
  const days = await rowsOf<{ teamId: string; points: number }>(
    db,
    sql`SELECT p.team_id AS "teamId", p.points AS points
          FROM performances p JOIN teams t ON t.id = p.team_id
         WHERE t.league_id = ${leagueId}
         ORDER BY p.team_id, p.date`,
  );
  const pointsOf = new Map<string, number[]>();
  for (const day of days) {
    const points = pointsOf.get(day.teamId) ?? [];
    points.push(day.points);
    pointsOf.set(day.teamId, points);
  }
  return rankTeams(
    (await teamsOfLeague(db, leagueId)).map((team) => {
      const points = pointsOf.get(team.id) ?? [];
      return {
        teamId: team.id,
        joinedAt: team.joinedAt,
        cumulativePoints: compensatedSum(points),
        // the latest day is the last: (team, date) is the key
        previousPoints: compensatedSum(points, Math.max(0, points.length - 1)),
      };
    }),
  );
}
