/**
 * Starting points for the playoff, matchup and season tests (issue 39): head-to-head leagues
 * with playoffs founded, joined and scored through the API, under a clock the tests move.
 * Every league here runs 2 weeks of 2-day rounds (rounds 1–7 on 4–17 May).
 */
import { createTestApp, type TestApp, type TestPlayer } from '../../support/app';
import { at, day, found, FOUNDED, join, moveTo, score } from './head-to-head-fixtures';

export const NAMES = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal'] as const;
export type Name = (typeof NAMES)[number];
export const TEAM_NAMES: Record<Name, string> = {
  ann: 'Ann FC',
  bob: 'Bob United',
  cat: 'Cat Rovers',
  dan: 'Dan Athletic',
  eve: 'Eve Wanderers',
  fay: 'Fay City',
  gus: 'Gus Town',
  hal: 'Hal Albion',
};

/** A league and its teams by player, in join order. */
export interface PlayoffLeague {
  id: string;
  teams: Partial<Record<Name, string>>;
}

export interface Playoffs extends Record<string, unknown> {
  app: TestApp;
  ann: TestPlayer;
  bob: TestPlayer;
  cat: TestPlayer;
  dan: TestPlayer;
  eve: TestPlayer;
  fay: TestPlayer;
  gus: TestPlayer;
  hal: TestPlayer;
  outsider: TestPlayer;
  /** playoffTeams 2 (round 7 the final), Ann, Bob and Cat */
  p2: PlayoffLeague;
  /** playoffTeams 4 (rounds 6 and 7), Ann to Dan */
  p4: PlayoffLeague;
  /** playoffTeams 8 (rounds 5 to 7), all eight */
  p8: PlayoffLeague;
  /** playoffTeams 4 with only Ann, Bob and Cat: the top seed has a bye */
  short: PlayoffLeague;
}

export function allPlayers(w: Playoffs): TestPlayer[] {
  return [...NAMES.map((name) => w[name]), w.outsider];
}

async function league(app: TestApp, w: Pick<Playoffs, Name>, playoffTeams: number, names: readonly Name[], title: string): Promise<PlayoffLeague> {
  const [founder, ...others] = names;
  const id = await found(app, w[founder!], { playoffTeams, name: title, teamName: TEAM_NAMES[founder!] });
  const teams: PlayoffLeague['teams'] = {};
  teams[founder!] = (await app.call('GET', `/api/v1/leagues/${id}/my-team`, { as: w[founder!] })).body.id;
  for (const name of others) {
    // a second apart: the join order (the pairings' order) never falls to the random team ids
    app.clock.set(new Date(app.clock.now().getTime() + 1000).toISOString());
    teams[name] = await join(app, id, w[name], TEAM_NAMES[name]);
  }
  return { id, teams };
}

/**
 * A day's points for every team: 10 for the first to join down by one, so the table is the join
 * order; except p4, the other way round (Dan 10 … Ann 7), so its seeds are not its join order.
 */
export function worldPoints(w: Playoffs): Record<string, number> {
  const out: Record<string, number> = {};
  for (const l of [w.p2, w.p4, w.p8, w.short]) NAMES.forEach((name, index) => {
    const team = l.teams[name];
    if (team) out[team] = l === w.p4 ? 7 + index : 10 - index;
  });
  return out;
}

/** Scores days from..to (day numbers), each on the next morning, with `points` per team (others as given). */
export async function scoreDays(app: TestApp, w: Playoffs, from: number, to: number, points: Record<string, number> = worldPoints(w)): Promise<void> {
  for (let n = from; n <= to; n++) {
    await moveTo(app, at(day(n + 1), '06:00:00'), allPlayers(w));
    await score(app, day(n), points);
  }
}

/** The regular rounds of p8 (rounds 1–4, days 1–8) scored, read on the morning of day 9. */
export async function playoffs(): Promise<{ app: TestApp; world: Playoffs }> {
  const app = await createTestApp({ now: FOUNDED });
  const players = {} as Pick<Playoffs, Name>;
  for (const name of NAMES) players[name] = await app.player(name);
  const outsider = await app.player('outsider');
  app.clock.set(at(day(1), '13:00:00'));
  const p2 = await league(app, players, 2, ['ann', 'bob', 'cat'], 'Final Cup');
  const p4 = await league(app, players, 4, ['ann', 'bob', 'cat', 'dan'], 'Semi Cup');
  const p8 = await league(app, players, 8, NAMES, 'Quarter Cup');
  const short = await league(app, players, 4, ['ann', 'bob', 'cat'], 'Bye Cup');
  const world: Playoffs = { app, ...players, outsider, p2, p4, p8, short };
  await scoreDays(app, world, 1, 8);
  return { app, world };
}
