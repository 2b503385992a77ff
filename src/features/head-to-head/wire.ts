/** Head-to-head leagues: a round's fixtures and the table. */
import { z } from 'zod';
import { PLAYOFF_STAGES } from '../../domain/playoff-format';
import { named } from '../../platform/http/wire/registry';

export const ROUND_STAGES = ['regular', ...PLAYOFF_STAGES] as const;

const wholeNumber = z.string().regex(/^\d{1,9}$/).transform(Number);

/** `round` as a whole number; whether the season has it is the service's check (404 ROUND_NOT_FOUND). */
export const FixturesQuerySchema = z.object({
  round: z
    .preprocess((value) => (Array.isArray(value) ? value[0] : value), wholeNumber)
    .optional()
    .describe('the round (1-based); without it, the current round, or the last one after the season'),
});

export const FixturesSideSchema = named(
  'FixturesSide',
  z.object({
    teamId: z.string().nullable().describe('null for the league average'),
    teamName: z.string().describe('the team’s name, or "League average"'),
    points: z.number().describe('round points so far: the sum of the team’s daily points on the round’s days (the league average: the mean of the other paired teams’)'),
  }),
);
export type FixturesSide = z.infer<typeof FixturesSideSchema>;

export const MatchupSchema = named(
  'Matchup',
  z.object({
    home: FixturesSideSchema,
    away: FixturesSideSchema,
    result: z.enum(['home', 'away', 'draw']).nullable().describe('null until the round is final'),
    forfeitedBy: z
      .enum(['home', 'away'])
      .optional()
      .describe('present only when a side’s team left the league during the round: that side forfeits it, and its opponent wins whatever the points'),
  }),
);

export const RoundResultSchema = named(
  'RoundResult',
  z.object({
    round: z.number().int(),
    startDate: z.string().describe('the round’s first day'),
    endDate: z.string().describe('its last day'),
    matchups: z.array(MatchupSchema),
  }),
);
export type RoundResult = z.infer<typeof RoundResultSchema>;

export const FixturesSchema = named(
  'Fixtures',
  z.object({
    round: z.number().int(),
    stage: z.enum(ROUND_STAGES).describe('regular, or the playoff round it is (seeded by the table after the regular rounds, paired by the bracket)'),
    startDate: z.string(),
    endDate: z.string(),
    status: z.enum(['upcoming', 'live', 'final']).describe('upcoming before its first day; final once every paired team’s every day of it is scored'),
    matchups: z.array(MatchupSchema),
  }),
);
export type Fixtures = z.infer<typeof FixturesSchema>;

export const HeadToHeadRowSchema = named(
  'HeadToHeadRow',
  z.object({
    rank: z.number().int(),
    teamId: z.string(),
    teamName: z.string(),
    played: z.number().int().describe('final matchups'),
    won: z.number().int(),
    drawn: z.number().int(),
    lost: z.number().int(),
    pointsFor: z.number(),
    pointsAgainst: z.number(),
    tablePoints: z.number().int().describe('win 3, draw 1, loss 0; the table counts the regular rounds only (playoff matchups are the bracket’s)'),
    champion: z.boolean().describe('the trophy: the team of the previous season’s champion'),
  }),
);
export type HeadToHeadRow = z.infer<typeof HeadToHeadRowSchema>;

/** `round` and `team`: both optional; whether the league has them is the service's check. */
export const MatchupQuerySchema = z.object({
  round: z
    .preprocess((value) => (Array.isArray(value) ? value[0] : value), wholeNumber)
    .optional()
    .describe('the round (1-based); without it, the current round, or the last one after the season'),
  team: z
    .preprocess((value) => (Array.isArray(value) ? value[0] : value), z.string().min(1).max(100))
    .optional()
    .describe('a team of the league; without it, the caller’s'),
});

export const MatchupSideSchema = named(
  'MatchupSide',
  z.object({
    teamId: z.string().nullable().describe('null for the league average'),
    teamName: z.string(),
    points: z.number().describe('round points so far (the league average: the mean of the other paired teams’)'),
    days: z.array(z.object({ date: z.string(), points: z.number() })).describe('the round’s scored days, oldest first (the league average: the mean of the others’ day points)'),
    lineup: z
      .array(z.object({ position: z.string(), articleId: z.string(), title: z.string(), points: z.number().describe('what the article scored on the round’s scored days') }))
      .nullable()
      .describe('the line-up standing at the round’s end (now while it runs); null for the league average'),
  }),
);
export type MatchupSide = z.infer<typeof MatchupSideSchema>;

export const MatchupDetailSchema = named(
  'MatchupDetail',
  z.object({
    round: z.number().int(),
    status: z.enum(['upcoming', 'live', 'final']),
    startDate: z.string(),
    endDate: z.string(),
    home: MatchupSideSchema,
    away: MatchupSideSchema,
    result: z.enum(['home', 'away', 'draw']).nullable().describe('null until the round is final'),
  }),
  'One team’s matchup of a round, both sides with their days and line-ups (issue 39)',
);
export type MatchupDetail = z.infer<typeof MatchupDetailSchema>;
