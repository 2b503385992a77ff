/**
 * Paging of the leaderboard, an addition to §4.5: without parameters every team is
 * answered (the interface says so); `limit` with `offset`, or `around=me`, answer a window
 * of ranks for leagues too large to ship whole.
 */
import { fail } from './errors';

/** A page never holds more teams than this. */
export const MAX_PAGE_LIMIT = 1_000;
/** Teams in an `around=me` window when no `limit` is given: the caller and five either side. */
export const AROUND_ME_DEFAULT_LIMIT = 11;

export type LeaderboardPage =
  | { kind: 'all' }
  | { kind: 'range'; offset: number; limit: number }
  | { kind: 'around-me'; limit: number };

/** A query value as a whole number in [min, max]; anything else is 400 INVALID_REQUEST. */
function wholeNumber(raw: string, name: string, min: number, max: number): number {
  if (!/^\d{1,9}$/.test(raw)) fail('INVALID_REQUEST', `${name} must be a whole number`);
  const value = Number(raw);
  if (value < min || value > max) fail('INVALID_REQUEST', `${name} must be between ${min} and ${max}`);
  return value;
}

export function parseLeaderboardPage(query: { limit: string | null; offset: string | null; around: string | null }): LeaderboardPage {
  const limit = query.limit === null ? null : wholeNumber(query.limit, 'limit', 1, MAX_PAGE_LIMIT);
  if (query.around !== null) {
    if (query.around !== 'me') fail('INVALID_REQUEST', 'around takes only "me"');
    if (query.offset !== null) fail('INVALID_REQUEST', 'around and offset exclude each other');
    return { kind: 'around-me', limit: limit ?? AROUND_ME_DEFAULT_LIMIT };
  }
  if (query.offset !== null && limit === null) fail('INVALID_REQUEST', 'offset needs a limit');
  if (limit === null) return { kind: 'all' };
  const offset = query.offset === null ? 0 : wholeNumber(query.offset, 'offset', 0, Number.MAX_SAFE_INTEGER);
  return { kind: 'range', offset, limit };
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
