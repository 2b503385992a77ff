/**
 * The settlement sweep: every unsold, unsettled contract whose term has ended is
 * renewed (elected and affordable) or settled at today's price (domain/settlement.ts).
 * Contracts are written in sets of up to SETTLEMENT_SET, one transaction each (the guarded
 * updates, ledger entries, activity and notifications of the whole set), so a crash leaves
 * every contract either fully done, notification included, or untouched, and a re-run
 * finishes the rest without paying anything twice. Each set re-reads its contracts inside
 * its transaction and acts only on those still live and over; another sweep that got there
 * first leaves nothing to act on, so a retried step stays silent.
 * The set priced so far is written before any wait on the encyclopedia, so a fetch that
 * hangs (or a crash while it does) never holds back contracts already priced.
 * Per the interface a renewal realises the expiring term's P&L: +currentPrice, −newPurchasePrice.
 */
import { utcDay } from '../../domain/dates';
import { isFailure } from '../../domain/errors';
import { renewalAfterSeasonMessage, renewalFailedMessage, renewalMessage, settlementMessage } from '../../domain/notification-messages';
import { STARTING_CREDITS } from '../../domain/pricing';
import { settlementDecision } from '../../domain/settlement';
import { contractsDueForSettlement, type DueContract } from './store';
import { writeTransaction } from '../../platform/db/database';
import { findLeague, type LeagueRow } from '../leagues/store';
import { bumpLeagueVersions, contractsNow, ledgerSumsOf, type RenewedContract, type SettledContract, settleAndRenew, type SweepLedgerEntry, recordLedgerEntries } from './settlement-store';
import { recordSweepEvents } from '../activity/service';
import { PageviewSeries, type PageviewSeriesDeps } from './pageview-series';
import { type ContractNotice, notifyAboutContracts } from '../notifications/service';

/**
 * Contracts per write transaction: large enough that commits stop dominating (one per
 * contract ran at under 1,000 contracts/s), small enough that the write lock is held for
 * tens of milliseconds, well inside the busy timeout of a server writing beside the sweep.
 */
export const SETTLEMENT_SET = 2_000;

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

/** A contract and the live average it is priced from. */
interface Priced {
  contract: DueContract;
  average: number;
}

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
      const due = (await contractsDueForSettlement(this.deps.db, today)).filter((contract) => !skipped.has(contract.id));
      if (due.length === 0) break;
      total += due.length;
      for (let i = 0; i < due.length; i += SETTLEMENT_SET) {
        const set = due.slice(i, i + SETTLEMENT_SET);
        const stored = await this.storedAverages(set, today);
        let priced: Priced[] = [];
        const flush = async () => {
          if (priced.length === 0) return;
          outcomes.push(...await this.settleSet(priced, today));
          worked += priced.length;
          options.onProgress?.(worked, total);
          priced = [];
        };
        for (const contract of set) {
          let average = stored.get(`${contract.domain}\u0000${contract.articleId}`);
          if (average === undefined) {
            // the network: write what is priced first
            await flush();
            try {
              average = await this.pageviews.liveAverage(contract.domain, contract.articleId, today);
            } catch (error) {
              if (!isFailure(error)) throw error;
              this.deps.log.warn('settlement: contract left for the next run', { contractId: contract.id, reason: error.code });
              skipped.add(contract.id);
              outcomes.push({ ...baseOf(contract), result: 'skipped', reason: error.code });
              options.onProgress?.(++worked, total);
              continue;
            }
          }
          priced.push({ contract, average });
        }
        await flush();
      }
    }
    return { today, outcomes };
  }

  /** The averages at hand without a fetch, by edition and article. */
  private async storedAverages(set: readonly DueContract[], today: string): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const domain of new Set(set.map((contract) => contract.domain))) {
      const ids = set.filter((contract) => contract.domain === domain).map((contract) => contract.articleId);
      for (const [articleId, average] of await this.pageviews.storedAverages(domain, ids, today)) out.set(`${domain}\u0000${articleId}`, average);
    }
    return out;
  }

  /**
   * One write transaction for the set: re-read, decide in order (each team's credits carried
   * from one decision to the next, as if each contract were its own transaction), then write.
   * Contracts another run acted on since the list was read have no outcome.
   */
  private async settleSet(set: readonly Priced[], today: string): Promise<SweepOutcome[]> {
    const { db, clock } = this.deps;
    return writeTransaction(db, async (tx) => {
      const now = await contractsNow(tx, set.map(({ contract }) => contract.id));
      const live = set.filter(({ contract }) => {
        const fresh = now.get(contract.id);
        return fresh !== undefined && fresh.status === 'live' && fresh.expireDate <= today;
      });
      if (live.length === 0) return [];
      const leagues = new Map<string, LeagueRow | undefined>();
      const leagueOf = async (id: string) => {
        if (!leagues.has(id)) leagues.set(id, await findLeague(tx, id));
        return leagues.get(id);
      };
      const teamIds = live.map(({ contract }) => contract.teamId);
      const spent = await ledgerSumsOf(tx, teamIds);
      const credits = new Map(teamIds.map((id) => [id, STARTING_CREDITS + (spent.get(id) ?? 0)]));
      const at = clock.now().toISOString();

      const outcomes: SweepOutcome[] = [];
      const settled: SettledContract[] = [];
      const renewed: RenewedContract[] = [];
      const ledger: SweepLedgerEntry[] = [];
      const events: Parameters<typeof recordSweepEvents>[1][number][] = [];
      const notices: ContractNotice[] = [];
      for (const { contract, average } of live) {
        const fresh = now.get(contract.id)!;
        const league = await leagueOf(fresh.leagueId);
        if (!league) continue;
        const team = { id: fresh.teamId, name: fresh.teamName, leagueId: fresh.leagueId };
        const decision = settlementDecision(fresh, league, average, credits.get(fresh.teamId)!);
        credits.set(fresh.teamId, credits.get(fresh.teamId)! + decision.creditsMove);
        const base = baseOf(fresh);
        if (decision.kind === 'renew') {
          const { term, currentPrice, premium, termDays } = decision;
          renewed.push({ id: fresh.id, oldExpireDate: fresh.expireDate, term });
          ledger.push({ teamId: fresh.teamId, contractId: fresh.id, kind: 'settlement_payout', amount: currentPrice });
          ledger.push({ teamId: fresh.teamId, contractId: fresh.id, kind: 'renewal_purchase', amount: -term.purchasePrice });
          events.push({ kind: 'renewal', team, contract: { ...fresh, ...term } });
          notices.push({ contract: fresh, playerId: fresh.playerId, message: renewalMessage(fresh.articleId, termDays, term.purchasePrice, premium, currentPrice) });
          outcomes.push({ ...base, result: 'renewed', currentPrice, newPurchasePrice: term.purchasePrice, premium, newExpireDate: term.expireDate });
        } else {
          const { currentPrice, delta, renewable, seasonOver } = decision;
          settled.push({ id: fresh.id, expireDate: fresh.expireDate, payout: currentPrice });
          ledger.push({ teamId: fresh.teamId, contractId: fresh.id, kind: 'settlement_payout', amount: currentPrice });
          events.push({ kind: 'expiry', team, contract: fresh });
          const message = renewable
            ? renewalFailedMessage(fresh.articleId, delta)
            : seasonOver
              ? renewalAfterSeasonMessage(fresh.articleId, delta)
              : settlementMessage(fresh.articleId, delta);
          notices.push({ contract: fresh, playerId: fresh.playerId, message });
          outcomes.push({ ...base, result: renewable ? 'renewal-unaffordable' : 'settled', currentPrice, delta });
        }
      }
      await settleAndRenew(tx, today, settled, renewed);
      await recordLedgerEntries(tx, ledger, at);
      await bumpLeagueVersions(tx, outcomes.map((outcome) => outcome.leagueId));
      await recordSweepEvents(tx, events, at);
      await notifyAboutContracts(this.deps, tx, notices);
      return outcomes;
    }, { leagues: set.map(({ contract }) => contract.leagueId) });
  }
}

function baseOf(contract: Pick<DueContract, 'id' | 'leagueId' | 'teamId' | 'articleId'>): Pick<SweepOutcome, 'contractId' | 'leagueId' | 'teamId' | 'articleId'> {
  return { contractId: contract.id, leagueId: contract.leagueId, teamId: contract.teamId, articleId: contract.articleId };
}
