/**
 * The Contract wire form (§13) plus the Proposed `tier`, `expireDate`, `currentPrice` and the
 * state as seen today (`live | expired | sold | settled`).
 */
import { contractState, price, termDaysOf, tierForTermDays, type ContractState, type Tier } from '../domain/pricing';
import { displayTitle } from '../domain/titles';
import type { Database } from '../store/database';
import type { ContractRow } from '../store/contracts';
import { creditsOfTeams } from '../store/ledger';
import { leaguesByIds, teamsWithPlayersByIds } from '../store/leagues';
import { cachedLiveAverages } from './pageview-series';
import { teamView, type TeamView } from './views';

export interface ContractView {
  id: string;
  team: TeamView;
  article: { id: string; title: string; domain: string };
  startDate: string;
  duration: string;
  purchasePrice: number;
  renewalCount: number;
  renewalElected: boolean;
  tier: Tier;
  expireDate: string;
  /**
   * What the same term would cost fresh today. Null when today's series is not in the cache
   * (lists never call the encyclopedia), and in lists for sold or settled contracts.
   */
  currentPrice: number | null;
  /** what an early sell or the settlement paid; null while the contract runs */
  salePayout: number | null;
  status: ContractState;
}

export function contractView(contract: ContractRow, team: TeamView, today: string, currentPrice: number | null): ContractView {
  const termDays = termDaysOf(contract);
  const status = contractState(contract, today);
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
  };
}

/** Team views (with derived credits) for the teams owning these contracts: batched reads, never one per team. */
function teamViewsFor(db: Database, teamIds: readonly string[]): Map<string, TeamView> {
  const teams = teamsWithPlayersByIds(db, teamIds);
  const credits = creditsOfTeams(db, [...teams.keys()]);
  return new Map([...teams].map(([id, team]) => [id, teamView(team, credits.get(id) ?? 0)]));
}

/**
 * Wire forms for many contracts at once. `currentPrice` comes from today's cached series
 * only (null when not cached), so listing contracts never waits on the encyclopedia.
 */
export function contractViews(db: Database, rows: ContractRow[], today: string): ContractView[] {
  const teams = teamViewsFor(db, rows.map((row) => row.teamId));
  const scales = new Map([...leaguesByIds(db, rows.map((row) => row.leagueId))].map(([id, league]) => [id, league.languageScale]));
  const byDomain = new Map<string, string[]>();
  for (const row of rows) {
    if (row.status !== 'live') continue;
    const ids = byDomain.get(row.domain);
    if (ids) ids.push(row.articleId);
    else byDomain.set(row.domain, [row.articleId]);
  }
  const averages = new Map<string, number>();
  for (const [domain, ids] of byDomain) {
    for (const [id, average] of cachedLiveAverages(db, domain, [...new Set(ids)], today)) averages.set(`${domain}\u0000${id}`, average);
  }
  return rows.flatMap((row) => {
    const team = teams.get(row.teamId);
    if (!team) return [];
    const average = row.status === 'live' ? averages.get(`${row.domain}\u0000${row.articleId}`) : undefined;
    const current = average === undefined ? null : price(average, scales.get(row.leagueId) ?? 1, termDaysOf(row));
    return [contractView(row, team, today, current)];
  });
}
