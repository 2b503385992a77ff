import { describe, expect, it } from 'vitest';
import {
  averageViews30d,
  contractState,
  earlySellPayout,
  effectiveScale,
  inheritedRenewalCount,
  isTier,
  monthViews,
  price,
  renewalQuote,
  renewalWindow,
  TIER_DAYS,
  tierForTermDays,
  weekViews,
  yearViews,
  type ViewPoint,
} from '../../src/domain/pricing';
import { basePoints } from '../../src/domain/base-points';
import { addDays } from '../../src/domain/dates';

describe('price (§5.2)', () => {
  // Every cell of the §5.2 table: normalized average → [BP, SHORT, MEDIUM, LONG].
  const table: [number, string, number, number, number][] = [
    [2_000, '0.000', 0, 0, 0],
    [3_000, '0.585', 3, 7, 15],
    [4_000, '1.000', 8, 18, 36],
    [9_000, '2.170', 29, 67, 135],
    [25_000, '3.644', 70, 163, 325],
    [130_000, '6.022', 164, 382, 764],
    [300_000, '9.229', 338, 789, 1_578],
    [638_000, '15.989', 861, 2_008, 4_016],
  ];

  it.each(table)('avg %i: BP %s, prices %i / %i / %i', (avg, bp, short, medium, long) => {
    expect(basePoints(avg).toFixed(3)).toBe(bp);
    expect(price(avg, 1, TIER_DAYS.SHORT)).toBe(short);
    expect(price(avg, 1, TIER_DAYS.MEDIUM)).toBe(medium);
    expect(price(avg, 1, TIER_DAYS.LONG)).toBe(long);
  });

  it('prices anything at or under 2,000 normalized views at 0', () => {
    expect(price(1_500, 1, 14)).toBe(0);
    expect(price(0, 1, 14)).toBe(0);
  });

  it('normalizes with L before pricing (§14 #12)', () => {
    // 300 raw × 13.9 = 4,170 normalized: not free.
    expect(price(300, 13.9, 7)).toBe(price(4_170, 1, 7));
    expect(price(300, 13.9, 7)).toBeGreaterThan(0);
    // 1,000 raw × 2 = 2,000: free.
    expect(price(1_000, 2, 7)).toBe(0);
  });

  it('treats an invalid stored scale as 1.0 and garbage views as free', () => {
    expect(price(4_000, Number.NaN, 3)).toBe(8);
    expect(price(4_000, 0, 3)).toBe(8);
    expect(price(4_000, -2, 3)).toBe(8);
    expect(price(Number.NaN, 1, 3)).toBe(0);
    expect(price(Number.POSITIVE_INFINITY, 1, 3)).toBe(0);
  });

  it('is never negative', () => {
    expect(price(4_000, 1, -3)).toBe(0);
  });
});

describe('effectiveScale (§1.4)', () => {
  it.each([
    [13.9, 13.9],
    [1, 1],
    [0, 1],
    [-1, 1],
    [Number.NaN, 1],
    [Number.POSITIVE_INFINITY, 1],
    [null, 1],
    [undefined, 1],
  ])('%s → %s', (stored, used) => {
    expect(effectiveScale(stored as number)).toBe(used);
  });
});

describe('tiers', () => {
  it('knows SHORT, MEDIUM and LONG only', () => {
    expect(isTier('SHORT')).toBe(true);
    expect(isTier('MEDIUM')).toBe(true);
    expect(isTier('LONG')).toBe(true);
    expect(isTier('short')).toBe(false);
    expect(isTier('toString')).toBe(false);
    expect(isTier(3)).toBe(false);
  });

  it.each([
    [0, 'SHORT'],
    [3, 'SHORT'],
    [4, 'MEDIUM'],
    [7, 'MEDIUM'],
    [8, 'LONG'],
    [14, 'LONG'],
    [28, 'LONG'],
  ])('term of %i days is %s (§5.4)', (days, tier) => {
    expect(tierForTermDays(days)).toBe(tier);
  });
});

function series(views: number[], start = '2026-01-01'): ViewPoint[] {
  return views.map((v, i) => ({ date: addDays(start, i), views: v }));
}

describe('30-day average and shelf sums (§5.3, §7.1)', () => {
  it('is null for an empty series (never priced as 0)', () => {
    expect(averageViews30d([])).toBeNull();
  });

  it('averages all points when fewer than 30 are present', () => {
    expect(averageViews30d(series([100, 200, 600]))).toBe(300);
  });

  it('averages only the last 30 points', () => {
    // 10 old points of 1,000,000 then 30 points of 10.
    const points = series([...Array(10).fill(1_000_000), ...Array(30).fill(10)]);
    expect(averageViews30d(points)).toBe(10);
  });

  it('skips absent days instead of counting them as zeros', () => {
    const points = [
      { date: '2026-01-01', views: 100 },
      { date: '2026-01-05', views: 300 },
    ];
    expect(averageViews30d(points)).toBe(200);
  });

  it('takes the latest points by date even if the series arrives unsorted', () => {
    const points = series([...Array(30).fill(10), 99_999]);
    const shuffled = [points[30], ...points.slice(0, 30)];
    expect(averageViews30d(shuffled)).toBe((29 * 10 + 99_999) / 30);
  });

  it('week, month and year sums', () => {
    const points = series(Array.from({ length: 40 }, (_, i) => i + 1)); // 1..40
    expect(weekViews(points)).toBe(34 + 35 + 36 + 37 + 38 + 39 + 40);
    expect(monthViews(points)).toBe(((11 + 40) * 30) / 2);
    expect(yearViews(points)).toBe((40 * 41) / 2);
    expect(weekViews([])).toBe(0);
  });
});

describe('early sell payout (§5.7)', () => {
  it('returns the full current price on the purchase day', () => {
    expect(earlySellPayout(764, 14, 14)).toBe(764);
  });

  it('returns 11/14 after holding 3 of 14 days', () => {
    expect(earlySellPayout(764, 11, 14)).toBe(600);
  });

  it('rounds half up', () => {
    // 7 × 1 / 2 = 3.5 → 4
    expect(earlySellPayout(7, 1, 2)).toBe(4);
  });

  it('pays 0 on or after the expiry day and for a non-positive term', () => {
    expect(earlySellPayout(764, 0, 14)).toBe(0);
    expect(earlySellPayout(764, -2, 14)).toBe(0);
    expect(earlySellPayout(764, 5, 0)).toBe(0);
  });
});

describe('renewal (§5.9)', () => {
  it('first renewal costs +10 %, second +20 %, third +30 %', () => {
    expect(renewalQuote(200, 0)).toEqual({ premium: 20, newPurchasePrice: 220 });
    expect(renewalQuote(200, 1)).toEqual({ premium: 40, newPurchasePrice: 240 });
    expect(renewalQuote(200, 2)).toEqual({ premium: 60, newPurchasePrice: 260 });
  });

  it('rounds the premium half up exactly (0.1 × 45 is not 4.5 in floating point)', () => {
    expect(renewalQuote(45, 0).premium).toBe(5);
    expect(renewalQuote(5, 2).premium).toBe(2); // 1.5 → 2
    expect(renewalQuote(4, 0).premium).toBe(0); // 0.4 → 0
  });

  it.each([
    [2, 'closed'],
    [1, 'open'],
    [0, 'open'],
    [-1, 'expired'],
  ])('window with %i remaining days is %s', (remaining, window) => {
    expect(renewalWindow(remaining)).toBe(window);
  });
});

describe('contract state (§5.11)', () => {
  const live = { status: 'live', expireDate: '2026-03-10' };
  it('live before the expiry day, expired from it on', () => {
    expect(contractState(live, '2026-03-09')).toBe('live');
    expect(contractState(live, '2026-03-10')).toBe('expired');
    expect(contractState(live, '2026-04-01')).toBe('expired');
  });

  it('sold and settled are final regardless of the date', () => {
    expect(contractState({ status: 'sold', expireDate: '2026-03-10' }, '2026-03-01')).toBe('sold');
    expect(contractState({ status: 'settled', expireDate: '2026-03-10' }, '2026-03-20')).toBe('settled');
  });
});

describe('inherited renewal count (§14 #7)', () => {
  const previous = { renewalCount: 1, termDays: 7, endedOn: '2026-03-10' };

  it('starts at 0 without a previous contract', () => {
    expect(inheritedRenewalCount(null, '2026-03-10')).toBe(0);
  });

  it('continues the streak on a re-buy within the previous term length', () => {
    expect(inheritedRenewalCount(previous, '2026-03-10')).toBe(2);
    expect(inheritedRenewalCount(previous, '2026-03-17')).toBe(2);
  });

  it('resets once a full term has passed since it ended', () => {
    expect(inheritedRenewalCount(previous, '2026-03-18')).toBe(0);
  });

  it('a never-renewed contract passes on 1', () => {
    expect(inheritedRenewalCount({ renewalCount: 0, termDays: 3, endedOn: '2026-03-10' }, '2026-03-12')).toBe(1);
  });
});
