import { Elysia } from 'elysia';
import { INGEST_CHUNK } from '../../services/performance-ingest-service';
import { requireScoringDate } from '../../services/scoring-inputs-service';
import type { AppContext } from '../../app-context';
import { readJsonBody } from '../request-body';

/**
 * The scoring engine's two routes (§12). The bearer guard in app.ts has already run. Ref's
 * engine calls them without the `v1` segment, so both spellings are served.
 */
const PREFIXES = ['/internal/v1', '/internal'] as const;

/** A day of 10,000 teams arrives as 100 chunks of 100 rows; this leaves room for big snapshots. */
const INGEST_BODY_LIMIT = 4 * 1_048_576;

export function internalRoutes(ctx: AppContext) {
  const { scoringInputs: inputs, ingest } = ctx.services;
  const app = new Elysia();
  for (const prefix of PREFIXES) {
    app
      .get(`${prefix}/scoring-inputs`, ({ request }) => {
        const date = requireScoringDate(new URL(request.url).searchParams.get('date'));
        return inputs.inputsFor(date);
      })
      .post(
        `${prefix}/performances`,
        async ({ request }) => {
          const body = await readJsonBody(request, 'MALFORMED_JSON', INGEST_BODY_LIMIT);
          return ingest.ingest(body, { maxRows: INGEST_CHUNK });
        },
        { parse: 'none' },
      );
  }
  return app;
}
