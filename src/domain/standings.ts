/** §4.5 cumulative score and leaderboard. */

export interface PerformancePoint {
  date: string;
  points: number;
}

export interface StandingTeam {
  teamId: string;
  /** instant the team joined; earlier joiners win ties */
  joinedAt: string;
  rows: readonly PerformancePoint[];
}

export interface StandingEntry {
  teamId: string;
  cumulativePoints: number;
  rank: number;
  /** previousRank − rank (positive = climbed), null while the team had nothing before its last day */
  rankDelta: number | null;
}

/** Summed in date order so equal inputs always give bit-identical totals. */
function sumInDateOrder(rows: readonly PerformancePoint[]): number {
  return [...rows]
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .reduce((sum, row) => sum + row.points, 0);
}

export function cumulativePoints(rows: readonly PerformancePoint[]): number {
  return sumInDateOrder(rows);
}

/** Σ points before the team's own latest row: its standing "yesterday". */
export function previousPoints(rows: readonly PerformancePoint[]): number {
  if (rows.length <= 1) return 0;
  const latest = rows.reduce((max, row) => (row.date > max ? row.date : max), rows[0].date);
  return sumInDateOrder(rows.filter((row) => row.date < latest));
}

function instantMs(value: string): number {
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : Number.POSITIVE_INFINITY;
}

/** Proposed tie-break: seniority, then team id, so the order never depends on the store. */
function tieBreak(a: { joinedAt: string; teamId: string }, b: { joinedAt: string; teamId: string }): number {
  const byJoin = instantMs(a.joinedAt) - instantMs(b.joinedAt);
  if (byJoin !== 0 && !Number.isNaN(byJoin)) return byJoin;
  return a.teamId < b.teamId ? -1 : a.teamId > b.teamId ? 1 : 0;
}

/** A team's two totals: everything, and everything before its own latest scored day. */
export interface TeamTotals {
  teamId: string;
  joinedAt: string;
  cumulativePoints: number;
  previousPoints: number;
}

function rankBy(teams: readonly TeamTotals[], score: (team: TeamTotals) => number): Map<string, number> {
  const ordered = [...teams].sort((a, b) => score(b) - score(a) || tieBreak(a, b));
  return new Map(ordered.map((team, index) => [team.teamId, index + 1]));
}

/**
 * Ranks teams whose totals are already known (the store sums them in SQL, so a large
 * league never ships every scored day to the application).
 */
export function rankTeams(teams: readonly TeamTotals[]): StandingEntry[] {
  const rank = rankBy(teams, (team) => team.cumulativePoints);
  const previousRank = rankBy(teams, (team) => team.previousPoints);
  return teams
    .map((team) => ({
      teamId: team.teamId,
      cumulativePoints: team.cumulativePoints,
      rank: rank.get(team.teamId)!,
      rankDelta: team.previousPoints === 0 ? null : previousRank.get(team.teamId)! - rank.get(team.teamId)!,
    }))
    .sort((a, b) => a.rank - b.rank);
}

/** Every team of the league, best first, with distinct 1-based ranks. */
export function leaderboard(teams: readonly StandingTeam[]): StandingEntry[] {
  return rankTeams(
    teams.map((team) => ({
      teamId: team.teamId,
      joinedAt: team.joinedAt,
      cumulativePoints: cumulativePoints(team.rows),
      previousPoints: previousPoints(team.rows),
    })),
  );
}
