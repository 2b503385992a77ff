/**
 * Starting points for the head-to-head and activity API tests: leagues founded, joined and
 * scored through the API itself (the scoring engine's ingest), under a clock the tests move.
 */
import { addDays } from '../../../src/domain/dates';
import { createTestApp, ENGINE_HEADERS, type TestApp, type TestPlayer } from '../../support/app';

/** Monday noon: the league is founded now, so its first round starts today. */
export const FOUNDED = '2026-05-04T12:00:00.000Z';
export const DAY1 = '2026-05-04';

export const at = (date: string, time = '12:00:00') => `${date}T${time}.000Z`;
export const day = (n: number) => addDays(DAY1, n - 1);

export function foundingBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Rivals Cup',
    icon: '⚔️',
    domain: 'en',
    duration: '2w',
    visibility: 'public',
    invitePolicy: 'members',
    teamName: 'Ann FC',
    format: 'head-to-head',
    roundDays: 2,
    ...overrides,
  };
}

export async function found(app: TestApp, as: TestPlayer, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await app.call('POST', '/api/v1/leagues', { as, body: foundingBody(overrides) });
  if (res.status !== 201) throw new Error(`founding answered ${res.status} ${res.text}`);
  return res.body.id;
}

export async function join(app: TestApp, leagueId: string, as: TestPlayer, name: string): Promise<string> {
  const res = await app.call('POST', `/api/v1/leagues/${leagueId}/my-team`, { as, body: { name } });
  if (res.status !== 201) throw new Error(`join answered ${res.status} ${res.text}`);
  return res.body.id;
}

export async function leave(app: TestApp, leagueId: string, as: TestPlayer): Promise<void> {
  const res = await app.call('POST', `/api/v1/leagues/${leagueId}/my-departure`, { as });
  if (res.status !== 200) throw new Error(`departure answered ${res.status} ${res.text}`);
}

export async function myTeamId(app: TestApp, leagueId: string, as: TestPlayer): Promise<string> {
  return (await app.call('GET', `/api/v1/leagues/${leagueId}/my-team`, { as })).body.id;
}

/** Views whose base points are exactly `points` (L = 1, one article, no chemistry): 2000 · 2^points. */
export const viewsFor = (points: number) => 2000 * 2 ** points;

/** The scoring engine posts `date`'s facts: each team scores the whole points given. */
export async function score(app: TestApp, date: string, points: Record<string, number>): Promise<void> {
  const results = Object.entries(points).map(([teamId, p]) => ({ teamId, articleViews: [viewsFor(p)], chemistryLevels: [], formationSnapshot: '{}' }));
  const res = await app.call('POST', '/internal/v1/performances', { headers: ENGINE_HEADERS, body: { date, results } });
  if (res.status !== 200) throw new Error(`ingest answered ${res.status} ${res.text}`);
}

/** Moves the clock and gives every player a session minted then (a session lasts 7 days). */
export async function moveTo(app: TestApp, instant: string, players: TestPlayer[]): Promise<void> {
  app.clock.set(instant);
  for (const player of players) player.cookie = await app.cookieFor(player.subject);
}

export interface Rivals extends Record<string, unknown> {
  app: TestApp;
  ann: TestPlayer;
  bob: TestPlayer;
  cat: TestPlayer;
  dan: TestPlayer;
  outsider: TestPlayer;
  /** head-to-head, 2-day rounds, 2 weeks (rounds 1–7 on 4–17 May); Ann, Bob and Cat joined on day 1 */
  league: string;
  /** a points league Ann founded, with Bob */
  pointsLeague: string;
  teams: { ann: string; bob: string; cat: string };
}

export async function rivals(): Promise<{ app: TestApp; world: Rivals }> {
  const app = await createTestApp({ now: FOUNDED });
  const [ann, bob, cat, dan, outsider] = [await app.player('ann'), await app.player('bob'), await app.player('cat'), await app.player('dan'), await app.player('outsider')];
  const league = await found(app, ann);
  app.clock.set(at(DAY1, '13:00:00'));
  const bobTeam = await join(app, league, bob, 'Bob United');
  app.clock.set(at(DAY1, '14:00:00'));
  const catTeam = await join(app, league, cat, 'Cat Rovers');
  const pointsLeague = await found(app, ann, { format: undefined, roundDays: undefined, name: 'Points Cup' });
  await join(app, pointsLeague, bob, 'Bob Points');
  app.clock.set(at(DAY1, '18:00:00'));
  const teams = { ann: await myTeamId(app, league, ann), bob: bobTeam, cat: catTeam };
  return { app, world: { app, ann, bob, cat, dan, outsider, league, pointsLeague, teams } };
}
