import { describe, expect, it } from 'vitest';
import {
  CHEMISTRY_LINKS,
  DEFAULT_SCHEMA,
  isSchema,
  POSITION_FALLBACKS,
  POSITIONS,
  remapForSchema,
  SCHEMA_NAMES,
  SCHEMAS,
} from '../../src/domain/formations';

/** Parses the §3.2 notation `LW–ST, ST–RW` (en dash) into pairs. */
function links(text: string): [string, string][] {
  return text.split(', ').map((pair) => pair.split('–') as [string, string]);
}

describe('schemas (§3.1)', () => {
  it('are exactly the five, 4-3-3 by default', () => {
    expect(SCHEMA_NAMES).toEqual(['4-3-3', '4-4-2', '3-5-2', '4-2-3-1', '5-3-2']);
    expect(DEFAULT_SCHEMA).toBe('4-3-3');
  });

  it.each([
    ['4-3-3', 'LW, ST, RW, CLM, CM, CRM, LB, CLB, CRB, RB, GK'],
    ['4-4-2', 'LST, RST, LM, CLM, CRM, RM, LB, CLB, CRB, RB, GK'],
    ['3-5-2', 'LST, RST, LM, CM, RM, CDLM, CDRM, LB, CB, RB, GK'],
    ['4-2-3-1', 'ST, CLAM, CM, CRAM, LDM, RDM, LB, CLB, CRB, RB, GK'],
    ['5-3-2', 'LST, RST, CLM, CM, CRM, LDM, CLB, CB, CRB, RDM, GK'],
  ] as const)('%s has the canonical order %s', (schema, order) => {
    expect(SCHEMAS[schema]).toEqual(order.split(', '));
  });

  it('has a 26-position vocabulary that covers every schema', () => {
    expect(POSITIONS).toHaveLength(26);
    for (const schema of SCHEMA_NAMES) {
      for (const p of SCHEMAS[schema]) expect(POSITIONS).toContain(p);
    }
  });

  it('recognizes schema names only', () => {
    expect(isSchema('3-5-2')).toBe(true);
    expect(isSchema('4-3-2-1')).toBe(false);
    expect(isSchema('constructor')).toBe(false);
    expect(isSchema(433)).toBe(false);
  });
});

describe('chemistry links (§3.2)', () => {
  it.each([
    ['4-3-3', 16, 'LW–ST, ST–RW, CLM–CM, CM–CRM, LB–CLB, CLB–CRB, CRB–RB, LW–CLM, ST–CM, RW–CRM, LB–CLM, CM–CLB, CM–CRB, RB–CRM, CLB–GK, CRB–GK'],
    ['4-4-2', 17, 'LST–RST, LM–CLM, CLM–CRM, CRM–RM, LB–CLB, CLB–CRB, CRB–RB, LST–LM, LST–CLM, RST–CRM, RST–RM, LM–LB, CLM–CLB, CRM–CRB, RM–RB, CLB–GK, CRB–GK'],
    ['3-5-2', 20, 'LST–RST, LST–LM, RST–RM, LST–CM, RST–CM, LM–CDLM, CDLM–CM, CM–CDRM, CDRM–RM, LB–CB, CB–RB, LM–LB, CDLM–LB, CDRM–RB, CDLM–CB, CDRM–CB, RM–RB, CB–GK, LB–GK, RB–GK'],
    ['4-2-3-1', 18, 'ST–CLAM, ST–CRAM, ST–CM, CLAM–CM, CRAM–CM, CLAM–LDM, CRAM–RDM, LDM–CM, RDM–CM, LDM–LB, LDM–CLB, RDM–RB, RDM–CRB, LB–CLB, RB–CRB, CLB–CRB, CLB–GK, CRB–GK'],
    ['5-3-2', 19, 'LST–RST, LST–CLM, RST–CRM, LST–CM, RST–CM, CLM–CM, CRM–CM, CLM–LDM, CRM–RDM, LDM–CLB, RDM–CRB, CLM–CLB, CRM–CRB, CM–CB, CLB–CB, CRB–CB, CLB–GK, CRB–GK, CB–GK'],
  ] as const)('%s has %i links in table order', (schema, count, text) => {
    expect(CHEMISTRY_LINKS[schema]).toHaveLength(count);
    expect(CHEMISTRY_LINKS[schema]).toEqual(links(text));
  });

  it('only links positions of its own schema, never twice', () => {
    for (const schema of SCHEMA_NAMES) {
      const seen = new Set<string>();
      for (const [a, b] of CHEMISTRY_LINKS[schema]) {
        expect(SCHEMAS[schema]).toContain(a);
        expect(SCHEMAS[schema]).toContain(b);
        const key = [a, b].sort().join('|');
        expect(seen.has(key)).toBe(false);
        seen.add(key);
      }
    }
  });
});

describe('fallbacks (§3.4)', () => {
  it('are the documented lists', () => {
    expect(POSITION_FALLBACKS.LW).toEqual(['LM', 'LST', 'RST', 'RM']);
    expect(POSITION_FALLBACKS.CAM).toEqual(['ST', 'CLM', 'CRM', 'LAM', 'RAM', 'CM']);
    expect(POSITION_FALLBACKS.RB).toEqual(['CRB', 'RM']);
    expect(POSITION_FALLBACKS.GK).toEqual(['GK']);
    expect(POSITION_FALLBACKS.CLAM).toBeUndefined();
    expect(POSITION_FALLBACKS.LDM).toBeUndefined();
    expect(Object.keys(POSITION_FALLBACKS)).toHaveLength(19);
  });
});

describe('remapForSchema (§3.4)', () => {
  const full433 = {
    LW: 'c-lw', ST: 'c-st', RW: 'c-rw', CLM: 'c-clm', CM: 'c-cm', CRM: 'c-crm',
    LB: 'c-lb', CLB: 'c-clb', CRB: 'c-crb', RB: 'c-rb', GK: 'c-gk',
  };

  it('keeps a line-up unchanged for the same schema', () => {
    expect(remapForSchema(full433, '4-3-3', '4-3-3')).toEqual({ positions: full433, benched: [] });
  });

  it('4-3-3 → 4-4-2: shared seats stay, wingers and striker follow their fallbacks', () => {
    const { positions, benched } = remapForSchema(full433, '4-4-2', '4-3-3');
    expect(benched).toEqual([]);
    expect(positions).toEqual({
      // LW → LM (first fallback), ST → LST, RW → RM; CM → RST via canonical order (its fallbacks are taken)
      LST: 'c-st', RST: 'c-cm', LM: 'c-lw', CLM: 'c-clm', CRM: 'c-crm', RM: 'c-rw',
      LB: 'c-lb', CLB: 'c-clb', CRB: 'c-crb', RB: 'c-rb', GK: 'c-gk',
    });
    expect(Object.keys(positions)).toEqual(SCHEMAS['4-4-2'].slice());
  });

  it('4-3-3 → 3-5-2: leftovers take fallbacks in the old canonical order', () => {
    const { positions, benched } = remapForSchema(full433, '3-5-2', '4-3-3');
    expect(benched).toEqual([]);
    expect(positions).toEqual({
      // kept: CM, LB, RB, GK. Leftovers in 4-3-3 order:
      // LW → LM; ST → LST; RW → RM; CLM → (CM, LM taken; CRM, LAM absent) → canonical: RST;
      // CRM → (CM, RM, CLM taken/absent; RAM absent) → canonical: CDLM; CLB → CB; CRB → (CB taken, RB taken, CLB absent) → CDRM.
      LST: 'c-st', RST: 'c-clm', LM: 'c-lw', CM: 'c-cm', RM: 'c-rw', CDLM: 'c-crm', CDRM: 'c-crb',
      LB: 'c-lb', CB: 'c-clb', RB: 'c-rb', GK: 'c-gk',
    });
  });

  it('partial line-up: a leftover with no free fallback takes the first free canonical seat', () => {
    // 4-2-3-1 → 4-3-3: CLAM has no fallback list.
    const { positions, benched } = remapForSchema({ CLAM: 'a', ST: 'b', GK: 'c' }, '4-3-3', '4-2-3-1');
    expect(positions).toEqual({ LW: 'a', ST: 'b', GK: 'c' });
    expect(benched).toEqual([]);
  });

  it('a fallback skips seats already taken by kept players', () => {
    // 4-3-3 → 4-4-2 with LW and LM-fallback… LW → LM; then a ST → LST.
    expect(remapForSchema({ LW: 'a', ST: 'b' }, '4-4-2').positions).toEqual({ LST: 'b', LM: 'a' });
  });

  it('does not depend on key order when the old schema is unknown', () => {
    const a = remapForSchema({ CRM: 'x', CLM: 'y', LW: 'z' }, '3-5-2');
    const b = remapForSchema({ LW: 'z', CLM: 'y', CRM: 'x' }, '3-5-2');
    expect(a).toEqual(b);
    // vocabulary order: LW → LM; CLM → CM; CRM → (CM taken) RM.
    expect(a.positions).toEqual({ LM: 'z', CM: 'y', RM: 'x' });
  });

  it('benches what cannot be seated (more than eleven entries)', () => {
    const twelve = { ...full433, CAM: 'c-cam' };
    const { positions, benched } = remapForSchema(twelve, '4-3-3');
    expect(Object.keys(positions)).toHaveLength(11);
    expect(benched).toEqual(['c-cam']);
  });
});
