import { z } from 'zod';
import { INGEST_CHUNK } from '../../services/performance-ingest-service';
import { PerformanceIngestResultSchema, PerformanceIngestSchema, ScoringInputSchema, ScoringInputsQuerySchema } from '../../wire/internal';
import { type Route, route } from '../route-kit';

/**
 * The scoring engine's two routes (§12). The bearer guard in app.ts has already run. Ref's
 * engine calls them without the `v1` segment, so both spellings are served, and documented.
 */
const PREFIXES = [
  { prefix: '/internal/v1', suffix: '' },
  { prefix: '/internal', suffix: 'Unversioned' },
] as const;

/** A day of 10,000 teams arrives as 100 chunks of 100 rows; this leaves room for big snapshots. */
const INGEST_BODY_LIMIT = 4 * 1_048_576;

const tag = 'Scoring engine';

export const internalRoutes: Route[] = PREFIXES.flatMap(({ prefix, suffix }) => [
  route({
    id: `getScoringInputs${suffix}`,
    method: 'GET',
    path: `${prefix}/scoring-inputs`,
    summary: `What each scorable team fielded on a day (§12)${suffix ? ', without the version segment' : ''}`,
    tag,
    access: 'service',
    query: ScoringInputsQuerySchema,
    queryInvalid: 'INVALID_DATE',
    answer: { json: z.array(ScoringInputSchema) },
    handle: ({ services, query }) => services.scoringInputs.inputsFor(query.date),
  }),
  route({
    id: `ingestPerformances${suffix}`,
    method: 'POST',
    path: `${prefix}/performances`,
    summary: `Raw facts of a day in, points out: at most ${INGEST_CHUNK} results a call (§12)${suffix ? ', without the version segment' : ''}`,
    tag,
    access: 'service',
    body: { schema: PerformanceIngestSchema, malformed: 'MALFORMED_JSON', invalid: 'INGEST_INVALID', limitBytes: INGEST_BODY_LIMIT },
    answer: { json: PerformanceIngestResultSchema },
    handle: ({ services, body }) => services.ingest.ingest(body, { maxRows: INGEST_CHUNK }),
  }),
]);
