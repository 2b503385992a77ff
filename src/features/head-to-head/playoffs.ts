/**
 * A head-to-head league's playoffs as its kept rounds tell them: the seeds from
 * the table of the regular rounds, the bracket from the final playoff matchups, and the
 * pairings a playoff round is fixed with. The rules are domain/playoff-*.ts; this reads
 * what they need inside the caller's transaction.
 */
import { type Pairing, rankTable, roundMatchups } from '../../domain/head-to-head';
import { type Bracket, type Departure, type FinishedPlayoffMatchup, playoffBracket, playoffPairings, playoffSeeds } from '../../domain/playoff-bracket';
import { firstPlayoffRound, firstRoundMissed, plannedRoundCount, type PlayoffTeams, roundStage, type RoundStage } from '../../domain/playoff-format';
import type { Database } from '../../platform/db/database';
import { type LeagueRow, teamsOfLeague } from '../leagues/store';
import { type KeptRound, keptRecords, keptRounds, teamRoundPoints } from './store';

type HeadToHeadLeague = LeagueRow & { roundDays: number };

export function playoffTeamsOf(league: LeagueRow): PlayoffTeams {
  return league.playoffTeams as PlayoffTeams;
}

/** What round `round` of the league is: regular or a playoff stage (regular outside the plan). */
export function stageOf(league: HeadToHeadLeague, round: number): RoundStage {
  return roundStage(round, plannedRoundCount(league, league.roundDays), playoffTeamsOf(league)) ?? 'regular';
}

export function isPlayoffRound(league: HeadToHeadLeague, round: number): boolean {
  return stageOf(league, round) !== 'regular';
}

/** A kept round whose results are known: final, or with nobody paired in it. */
function settled(round: KeptRound): boolean {
  return round.finalAt !== null || round.pairings.length === 0;
}

/** The final matchups of the kept playoff rounds, as the bracket reads them. */
async function finishedPlayoffMatchups(tx: Database, league: HeadToHeadLeague, rounds: readonly KeptRound[]): Promise<FinishedPlayoffMatchup[]> {
  const out: FinishedPlayoffMatchup[] = [];
  for (const round of rounds) {
    if (round.finalAt === null || !isPlayoffRound(league, round.round)) continue;
    const points = (await teamRoundPoints(tx, league.id, round.round, round.round)).get(round.round);
    for (const m of roundMatchups(round.pairings, (teamId) => points?.get(teamId)?.points ?? 0)) {
      out.push({ round: round.round, home: m.home, away: m.away, result: m.result });
    }
  }
  return out;
}

/**
 * The bracket as far as it is known, or null without playoffs or while a regular round is
 * still unsettled (the seeds are the table after every regular round).
 */
export async function keptBracket(tx: Database, league: HeadToHeadLeague): Promise<Bracket | null> {
  const playoffTeams = playoffTeamsOf(league);
  if (playoffTeams === 0) return null;
  const plannedRounds = plannedRoundCount(league, league.roundDays);
  const first = firstPlayoffRound(plannedRounds, playoffTeams);
  const rounds = await keptRounds(tx, league.id);
  const regular = rounds.filter((round) => round.round < first);
  if (regular.length < first - 1 || !regular.every(settled)) return null;
  const teams = await teamsOfLeague(tx, league.id);
  const departures: Departure[] = teams.flatMap((team) =>
    team.leftAt === null ? [] : [{ teamId: team.id, fromRound: firstRoundMissed(league, league.roundDays, team.leftAt) }],
  );
  // a team gone before the first playoff round was fixed is passed over; the next one takes its place
  const absent = departures.filter((d) => d.fromRound <= first).map((d) => d.teamId);
  const seeds = playoffSeeds(rankTable(await keptRecords(tx, league.id)), playoffTeams, absent);
  return playoffBracket({ playoffTeams, plannedRounds, seeds, finished: await finishedPlayoffMatchups(tx, league, rounds), departures });
}

/**
 * The pairings playoff round `round` is fixed with, or null while they cannot be known (a
 * round before it is not settled yet): the bracket's matchups, the higher seed at home.
 */
export async function playoffRoundPairings(tx: Database, league: HeadToHeadLeague, round: number): Promise<Pairing[] | null> {
  const before = await keptRounds(tx, league.id, 1, round - 1);
  if (before.length < round - 1 || !before.every(settled)) return null;
  const bracket = await keptBracket(tx, league);
  return bracket === null ? null : playoffPairings(bracket, round);
}
