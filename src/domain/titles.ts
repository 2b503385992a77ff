/** Article id (underscored), display title (spaces), comparison key (only the first letter case-insensitive). */

/** MediaWiki refuses these anywhere in a title. */
const ILLEGAL_TITLE_CHARS = /[|#<>[\]{}]/;
/** They would also corrupt URLs. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
const MAX_TITLE_BYTES = 255;

const encoder = new TextEncoder();

/** A letter whose upper case is several characters (ß → SS) is kept, as MediaWiki does. */
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

/** So `A B` and `A_B` can never be held as two articles. */
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

export function displayTitle(id: string): string {
  return id.replaceAll('_', ' ');
}
