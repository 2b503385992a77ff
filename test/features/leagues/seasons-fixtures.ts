/**
 * Starting points for the season tests (issue 39): a head-to-head league of 2 weeks of 7-day
 * rounds with a 2-team final (round 1 regular, round 2 the final), played through the API.
 */
import { createTestApp, type TestApp, type TestPlayer } from '../../support/app';
import { at, day, found, FOUNDED, join, leave, moveTo, score } from '../head-to-head/head-to-head-fixtures';

export interface Seasons extends Record<string, unknown> {
  app: TestApp;
  ann: TestPlayer;
  bob: TestPlayer;
  cat: TestPlayer;
  outsider: TestPlayer;
  /** season 1: Ann (admin), Bob and Cat; Ann champion (she beat Bob in the final), over on day 15 */
  s1: string;
  /** season 2, when built: Cat left before round 1 was fixed; Bob beat Ann in round 1, then Ann closed it: Bob champion */
  s2: string;
  /** season 3, when built: Ann and Bob, under way */
  s3: string;
}

const everyone = (w: Seasons) => [w.ann, w.bob, w.cat, w.outsider];

async function myTeam(app: TestApp, leagueId: string, as: TestPlayer): Promise<string> {
  return (await app.call('GET', `/api/v1/leagues/${leagueId}/my-team`, { as })).body.id;
}

/** Scores days from..to (day numbers from season 1's first), each on the next morning. */
async function scoreDays(app: TestApp, w: Seasons, from: number, to: number, points: Record<string, number>) {
  for (let n = from; n <= to; n++) {
    await moveTo(app, at(day(n + 1), '06:00:00'), everyone(w));
    await score(app, day(n), points);
  }
}

export async function nextSeason(app: TestApp, leagueId: string, as: TestPlayer): Promise<string> {
  const res = await app.call('POST', `/api/v1/leagues/${leagueId}/next-season`, { as });
  if (res.status !== 201) throw new Error(`next season answered ${res.status} ${res.text}`);
  return res.body.id;
}

/** Season 1 played to its end; the clock on day 15 after the season's end. */
export async function seasonOne(): Promise<{ app: TestApp; world: Seasons }> {
  const app = await createTestApp({ now: FOUNDED });
  const [ann, bob, cat, outsider] = [await app.player('ann'), await app.player('bob'), await app.player('cat'), await app.player('outsider')];
  const s1 = await found(app, ann, { roundDays: 7, playoffTeams: 2 });
  app.clock.set(at(day(1), '13:00:00'));
  const bobTeam = await join(app, s1, bob, 'Bob United');
  app.clock.set(at(day(1), '14:00:00'));
  const catTeam = await join(app, s1, cat, 'Cat Rovers');
  const w: Seasons = { app, ann, bob, cat, outsider, s1, s2: '', s3: '' };
  await scoreDays(app, w, 1, 14, { [await myTeam(app, s1, ann)]: 3, [bobTeam]: 2, [catTeam]: 1 });
  await moveTo(app, at(day(15), '13:00:00'), everyone(w));
  return { app, world: w };
}

/** Three seasons: season 2 with Cat's departure and Ann's closure, season 3 started from it. */
export async function threeSeasons(): Promise<{ app: TestApp; world: Seasons }> {
  const { app, world: w } = await seasonOne();
  w.s2 = await nextSeason(app, w.s1, w.ann);
  await moveTo(app, at(day(15), '18:00:00'), everyone(w));
  await leave(app, w.s2, w.cat);
  const [ann, bob] = [await myTeam(app, w.s2, w.ann), await myTeam(app, w.s2, w.bob)];
  await scoreDays(app, w, 15, 21, { [ann]: 1, [bob]: 3 });
  await moveTo(app, at(day(22), '13:00:00'), everyone(w));
  const closed = await app.call('POST', `/api/v1/leagues/${w.s2}/closure`, { as: w.ann });
  if (closed.status !== 200) throw new Error(`closure answered ${closed.status} ${closed.text}`);
  w.s3 = await nextSeason(app, w.s2, w.ann);
  return { app, world: w };
}
