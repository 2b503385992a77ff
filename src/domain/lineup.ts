/** Line-up save checks against the team's contracts, and the chemistry view sent with every line-up (TeamLineup). */
import type { ChemistryLevel } from './chemistry';
import { fail } from './errors';
import { CHEMISTRY_LINKS, DEFAULT_SCHEMA, isSchema, SCHEMAS, type Position, type Schema } from './formations';

export interface OwnedContract {
  status: string;
}

/** A save as the request schema reads it: shape checked, positions belonging to the schema. */
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

/** A new team's first line-up: the default formation, nobody placed. */
export const STARTING_LINEUP: Readonly<NormalizedLineup> = Object.freeze({ schema: DEFAULT_SCHEMA, positions: Object.freeze({}) });

/**
 * The line-up a team shows: its newest saved one, or the starting line-up when it has none
 * (or saved a formation schema we no longer know).
 */
export function shownLineup(saved: { schema: string; positions: Record<string, string> } | undefined): Readonly<NormalizedLineup> {
  return saved && isSchema(saved.schema) ? { schema: saved.schema, positions: saved.positions } : STARTING_LINEUP;
}

/**
 * The checks of a save against the team's contracts, after the body's shape: ownership
 * first, then the Proposed sold/duplicate checks, so a client learns about the most basic
 * problem first. `contracts` is every contract the team ever held, so a sold one is
 * "closed", not "not owned".
 */
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

/**
 * One entry per schema link, in the rules order. every level is `empty`: the server does
 * not resolve links on a read (that takes the encyclopedia), and `weak` would claim the
 * two articles are unlinked when nobody checked.
 */
export function chemistryView(schema: Schema): ChemistryViewLink[] {
  return CHEMISTRY_LINKS[schema].map(([from, to]) => ({ from, to, level: 'empty' as const }));
}
