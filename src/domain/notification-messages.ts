/** Sentences character for character (clients match them): plain integers, U+2212 minus, U+2014 em dash, ASCII apostrophe. */
import { displayTitle } from './titles';

const MINUS = '\u2212';
const EM_DASH = '\u2014';

/** `+{delta}` for delta ≥ 0 (so `+0`), else `−{|delta|}` with the true minus sign. */
export function signedCredits(delta: number): string {
  return delta >= 0 ? `+${delta}` : `${MINUS}${Math.abs(delta)}`;
}

const title = (articleId: string) => displayTitle(articleId);

export function earlySellMessage(articleId: string, payout: number): string {
  return `Sold ${title(articleId)} early for ${payout} credits`;
}

export function settlementMessage(articleId: string, delta: number): string {
  return `${title(articleId)} settled at expiry: ${signedCredits(delta)} credits`;
}

export function renewalFailedMessage(articleId: string, delta: number): string {
  return `Couldn't renew ${title(articleId)} (not enough credits) ${EM_DASH} settled at expiry: ${signedCredits(delta)} credits`;
}

/** Said as such, so the player does not take it for a renewal that went missing. */
export function renewalAfterSeasonMessage(articleId: string, delta: number): string {
  return `Couldn't renew ${title(articleId)} (the league has closed or its season ended) ${EM_DASH} settled at expiry: ${signedCredits(delta)} credits`;
}

/** Then the money as it moved, as the sale's message says what it paid. */
export function renewalMessage(articleId: string, termDays: number, newPurchasePrice: number, premium: number, paidBack: number): string {
  return `Renewed ${title(articleId)} for ${termDays} more days at ${newPurchasePrice} credits (+${premium} premium): ${paidBack} credits paid back for the ended term, ${newPurchasePrice} charged for the new one`;
}
