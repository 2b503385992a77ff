/** The editor's view of every pair of a team's live articles, asked of the encyclopedia once per team, set of articles and day. */
import { levelFromLinks } from '../../domain/chemistry';
import { DAY_MS, utcDay } from '../../domain/dates';
import { fail } from '../../domain/errors';
import { comparisonKey } from '../../domain/titles';
import { liveContractsOfTeam } from '../contracts/store';
import { findTeam } from '../leagues/store';
import { existingLeague } from '../leagues/lookups';
import { getCached, putCached } from '../../platform/db/upstream-cache';
import { UpstreamError } from '../../upstream/http-client';
import type { TeamChemistry } from '../articles/wire';
import type { EncyclopediaDeps } from '../../platform/encyclopedia-deps';

const GRAPH_TTL_MS = DAY_MS;

type StoredGraph = Record<string, string[]>;

export class ChemistryService {
  constructor(private readonly deps: EncyclopediaDeps) {}

  async teamChemistry(leagueId: string, teamId: string): Promise<TeamChemistry> {
    const { db } = this.deps;
    const team = await findTeam(db, teamId);
    if (!team || team.leagueId !== leagueId) fail('TEAM_NOT_FOUND');
    const league = await existingLeague(db, leagueId);
    // at most 22 live contracts, so at most 231 pairs
    const articles = [...new Set((await liveContractsOfTeam(db, team.id)).map((contract) => contract.articleId))].sort();
    if (articles.length < 2) return { pairs: [] };
    const graph = await this.graph(league.domain, articles);
    const linksTo = (from: string, to: string) => graph[comparisonKey(from)]?.includes(comparisonKey(to)) ?? false;
    const pairs: TeamChemistry['pairs'] = [];
    for (let i = 0; i < articles.length; i++) {
      for (let j = i + 1; j < articles.length; j++) {
        const [a, b] = [articles[i], articles[j]];
        pairs.push({ a, b, level: levelFromLinks(linksTo(a, b), linksTo(b, a)) });
      }
    }
    return { pairs };
  }

  private async graph(domain: string, articles: string[]): Promise<StoredGraph> {
    const { db, clock, log, encyclopedia } = this.deps;
    const key = `chemistry:${domain}:${utcDay(clock.now())}:${articles.join('|')}`;
    const cached = await getCached<StoredGraph>(db, key, clock.now());
    if (cached) return cached;
    let graph: Map<string, Set<string>>;
    try {
      graph = await encyclopedia.linkGraph(domain, articles.map(comparisonKey));
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      log.warn('chemistry links unavailable', { domain, upstreamError: error.message });
      return fail('ENCYCLOPEDIA_UNAVAILABLE');
    }
    const stored: StoredGraph = Object.fromEntries([...graph].map(([source, targets]) => [source, [...targets]]));
    await putCached(db, key, stored, clock.now(), GRAPH_TTL_MS);
    return stored;
  }
}
