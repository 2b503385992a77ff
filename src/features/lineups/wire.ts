import { z } from 'zod';
import { CHEMISTRY_LEVELS } from '../../domain/chemistry';
import { isPositionOf, POSITIONS, SCHEMA_NAMES, type Position, type Schema } from '../../domain/formations';
import type { LineupSave } from '../../domain/lineup';
import { ContractSchema } from '../contracts/wire';
import { named } from '../../platform/http/wire/registry';
import { firstValue } from '../../platform/http/wire/schema-helpers';

export const FormationSchemaSchema = named('FormationSchema', z.enum(SCHEMA_NAMES as [Schema, ...Schema[]]));
export const PositionSchema = named('Position', z.enum(POSITIONS));
export const ChemistryLevelSchema = named('ChemistryLevel', z.enum(CHEMISTRY_LEVELS));

export const TeamLineupSchema = named(
  'TeamLineup',
  z.object({
    formation: z.object({
      date: z.string().describe('instant of the last save (the team’s joining instant before any)'),
      schema: FormationSchemaSchema,
      formation: z
        .partialRecord(PositionSchema, ContractSchema)
        .describe('occupied positions only: an empty position is absent, never null'),
      chemistry: z
        .array(z.object({ from: PositionSchema, to: PositionSchema, level: ChemistryLevelSchema }))
        .describe('one entry per link of the schema; every level is `empty` on a read (§13)'),
    }),
    bench: z.array(ContractSchema).describe('live contracts on no position'),
  }),
);
export type TeamLineup = z.infer<typeof TeamLineupSchema>;

export const ScoreBreakdownSchema = named(
  'ScoreBreakdown',
  z.object({
    articles: z.array(z.object({ position: z.string(), articleId: z.string(), views: z.number(), points: z.number() })),
    links: z.array(
      z.object({
        from: z.string().nullable().describe('null when the stored facts cannot be tied to the schema’s links'),
        to: z.string().nullable(),
        level: ChemistryLevelSchema,
        points: z.number(),
      }),
    ),
    synergy: z.number().describe('min(20, Σ link points)'),
    total: z.number().describe('the stored points of the day'),
  }),
  'An addition: what scored the day, per placed article and per chemistry link',
);

export const PerformanceSchema = named(
  'Performance',
  z.object({
    teamId: z.string(),
    date: z.string(),
    points: z.number(),
    formation: z.record(z.string(), z.string()).describe('the scored snapshot: position → article id'),
    breakdown: ScoreBreakdownSchema,
  }),
);
export type Performance = z.infer<typeof PerformanceSchema>;

const PAYLOAD = 'LINEUP_INVALID_PAYLOAD';

/** Only `schema`, `date` and contract ids are read, checked in the order a client learns most from; the server stamps the version. */
export const SaveLineupRequestSchema = z
  .looseObject(
    {
      formation: z
        .looseObject(
          {
            schema: z
              .string()
              .pipe(z.enum(SCHEMA_NAMES as [Schema, ...Schema[]], { error: 'LINEUP_UNKNOWN_SCHEMA' }))
              .describe(`a formation schema: ${SCHEMA_NAMES.join(', ')}`),
            date: z.string(),
            formation: z.record(z.string(), z.looseObject({ id: z.string() }).nullable()).describe('position → the contract on it, or null'),
          },
          { error: PAYLOAD },
        )
        .superRefine(({ schema, formation }, context) => {
          if (Object.keys(formation).some((position) => !isPositionOf(schema, position))) {
            context.addIssue({ code: 'custom', message: PAYLOAD, path: ['formation'] });
          }
        }),
    },
    { error: PAYLOAD },
  )
  .transform(({ formation: { schema, formation } }): LineupSave => ({
    schema,
    placed: Object.entries(formation).flatMap(([position, slot]) => (slot === null ? [] : [[position as Position, slot.id] as const])),
  }));
export type SaveLineupRequest = z.output<typeof SaveLineupRequestSchema>;

const DEFAULT_PERFORMANCE_LIMIT = 2;
/** More days than any team can have; keeps a huge `limit` from reaching SQLite as a float. */
const MAX_PERFORMANCE_LIMIT = 100_000;
/** Not `Infinity`, `0x10` or `3days`. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** `limit` query: default 2, floored at 1, anything non-numeric is the default. */
export function performanceLimit(raw: unknown): number {
  if (typeof raw !== 'string' || !DECIMAL.test(raw.trim())) return DEFAULT_PERFORMANCE_LIMIT;
  // `1e400` overflows to Infinity: still a number, and it means "every day"
  const value = Number(raw.trim());
  return Math.min(MAX_PERFORMANCE_LIMIT, Math.max(1, Math.floor(value)));
}

export const PerformancesQuerySchema = z.object({
  limit: firstValue
    .optional()
    .transform(performanceLimit)
    .describe('how many scored days back, most recent first: an integer, default 2, floored at 1; anything non-numeric is the default'),
});
