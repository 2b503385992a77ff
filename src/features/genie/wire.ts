/** Fields are checked in the rules' order and each stage is a pipe, so a request with several faults always answers one constant. */
import { z } from 'zod';
import { GENIE_BUCKETS, GENIE_LIMITS } from '../../domain/genie-limits';
import { characterCount } from '../../domain/values';
import { named } from '../../platform/http/wire/registry';

/** The count is checked before the entries, so the array's own schema reads `unknown`: document the entry. */
const documented = (schema: z.ZodType) => {
  const { $schema: _schema, ...json } = z.toJSONSchema(schema, { io: 'input' });
  return json;
};
const absent = (input: unknown) => input === undefined || input === null;
const within = (max: number) => (text: string) => characterCount(text) <= max;

/** Trimmed; absent or blank is GENIE_QUERY_REQUIRED, anything but a string is malformed. */
const GenieQuerySchema = z
  .string({ error: (issue) => (absent(issue.input) ? 'GENIE_QUERY_REQUIRED' : undefined) })
  .trim()
  .min(1, 'GENIE_QUERY_REQUIRED')
  .refine(within(GENIE_LIMITS.queryMax), 'GENIE_QUERY_TOO_LONG')
  .describe(`at most ${GENIE_LIMITS.queryMax} characters once trimmed`);

export const GenieSeedRequestSchema = z.object({ query: GenieQuerySchema });
export type GenieSeedRequest = z.output<typeof GenieSeedRequestSchema>;

export const GenieSeedsSchema = named(
  'GenieSeeds',
  z.object({
    keywords: z.string(),
    anchors: z.array(z.string()).max(GENIE_LIMITS.anchorsMax),
  }),
);
export type GenieSeeds = z.output<typeof GenieSeedsSchema>;

const GenieCandidateShape = z.object({
  id: z.number().int().describe('a small integer the client assigns'),
  title: z.string().describe(`at most ${GENIE_LIMITS.titleMax} characters`),
  // The encyclopedia's search answers `description: null` for some pages; clients pass it on.
  description: z.string().nullish().describe(`at most ${GENIE_LIMITS.descriptionMax} characters`),
});
const GenieCandidateSchema = GenieCandidateShape
  .transform(({ id, title, description }) => (typeof description === 'string' ? { id, title, description } : { id, title }));
type GenieTurnCandidate = z.output<typeof GenieCandidateSchema>;

const GenieCandidatesSchema = z
  .array(z.unknown(), { error: (issue) => (absent(issue.input) ? 'GENIE_NO_CANDIDATES' : undefined) })
  .min(1, 'GENIE_NO_CANDIDATES')
  .max(GENIE_LIMITS.candidatesMax, 'GENIE_TOO_MANY_CANDIDATES')
  .pipe(z.array(GenieCandidateSchema))
  .pipe(
    z
      .array(z.custom<GenieTurnCandidate>())
      .refine(
        (candidates) =>
          candidates.every(
            (c) => within(GENIE_LIMITS.titleMax)(c.title) && (c.description === undefined || within(GENIE_LIMITS.descriptionMax)(c.description)),
          ),
        'GENIE_TEXT_TOO_LONG',
      ),
  )
  .pipe(
    z
      .array(z.custom<GenieTurnCandidate>())
      .refine((candidates) => new Set(candidates.map((c) => c.id)).size === candidates.length, 'GENIE_DUPLICATE_CANDIDATE_ID'),
  )
  .meta({ items: documented(GenieCandidateShape), description: 'distinct ids' });

const GenieExchangeSchema = z.object({
  question: z.string().describe(`at most ${GENIE_LIMITS.questionMax} characters`),
  answer: z.string().describe(`at most ${GENIE_LIMITS.answerMax} characters`),
});
export type GenieExchange = z.output<typeof GenieExchangeSchema>;

/** The opening turn has nothing to carry, so an absent history is an empty one. */
const GenieHistorySchema = z.preprocess(
  (value) => value ?? [],
  z
    .array(z.unknown())
    .max(GENIE_LIMITS.historyMax, 'GENIE_HISTORY_TOO_LONG')
    .pipe(z.array(GenieExchangeSchema))
    .pipe(
      z
        .array(z.custom<GenieExchange>())
        .refine(
          (history) => history.every((e) => within(GENIE_LIMITS.questionMax)(e.question) && within(GENIE_LIMITS.answerMax)(e.answer)),
          'GENIE_TEXT_TOO_LONG',
        ),
    ),
  )
  .default([])
  .meta({ items: documented(GenieExchangeSchema), description: 'the questions asked so far and their answers' });

export const GenieTurnRequestSchema = z.object({
  query: GenieQuerySchema,
  candidates: GenieCandidatesSchema,
  history: GenieHistorySchema,
  bucket: z.enum(GENIE_BUCKETS, { error: 'GENIE_INVALID_BUCKET' }),
});
export type GenieTurnRequest = z.output<typeof GenieTurnRequestSchema>;

export const GenieTurnResponseSchema = named(
  'GenieTurnResponse',
  z.object({
    utterance: z.string().describe('one sentence: flavour plus the next question'),
    question: z.string().describe('the bare question, as the client sends it back in the history'),
    keep: z.array(z.number().int()),
    options: z.array(z.string()),
    kind: z.enum(['filter', 'preference']),
    done: z.boolean(),
  }),
);
export type GenieTurnResponse = z.output<typeof GenieTurnResponseSchema>;
