/**
 * A team's line-up over a head-to-head round (matchup): the line-up standing at
 * `asOf` (the round's end, or now while it runs), each placed article with the points it
 * scored on the round's scored days.
 */
import { displayTitle } from '../../domain/titles';
import type { Database } from '../../platform/db/database';
import { contractsByIds } from '../contracts/store';
import { breakDownPerformances } from '../scoring/performance-breakdowns';
import { performancesBetween } from '../scoring/store';
import { lineupVersionsStandingBefore } from './store';

export interface RoundLineupEntry {
  position: string;
  articleId: string;
  title: string;
  points: number;
}

export async function roundLineup(
  db: Database,
  team: { id: string; languageScale: number },
  round: { startDate: string; endDate: string },
  asOf: string,
): Promise<RoundLineupEntry[]> {
  const version = (await lineupVersionsStandingBefore(db, [team.id], asOf)).get(team.id);
  if (!version) return [];
  const contracts = await contractsByIds(db, Object.values(version.positions));
  const days = await breakDownPerformances(db, team.id, team.languageScale, await performancesBetween(db, team.id, round.startDate, round.endDate));
  const scored = new Map<string, number>();
  for (const { breakdown } of days) for (const article of breakdown.articles) scored.set(article.articleId, (scored.get(article.articleId) ?? 0) + article.points);
  return Object.entries(version.positions).flatMap(([position, contractId]) => {
    const contract = contracts.get(contractId);
    if (!contract) return [];
    return [{ position, articleId: contract.articleId, title: displayTitle(contract.articleId), points: scored.get(contract.articleId) ?? 0 }];
  });
}
