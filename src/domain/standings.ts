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

/** A team with its join instant parsed once, not once per comparison (100,000 teams sort in ~2M). */
interface Keyed {
  team: TeamTotals;
  joinedMs: number;
}

/** Proposed tie-break: seniority, then team id, so the order never depends on the store. */
function tieBreak(a: Keyed, b: Keyed): number {
  const byJoin = a.joinedMs - b.joinedMs;
  if (byJoin !== 0 && !Number.isNaN(byJoin)) return byJoin;
  return a.team.teamId < b.team.teamId ? -1 : a.team.teamId > b.team.teamId ? 1 : 0;
}

/** A team's two totals: everything, and everything before its own latest scored day. */
export interface TeamTotals {
  teamId: string;
  joinedAt: string;
  cumulativePoints: number;
  previousPoints: number;
}

/** 1-based positions, index-aligned with `keyed`. */
function rankBy(keyed: readonly Keyed[], score: (team: TeamTotals) => number): Int32Array {
  const order = keyed.map((_, index) => index);
  order.sort((i, j) => score(keyed[j].team) - score(keyed[i].team) || tieBreak(keyed[i], keyed[j]));
  const ranks = new Int32Array(keyed.length);
  order.forEach((index, position) => (ranks[index] = position + 1));
  return ranks;
}

/**
 * Ranks teams whose totals are already known (the store sums them in SQL, so a large
 * league never ships every scored day to the application).
 */
export function rankTeams(teams: readonly TeamTotals[]): StandingEntry[] {
  const keyed = teams.map((team) => ({ team, joinedMs: instantMs(team.joinedAt) }));
  const rank = rankBy(keyed, (team) => team.cumulativePoints);
  const previousRank = rankBy(keyed, (team) => team.previousPoints);
  return teams
    .map((team, index) => ({
      teamId: team.teamId,
      cumulativePoints: team.cumulativePoints,
      rank: rank[index],
      rankDelta: team.previousPoints === 0 ? null : previousRank[index] - rank[index],
    }))
    .sort((a, b) => a.rank - b.rank);
}

/** What a kept ranking shows today: null for a team never ranked. */
export interface KeptRank {
  teamId: string;
  rank: number | null;
  rankDelta: number | null;
}

/** The entries of `ranking` that differ from what is kept: the only rows worth writing. */
export function changedRanks(kept: readonly KeptRank[], ranking: readonly StandingEntry[]): StandingEntry[] {
  const before = new Map(kept.map((row) => [row.teamId, row]));
  return ranking.filter((entry) => {
    const old = before.get(entry.teamId);
    return !old || old.rank !== entry.rank || old.rankDelta !== entry.rankDelta;
  });
}
