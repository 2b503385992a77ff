/** The league home in one answer: what the app's league screen draws first. */
import { z } from 'zod';
import { ActivityEventSchema } from '../activity/wire';
import { ContractSchema } from '../contracts/wire';
import { FixturesSchema, HeadToHeadRowSchema } from '../head-to-head/wire';
import { LeaderboardEntrySchema, LeagueRoleSchema, LeagueSchema } from '../leagues/wire';
import { PerformanceSchema, TeamLineupSchema } from '../lineups/wire';
import { named } from '../../platform/http/wire/registry';

/** The top of the table, a phone screen's worth. */
export const HOME_TOP_RANKS = 10;
/** The caller's row and two teams either side. */
export const HOME_AROUND_RANKS = 5;
/** More scored days than any season, so the season's chart is whole. */
export const HOME_PERFORMANCE_DAYS = 400;
/** The latest events; the activity page has the rest. */
export const HOME_RECENT_EVENTS = 5;

const RanksSchema = z.object({
  rows: z.array(LeaderboardEntrySchema),
  total: z.number().int().describe('ranked teams in the league, as the leaderboard’s X-Total-Count'),
});

export const LeagueHomeSchema = named(
  'LeagueHome',
  z.object({
    league: LeagueSchema,
    role: LeagueRoleSchema,
    top: RanksSchema.describe(`the first ${HOME_TOP_RANKS} ranks`),
    mine: z
      .object({
        around: RanksSchema.describe(`${HOME_AROUND_RANKS} ranks around the caller’s team`),
        performances: z.array(PerformanceSchema).describe(`the caller’s last ${HOME_PERFORMANCE_DAYS} scored days, most recent first`),
        contracts: z.array(ContractSchema),
        lineup: TeamLineupSchema,
        fixtures: FixturesSchema.nullable().describe('a head-to-head league’s current round, or its last after the season; null for a points league'),
        table: z.array(HeadToHeadRowSchema).nullable().describe('a head-to-head league’s table; null for a points league'),
        recent: z.array(ActivityEventSchema).describe(`the league’s latest ${HOME_RECENT_EVENTS} events`),
      })
      .nullable()
      .describe('what only a member reads; null when the caller has no team in the league'),
  }),
  'What the league home shows first, in one answer: each part is what its own read answers.',
);
export type LeagueHome = z.infer<typeof LeagueHomeSchema>;
