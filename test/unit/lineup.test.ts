import { describe, expect, it } from 'vitest';
import { Failure } from '../../src/domain/errors';
import { chemistryView, placeLineup, type OwnedContract } from '../../src/domain/lineup';
import { CHEMISTRY_LINKS } from '../../src/domain/formations';
import { refusalCode } from '../../src/platform/http/wire/refusal-code';
import { SaveLineupRequestSchema } from '../../src/features/lineups/wire';

/** A save as the route reads it: the request schema's checks, then the team's contracts. */
function parseLineupSave(body: unknown, owned: ReadonlyMap<string, OwnedContract>) {
  const parsed = SaveLineupRequestSchema.safeParse(body);
  if (!parsed.success) throw new Failure(refusalCode(parsed.error.issues, 'LINEUP_INVALID_PAYLOAD'));
  return placeLineup(parsed.data, owned);
}

const contracts = new Map([
  ['c1', { status: 'live' }],
  ['c2', { status: 'live' }],
  ['c3', { status: 'live' }],
  ['sold', { status: 'sold' }],
  ['settled', { status: 'settled' }],
]);

function body(schema: unknown, formation: unknown, date: unknown = '2026-03-01T10:00:00Z') {
  return { formation: { date, schema, formation, chemistry: [] }, bench: [] };
}

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof Failure) return error.code;
    throw error;
  }
  return undefined;
}

describe('line-up save: request schema, then placeLineup (§3.4)', () => {
  it('returns the schema and position → contract id in canonical order, dropping nulls', () => {
    const saved = parseLineupSave(
      body('4-3-3', { GK: { id: 'c3', article: { id: 'X' } }, LW: { id: 'c1' }, ST: null, RB: { id: 'c2' } }),
      contracts,
    );
    expect(saved).toEqual({ schema: '4-3-3', positions: { LW: 'c1', RB: 'c2', GK: 'c3' } });
    expect(Object.keys(saved.positions)).toEqual(['LW', 'RB', 'GK']);
  });

  it('accepts an empty line-up', () => {
    expect(parseLineupSave(body('5-3-2', {}), contracts)).toEqual({
      schema: '5-3-2',
      positions: {},
    });
  });

  it.each([
    ['body not an object', 'x'],
    ['formation missing', {}],
    ['formation an array', { formation: [] }],
    ['schema not a string', body(433, {})],
    ['date not a string', body('4-3-3', {}, 12)],
    ['date null', body('4-3-3', {}, null)],
    ['date missing', { formation: { schema: '4-3-3', formation: {} } }],
    ['slots not an object', body('4-3-3', [{ id: 'c1' }])],
    ['position not in schema', body('4-3-3', { LST: { id: 'c1' } })],
    ['unknown position', body('4-3-3', { XX: { id: 'c1' } })],
    ['value a bare id', body('4-3-3', { GK: 'c1' })],
    ['value id not a string', body('4-3-3', { GK: { id: 1 } })],
    ['sold contract', body('4-3-3', { GK: { id: 'sold' } })],
    ['settled contract', body('4-3-3', { GK: { id: 'settled' } })],
    ['one contract on two positions', body('4-3-3', { GK: { id: 'c1' }, LW: { id: 'c1' } })],
  ])('LINEUP_INVALID_PAYLOAD: %s', (_label, payload) => {
    expect(codeOf(() => parseLineupSave(payload, contracts))).toBe('LINEUP_INVALID_PAYLOAD');
  });

  it('LINEUP_UNKNOWN_SCHEMA for a string that is not a schema', () => {
    expect(codeOf(() => parseLineupSave(body('4-3-2-1', {}), contracts))).toBe('LINEUP_UNKNOWN_SCHEMA');
  });

  it('CONTRACT_NOT_OWNED for an id the team does not hold', () => {
    expect(codeOf(() => parseLineupSave(body('4-3-3', { GK: { id: 'someone-else' } }), contracts))).toBe(
      'CONTRACT_NOT_OWNED',
    );
  });

  it('reports shape before ownership, ownership before the Proposed checks', () => {
    expect(codeOf(() => parseLineupSave(body('4-3-3', { GK: { id: 'nope' }, LST: { id: 'c1' } }), contracts))).toBe(
      'LINEUP_INVALID_PAYLOAD',
    );
    expect(codeOf(() => parseLineupSave(body('4-3-3', { GK: { id: 'sold' }, LW: { id: 'nope' } }), contracts))).toBe(
      'CONTRACT_NOT_OWNED',
    );
  });

  it('the failure carries status 400', () => {
    try {
      parseLineupSave(body('4-3-3', { GK: { id: 'nope' } }), contracts);
      expect.unreachable();
    } catch (error) {
      expect((error as Failure).status).toBe(400);
    }
  });
});

describe('chemistryView', () => {
  it('lists every schema link in §3.2 order, each level empty', () => {
    const view = chemistryView('4-3-3');
    expect(view.map((l) => [l.from, l.to])).toEqual(CHEMISTRY_LINKS['4-3-3']);
    expect(view[0]).toEqual({ from: 'LW', to: 'ST', level: 'empty' });
    expect(new Set(view.map((l) => l.level))).toEqual(new Set(['empty']));
  });
});
