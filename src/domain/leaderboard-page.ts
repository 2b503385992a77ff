/**
 * Paging of the leaderboard, an addition to without parameters every team is
 * answered (the interface says so); `limit` with `offset`, or `around=me`, answer a window
 * of ranks for leagues too large to ship whole.
 */

/** A page never holds more teams than this. */
export const MAX_PAGE_LIMIT = 1_000;
/** Teams in an `around=me` window when no `limit` is given: the caller and five either side. */
export const AROUND_ME_DEFAULT_LIMIT = 11;

export type LeaderboardPage =
  | { kind: 'all' }
  | { kind: 'range'; offset: number; limit: number }
  | { kind: 'around-me'; limit: number };

/**
 * The page a query's parameters (already whole numbers in bounds) ask for, or null for a
 * combination that names none: `around` with `offset`, or an `offset` without a `limit`.
 */
export function leaderboardPage(query: { limit?: number; offset?: number; around?: 'me' }): LeaderboardPage | null {
  if (query.around !== undefined) {
    if (query.offset !== undefined) return null;
    return { kind: 'around-me', limit: query.limit ?? AROUND_ME_DEFAULT_LIMIT };
  }
  if (query.limit === undefined) return query.offset === undefined ? { kind: 'all' } : null;
  return { kind: 'range', offset: query.offset ?? 0, limit: query.limit };
}

/**
 * The 1-based ranks [first, last] of `limit` teams around `rank`, centred where the table
 * allows and shifted inwards at its ends, so the window is full whenever the league is.
 */
export function windowAround(rank: number, limit: number, teamCount: number): { first: number; last: number } {
  const highestFirst = Math.max(1, teamCount - limit + 1);
  const first = Math.min(Math.max(1, rank - Math.floor((limit - 1) / 2)), highestFirst);
  return { first, last: first + limit - 1 };
}
