import { describe, expect, it } from 'vitest';
import { LOG2_75 } from '../../src/domain/base-points';
import {
  isActiveOn,
  normalizeFormationSnapshot,
  scoreBreakdown,
  scoringInputForTeam,
  teamScore,
  type PlacedContract,
} from '../../src/domain/scoring';

describe('teamScore (§4.2)', () => {
  it('sums BasePoints of each article plus synergy', () => {
    // 4,000 → 1; 16,000 → 3; 1,000 → 0; excellent + good = 2
    expect(
      teamScore({ articleViews: [4_000, 16_000, 1_000], chemistryLevels: ['excellent', 'good', 'weak'], languageScale: 1 }),
    ).toBe(6);
  });

  it('normalizes raw views with the league scale', () => {
    // 1,000 raw × 4 = 4,000 → 1 point; 37,500 × 4 = 150,000 → log2(75)
    expect(teamScore({ articleViews: [1_000, 37_500], chemistryLevels: [], languageScale: 4 })).toBe(1 + LOG2_75);
  });

  it('caps synergy at 20', () => {
    expect(teamScore({ articleViews: [8_000], chemistryLevels: Array(20).fill('excellent'), languageScale: 1 })).toBe(22);
  });

  it('uses 1.0 for an invalid stored scale', () => {
    expect(teamScore({ articleViews: [4_000], chemistryLevels: [], languageScale: Number.NaN })).toBe(1);
    expect(teamScore({ articleViews: [4_000], chemistryLevels: [], languageScale: 0 })).toBe(1);
  });

  it('scores an empty team 0', () => {
    expect(teamScore({ articleViews: [], chemistryLevels: [], languageScale: 1 })).toBe(0);
  });

  it('keeps points unrounded', () => {
    // log2(2,828 / 2,000) = 0.49978…, not the 0.5 a rounding to halves would give
    expect(teamScore({ articleViews: [2_828], chemistryLevels: [], languageScale: 1 })).toBeCloseTo(0.499782, 6);
  });
});

describe('the performance snapshot (§12)', () => {
  it('stores a non-string snapshot as {}', () => {
    expect(normalizeFormationSnapshot('{"GK":"X"}')).toBe('{"GK":"X"}');
    expect(normalizeFormationSnapshot({ GK: 'X' })).toBe('{}');
    expect(normalizeFormationSnapshot(undefined)).toBe('{}');
  });
});

function contract(articleId: string, overrides: Partial<PlacedContract> = {}): PlacedContract {
  return {
    contractId: `c-${articleId}`,
    articleId,
    purchaseDate: '2026-03-01',
    expireDate: '2026-03-08',
    status: 'live',
    ...overrides,
  };
}

describe('active on D (§4.1)', () => {
  const c = contract('A'); // bought 03-01 for 7 days: scores 03-01 … 03-07
  it('scores exactly N days from the purchase day', () => {
    expect(isActiveOn(c, '2026-02-28')).toBe(false);
    expect(isActiveOn(c, '2026-03-01')).toBe(true);
    expect(isActiveOn(c, '2026-03-07')).toBe(true);
    expect(isActiveOn(c, '2026-03-08')).toBe(false);
  });

  it('sold or settled contracts without a closing day never score', () => {
    expect(isActiveOn({ ...c, status: 'sold' }, '2026-03-02')).toBe(false);
    expect(isActiveOn({ ...c, status: 'settled' }, '2026-03-02')).toBe(false);
  });

  it('a contract closed later still scores the days before its closing day', () => {
    const sold = { ...c, status: 'sold', closedOn: '2026-03-04' };
    expect(isActiveOn(sold, '2026-03-03')).toBe(true);
    expect(isActiveOn(sold, '2026-03-04')).toBe(false);
    const settled = { ...c, status: 'settled', closedOn: '2026-03-08' };
    expect(isActiveOn(settled, '2026-03-07')).toBe(true);
    expect(isActiveOn(settled, '2026-03-08')).toBe(false);
  });

  it('a renewed contract keeps scoring from heldSince', () => {
    const renewed = contract('A', { heldSince: '2026-03-01', purchaseDate: '2026-03-08', expireDate: '2026-03-15' });
    expect(isActiveOn(renewed, '2026-03-03')).toBe(true);
    expect(isActiveOn(renewed, '2026-03-14')).toBe(true);
  });
});

describe('scoringInputForTeam (§12)', () => {
  it('lists active placements in canonical order with links in §3.2 order', () => {
    const input = scoringInputForTeam({
      schema: '4-3-3',
      date: '2026-03-03',
      positions: {
        GK: contract('Keeper'),
        CM: contract('Mid'),
        ST: contract('Striker'),
        LW: contract('Wing'),
        CLB: contract('Back'),
        RW: contract('Gone', { status: 'sold' }),
        RB: contract('Later', { purchaseDate: '2026-03-04', expireDate: '2026-03-11' }),
      },
    });
    expect(input.articles).toEqual(['Wing', 'Striker', 'Mid', 'Back', 'Keeper']);
    // 4-3-3 links with both ends placed, in table order: LW–ST, ST–CM, CM–CLB, CLB–GK
    expect(input.chemistryLinks).toEqual([
      ['Wing', 'Striker'],
      ['Striker', 'Mid'],
      ['Mid', 'Back'],
      ['Back', 'Keeper'],
    ]);
    expect(input.formationSnapshot).toBe('{"LW":"Wing","ST":"Striker","CM":"Mid","CLB":"Back","GK":"Keeper"}');
  });

  it('keeps the pair orientation of the table', () => {
    // 4-3-3 has RB–CRM (RB first).
    const input = scoringInputForTeam({
      schema: '4-3-3',
      date: '2026-03-03',
      positions: { CRM: contract('M'), RB: contract('B') },
    });
    expect(input.articles).toEqual(['M', 'B']);
    expect(input.chemistryLinks).toEqual([['B', 'M']]);
  });

  it('an empty line-up gives no articles, no links and {}', () => {
    expect(scoringInputForTeam({ schema: '4-3-3', date: '2026-03-03', positions: {} })).toEqual({
      articles: [],
      chemistryLinks: [],
      formationSnapshot: '{}',
    });
  });

  it('ignores positions that are not in the schema', () => {
    const input = scoringInputForTeam({ schema: '4-4-2', date: '2026-03-03', positions: { LW: contract('X'), GK: contract('G') } });
    expect(input.articles).toEqual(['G']);
  });
});

describe('scoreBreakdown (what scored a day)', () => {
  it('names each placed article and each link of the schema with its points, adding up to the day', () => {
    // 4-3-3: LW, ST and CM placed; LW–ST and ST–CM are the links with both ends placed, in §3.2 order
    const breakdown = scoreBreakdown({
      schema: '4-3-3',
      snapshot: { LW: 'Alpha', ST: 'Beta', CM: 'Gamma' },
      articleViews: [4_000, 16_000, 1_000],
      chemistryLevels: ['excellent', 'good'],
      languageScale: 1,
    });
    expect(breakdown.articles).toEqual([
      { position: 'LW', articleId: 'Alpha', views: 4_000, points: 1 },
      { position: 'ST', articleId: 'Beta', views: 16_000, points: 3 },
      { position: 'CM', articleId: 'Gamma', views: 1_000, points: 0 },
    ]);
    expect(breakdown.links).toEqual([
      { from: 'LW', to: 'ST', level: 'excellent', points: 1.5 },
      { from: 'ST', to: 'CM', level: 'good', points: 0.5 },
    ]);
    expect(breakdown.synergy).toBe(2);
    expect(breakdown.total).toBe(6);
  });

  it('the parts always add up to the stored points, the synergy capped at 20', () => {
    const levels = Array.from({ length: 20 }, () => 'excellent' as const);
    const breakdown = scoreBreakdown({ schema: '3-5-2', snapshot: {}, articleViews: [8_000, 2_828], chemistryLevels: levels, languageScale: 2 });
    expect(breakdown.synergy).toBe(20);
    const parts = breakdown.articles.reduce((sum, article) => sum + article.points, 0) + breakdown.synergy;
    expect(parts).toBeCloseTo(breakdown.total, 10);
    expect(breakdown.total).toBeCloseTo(teamScore({ articleViews: [8_000, 2_828], chemistryLevels: levels, languageScale: 2 }), 10);
  });

  it('levels that do not fit the schema keep their points but name no positions', () => {
    const breakdown = scoreBreakdown({ schema: '4-4-2', snapshot: { LW: 'Alpha', ST: 'Beta' }, articleViews: [0, 0], chemistryLevels: ['good'], languageScale: 1 });
    expect(breakdown.links).toEqual([{ from: null, to: null, level: 'good', points: 0.5 }]);
  });
});
