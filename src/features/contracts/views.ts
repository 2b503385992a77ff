/**
 * Loads what the contract wire forms need (teams with credits, language scales, today's
 * cached averages) in batch, never one read per contract, and hands it to the pure presenter.
 */
import type { ContractRow } from './store';
import type { Database } from '../../platform/db/database';
import { creditsOfTeams } from './ledger-store';
import { leaguesByIds, teamsWithPlayersByIds } from '../leagues/store';
import { isLeagueInactive } from '../../domain/leagues';
import { cachedLiveAverages } from './pageview-series';
import { contractViews, liveAverageKey, wantsCurrentPrice, type ContractViewInputs } from './presenter';
import type { Contract, Team } from './wire';
import { teamView } from '../leagues/team-presenter';

/** Team wire forms (with derived credits) of these teams: two batched reads. */
export async function loadTeamViews(db: Database, teamIds: readonly string[]): Promise<Map<string, Team>> {
  const teams = await teamsWithPlayersByIds(db, teamIds);
  const credits = await creditsOfTeams(db, [...teams.keys()]);
  return new Map([...teams].map(([id, team]) => [id, teamView(team, credits.get(id) ?? 0)]));
}

async function loadInputs(db: Database, rows: readonly ContractRow[], today: string, now: Date): Promise<ContractViewInputs> {
  const teams = await loadTeamViews(db, rows.map((row) => row.teamId));
  const leagues = await leaguesByIds(db, rows.map((row) => row.leagueId));
  const languageScales = new Map([...leagues].map(([id, league]) => [id, league.languageScale]));
  const inactiveLeagues = new Set([...leagues].filter(([, league]) => isLeagueInactive(league, now)).map(([id]) => id));
  const byDomain = new Map<string, Set<string>>();
  for (const row of rows) {
    if (!wantsCurrentPrice(row)) continue;
    const ids = byDomain.get(row.domain);
    if (ids) ids.add(row.articleId);
    else byDomain.set(row.domain, new Set([row.articleId]));
  }
  const liveAverages = new Map<string, number>();
  for (const [domain, ids] of byDomain) {
    for (const [id, average] of await cachedLiveAverages(db, domain, [...ids], today)) liveAverages.set(liveAverageKey(domain, id), average);
  }
  return { teams, languageScales, liveAverages, inactiveLeagues };
}

export async function loadTeamView(db: Database, teamId: string): Promise<Team | undefined> {
  return (await loadTeamViews(db, [teamId])).get(teamId);
}

/**
 * Wire forms of these contracts as of `today`, priced from today's cached series only.
 * `now` decides which leagues have closed or ended.
 */
export async function loadContractViews(db: Database, rows: readonly ContractRow[], today: string, now: Date): Promise<Contract[]> {
  return contractViews(rows, await loadInputs(db, rows, today, now), today);
}
