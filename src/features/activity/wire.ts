import { z } from 'zod';
import { named } from '../../platform/http/wire/registry';
import { RoundResultSchema } from '../head-to-head/wire';

export const ACTIVITY_DEFAULT_LIMIT = 30;
export const ACTIVITY_MAX_LIMIT = 100;

function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/** Every refusal is INVALID_REQUEST; the cursor is checked by the service (it is opaque here). */
export const ActivityQuerySchema = z.object({
  limit: z
    .preprocess(first, z.string().regex(/^\d{1,9}$/).transform(Number).pipe(z.number().min(1).max(ACTIVITY_MAX_LIMIT)))
    .optional()
    .describe(`events in the page, 1–${ACTIVITY_MAX_LIMIT} (default ${ACTIVITY_DEFAULT_LIMIT})`),
  before: z
    .preprocess(first, z.string().min(1).max(40))
    .optional()
    .describe('the `next` of the previous page: events older than it'),
});
export type ActivityQuery = z.output<typeof ActivityQuerySchema>;

export const ActivityEventSchema = named(
  'ActivityEvent',
  z.object({
    id: z.string().describe('opaque'),
    at: z.string().describe('when it happened'),
    kind: z.enum(['join', 'departure', 'removal', 'buy', 'early-sale', 'renewal', 'expiry', 'round-result', 'season-started']),
    team: z.object({ id: z.string(), name: z.string() }).nullable().describe('the team that acted (removal: the team the admin removed), named as it was then; null for a round or a new season'),
    article: z.object({ id: z.string(), title: z.string() }).nullable().describe('buys, early sales, renewals and expiries'),
    tier: z.enum(['SHORT', 'MEDIUM', 'LONG']).nullable().describe('buys and renewals: the term taken'),
    round: RoundResultSchema.nullable().describe('round-result: the finished round’s matchups and results'),
    nextSeason: z
      .object({ leagueId: z.string(), name: z.string(), season: z.number().int().min(2) })
      .nullable()
      .describe('season-started: the league of the new season, where the teams that stayed now play'),
  }),
  'One thing that happened in a league. Amounts of credits are never shown.',
);
export type ActivityEvent = z.infer<typeof ActivityEventSchema>;

export const ActivityPageSchema = named(
  'ActivityPage',
  z.object({
    events: z.array(ActivityEventSchema).describe('newest first'),
    next: z.string().nullable().describe('pass as `before` for older events; null when there are none'),
  }),
);
export type ActivityPage = z.infer<typeof ActivityPageSchema>;
