import type { ChemistryLevel } from './chemistry';
import { fail } from './errors';
import { CHEMISTRY_LINKS, DEFAULT_SCHEMA, isSchema, SCHEMAS, type Position, type Schema } from './formations';

export interface OwnedContract {
  status: string;
}

export interface LineupSave {
  schema: Schema;
  /** each occupied position and the contract id placed there, as sent */
  placed: readonly (readonly [Position, string])[];
}

export interface NormalizedLineup {
  schema: Schema;
  /** position → contract id, canonical order, unfilled positions omitted */
  positions: Record<string, string>;
}

const CLOSED_STATUSES = new Set(['sold', 'settled']);

export const STARTING_LINEUP: Readonly<NormalizedLineup> = Object.freeze({ schema: DEFAULT_SCHEMA, positions: Object.freeze({}) });

/** The newest saved line-up, or the starting one when none (or its schema is no longer known). */
export function shownLineup(saved: { schema: string; positions: Record<string, string> } | undefined): Readonly<NormalizedLineup> {
  return saved && isSchema(saved.schema) ? { schema: saved.schema, positions: saved.positions } : STARTING_LINEUP;
}

/** Ownership first, then sold/duplicate, so a client learns the most basic problem first; a sold contract is "closed", not "not owned". */
export function placeLineup(save: LineupSave, contracts: ReadonlyMap<string, OwnedContract>): NormalizedLineup {
  for (const [, id] of save.placed) {
    if (!contracts.has(id)) fail('CONTRACT_NOT_OWNED', id);
  }

  const seen = new Set<string>();
  for (const [, id] of save.placed) {
    if (CLOSED_STATUSES.has(contracts.get(id)!.status)) fail('LINEUP_INVALID_PAYLOAD', `${id} is closed`);
    if (seen.has(id)) fail('LINEUP_INVALID_PAYLOAD', `${id} placed twice`);
    seen.add(id);
  }

  const placed = new Map(save.placed);
  const positions: Record<string, string> = {};
  for (const position of SCHEMAS[save.schema]) {
    const id = placed.get(position);
    if (id !== undefined) positions[position] = id;
  }
  return { schema: save.schema, positions };
}

export interface ChemistryViewLink {
  from: Position;
  to: Position;
  level: ChemistryLevel;
}

/** Every level is `empty`: resolving links takes the encyclopedia, and `weak` would claim articles are unlinked when nobody checked. */
export function chemistryView(schema: Schema): ChemistryViewLink[] {
  return CHEMISTRY_LINKS[schema].map(([from, to]) => ({ from, to, level: 'empty' as const }));
}
