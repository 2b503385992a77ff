import { z } from 'zod';
import { CHEMISTRY_LEVELS, type ChemistryLevel } from '../../domain/chemistry';
import { HoldingSchema, TierPricesSchema } from '../contracts/wire';
import { named } from '../../platform/http/wire/registry';
import { firstValue, repeated } from '../../platform/http/wire/schema-helpers';

export const ArticleOfferSchema = named(
  'ArticleOffer',
  z.object({
    ...HoldingSchema.shape,
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    averageViews30d: z.number().nullable(),
    prices: TierPricesSchema.nullable().describe('what a buy at each tier would cost now; null while pending'),
    pending: z.boolean().describe('the series could not be had (unreachable, or no pageviews yet): not buyable now'),
  }),
  'An article as a search hit, priced like a buy',
);
export type ArticleOffer = z.infer<typeof ArticleOfferSchema>;

export const ViewPointSchema = named('ViewPoint', z.object({ date: z.string(), views: z.number() }));

export const ArticleDayPointsSchema = named(
  'ArticleDayPoints',
  z.object({
    date: z.string().describe('a scored day of the contract’s term'),
    position: z.string().nullable().describe('where it was fielded; null: on the bench, so it scored nothing'),
    views: z.number().nullable().describe('raw views of the day as scored; null on the bench'),
    points: z.number().describe('BasePoints of those views (§2); 0 on the bench'),
    chemistry: z.number().describe('its half of each chemistry link it stood on (§3.3), scaled to the day’s capped synergy'),
  }),
  'What an article scored for the caller’s team on one day (an addition, issue 24 §3)',
);
export type ArticleDayPoints = z.infer<typeof ArticleDayPointsSchema>;

export const ArticlePageSchema = named(
  'ArticlePage',
  z.object({
    ...ArticleOfferSchema.shape,
    extract: z.string(),
    snapshotDate: z.string().nullable().describe('the day the prices are computed from (§5.3); null while pending'),
    views: z.array(ViewPointSchema).describe('the daily series up to the snapshot day, about a quarter of a year, gaps left out'),
    myPoints: z
      .array(ArticleDayPointsSchema)
      .nullable()
      .describe('while the caller’s team holds a live or expired contract on it: each scored day of that contract, newest first; otherwise null'),
  }),
);
export type ArticlePage = z.infer<typeof ArticlePageSchema>;

export const GenieCandidateSchema = named(
  'GenieCandidate',
  z.object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    mutualLinks: z.number().int().describe('anchors this article links to and that link back to it'),
  }),
);

export const GenieCandidatesSchema = named('GenieCandidates', z.object({ candidates: z.array(GenieCandidateSchema) }));
export type GenieCandidates = z.infer<typeof GenieCandidatesSchema>;

const RESOLVED_LEVELS = CHEMISTRY_LEVELS.filter((level) => level !== 'empty') as [ResolvedLevel, ...ResolvedLevel[]];
type ResolvedLevel = Exclude<ChemistryLevel, 'empty'>;

export const ChemistryPairSchema = named(
  'ChemistryPair',
  z.object({
    a: z.string(),
    b: z.string(),
    level: z.enum(RESOLVED_LEVELS).describe('resolved from the links both ways (§3.3): never `empty`'),
  }),
);

export const TeamChemistrySchema = named(
  'TeamChemistry',
  z.object({ pairs: z.array(ChemistryPairSchema).describe('every pair of the team’s live articles, each once') }),
);
export type TeamChemistry = z.infer<typeof TeamChemistrySchema>;

export const ArticleSearchQuerySchema = z.object({
  q: firstValue.optional().describe('the search text; blank answers no hits'),
});

export const ArticleQuerySchema = z.object({
  id: firstValue.optional().describe('the article (a title or its canonical id)'),
});

export const GenieCandidatesQuerySchema = z.object({
  keywords: firstValue.optional(),
  anchor: repeated.describe('an anchor article title; repeat for several'),
});
export type GenieCandidatesQuery = z.output<typeof GenieCandidatesQuerySchema>;
