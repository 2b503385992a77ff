/** Without parameters every team is answered; `limit` with `offset`, or `around=me`, answer a window for large leagues. */

export const MAX_PAGE_LIMIT = 1_000;
/** Teams in an `around=me` window when no `limit` is given: the caller and five either side. */
export const AROUND_ME_DEFAULT_LIMIT = 11;

export type LeaderboardPage =
  | { kind: 'all' }
  | { kind: 'range'; offset: number; limit: number }
  | { kind: 'around-me'; limit: number };

/** Null for a combination that names no page: `around` with `offset`, or `offset` without `limit`. */
export function leaderboardPage(query: { limit?: number; offset?: number; around?: 'me' }): LeaderboardPage | null {
  if (query.around !== undefined) {
    if (query.offset !== undefined) return null;
    return { kind: 'around-me', limit: query.limit ?? AROUND_ME_DEFAULT_LIMIT };
  }
  if (query.limit === undefined) return query.offset === undefined ? { kind: 'all' } : null;
  return { kind: 'range', offset: query.offset ?? 0, limit: query.limit };
}

/** Centred where the table allows and shifted inwards at its ends, so the window is full whenever the league is. */
export function windowAround(rank: number, limit: number, teamCount: number): { first: number; last: number } {
  const highestFirst = Math.max(1, teamCount - limit + 1);
  const first = Math.min(Math.max(1, rank - Math.floor((limit - 1) / 2)), highestFirst);
  return { first, last: first + limit - 1 };
}
