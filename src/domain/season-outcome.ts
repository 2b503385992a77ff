/**
 * How a season finished: its champion and every team in final order, the
 * order a podium is read from.
 *
 * - With playoffs, the champion is the final's winner, known as soon as the final is (or once
 *   the other finalist has left before it). The final order is then how far each team went in
 *   the bracket (the champion, the final's loser, the semi-finals' losers, the quarter-finals'
 *   …), level teams in their regular-season table order, and the teams that did not qualify
 *   after them in table order.
 * - Without playoffs, or when the playoffs never finished (the league was closed before its
 *   final was decided, or every finalist left), the table decides once the season is complete:
 *   the table's first is champion and the table is the final order. A league closed early thus
 *   keeps a champion, the table's first at closure.
 * - Until then there is no champion and no final order.
 */
import type { Bracket } from './playoff-bracket';

export interface SeasonOutcome {
  /** the champion's team id, null until the season has one */
  champion: string | null;
  /** every team of the table in final order, the champion first; empty until the champion is known */
  order: string[];
}

export interface SeasonOutcomeInput {
  /**
   * The table in its order: a head-to-head league's over its regular rounds only (a points
   * league's standings work too, with no bracket)
   */
  table: readonly { teamId: string }[];
  /** the playoffs as far as known; null without playoffs or before they begin */
  bracket: Bracket | null;
  /** the season has ended and its last round is final, or the league is closed (its cut round settled) */
  seasonComplete: boolean;
}

/** How many playoff rounds each team entered (played or went through on a bye). */
function roundsReached(bracket: Bracket): Map<string, number> {
  const reached = new Map<string, number>();
  bracket.rounds.forEach((round, index) => {
    for (const fixture of round.fixtures) for (const seed of [fixture.home, fixture.away]) reached.set(seed.teamId, index + 1);
    for (const seed of round.byes) reached.set(seed.teamId, index + 1);
  });
  return reached;
}

export function seasonOutcome({ table, bracket, seasonComplete }: SeasonOutcomeInput): SeasonOutcome {
  const champion = bracket?.champion ?? null;
  if (bracket !== null && champion !== null) {
    const reached = roundsReached(bracket);
    const position = new Map(table.map((row, index) => [row.teamId, index]));
    const others = table
      .map((row) => row.teamId)
      .filter((teamId) => teamId !== champion)
      .sort((a, b) => (reached.get(b) ?? 0) - (reached.get(a) ?? 0) || position.get(a)! - position.get(b)!);
    return { champion, order: [champion, ...others] };
  }
  if (!seasonComplete || table.length === 0) return { champion: null, order: [] };
  return { champion: table[0]!.teamId, order: table.map((row) => row.teamId) };
}
