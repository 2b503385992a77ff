/**
 * All-time head-to-head records between players, over every final matchup of
 * every season of a league's chain, playoffs included. Counted by player, not team: a player
 * keeps their rivalries when their team changes name from one season to the next.
 *
 * A matchup counts as its result says (a forfeit is a loss whatever was scored), and a draw
 * counts as drawn even when it was a playoff matchup the higher seed took on the draw. The
 * league average is nobody's rival and is skipped.
 */
import type { MatchResult } from './head-to-head';

/** A final matchup with each side's player (the caller maps teams to their players). */
export interface PlayersMatchup {
  homePlayer: string;
  /** null: the league average */
  awayPlayer: string | null;
  homePoints: number;
  awayPoints: number;
  result: MatchResult;
}

export interface Rivalry {
  playerA: string;
  playerB: string;
  /** matchups playerA won against playerB */
  won: number;
  drawn: number;
  lost: number;
  /** playerA's points over those matchups */
  pointsFor: number;
  pointsAgainst: number;
}

/** One side's view of a matchup it played against another player. */
interface Side {
  player: string;
  rival: string;
  outcome: 'won' | 'drawn' | 'lost';
  pointsFor: number;
  pointsAgainst: number;
}

function sides(m: PlayersMatchup): Side[] {
  if (m.awayPlayer === null) return [];
  const home = m.result === 'home' ? 'won' : m.result === 'draw' ? 'drawn' : 'lost';
  const away = m.result === 'away' ? 'won' : m.result === 'draw' ? 'drawn' : 'lost';
  return [
    { player: m.homePlayer, rival: m.awayPlayer, outcome: home, pointsFor: m.homePoints, pointsAgainst: m.awayPoints },
    { player: m.awayPlayer, rival: m.homePlayer, outcome: away, pointsFor: m.awayPoints, pointsAgainst: m.homePoints },
  ];
}

function played(r: Rivalry): number {
  return r.won + r.drawn + r.lost;
}

/** Records summed for the sides `keep` accepts, one per (player, rival). */
function records(matchups: readonly PlayersMatchup[], keep: (side: Side) => boolean): Rivalry[] {
  const byPair = new Map<string, Rivalry>();
  for (const side of matchups.flatMap(sides)) {
    if (!keep(side)) continue;
    const key = JSON.stringify([side.player, side.rival]);
    let record = byPair.get(key);
    if (!record) {
      record = { playerA: side.player, playerB: side.rival, won: 0, drawn: 0, lost: 0, pointsFor: 0, pointsAgainst: 0 };
      byPair.set(key, record);
    }
    record[side.outcome]++;
    record.pointsFor += side.pointsFor;
    record.pointsAgainst += side.pointsAgainst;
  }
  return [...byPair.values()];
}

const byPlayerB = (a: Rivalry, b: Rivalry) => (a.playerB < b.playerB ? -1 : a.playerB > b.playerB ? 1 : 0);

/**
 * `player`'s record against each player they have met, from their side: the most-played
 * rivalry first, then by the rival's id.
 */
export function rivalriesOf(player: string, matchups: readonly PlayersMatchup[]): Rivalry[] {
  return records(matchups, (side) => side.player === player).sort((a, b) => played(b) - played(a) || byPlayerB(a, b));
}

/**
 * Every pair of players who have met, once, from the side of the smaller player id (flip
 * won/lost and the points for the other side); ordered by playerA, then playerB.
 */
export function groupRivalries(matchups: readonly PlayersMatchup[]): Rivalry[] {
  return records(matchups, (side) => side.player < side.rival).sort(
    (a, b) => (a.playerA < b.playerA ? -1 : a.playerA > b.playerA ? 1 : 0) || byPlayerB(a, b),
  );
}

/** The same record from playerB's side. */
export function flippedRivalry(r: Rivalry): Rivalry {
  return { playerA: r.playerB, playerB: r.playerA, won: r.lost, drawn: r.drawn, lost: r.won, pointsFor: r.pointsAgainst, pointsAgainst: r.pointsFor };
}
