/**
 * The scoring engine's interface: the inputs of a day, and the performances it posts
 * back. A refusal of the ingest body is INGEST_INVALID, except an impossible or missing date,
 * which is checked first and answers INVALID_DATE.
 */
import { z } from 'zod';
import { CHEMISTRY_LEVELS } from '../../domain/chemistry';
import { parseStrictDate } from '../../domain/dates';
import { named } from '../../platform/http/wire/registry';
import { canonical } from '../../platform/http/wire/schema-helpers';

/** A strict `YYYY-MM-DD`: 2026-02-30 is refused, not rolled over. */
const ScoringDateSchema = canonical('INVALID_DATE', parseStrictDate).meta({ type: 'string', format: 'date' });

/** A repeated `date` counts by its first value, as a query parameter always has. */
export const ScoringInputsQuerySchema = z.object({
  date: z.preprocess((value) => (Array.isArray(value) ? value[0] : value), ScoringDateSchema).meta({
    type: 'string',
    format: 'date',
    description: 'the scored day D; required, and a real date',
  }),
});

export const ScoringInputSchema = named(
  'ScoringInput',
  z.object({
    leagueId: z.string(),
    teamId: z.string(),
    domain: z.string().describe('the league’s encyclopedia edition'),
    articles: z.array(z.string()).describe('the articles the team fielded on D'),
    chemistryLinks: z.array(z.tuple([z.string(), z.string()])).describe('the article pairs over which chemistry links are resolved'),
    formationSnapshot: z.string().describe('opaque; echoed back untouched in the performance'),
  }),
  'One per scorable team on the day',
);
export type ScoringInput = z.output<typeof ScoringInputSchema>;

const PerformanceResultSchema = z.object({
  teamId: z.string().min(1),
  articleViews: z.array(z.number().nonnegative()).describe('finite, in the order of the input’s `articles`'),
  chemistryLevels: z.array(z.enum(CHEMISTRY_LEVELS)).describe('one per pair of the input’s `chemistryLinks`'),
  // The snapshot is opaque: anything but a string is stored as `{}`, never refused.
  formationSnapshot: z.string().optional().catch(undefined),
});

export const PerformanceIngestSchema = z.object({
  date: ScoringDateSchema,
  results: z.array(PerformanceResultSchema),
});
export type PerformanceIngest = z.output<typeof PerformanceIngestSchema>;

export const PerformanceIngestResultSchema = named('PerformanceIngestResult', z.object({ written: z.number().int().nonnegative() }));
export type PerformanceIngestResult = z.output<typeof PerformanceIngestResultSchema>;
