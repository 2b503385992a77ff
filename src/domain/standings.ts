/**
 * Ranking. The totals (cumulative, and before the team's own latest scored day) are
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

/**
 * 1-based positions by `scores` (highest first), index-aligned with the teams. `byTieBreak`
 * lists the teams' indexes in tie-break order, and the sort is stable, so equal scores keep
 * that order: the tie-break's strings are compared once for both rankings, never per score.
 */
function rankBy(byTieBreak: readonly number[], scores: Float64Array): Int32Array {
  const order = byTieBreak.slice();
  order.sort((i, j) => scores[j]! - scores[i]! || 0);
  const ranks = new Int32Array(scores.length);
  order.forEach((index, position) => (ranks[index] = position + 1));
  return ranks;
}

/**
 * Ranks teams whose totals are already known (the store sums them in SQL, so a large
 * league never ships every scored day to the application). The entries come in rank order.
 */
export function rankTeams(teams: readonly TeamTotals[]): StandingEntry[] {
  const keyed = teams.map((team) => ({ team, joinedMs: instantMs(team.joinedAt) }));
  const byTieBreak = keyed.map((_, index) => index).sort((i, j) => tieBreak(keyed[i]!, keyed[j]!));
  const rank = rankBy(byTieBreak, Float64Array.from(teams, (team) => team.cumulativePoints));
  const previousRank = rankBy(byTieBreak, Float64Array.from(teams, (team) => team.previousPoints));
  const out = new Array<StandingEntry>(teams.length);
  teams.forEach((team, index) => {
    out[rank[index]! - 1] = {
      teamId: team.teamId,
      cumulativePoints: team.cumulativePoints,
      rank: rank[index]!,
      rankDelta: team.previousPoints === 0 ? null : previousRank[index]! - rank[index]!,
    };
  });
  return out;
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
