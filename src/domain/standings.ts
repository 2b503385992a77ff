/**
 * §4.5 ranking. The totals (cumulative, and before the team's own latest scored day) are
 * summed by the store in SQL; this ranks them with the Proposed tie-break.
 */

export interface StandingEntry {
  teamId: string;
  cumulativePoints: number;
  rank: number;
  /** previousRank − rank (positive = climbed), null while the team had nothing before its last day */
  rankDelta: number | null;
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
