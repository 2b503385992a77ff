import { describe, expect, it } from 'vitest';
import { refusalCode } from '../../src/platform/http/wire/refusal-code';
import { PerformanceIngestSchema, ScoringInputsQuerySchema } from '../../src/features/scoring/wire';

/** The constant the ingest route answers for `body`, as the route kit reads the schema's refusal. */
function refusalOf(body: unknown): string | undefined {
  const result = PerformanceIngestSchema.safeParse(body);
  return result.success ? undefined : refusalCode(result.error.issues, 'INGEST_INVALID');
}

const good = { teamId: 't1', articleViews: [0, 12, 3.5], chemistryLevels: ['excellent', 'good', 'weak', 'empty'], formationSnapshot: '{}' };
const ingest = (...results: unknown[]) => ({ date: '2026-05-10', results });

describe('PerformanceIngest body (§12)', () => {
  it('accepts well-formed rows, and reads a snapshot that is not a string as none', () => {
    expect(refusalOf(ingest(good, { ...good, articleViews: [], chemistryLevels: [] }))).toBeUndefined();
    expect(PerformanceIngestSchema.parse(ingest({ ...good, formationSnapshot: 42 })).results[0].formationSnapshot).toBeUndefined();
    expect(PerformanceIngestSchema.parse(ingest(good)).results[0]).toEqual(good);
  });

  it.each([
    ['not an object', null],
    ['an array', []],
    ['missing teamId', { ...good, teamId: undefined }],
    ['empty teamId', { ...good, teamId: '' }],
    ['numeric teamId', { ...good, teamId: 7 }],
    ['articleViews not an array', { ...good, articleViews: '1,2' }],
    ['negative views', { ...good, articleViews: [1, -1] }],
    ['NaN views', { ...good, articleViews: [Number.NaN] }],
    ['infinite views', { ...good, articleViews: [Number.POSITIVE_INFINITY] }],
    ['string views', { ...good, articleViews: ['5'] }],
    ['chemistryLevels missing', { ...good, chemistryLevels: undefined }],
    ['unknown level', { ...good, chemistryLevels: ['great'] }],
  ])('refuses a row that is %s with INGEST_INVALID', (_label, row) => {
    expect(refusalOf(ingest(good, row))).toBe('INGEST_INVALID');
  });

  it('checks the date before anything else, and the body is an object before the date', () => {
    expect(refusalOf({ date: '2026-02-30', results: 'none' })).toBe('INVALID_DATE');
    expect(refusalOf({ results: [] })).toBe('INVALID_DATE');
    expect(refusalOf([{ date: 'x' }])).toBe('INGEST_INVALID');
    expect(refusalOf({ date: '2026-05-10', results: {} })).toBe('INGEST_INVALID');
  });
});

describe('scoring-inputs query (§12)', () => {
  it('takes a real date, the first of a repeated one, and refuses the rest with INVALID_DATE', () => {
    expect(ScoringInputsQuerySchema.parse({ date: '2026-05-10' })).toEqual({ date: '2026-05-10' });
    expect(ScoringInputsQuerySchema.parse({ date: ['2026-05-10', 'x'] })).toEqual({ date: '2026-05-10' });
    for (const query of [{}, { date: '2026-02-30' }, { date: '10/05/2026' }]) {
      const result = ScoringInputsQuerySchema.safeParse(query);
      expect(result.success ? undefined : refusalCode(result.error.issues, 'INVALID_REQUEST')).toBe('INVALID_DATE');
    }
  });
});
