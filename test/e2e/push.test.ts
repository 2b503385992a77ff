/**
 * Web Push and `fantasy announce` through the built binary (issue 25): a push service over
 * TLS with a throwaway certificate the binary trusts through NODE_EXTRA_CA_CERTS, as a real one
 * is reached; it decrypts every message with the subscription's keys and checks the VAPID
 * signature. A subscription answered 404 or 410 is deleted; announce run again sends nothing
 * twice; announce killed midway and run again sends what was left, once.
 * Runs on the engine of the run (test/support/e2e-database.ts): the `sqlite` and the `postgres`
 * vitest projects both run it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binary, serveBinary, type ServedBinary } from '../support/served-binary';
import { utcDay } from '../../src/domain/dates';
import { dayWords } from '../../src/domain/announcements';
import { type CapturedRun, capturedRun } from '../support/captured-run';
import { startFakeEncyclopedia, type FakeEncyclopedia } from '../fakes/encyclopedia';
import { type BrowserSubscription, type FakePushService, startFakePushService } from '../fakes/push-service';
import { e2eDatabase, type E2eDatabase } from '../support/e2e-database';

const today = utcDay(new Date());
const SERVICE_TOKEN = 'e2e-push-service-token';
const ORIGIN = 'http://localhost:8787';

let encyclopedia: FakeEncyclopedia;
let push: FakePushService;
let cwd: string;
let env: NodeJS.ProcessEnv;
let server: ServedBinary;
let base: string;
let database: E2eDatabase;

function fantasy(...args: string[]): Promise<CapturedRun> {
  return capturedRun(binary, args, { cwd, env });
}

beforeAll(async () => {
  encyclopedia = await startFakeEncyclopedia({ today, publishedThrough: today });
  push = await startFakePushService();
  cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'fantasy-push-'));
  database = await e2eDatabase(cwd);
  // more sign-ups from one address than the default hourly allowance
  fs.writeFileSync(path.join(cwd, 'fantasy.config.json'), JSON.stringify({ limits: { registrationsPerAddress: 50 } }));
  env = {
    PATH: process.env.PATH,
    ...database.env,
    // the push service's throwaway certificate, trusted as an operator would trust a private CA
    NODE_EXTRA_CA_CERTS: push.certificateFile,
    FANTASY_OUTBOUND_ALLOW_PRIVATE_ADDRESSES: 'true',
    FANTASY_ENCYCLOPEDIA_SITE_URL: encyclopedia.siteUrl,
    FANTASY_ENCYCLOPEDIA_METRICS_URL: encyclopedia.metricsUrl,
    FANTASY_ENCYCLOPEDIA_META_URL: encyclopedia.metaUrl,
    FANTASY_ENCYCLOPEDIA_USER_AGENT: 'FantasyPushTest/1.0 (ops@example.org)',
    FANTASY_SERVICE_TOKEN: SERVICE_TOKEN,
    FANTASY_SCHEDULER: 'false',
  };
  expect((await fantasy('seed-global')).status).toBe(0);
  server = await serveBinary(cwd, env);
  base = server.url;
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await push?.close();
  await encyclopedia?.close();
  await database?.close();
});

interface Player {
  cookie: string;
  teamId: string;
}

async function call(cookie: string, method: string, urlPath: string, body?: unknown) {
  const response = await fetch(`${base}${urlPath}`, {
    method,
    headers: { cookie, origin: ORIGIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function player(username: string, leagueId: string, teamName: string): Promise<Player> {
  const register = await fetch(`${base}/auth/password/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ username, password: 'pw' }),
  });
  expect(register.status).toBe(201);
  const cookie = register.headers.getSetCookie()[0].split(';')[0];
  const joined = await call(cookie, 'POST', `/api/v1/leagues/${leagueId}/my-team`, { name: teamName });
  expect(joined.status).toBe(201);
  return { cookie, teamId: joined.body.id };
}

/** A public two-week league whose members may invite, founded by `host` (its team: Host FC). */
async function foundPublicLeague(host: Player, name: string): Promise<string> {
  const founded = await call(host.cookie, 'POST', '/api/v1/leagues', { name, icon: '🏆', domain: 'en', duration: '2w', visibility: 'public', invitePolicy: 'members', teamName: 'Host FC' });
  expect(founded).toMatchObject({ status: 201 });
  return founded.body.id as string;
}

async function subscribe(who: Player, subscription: BrowserSubscription) {
  expect((await call(who.cookie, 'POST', '/api/v1/me/push-subscriptions', subscription)).status).toBe(201);
}

/** The scoring engine sends today's points: views whose base points are `points` (2000 · 2^points). */
async function score(points: [Player, number][]) {
  const results = points.map(([who, p]) => ({ teamId: who.teamId, articleViews: [2000 * 2 ** p], chemistryLevels: [], formationSnapshot: '{}' }));
  const res = await fetch(`${base}/internal/v1/performances`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SERVICE_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ date: today, results }),
  });
  expect(res.status).toBe(200);
}

const received = (subscription: BrowserSubscription) => push.messages.filter((m) => m.subscription === subscription.endpoint.split('/').pop());

describe('Web Push through the binary', () => {
  it('announce pushes the morning result to each browser that wants it, decrypted and signed; 404 and 410 unsubscribe; a rerun sends nothing', async () => {
    const ann = await player('push_ann', 'global', 'Ann Readers');
    const bob = await player('push_bob', 'global', 'Bob Readers');
    const cat = await player('push_cat', 'global', 'Cat Readers');
    const dan = await player('push_dan', 'global', 'Dan Readers');
    const annPhone = push.subscribe();
    const annLaptop = push.subscribe();
    const bobGone = push.subscribe('gone');
    const catMissing = push.subscribe('not-found');
    const danQuiet = push.subscribe();
    await subscribe(ann, annPhone);
    await subscribe(ann, annLaptop);
    await subscribe(bob, bobGone);
    await subscribe(cat, catMissing);
    await subscribe(dan, danQuiet);
    expect((await call(dan.cookie, 'PUT', '/api/v1/me/push-preferences', { morningResult: false })).status).toBe(200);
    const { publicKey } = (await call(ann.cookie, 'GET', '/api/v1/push/public-key')).body;

    await score([[ann, 3], [bob, 2], [cat, 1], [dan, 0.5]]);
    const first = await fantasy('announce');
    expect(first.stderr).not.toMatch(/"level":"error"/);
    expect(first.status).toBe(0);
    // serve's own outbox worker may take some of them first: either way each is sent once
    expect(first.stdout).toMatch(/^announce for \d{4}-\d{2}-\d{2}: 1 league\(s\), 0 webhook and 4 push message\(s\) written; \d sent, 0 to retry, 0 dropped\n$/);

    expect(push.refusals).toEqual([]);
    const expected = { kind: 'morning-digest', title: 'Global League', body: `Ann Readers scored 3.0 on ${dayWords(today)}: you are 1st.`, url: '/leagues/global' };
    expect(received(annPhone).map((m) => m.payload)).toEqual([expected]);
    expect(received(annLaptop).map((m) => m.payload)).toEqual([expected]);
    for (const message of push.messages) {
      expect(message.vapidKey).toBe(publicKey);
      expect(message.claims).toMatchObject({ aud: push.origin, sub: expect.stringMatching(/^mailto:/) });
    }
    expect([received(bobGone), received(catMissing), received(danQuiet)]).toEqual([[], [], []]);
    // the push service said they are gone: so are the subscriptions
    expect((await call(bob.cookie, 'DELETE', `/api/v1/me/push-subscriptions?endpoint=${encodeURIComponent(bobGone.endpoint)}`)).status).toBe(404);
    expect((await call(cat.cookie, 'DELETE', `/api/v1/me/push-subscriptions?endpoint=${encodeURIComponent(catMissing.endpoint)}`)).status).toBe(404);
    expect((await call(dan.cookie, 'DELETE', `/api/v1/me/push-subscriptions?endpoint=${encodeURIComponent(danQuiet.endpoint)}`)).status).toBe(200);

    const attempts = push.attempts;
    const again = await fantasy('announce');
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/0 league\(s\), 0 webhook and 0 push message\(s\) written; 0 sent, 0 to retry, 0 dropped/);
    await new Promise((resolve) => setTimeout(resolve, 5_500)); // a tick of serve's worker too
    expect(push.attempts).toBe(attempts);
  }, 120_000);

  it('a new season reaches its members’ phones, and a removed team’s owner is told, through serve’s own sender', async () => {
    const host = await player('season_host', 'global', 'Season Host Readers');
    const leagueId = await foundPublicLeague(host, 'Season Cup');
    const eve = await player('season_eve', leagueId, 'Eve FC');
    const fay = await player('season_fay', leagueId, 'Fay FC');
    const [hostPhone, evePhone, fayPhone] = [push.subscribe(), push.subscribe(), push.subscribe()];
    await subscribe(host, hostPhone);
    await subscribe(eve, evePhone);
    await subscribe(fay, fayPhone);

    expect((await call(host.cookie, 'POST', `/api/v1/leagues/${leagueId}/closure`)).status).toBe(200);
    const next = await call(host.cookie, 'POST', `/api/v1/leagues/${leagueId}/next-season`);
    expect(next).toMatchObject({ status: 201, body: { title: 'Season Cup — Season 2', teamCount: 3 } });
    const nextId = next.body.id as string;
    const started = { kind: 'season-started', title: 'Season Cup — Season 2', body: 'Season Cup — Season 2 has started: your team is in it, with fresh credits.', url: `/leagues/${nextId}` };

    const removed = await call(host.cookie, 'GET', `/api/v1/leagues/${nextId}/leaderboard`);
    const fayTeam = (removed.body as { team: { id: string; name: string } }[]).find((entry) => entry.team.name === 'Fay FC')!.team.id;
    expect((await call(host.cookie, 'POST', `/api/v1/leagues/${nextId}/teams/${fayTeam}/removal`)).status).toBe(200);
    const told = {
      kind: 'team-removed',
      title: 'Season Cup — Season 2',
      body: 'The admin removed Fay FC from Season Cup — Season 2. Its points stay in the standings, and you cannot rejoin this league.',
      url: '/leagues',
    };

    // serve's outbox worker sends them on its next tick
    const deadline = Date.now() + 20_000;
    const allArrived = () => received(hostPhone).length >= 1 && received(evePhone).length >= 1 && received(fayPhone).length >= 2;
    while (!allArrived() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(push.refusals).toEqual([]);
    expect(received(hostPhone).map((m) => m.payload)).toEqual([started]);
    expect(received(evePhone).map((m) => m.payload)).toEqual([started]);
    // two messages to one phone: the sender may deliver them in either order
    expect(received(fayPhone).map((m) => m.payload)).toHaveLength(2);
    expect(received(fayPhone).map((m) => m.payload)).toEqual(expect.arrayContaining([started, told]));
  }, 60_000);

  it('announce killed while sending, then run again, sends what was left, each accepted once', async () => {
    const host = await player('kill_host', 'global', 'Host Readers');
    const leagueId = await foundPublicLeague(host, 'Kill Cup');
    const members: Player[] = [];
    const phones: BrowserSubscription[] = [];
    for (let i = 0; i < 6; i++) {
      const member = await player(`kill_member_${i}`, leagueId, `Member ${i} FC`);
      // the first message the service sends is never answered: the sender hangs on it
      const phone = push.subscribe(i === 0 ? 'hang' : 'accept');
      await subscribe(member, phone);
      members.push(member);
      phones.push(phone);
    }
    await score(members.map((member, i) => [member, i + 1] as [Player, number]));
    // from here on the CLI is the only sender: serve's own worker, free while the CLI hangs,
    // would keep sending beside it and blur which process the kill interrupts
    await server.stop();

    const run = spawn(binary, ['announce'], { cwd, env, stdio: 'ignore' });
    // wait until the hung message is in flight and every message accepted so far is recorded as
    // sent, then kill the run where it stands (killed between a push service's "accepted" and
    // our record of it, a message would be sent again: delivery is at least once)
    const count = async (where: string) => (await database.rows<{ n: number }>(`SELECT CAST(count(*) AS INTEGER) AS n FROM outbox WHERE ${where}`))[0]!.n;
    const sentRows = () => count(`channel = 'push' AND status = 'sent'`);
    const sentBefore = await sentRows();
    // rows a sender holds: once only the hung one is, nothing else is on its way to the push service
    const inFlight = () => count(`status = 'pending' AND claimed_until IS NOT NULL`);
    const accepted = () => phones.reduce((n, phone) => n + received(phone).length, 0);
    for (;;) {
      if (push.held() === 1 && (await inFlight()) === 1 && (await sentRows()) - sentBefore === accepted()) break;
      if (run.exitCode !== null) throw new Error(`announce ended before it could be killed (${run.exitCode})`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    run.kill('SIGKILL');
    await new Promise((resolve) => run.on('exit', resolve));
    const sentBeforeKill = phones.filter((phone) => received(phone).length === 1).length;
    expect(sentBeforeKill).toBeLessThan(6);

    push.answerFor(phones[0].endpoint, 'accept');
    const rerun = await fantasy('announce');
    expect(rerun.status).toBe(0);
    // nothing is written again: the league's morning was recorded with its messages
    expect(rerun.stdout).toMatch(/: 0 league\(s\), 0 webhook and 0 push message\(s\) written/);
    // the one whose answer never came is sent again by a later run once its claim lapses (5 s deadline + 5 s)
    for (let tries = 0; tries < 30 && phones.some((phone) => received(phone).length === 0); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect((await fantasy('announce')).status).toBe(0);
    }
    for (const phone of phones) expect(received(phone).map((m) => m.payload.kind)).toEqual(['morning-digest']);
    expect((await fantasy('announce')).stdout).toMatch(/0 sent, 0 to retry, 0 dropped/);
  }, 120_000);
});
