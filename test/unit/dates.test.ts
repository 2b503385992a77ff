import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, parseStrictDate } from '../../src/domain/dates';

describe('calendar days', () => {
  it.each(['2026-02-30', '2026-13-01', '2026-1-01', '20260101', '2026-02-29', '', 'yesterday'])('rejects %s, never rolling it over', (value) => {
    expect(parseStrictDate(value)).toBeNull();
  });

  it.each(['2028-02-29', '2026-12-31', '2026-01-01'])('accepts the real day %s', (value) => {
    expect(parseStrictDate(value)).toBe(value);
  });

  it('count whole days, negative backwards, across month and year ends', () => {
    expect(daysBetween('2026-05-10', '2026-05-24')).toBe(14);
    expect(daysBetween('2026-05-24', '2026-05-10')).toBe(-14);
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});
