import { isChemistryLevel, type ChemistryLevel } from './chemistry';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Code points, so an emoji counts as one. */
export function characterCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Anything unreadable is `{}`. */
export function stringRecordFromJson(json: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(json);
    if (!isPlainObject(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

export function numbersFromJson(json: string): number[] {
  const value = parsedOrUndefined(json);
  return Array.isArray(value) ? value.filter((item): item is number => typeof item === 'number' && Number.isFinite(item)) : [];
}

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
