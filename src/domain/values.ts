/** Small checks on untrusted JSON values, shared by every validator. */
import { isChemistryLevel, type ChemistryLevel } from './chemistry';

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

/** A stored JSON array of finite numbers (the ingest's raw views); anything else reads as none. */
export function numbersFromJson(json: string): number[] {
  const value = parsedOrUndefined(json);
  return Array.isArray(value) ? value.filter((item): item is number => typeof item === 'number' && Number.isFinite(item)) : [];
}

/** A stored JSON array of chemistry levels; unknown words are dropped. */
export function chemistryLevelsFromJson(json: string): ChemistryLevel[] {
  const value = parsedOrUndefined(json);
  return Array.isArray(value) ? value.filter(isChemistryLevel) : [];
}

function parsedOrUndefined(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}
