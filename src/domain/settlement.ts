/**
 * What the sweep does with one expired contract, as a pure rule: renew it in place
 * (elected, the new term inside the season, the premium affordable) or settle it at today's
 * price. Per the interface a renewal realises the expiring term's P&L: +currentPrice,
 * −newPurchasePrice, so credits move by −premium and only the premium must be affordable.
 */
import { addDays } from './dates';
import { isInSeasonOn, type SeasonBounds } from './leagues';
import { price, renewalQuote, termDaysOf } from './pricing';

export interface ExpiringContract {
  purchaseDate: string;
  expireDate: string;
  purchasePrice: number;
  renewalCount: number;
  renewalElected: boolean;
}

export interface RenewedTerm {
  purchaseDate: string;
  expireDate: string;
  purchasePrice: number;
  renewalCount: number;
}

export type SettlementDecision =
  | { kind: 'renew'; termDays: number; currentPrice: number; premium: number; term: RenewedTerm; creditsMove: number }
  /**
   * `renewable`: elected and in season, but the premium was not affordable; `seasonOver`:
   * elected, but the league closed or its season ended before the new term would start
   */
  | { kind: 'settle'; termDays: number; currentPrice: number; delta: number; renewable: boolean; seasonOver: boolean; creditsMove: number };

/**
 * The decision for `contract` priced from `average` (the live 30-day average) in `league`,
 * with the team's `credits` as they stand after every earlier decision of the sweep.
 * `creditsMove` is what the decision does to those credits.
 */
export function settlementDecision(
  contract: ExpiringContract,
  league: SeasonBounds & { languageScale: number },
  average: number,
  credits: number,
): SettlementDecision {
  const termDays = termDaysOf(contract);
  const currentPrice = price(average, league.languageScale, termDays);
  // A new term that would start after the season (ended or closed) could never score:
  // renewing would only charge the premium, so the contract settles as if not elected.
  const renewable = contract.renewalElected && isInSeasonOn(league, contract.expireDate);
  if (renewable) {
    const quote = renewalQuote(currentPrice, contract.renewalCount);
    if (quote.premium <= credits) {
      const term = {
        purchaseDate: contract.expireDate,
        expireDate: addDays(contract.expireDate, termDays),
        purchasePrice: quote.newPurchasePrice,
        renewalCount: contract.renewalCount + 1,
      };
      return { kind: 'renew', termDays, currentPrice, premium: quote.premium, term, creditsMove: currentPrice - quote.newPurchasePrice };
    }
  }
  const seasonOver = contract.renewalElected && !renewable;
  return { kind: 'settle', termDays, currentPrice, delta: currentPrice - contract.purchasePrice, renewable, seasonOver, creditsMove: currentPrice };
}
