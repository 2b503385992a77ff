/** Contracts: the wire shapes of the market's answers and the buy request. */
import { z } from 'zod';
import { TIER_DAYS, type Tier } from '../../domain/pricing';
import { canonicalArticleId } from '../../domain/titles';
import { named } from '../../platform/http/wire/registry';
import { canonical, objectBody } from '../../platform/http/wire/schema-helpers';
import { TeamSchema } from '../leagues/wire-teams';

/** The team moved to teams.ts; contracts carry it, and older imports still find it here. */
export { TeamSchema, type Team } from '../leagues/wire-teams';

const TIERS = Object.keys(TIER_DAYS) as [Tier, ...Tier[]];

export const TierSchema = named('Tier', z.enum(TIERS));
export type { Tier };

export const ContractSchema = named(
  'Contract',
  z.object({
    id: z.string(),
    team: TeamSchema,
    article: z.object({ id: z.string(), title: z.string(), domain: z.string() }),
    startDate: z.string(),
    duration: z.string().describe('ISO 8601 duration of the term, e.g. P7D'),
    purchasePrice: z.number(),
    renewalCount: z.number().int(),
    renewalElected: z.boolean(),
    tier: TierSchema,
    expireDate: z.string(),
    currentPrice: z.number().nullable().describe('what the same term would cost today; null when today’s series is not cached, and for sold or settled contracts in lists'),
    salePayout: z.number().nullable().describe('what an early sell or the settlement paid; null while the contract runs'),
    status: z.enum(['live', 'expired', 'sold', 'settled']),
    renewalPrice: z
      .number()
      .nullable()
      .describe('what a renewal at expiry would cost at today’s price: the price plus the renewal premium; null when not priced today or when the contract has ended'),
    renewalPremium: z.number().nullable().describe('the premium part of renewalPrice'),
  }),
);
export type Contract = z.infer<typeof ContractSchema>;

export const SaleQuoteSchema = named(
  'SaleQuote',
  z.object({
    contractId: z.string(),
    currentPrice: z.number(),
    remainingDays: z.number().int(),
    termDays: z.number().int(),
    payout: z.number(),
  }),
);
export type SaleQuote = z.infer<typeof SaleQuoteSchema>;

/** The tier is checked first, then the article (INVALID_TIER, then INVALID_ARTICLE). */
export const BuyContractRequestSchema = objectBody(
  z.object({
    tier: z.enum(TIERS, { error: 'INVALID_TIER' }),
    articleId: canonical('INVALID_ARTICLE', canonicalArticleId),
  }),
);
export type BuyContractRequest = z.output<typeof BuyContractRequestSchema>;

export const TierPricesSchema = named('TierPrices', z.object({ SHORT: z.number(), MEDIUM: z.number(), LONG: z.number() }));
export type TierPrices = z.infer<typeof TierPricesSchema>;

export const HoldingSchema = z.object({
  owner: z.object({ name: z.string(), teamName: z.string() }).nullable(),
  availability: z.enum(['free-agent', 'owned-by-viewer', 'owned-by-other']),
});

export const MarketArticleSchema = named(
  'MarketArticle',
  z.object({
    ...HoldingSchema.shape,
    id: z.string(),
    title: z.string(),
    slug: z.string(),
    rank: z.number().int(),
    yesterdayViews: z.number(),
    weekViews: z.number().nullable(),
    monthViews: z.number().nullable(),
    yearViews: z.number().nullable(),
    averageViews30d: z.number().nullable(),
    price: z.number().nullable().describe('at MEDIUM with the league’s frozen L; null while the series could not be fetched'),
    prices: TierPricesSchema.nullable(),
    pending: z.boolean(),
  }),
);
export type MarketArticle = z.infer<typeof MarketArticleSchema>;
