import { basePoints } from './base-points';
import { daysBetween } from './dates';

export const STARTING_CREDITS = 1_000;
/** Unsold, unsettled contracts per team: 11 on the pitch plus a bench. */
export const MAX_ACTIVE_CONTRACTS = 22;

export const TIER_DAYS = { SHORT: 3, MEDIUM: 7, LONG: 14 } as const;
export type Tier = keyof typeof TIER_DAYS;

const PRICE_EXPONENT = 1.7;
/** The anchor of the price scale: a full line-up of these articles costs the budget below. */
const ANCHOR_VIEWS = 130_000;
const ANCHOR_LINEUP_SIZE = 11;
const ANCHOR_BUDGET = 1_800;
/** Derived so the rules' table follows exactly from the curve: 11 articles at ANCHOR_VIEWS cost 1,800 for a SHORT term. */
const PRICE_COEFFICIENT =
  ANCHOR_BUDGET / (ANCHOR_LINEUP_SIZE * basePoints(ANCHOR_VIEWS) ** PRICE_EXPONENT * TIER_DAYS.SHORT);

/** Premium per consecutive renewal, as a whole percentage so rounding stays exact. */
const RENEWAL_PREMIUM_PERCENT = 10;

/** A stored scale that is not a finite positive number must not zero or inflate prices. */
export function effectiveScale(languageScale: number | null | undefined): number {
  return typeof languageScale === 'number' && Number.isFinite(languageScale) && languageScale > 0 ? languageScale : 1;
}

export function price(avgViews30d: number, languageScale: number, days: number): number {
  const raw = PRICE_COEFFICIENT * basePoints(avgViews30d * effectiveScale(languageScale)) ** PRICE_EXPONENT * days;
  const rounded = Math.round(raw);
  return Number.isFinite(rounded) ? Math.max(0, rounded) : 0;
}

export function isTier(value: unknown): value is Tier {
  return typeof value === 'string' && Object.hasOwn(TIER_DAYS, value);
}

export function termDaysOf(contract: { purchaseDate: string; expireDate: string }): number {
  return daysBetween(contract.purchaseDate, contract.expireDate);
}

export function tierForTermDays(termDays: number): Tier {
  if (termDays <= TIER_DAYS.SHORT) return 'SHORT';
  if (termDays <= TIER_DAYS.MEDIUM) return 'MEDIUM';
  return 'LONG';
}

export interface ViewPoint {
  date: string;
  views: number;
}

/** Oldest first; the upstream already sends that order, but a sort keeps "last N" honest. */
function chronological(series: readonly ViewPoint[]): ViewPoint[] {
  return [...series].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

function sumOfLast(series: readonly ViewPoint[], count: number): number {
  return chronological(series)
    .slice(-count)
    .reduce((sum, point) => sum + point.views, 0);
}

const AVERAGE_WINDOW_POINTS = 30;
const WEEK_POINTS = 7;
const MONTH_POINTS = 30;

/** Missing days are absent, not zeros, and an empty series is null: an article without data must never be priced as free. */
export function averageViews30d(series: readonly ViewPoint[]): number | null {
  if (series.length === 0) return null;
  const window = chronological(series).slice(-AVERAGE_WINDOW_POINTS);
  return window.reduce((sum, point) => sum + point.views, 0) / window.length;
}

export function weekViews(series: readonly ViewPoint[]): number {
  return sumOfLast(series, WEEK_POINTS);
}

export function monthViews(series: readonly ViewPoint[]): number {
  return sumOfLast(series, MONTH_POINTS);
}

export function yearViews(series: readonly ViewPoint[]): number {
  return series.reduce((sum, point) => sum + point.views, 0);
}

export type TierPrices = Record<Tier, number>;

export function tierPrices(avgViews30d: number, languageScale: number): TierPrices {
  return {
    SHORT: price(avgViews30d, languageScale, TIER_DAYS.SHORT),
    MEDIUM: price(avgViews30d, languageScale, TIER_DAYS.MEDIUM),
    LONG: price(avgViews30d, languageScale, TIER_DAYS.LONG),
  };
}

export interface SaleQuote {
  currentPrice: number;
  remainingDays: number;
  termDays: number;
  payout: number;
}

export function saleQuote(currentPrice: number, today: string, contract: { purchaseDate: string; expireDate: string }): SaleQuote {
  const termDays = termDaysOf(contract);
  const remainingDays = daysBetween(today, contract.expireDate);
  return { currentPrice, remainingDays, termDays, payout: earlySellPayout(currentPrice, remainingDays, termDays) };
}

export function earlySellPayout(currentPrice: number, remainingDays: number, termDays: number): number {
  if (termDays <= 0) return 0;
  return Math.max(0, Math.round((currentPrice * Math.max(0, remainingDays)) / termDays));
}

export interface RenewalQuote {
  premium: number;
  newPurchasePrice: number;
}

/** The (c+1)-th renewal costs (c+1) × 10 % extra. */
export function renewalQuote(currentPrice: number, renewalCount: number): RenewalQuote {
  // Integer numerator then one division: 0.1 × 45 is not exactly 4.5 in floating point.
  const premium = Math.round((currentPrice * RENEWAL_PREMIUM_PERCENT * (renewalCount + 1)) / 100);
  return { premium, newPurchasePrice: currentPrice + premium };
}

export type RenewalWindow = 'open' | 'closed' | 'expired';

/** How many days before its expiry day a contract's renewal can be elected. */
export const RENEWAL_WINDOW_DAYS = 1;

/** Electable on the day before expiry and on the expiry day until the sweep runs. */
export function renewalWindow(remainingDays: number): RenewalWindow {
  if (remainingDays < 0) return 'expired';
  return remainingDays <= RENEWAL_WINDOW_DAYS ? 'open' : 'closed';
}

export type StoredContractStatus = 'live' | 'sold' | 'settled';
export type ContractState = 'live' | 'expired' | 'sold' | 'settled';

/** "Expired" is never stored; it is a live row whose term has run out, awaiting the sweep. */
export function contractState(
  contract: { status: StoredContractStatus | string; expireDate: string },
  today: string,
): ContractState {
  if (contract.status === 'sold') return 'sold';
  if (contract.status === 'settled') return 'settled';
  return today < contract.expireDate ? 'live' : 'expired';
}

export interface EndedContract {
  renewalCount: number;
  termDays: number;
  endedOn: string;
}

/** A re-buy within the previous term's length after it ended continues the streak, so a lapse cannot dodge the premium. */
export function inheritedRenewalCount(previous: EndedContract | null, today: string): number {
  if (!previous) return 0;
  return daysBetween(previous.endedOn, today) <= previous.termDays ? previous.renewalCount + 1 : 0;
}
