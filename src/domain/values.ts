/** Small checks on untrusted JSON values, shared by every validator. */

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Length in characters as a player sees them (code points), so an emoji counts as one. */
export function characterCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** The string-valued entries of a stored JSON object (a position map); anything unreadable is `{}`. */
export function stringRecordFromJson(json: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(json);
    if (!isPlainObject(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}
