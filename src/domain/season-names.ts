/**
 * The name of a league's next season: "Book Club" becomes "Book Club — Season 2",
 * and "Book Club — Season 2" becomes "Book Club — Season 3". Only the suffix written here is
 * recognised (an em dash between spaces, then a number without leading zeros). When the
 * suffix would push the name past the league name's length bound, the base is shortened, by
 * whole characters as a player sees them (an emoji is never cut in half), so that the result
 * is always a name the founding rules accept.
 */
import { leagueNameOf } from './leagues';

const SEASON_SUFFIX = /^(.*\S) — Season ([1-9]\d*)$/su;

function graphemes(text: string): string[] {
  return Array.from(new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text), (part) => part.segment);
}

/** The season number a name carries: 1 without the suffix. */
export function seasonNumberOf(name: string): bigint {
  const match = SEASON_SUFFIX.exec(name.trim());
  return match ? BigInt(match[2]!) : 1n;
}

export function nextSeasonName(current: string): string {
  const name = current.trim();
  const match = SEASON_SUFFIX.exec(name);
  const base = match ? match[1]! : name;
  const suffix = ` — Season ${seasonNumberOf(name) + 1n}`;
  const parts = graphemes(base);
  for (let kept = parts.length; kept > 0; kept--) {
    const candidate = parts.slice(0, kept).join('').trimEnd() + suffix;
    if (leagueNameOf(candidate) === candidate) return candidate;
  }
  // a base nothing of which fits (no valid league name gets here): the suffix alone
  return suffix.replace(/^ — /u, '');
}
