/** A renewal realises the expiring term's P&L (+currentPrice, −newPurchasePrice), so only the premium must be affordable. */
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

/** `credits` as they stand after every earlier decision of the sweep; `creditsMove` is what this one does to them. */
export function settlementDecision(
  contract: ExpiringContract,
  league: SeasonBounds & { languageScale: number },
  average: number,
  credits: number,
): SettlementDecision {
  const termDays = termDaysOf(contract);
  const currentPrice = price(average, league.languageScale, termDays);
  // A term starting after the season could never score: renewing would only charge the premium.
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
