/**
 * The settlement sweep (§5.10): every unsold, unsettled contract whose term has ended is
 * renewed (elected and affordable) or settled at today's price. Each contract is its own
 * transaction (guarded update + ledger entries + notification), so a crash leaves every
 * contract either fully done, notification included, or untouched, and a re-run finishes the
 * rest without paying anything twice. Only a guarded write that changed a row reaches the
 * notification, so a retried step stays silent.
 * Per §14 #10 a renewal realises the expiring term's P&L: +currentPrice, −newPurchasePrice.
 */
import { addDays, utcDay } from '../domain/dates';
import { isFailure } from '../domain/errors';
import { isInSeasonOn } from '../domain/leagues';
import { renewalFailedMessage, renewalMessage, settlementMessage } from '../domain/notification-messages';
import { price, renewalQuote, termDaysOf } from '../domain/pricing';
import { contractsDueForSettlement, findContract, markSettled, renewInPlace, type ContractRow } from '../store/contracts';
import { writeTransaction } from '../store/database';
import { bumpLeagueVersion } from '../store/league-versions';
import { creditsOf, recordLedgerEntry } from '../store/ledger';
import { findLeague, findTeam } from '../store/leagues';
import { recordExpiry, recordRenewal } from './activity-service';
import { PageviewSeries, type PageviewSeriesDeps } from './pageview-series';
import { notifyAboutContract } from './notification-service';

export type SweepResult =
  /** ended at expiry: salePayout = currentPrice */
  | 'settled'
  /** elected but the premium was not affordable: settled with the "Couldn't renew" message */
  | 'renewal-unaffordable'
  | 'renewed'
  /** views unavailable (or unknown): left untouched for the next run */
  | 'skipped';

export interface SweepOutcome {
  contractId: string;
  leagueId: string;
  teamId: string;
  articleId: string;
  result: SweepResult;
  currentPrice?: number;
  /** currentPrice − the term's purchasePrice (settlements) */
  delta?: number;
  newPurchasePrice?: number;
  premium?: number;
  newExpireDate?: string;
  reason?: string;
}

export interface SweepReport {
  today: string;
  outcomes: SweepOutcome[];
}

/** Counts for a log line or a summary; an unaffordable renewal is a settlement too. */
export function tally(report: SweepReport): { settled: number; renewed: number; skipped: number } {
  const count = (...results: SweepResult[]) => report.outcomes.filter((outcome) => results.includes(outcome.result)).length;
  return { settled: count('settled', 'renewal-unaffordable'), renewed: count('renewed'), skipped: count('skipped') };
}

/** what every service pricing from pageview series needs */
export type SettlementDeps = PageviewSeriesDeps;

/** A late sweep can find a renewed term already over; it is worked again, a bounded number of times. */
const MAX_PASSES = 20;

export class SettlementService {
  private readonly pageviews: PageviewSeries;

  constructor(private readonly deps: SettlementDeps) {
    this.pageviews = new PageviewSeries(deps);
  }

  /**
   * Runs the sweep for the UTC day of `at` (fixed at the start). `onProgress` counts
   * contracts worked; the total grows when a renewed term turns out to be over already.
   */
  async sweep(at: Date = this.deps.clock.now(), options: { onProgress?: (done: number, total: number) => void } = {}): Promise<SweepReport> {
    const today = utcDay(at);
    const outcomes: SweepOutcome[] = [];
    const skipped = new Set<string>();
    let worked = 0;
    let total = 0;
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const due = contractsDueForSettlement(this.deps.db, today).filter((contract) => !skipped.has(contract.id));
      if (due.length === 0) break;
      total += due.length;
      for (const contract of due) {
        const outcome = await this.settleOne(contract, today);
        options.onProgress?.(++worked, total);
        if (!outcome) continue;
        if (outcome.result === 'skipped') skipped.add(contract.id);
        outcomes.push(outcome);
      }
    }
    return { today, outcomes };
  }

  /** One contract, independently retryable; null when another run got there first. */
  private async settleOne(contract: ContractRow, today: string): Promise<SweepOutcome | null> {
    const { db, log } = this.deps;
    const base = { contractId: contract.id, leagueId: contract.leagueId, teamId: contract.teamId, articleId: contract.articleId };
    const league = findLeague(db, contract.leagueId);
    if (!league) return null;
    let average: number;
    try {
      average = await this.pageviews.liveAverage(contract.domain, contract.articleId, today);
    } catch (error) {
      if (!isFailure(error)) throw error;
      log.warn('settlement: contract left for the next run', { contractId: contract.id, reason: error.code });
      return { ...base, result: 'skipped', reason: error.code };
    }

    const done = writeTransaction(db, (tx) => {
      // Re-read inside the lock: another sweep or a withdrawal may have acted since the list was read.
      const fresh = findContract(tx, contract.id);
      if (!fresh || fresh.status !== 'live' || fresh.expireDate > today) return null;
      const termDays = termDaysOf(fresh);
      const currentPrice = price(average, league.languageScale, termDays);
      const at = this.deps.clock.now().toISOString();
      // A new term that would start after the season (ended or closed) could never score:
      // renewing would only charge the premium, so the contract settles as if not elected.
      const renewable = fresh.renewalElected && isInSeasonOn(league, fresh.expireDate);
      if (renewable) {
        const quote = renewalQuote(currentPrice, fresh.renewalCount);
        // With the expiring term's P&L realised (§14 #10) the renewal moves credits by −premium only,
        // so the premium is what must be affordable. Proposed §5.10: the balance is re-read per
        // contract, so several renewals of one team cannot overdraw it together.
        if (quote.premium <= creditsOf(tx, fresh.teamId)) {
          const term = {
            purchaseDate: fresh.expireDate,
            expireDate: addDays(fresh.expireDate, termDays),
            purchasePrice: quote.newPurchasePrice,
            renewalCount: fresh.renewalCount + 1,
          };
          if (!renewInPlace(tx, fresh.id, fresh.expireDate, term)) return null;
          bumpLeagueVersion(tx, fresh.leagueId);
          recordLedgerEntry(tx, { teamId: fresh.teamId, contractId: fresh.id, kind: 'settlement_payout', amount: currentPrice, createdAt: at });
          recordLedgerEntry(tx, { teamId: fresh.teamId, contractId: fresh.id, kind: 'renewal_purchase', amount: -quote.newPurchasePrice, createdAt: at });
          const outcome: SweepOutcome = {
            ...base,
            result: 'renewed',
            currentPrice,
            newPurchasePrice: quote.newPurchasePrice,
            premium: quote.premium,
            newExpireDate: term.expireDate,
          };
          const renewed = findContract(tx, fresh.id)!;
          recordRenewal(tx, findTeam(tx, fresh.teamId)!, renewed, at);
          notifyAboutContract(this.deps, tx, renewed, renewalMessage(fresh.articleId, termDays, quote.newPurchasePrice, quote.premium));
          return outcome;
        }
      }
      if (!markSettled(tx, fresh.id, fresh.expireDate, currentPrice, today)) return null;
      bumpLeagueVersion(tx, fresh.leagueId);
      recordLedgerEntry(tx, { teamId: fresh.teamId, contractId: fresh.id, kind: 'settlement_payout', amount: currentPrice, createdAt: at });
      const delta = currentPrice - fresh.purchasePrice;
      const result: SweepResult = renewable ? 'renewal-unaffordable' : 'settled';
      const message = renewable ? renewalFailedMessage(fresh.articleId, delta) : settlementMessage(fresh.articleId, delta);
      recordExpiry(tx, findTeam(tx, fresh.teamId)!, fresh, at);
      notifyAboutContract(this.deps, tx, findContract(tx, fresh.id)!, message);
      return { ...base, result, currentPrice, delta } as SweepOutcome;
    });
    return done;
  }
}
