/**
 * The league answers kept by version (the league, a page of its leaderboard): their keys and
 * how each is produced, shared by the routes that answer them and by the warming after a
 * league's ranks are written. After the morning's scoring every league's version has moved;
 * warmed here, the league home's first readers find the league and the top of its table ready
 * instead of the first of them ranking and counting while the rest queue behind.
 */
import type { League, LeaderboardEntry } from './wire';
import type { LeaderboardPage } from '../../domain/leaderboard-page';
import type { CachedAnswers, KeptHeaders } from '../../platform/http/plugins/cached-answers';
import type { LeagueService } from './service';

/** The pages of ranks a league home asks for first: the top of the table, a phone screen's worth. */
export const FIRST_PAGES: readonly Extract<LeaderboardPage, { kind: 'range' }>[] = [{ kind: 'range', offset: 0, limit: 10 }];

export const leagueKey = (leagueId: string) => `league:${leagueId}`;

/** around=me differs by caller, so it has no key: it is never kept. */
export function leaderboardKey(leagueId: string, page: LeaderboardPage): string | undefined {
  if (page.kind === 'around-me') return undefined;
  return `leaderboard:${leagueId}:${page.kind === 'range' ? `${page.offset}+${page.limit}` : 'all'}`;
}

export function produceLeague(leagues: LeagueService, leagueId: string): Promise<League> {
  return leagues.byId(leagueId);
}

export async function produceLeaderboard(leagues: LeagueService, leagueId: string, page: LeaderboardPage, kept: KeptHeaders, playerId?: string): Promise<LeaderboardEntry[]> {
  const { entries, teamCount } = await leagues.leaderboard(leagueId, page, playerId);
  if (page.kind !== 'all') kept['x-total-count'] = String(teamCount);
  return entries;
}

/** Keeps the league's answer and its first pages of ranks at the league's current version. */
export async function warmLeagueAnswers(answers: CachedAnswers, leagues: LeagueService, leagueId: string): Promise<void> {
  const version = () => leagues.versionOf(leagueId);
  await answers.warm(leagueKey(leagueId), version, () => produceLeague(leagues, leagueId));
  for (const page of FIRST_PAGES) await answers.warm(leaderboardKey(leagueId, page)!, version, (kept) => produceLeaderboard(leagues, leagueId, page, kept));
}
