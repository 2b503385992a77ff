/**
 * A league's chain of seasons: the seasons linked by previousSeasonId, how each
 * finished (season-outcome.ts), the history and the all-time rivalries read from them, and
 * the player whose team carries the trophy in a season's tables.
 */
import { type MatchResult, rankTable, roundCount, roundMatchups } from '../../domain/head-to-head';
import { leagueHistory, type HistoryRow, reigningChampion, type SeasonRecord } from '../../domain/league-history';
import { isLeagueInactive } from '../../domain/leagues';
import type { PlayersMatchup } from '../../domain/rivalries';
import { seasonOutcome } from '../../domain/season-outcome';
import { rankTeams } from '../../domain/standings';
import type { Database } from '../../platform/db/database';
import { selectRow } from '../../platform/db/statements';
import { keptBracket } from '../head-to-head/playoffs';
import { keptRecords, keptRounds, teamRoundPoints } from '../head-to-head/store';
import { leagueBoard } from '../scoring/standings-store';
import { findLeague, type LeagueRow, teamsOfLeague } from './store';

/** The season that names `leagueId` as its previous one, if any. */
export async function nextSeasonOf(db: Database, leagueId: string): Promise<string | null> {
  return (await selectRow<{ id: string }>(db, 'SELECT id FROM leagues WHERE previous_season_id = ?', leagueId))?.id ?? null;
}

/** Every season of `league`'s chain still stored, oldest first (a deleted season cuts the chain there). */
export async function chainOf(db: Database, league: LeagueRow): Promise<LeagueRow[]> {
  const before: LeagueRow[] = [];
  const seen = new Set([league.id]);
  for (let id = league.previousSeasonId; id !== null && !seen.has(id); ) {
    const previous = await findLeague(db, id);
    if (!previous) break;
    before.unshift(previous);
    seen.add(id);
    id = previous.previousSeasonId;
  }
  const after: LeagueRow[] = [];
  for (let id = await nextSeasonOf(db, league.id); id !== null && !seen.has(id); id = await nextSeasonOf(db, id)) {
    const next = await findLeague(db, id);
    if (!next) break;
    after.push(next);
    seen.add(id);
  }
  return [...before, league, ...after];
}

function headToHead(league: LeagueRow): league is LeagueRow & { roundDays: number } {
  return league.format === 'head-to-head' && league.roundDays !== null;
}

/** The season's final matchups, with each team's result (forfeits applied), round by round. */
async function finalMatchups(db: Database, league: LeagueRow & { roundDays: number }) {
  const out: { home: string; away: string | null; homePoints: number; awayPoints: number; result: MatchResult }[] = [];
  for (const round of await keptRounds(db, league.id)) {
    if (round.finalAt === null) continue;
    const points = (await teamRoundPoints(db, league.id, round.round, round.round)).get(round.round);
    out.push(...roundMatchups(round.pairings, (teamId) => points?.get(teamId)?.points ?? 0));
  }
  return out;
}

/** The season as history reads it: its teams and how it finished by `now`. */
async function seasonRecord(db: Database, league: LeagueRow, now: Date): Promise<SeasonRecord> {
  const teams = (await teamsOfLeague(db, league.id)).map((team) => ({ teamId: team.id, teamName: team.name, playerId: team.playerId }));
  const over = isLeagueInactive(league, now);
  if (!headToHead(league)) {
    const table = rankTeams(await leagueBoard(db, league.id));
    return { ...bounds(league), teams, outcome: seasonOutcome({ table, bracket: null, seasonComplete: over }) };
  }
  const table = rankTable(await keptRecords(db, league.id));
  const rounds = await keptRounds(db, league.id);
  const last = roundCount(league, league.roundDays);
  const lastFinal = rounds.length >= last && rounds.every((round) => round.finalAt !== null || round.pairings.length === 0);
  const complete = league.closedAt !== null || (over && lastFinal);
  return { ...bounds(league), teams, outcome: seasonOutcome({ table, bracket: await keptBracket(db, league), seasonComplete: complete }) };
}

function bounds(league: LeagueRow) {
  return { leagueId: league.id, previousSeasonId: league.previousSeasonId, startDate: league.startDate, endDate: league.endDate };
}

export async function chainHistory(db: Database, chain: readonly LeagueRow[], now: Date): Promise<HistoryRow[]> {
  const records: SeasonRecord[] = [];
  for (const league of chain) records.push(await seasonRecord(db, league, now));
  return leagueHistory(records);
}

/** Every final matchup of every head-to-head season of the chain, by player. */
export async function chainMatchups(db: Database, chain: readonly LeagueRow[]): Promise<PlayersMatchup[]> {
  const out: PlayersMatchup[] = [];
  for (const league of chain) {
    if (!headToHead(league)) continue;
    const players = new Map((await teamsOfLeague(db, league.id)).map((team) => [team.id, team.playerId]));
    for (const m of await finalMatchups(db, league)) {
      out.push({
        homePlayer: players.get(m.home)!,
        awayPlayer: m.away === null ? null : players.get(m.away)!,
        homePoints: m.homePoints,
        awayPoints: m.awayPoints,
        result: m.result,
      });
    }
  }
  return out;
}

/** The player whose team carries the trophy in `league`'s tables: the previous season's champion, or null. */
export async function reigningChampionOf(db: Database, league: LeagueRow, now: Date): Promise<string | null> {
  if (league.previousSeasonId === null) return null;
  const previous = await findLeague(db, league.previousSeasonId);
  if (!previous) return null;
  return reigningChampion(await chainHistory(db, [previous, league], now), league.id);
}
