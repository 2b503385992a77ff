/**
 * A league's history: every season of its chain, oldest first, numbered from 1,
 * with its champion and podium as season-outcome.ts decided them (a season still being played
 * has neither yet). Each side names the team as it was
 * called that season and its player, who is the same person from season to season.
 */
import type { SeasonOutcome } from './season-outcome';

export const PODIUM_PLACES = 3;

export interface SeasonTeam {
  teamId: string;
  teamName: string;
  playerId: string;
}

export interface SeasonRecord {
  leagueId: string;
  previousSeasonId: string | null;
  startDate: string;
  endDate: string;
  /** every team the season had, departed ones included */
  teams: readonly SeasonTeam[];
  outcome: SeasonOutcome;
}

export interface Placed {
  teamName: string;
  playerId: string;
}

export interface HistoryRow {
  leagueId: string;
  /** 1 for the chain's first season */
  season: number;
  startDate: string;
  endDate: string;
  champion: Placed | null;
  /** the first three of the final order, the champion first */
  podium: (Placed & { place: number })[];
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The seasons in chain order: from the one with no previous season (or whose previous is not
 * among them), each followed by the one that names it as previous. The store cannot fork a
 * chain, but should it ever hold seasons that do not link up, they follow in start order.
 */
export function chainOrder<T extends Pick<SeasonRecord, 'leagueId' | 'previousSeasonId' | 'startDate'>>(seasons: readonly T[]): T[] {
  const byStart = [...seasons].sort((a, b) => compare(a.startDate, b.startDate) || compare(a.leagueId, b.leagueId));
  const ids = new Set(seasons.map((s) => s.leagueId));
  const ordered: T[] = [];
  const placed = new Set<string>();
  const follow = (season: T) => {
    for (let current: T | undefined = season; current && !placed.has(current.leagueId); ) {
      ordered.push(current);
      placed.add(current.leagueId);
      const id: string = current.leagueId;
      current = byStart.find((s) => s.previousSeasonId === id);
    }
  };
  for (const season of byStart) if (season.previousSeasonId === null || !ids.has(season.previousSeasonId)) follow(season);
  for (const season of byStart) follow(season);
  return ordered;
}

export function leagueHistory(seasons: readonly SeasonRecord[]): HistoryRow[] {
  return chainOrder(seasons).map((season, index) => {
    const teams = new Map(season.teams.map((team) => [team.teamId, team]));
    const placed = (teamId: string): Placed | null => {
      const team = teams.get(teamId);
      return team ? { teamName: team.teamName, playerId: team.playerId } : null;
    };
    const champion = season.outcome.champion === null ? null : placed(season.outcome.champion);
    const podium = season.outcome.order.flatMap((teamId) => placed(teamId) ?? []).slice(0, PODIUM_PLACES);
    return {
      leagueId: season.leagueId,
      season: index + 1,
      startDate: season.startDate,
      endDate: season.endDate,
      champion,
      podium: podium.map((team, place) => ({ place: place + 1, ...team })),
    };
  });
}

/**
 * The player whose team carries the trophy in `leagueId`'s table: the champion of the season
 * just before it in the chain, or null (a first season, or one before which nobody won).
 */
export function reigningChampion(history: readonly HistoryRow[], leagueId: string): string | null {
  const index = history.findIndex((row) => row.leagueId === leagueId);
  return index > 0 ? (history[index - 1]!.champion?.playerId ?? null) : null;
}
