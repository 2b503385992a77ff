/** Leagues: the league, its leaderboard, roles and codes, the founding request. */
import { z } from 'zod';
import { AROUND_ME_DEFAULT_LIMIT, leaderboardPage, MAX_PAGE_LIMIT } from '../../domain/leaderboard-page';
import {
  domainCodeOf,
  DURATIONS,
  durationOf,
  ICONS,
  invitePolicyOf,
  leagueIconOf,
  leagueNameOf,
  teamNameOf,
  visibilityOf,
} from '../../domain/leagues';
import { DEFAULT_ROUND_DAYS, LEAGUE_FORMATS, leagueFormatOf, ROUND_DAYS } from '../../domain/head-to-head';
import { PLAYOFF_TEAMS, playoffTeamsOf } from '../../domain/playoff-format';
import { named } from '../../platform/http/wire/registry';
import { canonicalString } from '../../platform/http/wire/schema-helpers';
import { TeamSchema } from './wire-teams';

export const LeagueSchema = named(
  'League',
  z.object({
    id: z.string(),
    title: z.string(),
    domain: z.string(),
    languageScale: z.number().describe('the edition’s Language Scale Factor L, frozen at founding'),
    icon: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    visibility: z.enum(['public', 'private']),
    invitePolicy: z.enum(['members', 'admin']),
    teamCount: z.number().int().describe('current teams; departed ones are not counted'),
    closedAt: z.string().nullable(),
    format: z.enum(LEAGUE_FORMATS).describe('points: ranked by the leaderboard; head-to-head: rounds of matchups and a table'),
    roundDays: z.number().int().nullable().describe('days per head-to-head round; null for a points league'),
    playoffTeams: z.number().int().describe('teams in the playoffs (0, 2, 4 or 8; 0: none): the season’s last log2(playoffTeams) rounds are playoff rounds'),
    previousSeasonId: z.string().nullable().describe('the season this league continues (its chain’s history); null for a first season'),
  }),
  'The invitation code is never part of a league.',
);
export type League = z.infer<typeof LeagueSchema>;

export const LeaderboardEntrySchema = named(
  'LeaderboardEntry',
  z.object({
    team: TeamSchema,
    cumulativePoints: z.number(),
    rank: z.number().int(),
    rankDelta: z.number().int().nullable().describe('null on the first scored day'),
    champion: z.boolean().describe('the trophy: the team of the previous season’s champion'),
  }),
);
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;

export const LeagueRoleSchema = named('LeagueRole', z.object({ isMember: z.boolean(), isAdmin: z.boolean() }));
export type LeagueRole = z.infer<typeof LeagueRoleSchema>;

export const LeagueInviteSchema = named('LeagueInvite', z.object({ code: z.string() }));
export type LeagueInvite = z.infer<typeof LeagueInviteSchema>;

export const EncyclopediaEditionSchema = named(
  'EncyclopediaEdition',
  z.object({ code: z.string(), autonym: z.string(), englishName: z.string() }),
  'A live language edition; names fall back to the code.',
);
export type EncyclopediaEdition = z.infer<typeof EncyclopediaEditionSchema>;

/** `playoffTeams` as a request field; whether the season is long enough is judged with the format. */
export const PlayoffTeamsField = z
  .union(
    PLAYOFF_TEAMS.map((teams) => z.literal(teams)),
    { error: 'LEAGUE_INVALID_FORMAT' },
  )
  .optional()
  .describe(`head-to-head only: teams in the playoffs, one of ${PLAYOFF_TEAMS.join(', ')} (default 0, none); the season must keep at least one regular round before them`);

/**
 * In the order clients rely on: a body that is not an object is LEAGUE_INVALID_PAYLOAD,
 * then the first field the rules refuse answers its own constant (a wrong type included).
 * Whether the edition exists and calibrates is the service's next step (it needs I/O).
 */
export const CreateLeagueRequestSchema = z
  .object(
    {
      name: canonicalString('LEAGUE_NAME_LENGTH', leagueNameOf).describe('3–50 characters once trimmed'),
      icon: canonicalString('LEAGUE_UNKNOWN_ICON', leagueIconOf).describe(`one of ${ICONS.join(' ')}`),
      domain: canonicalString('LEAGUE_UNKNOWN_DOMAIN', domainCodeOf).describe('the code of a live encyclopedia edition'),
      duration: canonicalString('LEAGUE_UNKNOWN_DURATION', durationOf).describe(`the season: ${Object.keys(DURATIONS).join(', ')}`),
      visibility: canonicalString('LEAGUE_UNKNOWN_VISIBILITY', visibilityOf).describe('public or private'),
      invitePolicy: canonicalString('LEAGUE_UNKNOWN_INVITE_POLICY', invitePolicyOf).describe('who may read the invitation code: members or admin'),
      teamName: canonicalString('TEAM_NAME_LENGTH', teamNameOf).describe('the founder’s team, 3–30 characters once trimmed'),
      format: z
        .enum(LEAGUE_FORMATS, { error: 'LEAGUE_INVALID_FORMAT' })
        .optional()
        .describe('points (the default: the leaderboard decides) or head-to-head (rounds of matchups); fixed for the league’s life'),
      roundDays: z
        .union(
          ROUND_DAYS.map((days) => z.literal(days)),
          { error: 'LEAGUE_INVALID_FORMAT' },
        )
        .optional()
        .describe(`head-to-head only: days per round, one of ${ROUND_DAYS.join(', ')} (default ${DEFAULT_ROUND_DAYS})`),
      playoffTeams: PlayoffTeamsField,
    },
    { error: 'LEAGUE_INVALID_PAYLOAD' },
  )
  .transform(({ format, roundDays, playoffTeams, ...request }, context) => {
    const chosen = leagueFormatOf(format, roundDays);
    const durationDays = DURATIONS[request.duration];
    const playoffs = chosen === null ? null : playoffTeamsOf(playoffTeams, chosen, durationDays);
    if (chosen === null || playoffs === null) {
      context.addIssue({ code: 'custom', message: 'LEAGUE_INVALID_FORMAT' });
      return z.NEVER;
    }
    return { ...request, ...chosen, playoffTeams: playoffs, durationDays };
  });
export type CreateLeagueRequest = z.output<typeof CreateLeagueRequestSchema>;

/** A repeated query parameter counts by its first value, as URLSearchParams#get reads it. */
function firstOf<S extends z.ZodType>(schema: S) {
  return z.preprocess((value) => (Array.isArray(value) ? value[0] : value), schema);
}

function wholeNumber(min: number, max: number) {
  return z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .pipe(z.number().min(min).max(max));
}

/** The leaderboard's paging (an addition to ); every refusal is INVALID_REQUEST. */
export const LeaderboardQuerySchema = z
  .object({
    limit: firstOf(wholeNumber(1, MAX_PAGE_LIMIT))
      .optional()
      .describe(`teams in the page, at most ${MAX_PAGE_LIMIT}; with around=me, ${AROUND_ME_DEFAULT_LIMIT} when absent`),
    offset: firstOf(wholeNumber(0, Number.MAX_SAFE_INTEGER)).optional().describe('teams skipped before the page; needs limit'),
    around: firstOf(z.literal('me')).optional().describe('a window centred on the caller’s team; excludes offset'),
  })
  .transform((query, context) => {
    const page = leaderboardPage(query);
    if (page === null) {
      context.addIssue({ code: 'custom', message: 'INVALID_REQUEST' });
      return z.NEVER;
    }
    return page;
  });

const PlacedSchema = z.object({ teamName: z.string().describe('the team’s name that season'), playerId: z.string() });

export const SeasonHistorySchema = named(
  'SeasonHistory',
  z.object({
    leagueId: z.string(),
    season: z.number().int().describe('1 for the chain’s first season'),
    startDate: z.string(),
    endDate: z.string(),
    champion: PlacedSchema.nullable().describe('the final’s winner, or the table’s first without playoffs; null until the season has one'),
    podium: z.array(PlacedSchema.extend({ place: z.number().int() })).describe('the first three of the final order; empty until the champion is known'),
  }),
  'One season of a league’s chain (issue 39)',
);
export type SeasonHistory = z.infer<typeof SeasonHistorySchema>;

export const RivalrySchema = named(
  'Rivalry',
  z.object({
    playerA: z.string().describe('the caller'),
    playerB: z.string().describe('the rival'),
    won: z.number().int(),
    drawn: z.number().int().describe('a drawn playoff matchup counts as drawn, though the higher seed went through'),
    lost: z.number().int(),
    pointsFor: z.number(),
    pointsAgainst: z.number(),
  }),
  'The caller’s all-time record against one player, over every final matchup of every season of the chain (issue 39)',
);
export type Rivalry = z.infer<typeof RivalrySchema>;

/**
 * The commissioner's changes: any of the founding's editable fields, each judged
 * as at founding; whether the round length and playoffs fit the league is the service's check.
 */
export const UpdateLeagueRequestSchema = z.object(
  {
    name: canonicalString('LEAGUE_NAME_LENGTH', leagueNameOf).optional().describe('3–50 characters once trimmed'),
    icon: canonicalString('LEAGUE_UNKNOWN_ICON', leagueIconOf).optional().describe(`one of ${ICONS.join(' ')}`),
    visibility: canonicalString('LEAGUE_UNKNOWN_VISIBILITY', visibilityOf).optional().describe('public or private (a private league gets an invitation code)'),
    invitePolicy: canonicalString('LEAGUE_UNKNOWN_INVITE_POLICY', invitePolicyOf).optional().describe('members or admin'),
    roundDays: z
      .union(
        ROUND_DAYS.map((days) => z.literal(days)),
        { error: 'LEAGUE_INVALID_FORMAT' },
      )
      .optional()
      .describe(`head-to-head only: days per round, one of ${ROUND_DAYS.join(', ')}`),
    playoffTeams: PlayoffTeamsField,
  },
  { error: 'LEAGUE_INVALID_PAYLOAD' },
);
export type UpdateLeagueRequest = z.output<typeof UpdateLeagueRequestSchema>;
