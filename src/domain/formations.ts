export const POSITIONS = [
  'LW', 'LST', 'ST', 'RST', 'RW',
  'LAM', 'CLAM', 'CAM', 'CRAM', 'RAM',
  'LM', 'CLM', 'CM', 'CRM', 'RM',
  'LDM', 'CDLM', 'CDM', 'CDRM', 'RDM',
  'LB', 'CLB', 'CB', 'CRB', 'RB',
  'GK',
] as const;
export type Position = (typeof POSITIONS)[number];

/** Canonical position order per schema: the order of storage, scoring inputs and remap. */
export const SCHEMAS = {
  '4-3-3': ['LW', 'ST', 'RW', 'CLM', 'CM', 'CRM', 'LB', 'CLB', 'CRB', 'RB', 'GK'],
  '4-4-2': ['LST', 'RST', 'LM', 'CLM', 'CRM', 'RM', 'LB', 'CLB', 'CRB', 'RB', 'GK'],
  '3-5-2': ['LST', 'RST', 'LM', 'CM', 'RM', 'CDLM', 'CDRM', 'LB', 'CB', 'RB', 'GK'],
  '4-2-3-1': ['ST', 'CLAM', 'CM', 'CRAM', 'LDM', 'RDM', 'LB', 'CLB', 'CRB', 'RB', 'GK'],
  '5-3-2': ['LST', 'RST', 'CLM', 'CM', 'CRM', 'LDM', 'CLB', 'CB', 'CRB', 'RDM', 'GK'],
} as const satisfies Record<string, readonly Position[]>;
export type Schema = keyof typeof SCHEMAS;
export const SCHEMA_NAMES = Object.keys(SCHEMAS) as Schema[];

/** Every new team starts in this shape with nobody placed. */
export const DEFAULT_SCHEMA: Schema = '4-3-3';

export type ChemistryLink = readonly [Position, Position];

/** Links in the rules' order: the engine answers one level per link in this order. */
export const CHEMISTRY_LINKS: Record<Schema, readonly ChemistryLink[]> = {
  '4-3-3': [
    ['LW', 'ST'], ['ST', 'RW'], ['CLM', 'CM'], ['CM', 'CRM'], ['LB', 'CLB'], ['CLB', 'CRB'], ['CRB', 'RB'],
    ['LW', 'CLM'], ['ST', 'CM'], ['RW', 'CRM'], ['LB', 'CLM'], ['CM', 'CLB'], ['CM', 'CRB'], ['RB', 'CRM'],
    ['CLB', 'GK'], ['CRB', 'GK'],
  ],
  '4-4-2': [
    ['LST', 'RST'], ['LM', 'CLM'], ['CLM', 'CRM'], ['CRM', 'RM'], ['LB', 'CLB'], ['CLB', 'CRB'], ['CRB', 'RB'],
    ['LST', 'LM'], ['LST', 'CLM'], ['RST', 'CRM'], ['RST', 'RM'], ['LM', 'LB'], ['CLM', 'CLB'], ['CRM', 'CRB'],
    ['RM', 'RB'], ['CLB', 'GK'], ['CRB', 'GK'],
  ],
  '3-5-2': [
    ['LST', 'RST'], ['LST', 'LM'], ['RST', 'RM'], ['LST', 'CM'], ['RST', 'CM'], ['LM', 'CDLM'], ['CDLM', 'CM'],
    ['CM', 'CDRM'], ['CDRM', 'RM'], ['LB', 'CB'], ['CB', 'RB'], ['LM', 'LB'], ['CDLM', 'LB'], ['CDRM', 'RB'],
    ['CDLM', 'CB'], ['CDRM', 'CB'], ['RM', 'RB'], ['CB', 'GK'], ['LB', 'GK'], ['RB', 'GK'],
  ],
  '4-2-3-1': [
    ['ST', 'CLAM'], ['ST', 'CRAM'], ['ST', 'CM'], ['CLAM', 'CM'], ['CRAM', 'CM'], ['CLAM', 'LDM'],
    ['CRAM', 'RDM'], ['LDM', 'CM'], ['RDM', 'CM'], ['LDM', 'LB'], ['LDM', 'CLB'], ['RDM', 'RB'],
    ['RDM', 'CRB'], ['LB', 'CLB'], ['RB', 'CRB'], ['CLB', 'CRB'], ['CLB', 'GK'], ['CRB', 'GK'],
  ],
  '5-3-2': [
    ['LST', 'RST'], ['LST', 'CLM'], ['RST', 'CRM'], ['LST', 'CM'], ['RST', 'CM'], ['CLM', 'CM'], ['CRM', 'CM'],
    ['CLM', 'LDM'], ['CRM', 'RDM'], ['LDM', 'CLB'], ['RDM', 'CRB'], ['CLM', 'CLB'], ['CRM', 'CRB'],
    ['CM', 'CB'], ['CLB', 'CB'], ['CRB', 'CB'], ['CLB', 'GK'], ['CRB', 'GK'], ['CB', 'GK'],
  ],
};

/** Where a player whose position vanishes on a schema change goes first. */
export const POSITION_FALLBACKS: Partial<Record<Position, readonly Position[]>> = {
  LW: ['LM', 'LST', 'RST', 'RM'],
  RW: ['RM', 'RST', 'LST', 'LM'],
  ST: ['LST', 'RST', 'CAM', 'CM'],
  LST: ['ST', 'LW', 'LM', 'RST'],
  RST: ['ST', 'RW', 'RM', 'LST'],
  LAM: ['LM', 'CAM', 'CLM', 'ST'],
  CAM: ['ST', 'CLM', 'CRM', 'LAM', 'RAM', 'CM'],
  RAM: ['RM', 'CAM', 'CRM', 'ST'],
  LM: ['LW', 'CLM', 'LAM', 'CM'],
  CLM: ['CM', 'LM', 'CRM', 'LAM'],
  CM: ['CLM', 'CRM', 'CAM'],
  CRM: ['CM', 'RM', 'CLM', 'RAM'],
  RM: ['RW', 'CRM', 'RAM', 'CM'],
  LB: ['CLB', 'LM'],
  CLB: ['CB', 'LB', 'CRB'],
  CB: ['CLB', 'CRB'],
  CRB: ['CB', 'RB', 'CLB'],
  RB: ['CRB', 'RM'],
  GK: ['GK'],
};

export function isSchema(value: unknown): value is Schema {
  return typeof value === 'string' && Object.hasOwn(SCHEMAS, value);
}

export function isPositionOf(schema: Schema, position: string): position is Position {
  return (SCHEMAS[schema] as readonly string[]).includes(position);
}

export interface RemapResult {
  positions: Record<string, string>;
  benched: string[];
}

/** Old schema's canonical order when known, else vocabulary order, so the result never depends on object key order. */
function considerationOrder(keys: string[], oldSchema?: Schema): string[] {
  const reference: readonly string[] = oldSchema ? [...SCHEMAS[oldSchema], ...POSITIONS] : POSITIONS;
  const rank = (key: string) => {
    const index = reference.indexOf(key);
    return index === -1 ? Number.MAX_SAFE_INTEGER : index;
  };
  return [...keys].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** Nobody is lost: shared positions keep their holder; each leftover tries its fallbacks, then the first free seat; the rest is benched. */
export function remapForSchema(
  oldPositions: Readonly<Record<string, string>>,
  newSchema: Schema,
  oldSchema?: Schema,
): RemapResult {
  const seats = SCHEMAS[newSchema] as readonly string[];
  const taken = new Map<string, string>();
  const leftovers: string[] = [];

  for (const key of considerationOrder(Object.keys(oldPositions), oldSchema)) {
    const value = oldPositions[key];
    if (seats.includes(key)) taken.set(key, value);
    else leftovers.push(key);
  }

  const stillUnplaced: string[] = [];
  for (const key of leftovers) {
    const fallbacks = (POSITION_FALLBACKS[key as Position] ?? []) as readonly string[];
    const seat = fallbacks.find((p) => seats.includes(p) && !taken.has(p));
    if (seat) taken.set(seat, oldPositions[key]);
    else stillUnplaced.push(key);
  }

  const benched: string[] = [];
  for (const key of stillUnplaced) {
    const seat = seats.find((p) => !taken.has(p));
    if (seat) taken.set(seat, oldPositions[key]);
    else benched.push(oldPositions[key]);
  }

  const positions: Record<string, string> = {};
  for (const seat of seats) {
    const value = taken.get(seat);
    if (value !== undefined) positions[seat] = value;
  }
  return { positions, benched };
}
