import { Elysia } from 'elysia';
import { z } from 'zod';
import type { Services } from '../../platform/composition-root';
import { INGEST_CHUNK } from './performance-ingest-service';
import { PerformanceIngestResultSchema, PerformanceIngestSchema, ScoringInputSchema, ScoringInputsQuerySchema } from './wire';
import { checkedQuery, jsonBody } from '../../platform/http/route-options';
import { answer, checkedValue } from '../../platform/http/route-schemas';
import { docs } from '../../platform/http/route-docs';
import { LARGEST_BODY_BYTES } from '../../platform/http/request-body';

/** A day of 10,000 teams arrives as 100 chunks of 100 rows; the largest body any route reads leaves room for big snapshots. */
const INGEST_BODY_LIMIT = LARGEST_BODY_BYTES;

const doc = docs('Scoring engine', 'service');

/**
 * The scoring engine's two routes, behind the bearer guard. Ref's engine calls them
 * without the `v1` segment, so both spellings are served, and documented.
 */
function engineRoutes<const P extends string>(services: Services, prefix: P, suffix: '' | 'Unversioned') {
  const unversioned = suffix ? ', without the version segment' : '';
  return new Elysia({ prefix })
    .get('/scoring-inputs', ({ query }) => services.scoringInputs.inputsFor(checkedValue(ScoringInputsQuerySchema, query).date), {
      ...checkedQuery(ScoringInputsQuerySchema, 'INVALID_DATE'),
      response: answer(z.array(ScoringInputSchema)),
      ...doc({ id: `getScoringInputs${suffix}`, summary: `What each scorable team fielded on a day (§12)${unversioned}` }),
    })
    .post('/performances', ({ body }) => services.ingest.ingest(checkedValue(PerformanceIngestSchema, body), { maxRows: INGEST_CHUNK }), {
      ...jsonBody(PerformanceIngestSchema, { malformed: 'MALFORMED_JSON', invalid: 'INGEST_INVALID', limitBytes: INGEST_BODY_LIMIT }),
      response: answer(PerformanceIngestResultSchema),
      ...doc({ id: `ingestPerformances${suffix}`, summary: `Raw facts of a day in, points out: at most ${INGEST_CHUNK} results a call (§12)${unversioned}` }),
    });
}

export function internalRoutes(services: Services) {
  return new Elysia().use(engineRoutes(services, '/internal/v1', '')).use(engineRoutes(services, '/internal', 'Unversioned'));
}
