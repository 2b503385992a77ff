/**
 * Contracts: buy, sell, renewal election and withdrawal, and the two lists.
 * Pageview series are fetched before any transaction; every write is one BEGIN IMMEDIATE transaction
 * whose guard re-states the rule, so concurrent requests can neither overspend nor double-own.
 */
import { addDays, daysBetween, utcDay } from '../../domain/dates';
import { fail, isFailure, type ErrorCode } from '../../domain/errors';
import { isLeagueInactive } from '../../domain/leagues';
import { earlySellMessage } from '../../domain/notification-messages';
import {
  inheritedRenewalCount,
  MAX_ACTIVE_CONTRACTS,
  price,
  RENEWAL_WINDOW_DAYS,
  renewalWindow,
  saleQuote,
  type SaleQuote,
  termDaysOf,
  TIER_DAYS,
} from '../../domain/pricing';
import {
  articlesExpiringBetween,
  findContract,
  liveContractsOfLeague,
  liveContractsOfTeam,
  markSold,
  setRenewalElected,
  type ContractRow,
} from './store';
import { writeTransaction, type Database } from '../../platform/db/database';
import { bumpLeagueVersion } from '../leagues/league-versions-store';
import { newId } from '../../platform/db/ids';
import { recordLedgerEntry } from './ledger-store';
import { findLeague, type LeagueRow, type TeamRow } from '../leagues/store';
import { existingLeague } from '../leagues/lookups';
import { cachedLiveAverages, PageviewSeries, type PageviewSeriesDeps, snapshotCandidates } from './pageview-series';
import { type BoughtContract, type BuyContext, type BuyContextQuery, insertContractIfAllowed, readBuyContext } from './buy-store';
import { teamView } from '../leagues/team-presenter';
import { loadContractViews, loadTeamView } from './views';
import { contractView } from './presenter';
import { notifyAboutContract } from '../notifications/service';
import { recordBuy, recordEarlySale } from '../activity/service';
import { accepted, type Checked } from '../../domain/checked';
import type { BuyContractRequest, Contract } from './wire';
import { mapWithWorkers } from '../../platform/map-with-workers';

/** As many as the encyclopedia client lets through at once (its shared limiter is 3). */
const PRICING_WORKERS = 3;

/** What the morning's pricing did: articles in the window, fetched now, and left unpriced (unreachable, or past the deadline). */
export interface RenewalPricing {
  articles: number;
  fetched: number;
  unreachable: number;
  late: number;
}

/** what every service pricing from pageview series needs */
export type ContractServiceDeps = PageviewSeriesDeps;

export class ContractService {
  private readonly pageviews: PageviewSeries;

  constructor(private readonly deps: ContractServiceDeps) {
    this.pageviews = new PageviewSeries(deps);
  }

  /**
   * Checks in the spec's order: the request's own checks come after the membership checks, the
   * article's holder and the cap before its price. One read gathers what every rule needs; the
   * guarded INSERT is the check, and a refusal is named from that read.
   */
  async buy(playerId: string, leagueId: string, request: Checked<BuyContractRequest>): Promise<Contract> {
    const { db } = this.deps;
    const now = this.deps.clock.now();
    const today = utcDay(now);
    const [yesterday] = snapshotCandidates(today);
    // a body refused later still reads the team and the league first; its article matches nothing
    const query = { leagueId, playerId, articleId: request.ok ? request.value.articleId : '', snapshotDate: yesterday };
    const context = await readBuyContext(db, query);
    if (!context?.team) fail('NO_TEAM_IN_LEAGUE');
    if (isLeagueInactive(context.league, now)) fail('LEAGUE_INACTIVE');
    const { tier, articleId } = accepted(request);
    const early = refusalOf(context, context.team);
    if (early) fail(early);
    const average = await this.pageviews.liveAverageFrom(context.series, context.league.domain, articleId, today);
    const cost = price(average, context.league.languageScale, TIER_DAYS[tier]);

    const outcome = await writeTransaction(db, async (tx) => this.insertGuarded(tx, context, query, tier, cost, now), { leagues: [leagueId] });
    if (typeof outcome === 'string') fail(outcome);
    return contractView(outcome.row, teamView(context.team, outcome.creditsBefore - cost), today, cost);
  }

  /** Every live or expired contract of the league, whoever holds it. */
  async leagueContracts(leagueId: string): Promise<Contract[]> {
    await existingLeague(this.deps.db, leagueId);
    return loadContractViews(this.deps.db, await liveContractsOfLeague(this.deps.db, leagueId), this.today(), this.deps.clock.now());
  }

  /**
   * The caller's live or expired contracts in the league. A contract whose renewal can be
   * chosen today is priced first (once a day per article, then cached), so its renewal cost
   * and what expiry pays back are shown without anyone opening the article.
   */
  async myContracts(team: TeamRow): Promise<Contract[]> {
    const leagueId = team.leagueId;
    const rows = await liveContractsOfTeam(this.deps.db, team.id);
    const league = await findLeague(this.deps.db, leagueId);
    if (league && !isLeagueInactive(league, this.deps.clock.now())) await this.priceRenewable(rows);
    return loadContractViews(this.deps.db, rows, this.today(), this.deps.clock.now());
  }

  /** Today's price of each article whose contract is in its renewal window; an unreachable encyclopedia leaves it unpriced. */
  private async priceRenewable(rows: readonly ContractRow[]): Promise<void> {
    const today = this.today();
    await this.priceArticles(
      rows.filter((row) => row.status === 'live' && renewalWindow(daysBetween(today, row.expireDate)) === 'open'),
      today,
    );
  }

  /**
   * The 06:00 job's part of the morning: every article a live contract of an active league can
   * be renewed on today is priced before the 07:00 push brings the players, so their contract
   * lists find each price kept and wait for no encyclopedia call. Those it cannot reach are left
   * for the read to try again, and so are those not reached by `deadline`: the jobs after this
   * one (the 07:00 announce among them) wait for it.
   */
  async priceRenewalWindow(now: Date = this.deps.clock.now(), deadline?: Date): Promise<RenewalPricing> {
    const today = utcDay(now);
    const held = await articlesExpiringBetween(this.deps.db, today, addDays(today, RENEWAL_WINDOW_DAYS));
    return this.priceArticles(
      held.filter((article) => !isLeagueInactive(article, now)),
      today,
      deadline,
    );
  }

  private async priceArticles(articles: readonly { domain: string; articleId: string }[], today: string, deadline?: Date): Promise<RenewalPricing> {
    const wanted = new Map(articles.map((article) => [`${article.domain}\u0000${article.articleId}`, article]));
    const total = wanted.size;
    for (const domain of new Set(articles.map((article) => article.domain))) {
      const ids = [...wanted.values()].filter((article) => article.domain === domain).map((article) => article.articleId);
      for (const id of (await cachedLiveAverages(this.deps.db, domain, ids, today)).keys()) wanted.delete(`${domain}\u0000${id}`);
    }
    const missing = [...wanted.values()];
    const outcomes = await mapWithWorkers(missing, PRICING_WORKERS, async ({ domain, articleId }) => {
      if (deadline && this.deps.clock.now().getTime() >= deadline.getTime()) return 'late';
      try {
        await this.pageviews.liveAverage(domain, articleId, today);
        return 'fetched';
      } catch (error) {
        if (!isFailure(error)) throw error;
        return 'unreachable';
      }
    });
    const count = (outcome: string) => outcomes.filter((o) => o === outcome).length;
    return { articles: total, fetched: count('fetched'), unreachable: count('unreachable'), late: count('late') };
  }

  /** Early sell at today's price, prorated over the unused part of the term. */
  async sell(team: TeamRow, contractId: string): Promise<Contract> {
    const { db } = this.deps;
    const today = this.today();
    const leagueId = team.leagueId;
    const league = await this.activeLeague(leagueId);
    const contract = this.sellable(await this.ownedContract(leagueId, team, contractId), today);
    const average = await this.pageviews.liveAverage(contract.domain, contract.articleId, today);

    const sold = await writeTransaction(db, async (tx) => {
      // Re-read: the term may have changed (a renewal) or ended (a sweep, another sell) meanwhile.
      const fresh = this.sellable(await this.ownedContract(leagueId, team, contractId, tx), today);
      const { currentPrice, payout } = saleQuote(price(average, league.languageScale, termDaysOf(fresh)), today, fresh);
      if (!(await markSold(tx, fresh.id, team.id, payout, today))) fail('ALREADY_SOLD');
      const at = this.deps.clock.now().toISOString();
      await recordLedgerEntry(tx, { teamId: team.id, contractId: fresh.id, kind: 'sale_payout', amount: payout, createdAt: at });
      await bumpLeagueVersion(tx, leagueId);
      const row = (await findContract(tx, fresh.id))!;
      await recordEarlySale(tx, team, row, at);
      await notifyAboutContract(this.deps, tx, row, earlySellMessage(row.articleId, payout));
      return { row, payout, currentPrice };
    }, { leagues: [leagueId] });
    return this.present(sold.row, today, sold.currentPrice);
  }

  /**
   * What an early sell would pay now (an addition for the app's confirmation), with the same
   * checks and the same arithmetic as `sell`, writing nothing.
   */
  async quoteSale(team: TeamRow, contractId: string): Promise<SaleQuote & { contractId: string }> {
    const today = this.today();
    const leagueId = team.leagueId;
    const league = await this.activeLeague(leagueId);
    const contract = this.sellable(await this.ownedContract(leagueId, team, contractId), today);
    const average = await this.pageviews.liveAverage(contract.domain, contract.articleId, today);
    return { contractId: contract.id, ...saleQuote(price(average, league.languageScale, termDaysOf(contract)), today, contract) };
  }

  /** Election: intent only; no money moves and no affordability is checked. */
  async electRenewal(team: TeamRow, contractId: string): Promise<Contract> {
    const today = this.today();
    const leagueId = team.leagueId;
    await this.activeLeague(leagueId);
    const row = await writeTransaction(this.deps.db, async (tx) => {
      const contract = this.unsettled(await this.ownedContract(leagueId, team, contractId, tx));
      const window = renewalWindow(daysBetween(today, contract.expireDate));
      if (window === 'expired') fail('CONTRACT_EXPIRED');
      if (window === 'closed') fail('RENEWAL_WINDOW_CLOSED');
      if (!(await setRenewalElected(tx, contract.id, team.id, true))) fail('CONTRACT_NOT_FOUND');
      await bumpLeagueVersion(tx, leagueId);
      return (await findContract(tx, contract.id))!;
    }, { leagues: [leagueId] });
    return this.present(row, today);
  }

  /** Withdrawal: any time before the sweep acts, while elected and unsettled. */
  async withdrawRenewal(team: TeamRow, contractId: string): Promise<Contract> {
    const today = this.today();
    const leagueId = team.leagueId;
    await this.activeLeague(leagueId);
    const row = await writeTransaction(this.deps.db, async (tx) => {
      const contract = this.unsettled(await this.ownedContract(leagueId, team, contractId, tx));
      if (!contract.renewalElected) fail('RENEWAL_NOT_ELECTED');
      if (!(await setRenewalElected(tx, contract.id, team.id, false))) fail('CONTRACT_NOT_FOUND');
      await bumpLeagueVersion(tx, leagueId);
      return (await findContract(tx, contract.id))!;
    }, { leagues: [leagueId] });
    return this.present(row, today);
  }

  /**
   * The guarded INSERT, then its ledger entry, the league's new version and the activity entry.
   * When the guard refused, answers the refusal's name: from the read already made when it shows
   * one, else (something changed since) from a read in this transaction; when that read shows
   * only the team's past holdings of the article moved (its renewal streak), buys on it.
   */
  private async insertGuarded(
    tx: Database,
    context: BuyContext,
    query: BuyContextQuery,
    tier: keyof typeof TIER_DAYS,
    cost: number,
    now: Date,
    again = true,
  ): Promise<BoughtContract | ErrorCode> {
    const team = context.team!;
    const today = utcDay(now);
    const previous = context.lastEnded;
    const renewalCount = inheritedRenewalCount(previous && { renewalCount: previous.renewalCount, termDays: termDaysOf(previous), endedOn: previous.endedOn }, today);
    const id = newId('ct');
    const createdAt = now.toISOString();
    const row = {
      id,
      leagueId: context.league.id,
      teamId: team.id,
      articleId: query.articleId,
      domain: context.league.domain,
      purchaseDate: today,
      expireDate: addDays(today, TIER_DAYS[tier]),
      purchasePrice: cost,
      renewalCount,
      createdAt,
    };
    const bought = await insertContractIfAllowed(tx, row, context.endedHoldings);
    if (!bought) {
      const named = refusalOf(context, team, cost);
      if (named) return named;
      const fresh = await readBuyContext(tx, query);
      if (fresh?.team?.id !== team.id) return 'NO_TEAM_IN_LEAGUE';
      if (fresh.league.closedAt !== null) return 'LEAGUE_INACTIVE';
      const refusal = refusalOf(fresh, team, cost);
      if (refusal) return refusal;
      // in this transaction nothing moves between the read and the INSERT
      if (!again) throw new Error(`buy of ${query.articleId}: the guard refused what the read in its transaction allows`);
      return this.insertGuarded(tx, fresh, query, tier, cost, now, false);
    }
    await recordLedgerEntry(tx, { teamId: team.id, contractId: id, kind: 'purchase', amount: -cost, createdAt });
    await bumpLeagueVersion(tx, context.league.id);
    await recordBuy(tx, team, bought.row, createdAt);
    return bought;
  }

  /**
   * A closed or ended league is an archive (README, game-rule decisions): no contract of it
   * changes hands or terms any more, so every contract write answers LEAGUE_INACTIVE.
   */
  private async activeLeague(leagueId: string): Promise<LeagueRow> {
    const league = await existingLeague(this.deps.db, leagueId);
    if (isLeagueInactive(league, this.deps.clock.now())) fail('LEAGUE_INACTIVE');
    return league;
  }

  /** A contract of this league (a contract of another league is not found), owned by `team`. */
  private async ownedContract(leagueId: string, team: TeamRow, contractId: string, db: Database = this.deps.db): Promise<ContractRow> {
    const contract = await findContract(db, contractId);
    if (!contract || contract.leagueId !== leagueId) fail('CONTRACT_NOT_FOUND');
    if (contract.teamId !== team.id) fail('NOT_CONTRACT_OWNER');
    return contract;
  }

  private sellable(contract: ContractRow, today: string): ContractRow {
    if (contract.status !== 'live') fail('ALREADY_SOLD');
    if (daysBetween(today, contract.expireDate) <= 0) fail('CONTRACT_EXPIRED');
    return contract;
  }

  private unsettled(contract: ContractRow): ContractRow {
    if (contract.status !== 'live') fail('ALREADY_SETTLED');
    return contract;
  }

  /** With the price this request just computed, or (elections) the one today's cache knows. */
  private async present(row: ContractRow, today: string, currentPrice?: number): Promise<Contract> {
    if (currentPrice === undefined) return (await loadContractViews(this.deps.db, [row], today, this.deps.clock.now()))[0]!;
    return contractView(row, (await loadTeamView(this.deps.db, row.teamId))!, today, currentPrice);
  }

  private today(): string {
    return utcDay(this.deps.clock.now());
  }
}

/**
 * The first of the buy's rules that the read `context` shows refusing it: the article's holder
 * and the cap, then, once the price is known, the credits.
 */
function refusalOf(context: BuyContext, team: { id: string }, cost?: number): ErrorCode | null {
  if (context.holderTeamId !== null) return context.holderTeamId === team.id ? 'ALREADY_OWNED' : 'ARTICLE_TAKEN';
  if (context.liveContracts >= MAX_ACTIVE_CONTRACTS) return 'TEAM_FULL';
  if (cost !== undefined && context.credits < cost) return 'NOT_ENOUGH_CREDITS';
  return null;
}
