/**
 * The playoff bracket: seeds from the table after the regular rounds, the
 * standard bracket (1 v 8, 4 v 5, 2 v 7, 3 v 6; then 1 v 4, 2 v 3; so 1 and 2 can only meet in
 * the final), the higher seed at home, a draw going to the higher seed, winners advancing and
 * the final's winner the champion. Pure and derived: given the seeds and the final playoff
 * matchups it answers every playoff fixture known so far, so a re-sent day that turns a result
 * round re-draws the rounds after it.
 *
 * - The seeds are the best `playoffTeams` of the regular-season table among the teams still in
 *   the league when the first playoff round's pairings are fixed (a team that left before is
 *   passed over and the next one takes its place).
 * - A place with no team (fewer teams than places) is a bye: the seed drawn against it goes
 *   through without a matchup. So does a team whose opponent left the league before the
 *   round's pairings were fixed. A team that leaves during a round it plays forfeits it (the
 *   matchup's result says so) and plays no more.
 * - Teams that did not qualify, and those knocked out, have no fixture in playoff rounds.
 */
import type { MatchResult } from './head-to-head';
import { firstPlayoffRound, playoffRoundCount, stageFromFinal, type PlayoffStage, type PlayoffTeams } from './playoff-format';

export interface Seed {
  /** 1 for the table's best qualifier */
  seed: number;
  teamId: string;
}

/**
 * The seeds, best first: the first `playoffTeams` teams of `table` (the regular-season table,
 * in its order) that are not among `absent` (teams that left before the playoffs' first round
 * was fixed).
 */
export function playoffSeeds(table: readonly { teamId: string }[], playoffTeams: PlayoffTeams, absent: Iterable<string> = []): Seed[] {
  const gone = new Set(absent);
  return table
    .filter((row) => !gone.has(row.teamId))
    .slice(0, playoffTeams)
    .map((row, index) => ({ seed: index + 1, teamId: row.teamId }));
}

/** The seed numbers in bracket order, each place beside its first opponent: [1, 8, 4, 5, 2, 7, 3, 6]. */
export function bracketOrder(playoffTeams: PlayoffTeams): number[] {
  let order = playoffTeams === 0 ? [] : [1];
  // each doubling puts every seed s against the seed that completes it to size + 1
  for (let size = 2; size <= playoffTeams; size *= 2) order = order.flatMap((seed) => [seed, size + 1 - seed]);
  return order;
}

/** A playoff matchup as the league's rounds keep it, once final (a Matchup with its round). */
export interface FinishedPlayoffMatchup {
  round: number;
  home: string;
  away: string | null;
  /** with forfeits already applied; 'draw' goes to the higher seed */
  result: MatchResult;
}

/** A team that left the league, and the first round it is not in (playoff-format firstRoundMissed). */
export interface Departure {
  teamId: string;
  fromRound: number;
}

export interface PlayoffFixture {
  home: Seed;
  away: Seed;
  /** the team that goes through, once the matchup is final; null before */
  winner: string | null;
}

export interface PlayoffRound {
  /** the league's round number */
  round: number;
  stage: PlayoffStage;
  /** the matchups whose two teams are known, in bracket order, the higher seed at home */
  fixtures: PlayoffFixture[];
  /** teams that go through this round without a matchup: their place's other team is missing or left */
  byes: Seed[];
}

export interface Bracket {
  seeds: Seed[];
  /** every playoff round, first to final; a round lists only what is already known */
  rounds: PlayoffRound[];
  /** the final's winner (or the finalist left alone in it), once known */
  champion: string | null;
}

export interface BracketInput {
  playoffTeams: PlayoffTeams;
  /** the rounds the season was planned with (playoff-format plannedRoundCount) */
  plannedRounds: number;
  seeds: readonly Seed[];
  /** the final matchups of the playoff rounds (others are ignored) */
  finished: readonly FinishedPlayoffMatchup[];
  departures?: readonly Departure[];
}

/** A place in a round: a team, nobody (a bye), or a team not known yet. */
type Place = Seed | null | 'pending';

function higherFirst(a: Seed, b: Seed): [Seed, Seed] {
  return a.seed < b.seed ? [a, b] : [b, a];
}

function winnerOf(home: Seed, away: Seed, round: number, finished: readonly FinishedPlayoffMatchup[]): Seed | null {
  const matchup = finished.find(
    (m) => m.round === round && ((m.home === home.teamId && m.away === away.teamId) || (m.home === away.teamId && m.away === home.teamId)),
  );
  if (!matchup) return null;
  if (matchup.result === 'draw') return home;
  const winnerId = matchup.result === 'home' ? matchup.home : matchup.away;
  return winnerId === home.teamId ? home : away;
}

/** The bracket as far as the finished matchups and departures tell it. */
export function playoffBracket(input: BracketInput): Bracket {
  const { playoffTeams, plannedRounds, seeds, finished } = input;
  const leftFrom = new Map((input.departures ?? []).map((d) => [d.teamId, d.fromRound]));
  const bySeed = new Map(seeds.map((seed) => [seed.seed, seed]));
  const stages = playoffRoundCount(playoffTeams);
  const first = firstPlayoffRound(plannedRounds, playoffTeams);
  let places: Place[] = bracketOrder(playoffTeams).map((number) => bySeed.get(number) ?? null);
  const rounds: PlayoffRound[] = [];
  for (let index = 0; index < stages; index++) {
    const round = first + index;
    // a team that has left plays no round it is missing from; its place is empty
    const present = (place: Place): Place => (place !== null && place !== 'pending' && (leftFrom.get(place.teamId) ?? Infinity) <= round ? null : place);
    const fixtures: PlayoffFixture[] = [];
    const byes: Seed[] = [];
    const next: Place[] = [];
    for (let i = 0; i < places.length; i += 2) {
      const a = present(places[i]!);
      const b = present(places[i + 1]!);
      if (a === 'pending' || b === 'pending') {
        next.push('pending');
      } else if (a !== null && b !== null) {
        const [home, away] = higherFirst(a, b);
        const winner = winnerOf(home, away, round, finished);
        fixtures.push({ home, away, winner: winner?.teamId ?? null });
        next.push(winner ?? 'pending');
      } else if (a !== null || b !== null) {
        const alone = (a ?? b)!;
        byes.push(alone);
        next.push(alone);
      } else {
        next.push(null);
      }
    }
    rounds.push({ round, stage: stageFromFinal(stages - 1 - index), fixtures, byes });
    places = next;
  }
  const last = places[0];
  return { seeds: [...seeds], rounds, champion: last !== undefined && last !== null && last !== 'pending' ? last.teamId : null };
}

/** A round's pairings as the head-to-head store keeps them (empty for a regular or unknown round). */
export function playoffPairings(bracket: Bracket, round: number): { home: string; away: string }[] {
  const found = bracket.rounds.find((r) => r.round === round);
  return found ? found.fixtures.map((f) => ({ home: f.home.teamId, away: f.away.teamId })) : [];
}
