/** §3.4 line-up save validation and the chemistry view sent with every line-up (§13 TeamLineup). */
import type { ChemistryLevel } from './chemistry';
import { fail } from './errors';
import { CHEMISTRY_LINKS, DEFAULT_SCHEMA, isPositionOf, isSchema, SCHEMAS, type Position, type Schema } from './formations';
import { isPlainObject } from './values';

export interface OwnedContract {
  status: string;
}

export interface NormalizedLineup {
  schema: Schema;
  /** position → contract id, canonical order, unfilled positions omitted */
  positions: Record<string, string>;
}

const CLOSED_STATUSES = new Set(['sold', 'settled']);

/** A new team's first line-up (§6.2, §6.5): the default formation, nobody placed. */
export const STARTING_LINEUP: Readonly<NormalizedLineup> = Object.freeze({ schema: DEFAULT_SCHEMA, positions: Object.freeze({}) });

/**
 * The line-up a team shows: its newest saved one, or the starting line-up when it has none
 * (or saved a formation schema we no longer know).
 */
export function shownLineup(saved: { schema: string; positions: Record<string, string> } | undefined): Readonly<NormalizedLineup> {
  return saved && isSchema(saved.schema) ? { schema: saved.schema, positions: saved.positions } : STARTING_LINEUP;
}

/**
 * Reads a `PUT …/lineup` body. Only `schema`, `date` and contract ids are read; the rest of
 * the echoed TeamLineup (chemistry, bench, contract details) is ignored. Shape errors are
 * reported before ownership, ownership before the Proposed sold/duplicate checks, so a
 * client learns about the most basic problem first.
 */
export function parseLineupSave(body: unknown, contracts: ReadonlyMap<string, OwnedContract>): NormalizedLineup {
  if (!isPlainObject(body) || !isPlainObject(body.formation)) fail('LINEUP_INVALID_PAYLOAD', 'formation object');
  const { schema, date, formation: slots } = body.formation;
  if (typeof schema !== 'string') fail('LINEUP_INVALID_PAYLOAD', 'schema must be a string');
  if (!isSchema(schema)) fail('LINEUP_UNKNOWN_SCHEMA', schema);
  // §13: the echoed `date` must be a string (a missing one is not); its value is not used,
  // the version is stamped with the server's clock.
  if (typeof date !== 'string') fail('LINEUP_INVALID_PAYLOAD', 'date must be a string');
  if (!isPlainObject(slots)) fail('LINEUP_INVALID_PAYLOAD', 'formation.formation object');

  const placed = new Map<Position, string>();
  for (const [position, value] of Object.entries(slots)) {
    if (!isPositionOf(schema, position)) fail('LINEUP_INVALID_PAYLOAD', `${position} not in ${schema}`);
    if (value === null) continue;
    if (!isPlainObject(value) || typeof value.id !== 'string') fail('LINEUP_INVALID_PAYLOAD', `${position} value`);
    placed.set(position, value.id);
  }

  for (const id of placed.values()) {
    if (!contracts.has(id)) fail('CONTRACT_NOT_OWNED', id);
  }

  const seen = new Set<string>();
  for (const id of placed.values()) {
    if (CLOSED_STATUSES.has(contracts.get(id)!.status)) fail('LINEUP_INVALID_PAYLOAD', `${id} is closed`);
    if (seen.has(id)) fail('LINEUP_INVALID_PAYLOAD', `${id} placed twice`);
    seen.add(id);
  }

  const positions: Record<string, string> = {};
  for (const position of SCHEMAS[schema]) {
    const id = placed.get(position);
    if (id !== undefined) positions[position] = id;
  }
  return { schema, positions };
}

export interface ChemistryViewLink {
  from: Position;
  to: Position;
  level: ChemistryLevel;
}

/**
 * One entry per schema link, in §3.2 order. §13: every level is `empty`: the server does
 * not resolve links on a read (that takes the encyclopedia), and `weak` would claim the
 * two articles are unlinked when nobody checked.
 */
export function chemistryView(schema: Schema): ChemistryViewLink[] {
  return CHEMISTRY_LINKS[schema].map(([from, to]) => ({ from, to, level: 'empty' as const }));
}
