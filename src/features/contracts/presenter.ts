/**
 * The Contract wire form plus the Proposed `tier`, `expireDate`, `currentPrice` and the
 * state as seen today (`live | expired | sold | settled`).
 */
import { contractState, price, renewalQuote, termDaysOf, tierForTermDays } from '../../domain/pricing';
import { displayTitle } from '../../domain/titles';
import type { ContractRow } from './store';
import type { Contract, Team } from './wire';

/**
 * `renewable`: false in a closed or ended league, where no renewal can be elected and an
 * elected one settles at expiry (README, game-rule decisions), so no renewal price is quoted.
 */
export function contractView(contract: ContractRow, team: Team, today: string, currentPrice: number | null, renewable = true): Contract {
  const termDays = termDaysOf(contract);
  const status = contractState(contract, today);
  // What electing a renewal would cost at today's price: the premium grows with each renewal,
  // so a player reading "renews at the current price" would misjudge it.
  const renewal = renewable && currentPrice !== null && (status === 'live' || status === 'expired') ? renewalQuote(currentPrice, contract.renewalCount) : null;
  return {
    id: contract.id,
    team,
    article: { id: contract.articleId, title: displayTitle(contract.articleId), domain: contract.domain },
    startDate: `${contract.purchaseDate}T00:00:00Z`,
    duration: `P${Math.max(0, termDays)}D`,
    purchasePrice: contract.purchasePrice,
    renewalCount: contract.renewalCount,
    renewalElected: contract.renewalElected,
    tier: tierForTermDays(termDays),
    expireDate: contract.expireDate,
    currentPrice,
    salePayout: contract.salePayout,
    status,
    renewalPrice: renewal?.newPurchasePrice ?? null,
    renewalPremium: renewal?.premium ?? null,
  };
}

/** What the wire forms of a batch of contracts need beyond their rows, loaded by the caller in batch. */
export interface ContractViewInputs {
  /** by team id; a contract whose team is missing is left out */
  teams: ReadonlyMap<string, Team>;
  /** language scale by league id */
  languageScales: ReadonlyMap<string, number>;
  /** today's cached 30-day average by `liveAverageKey`; absent when not cached */
  liveAverages: ReadonlyMap<string, number>;
  /** leagues (by id) that are closed or ended: their contracts quote no renewal */
  inactiveLeagues?: ReadonlySet<string>;
}

export function liveAverageKey(domain: string, articleId: string): string {
  return `${domain}\u0000${articleId}`;
}

/** Only live contracts show a current price: sold and settled ones have none to quote. */
export function wantsCurrentPrice(contract: ContractRow): boolean {
  return contract.status === 'live';
}

/**
 * Wire forms for many contracts at once. `currentPrice` comes from the cached averages only
 * (null when not cached), so listing contracts never waits on the encyclopedia.
 */
export function contractViews(rows: readonly ContractRow[], inputs: ContractViewInputs, today: string): Contract[] {
  return rows.flatMap((row) => {
    const team = inputs.teams.get(row.teamId);
    if (!team) return [];
    const average = wantsCurrentPrice(row) ? inputs.liveAverages.get(liveAverageKey(row.domain, row.articleId)) : undefined;
    const current = average === undefined ? null : price(average, inputs.languageScales.get(row.leagueId) ?? 1, termDaysOf(row));
    return [contractView(row, team, today, current, !inputs.inactiveLeagues?.has(row.leagueId))];
  });
}
