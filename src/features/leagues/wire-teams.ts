/** Teams: the team every part of the interface shows, joining and leaving. */
import { z } from 'zod';
import { named } from '../../platform/http/wire/registry';
import { objectBody } from '../../platform/http/wire/schema-helpers';

export const TeamSchema = named(
  'Team',
  z.object({
    id: z.string(),
    name: z.string(),
    credits: z.number(),
    player: z.object({ id: z.string(), name: z.string() }),
  }),
);
export type Team = z.infer<typeof TeamSchema>;

/**
 * A name that is not a string is TEAM_NAME_REQUIRED (a body that is not an
 * object names none). Its length is step 2, judged by the service after a presented code
 * has been charged; a code that is not a string is no code at all.
 */
export const JoinLeagueRequestSchema = objectBody(
  z.object({
    name: z.string({ error: 'TEAM_NAME_REQUIRED' }).describe('3–30 characters once trimmed, unique in the league regardless of case'),
    invitationCode: z.string().optional().catch(undefined).describe('consulted only for a private league; spends a code attempt'),
  }),
);
export type JoinLeagueRequest = z.output<typeof JoinLeagueRequestSchema>;

export const DepartureSchema = named('Departure', z.object({ leagueDeleted: z.boolean() }));
export type Departure = z.infer<typeof DepartureSchema>;
