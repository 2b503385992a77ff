/**
 * Article identity. Three forms of one title:
 * - article id: canonical, underscored (what the pageview API and our store use);
 * - display title: spaces instead of underscores;
 * - comparison key: what link/view matching compares (only the first letter is case-insensitive).
 */

/** MediaWiki refuses these anywhere in a title. */
const ILLEGAL_TITLE_CHARS = /[|#<>[\]{}]/;
/** Control characters cannot be part of a title either (they would also corrupt URLs). */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
/** MediaWiki's title length limit, in UTF-8 bytes. */
const MAX_TITLE_BYTES = 255;

const encoder = new TextEncoder();

/**
 * Upper-cases the first code point only. A letter whose upper case is several characters
 * (ß → SS) is kept, since MediaWiki does not expand it either.
 */
function upperFirst(text: string): string {
  const first = text.codePointAt(0);
  if (first === undefined) return text;
  const head = String.fromCodePoint(first);
  const upper = head.toUpperCase();
  const rest = text.slice(head.length);
  return [...upper].length === 1 ? upper + rest : head + rest;
}

/** `_` → space, whitespace runs → one space, trimmed, first character upper-cased. */
export function comparisonKey(title: string): string {
  return upperFirst(title.replaceAll('_', ' ').replace(/\s+/g, ' ').trim());
}

/**
 * The stored article id for user input (`vasco da gama` → `Vasco_da_Gama`), or null when
 * the input cannot be a title, so `A B` and `A_B` can never be held as two articles.
 */
export function canonicalArticleId(input: unknown): string | null {
  // A lone surrogate can be neither stored as UTF-8 nor put in a URL.
  if (typeof input !== 'string' || !input.isWellFormed()) return null;
  const key = comparisonKey(input);
  if (key === '') return null;
  if (ILLEGAL_TITLE_CHARS.test(key) || CONTROL_CHARS.test(key)) return null;
  const id = key.replaceAll(' ', '_');
  if (encoder.encode(id).length > MAX_TITLE_BYTES) return null;
  return id;
}

/** The title as shown to people: underscores become spaces. */
export function displayTitle(id: string): string {
  return id.replaceAll('_', ' ');
}
