/**
 * League webhooks (issue 25 §1), one table per endpoint, then delivery: the Discord, Slack and
 * JSON bodies a loopback chat server receives, the morning's result, a join's message written
 * with the join, retries of a hook that answers 500 or never answers while the game keeps
 * answering, no redirect followed, the address rule judged again at send time, and a message
 * dropped (and counted) after a day.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { teamJoined } from '../../../src/domain/announcements';
import { enqueue } from '../../../src/features/notifications/outbound-store';
import { createTestApp, TEST_FRONTEND, type TestApp, type TestPlayer } from '../../support/app';
import { scenarioTable } from '../../support/scenarios';
import { parsePrometheusText, sampleValue } from '../../support/prometheus';
import { type FakeChatServer, startFakeChatServer } from '../../fakes/chat-server';
import { startStallingReceiver } from '../../fakes/stalling-receiver';
import { buildLeague } from '../../support/builders';
import { at, day, join, leave, moveTo, rivals, type Rivals, score } from '../head-to-head/head-to-head-fixtures';

let chat: FakeChatServer;
beforeAll(async () => {
  chat = await startFakeChatServer();
});
afterAll(async () => {
  await chat.close();
});

const refused = (error: string) => ({ expect: { error }, exact: true });
const hookPath = (league: keyof Rivals = 'league') => (w: Rivals) => `/api/v1/leagues/${w[league] as string}/webhook`;
/** a public address written as a literal: judged without asking any DNS */
const PUBLIC_HOOK = 'https://93.184.215.14/api/webhooks/123/s3cret-token';

async function rivalsAllowingPrivate(): Promise<{ app: TestApp; world: Rivals }> {
  return rivalsWith({ config: { outbound: { allowPrivateAddresses: true } } });
}

/** The rivals' world of the head-to-head tests, on a deployment of the given options. */
async function rivalsWith(options: Parameters<typeof createTestApp>[0]): Promise<{ app: TestApp; world: Rivals }> {
  const base = await rivals();
  // same database, other deployment: the restart of the same service with other options
  await base.app.close();
  const app = await createTestApp({ now: base.app.clock.now().toISOString(), database: base.app.database, ...options });
  const world = { ...base.world, app };
  for (const name of ['ann', 'bob', 'cat', 'dan', 'outsider'] as const) world[name] = { ...world[name], cookie: await app.cookieFor(world[name].subject) };
  return { app, world };
}

async function setHook(app: TestApp, as: TestPlayer, leagueId: string, url: string, format: string) {
  const res = await app.call('PUT', `/api/v1/leagues/${leagueId}/webhook`, { as, body: { url, format } });
  if (res.status !== 200) throw new Error(`webhook answered ${res.status} ${res.text}`);
  return res.body;
}

describe('PUT /api/v1/leagues/{id}/webhook', () => {
  const put = (url: unknown, format: unknown = 'discord') => ({ method: 'PUT', path: hookPath(), as: 'ann', body: { url, format } });
  scenarioTable<Rivals>(rivals, [
    {
      name: 'the admin sets a Discord hook: answered with its path masked',
      ...put(PUBLIC_HOOK),
      status: 200,
      expect: (res) => {
        expect(res.body).toMatchObject({ url: 'https://93.184.215.14/…', format: 'discord', status: 'new', lastSuccessAt: null, failingSince: null, lastError: null, pending: 0 });
        expect(res.text).not.toContain('s3cret');
      },
    },
    { name: 'slack', ...put(PUBLIC_HOOK, 'slack'), status: 200, expect: { format: 'slack' } },
    { name: 'json', ...put(PUBLIC_HOOK, 'json'), status: 200, expect: { format: 'json' } },
    { name: 'http: is allowed too', ...put('http://93.184.215.14/hook'), status: 200, expect: { url: 'http://93.184.215.14/…' } },
    { name: 'a public address spelled through NAT64 is judged by it: let through', ...put('https://[64:ff9b::5db8:d70e]/hook'), status: 200, expect: { url: 'https://[64:ff9b::5db8:d70e]/…' } },
    { name: 'a member who is not the admin', ...put(PUBLIC_HOOK), as: 'bob', status: 403, ...refused('NOT_ADMIN') },
    { name: 'a stranger to the league', ...put(PUBLIC_HOOK), as: 'outsider', status: 403, ...refused('NOT_ADMIN') },
    { name: 'the admin check comes before the URL’s', ...put('ftp://example.org/hook'), as: 'bob', status: 403, ...refused('NOT_ADMIN') },
    { name: 'an unknown league', ...put(PUBLIC_HOOK), path: '/api/v1/leagues/lg_nope/webhook', status: 404, ...refused('LEAGUE_NOT_FOUND') },
    { name: 'no session', ...put(PUBLIC_HOOK), as: 'anonymous', status: 401, ...refused('UNAUTHORIZED') },
    ...[
      ['ftp: scheme', 'ftp://93.184.215.14/hook'],
      ['javascript: scheme', 'javascript:alert(1)'],
      ['not a URL', 'my discord hook'],
      ['longer than 500 characters', `https://93.184.215.14/${'a'.repeat(480)}`],
      ['credentials in the URL', 'https://user:pw@93.184.215.14/hook'],
      ['loopback', 'http://127.0.0.1:8787/hook'],
      ['loopback by name', 'http://localhost/hook'],
      ['another loopback address', 'http://127.5.5.5/hook'],
      ['private 10/8', 'https://10.1.2.3/hook'],
      ['private 172.16/12', 'https://172.20.0.1/hook'],
      ['private 192.168/16', 'https://192.168.1.10/hook'],
      ['link-local (cloud metadata)', 'http://169.254.169.254/latest/meta-data'],
      ['carrier-grade NAT', 'https://100.64.0.1/hook'],
      ['unspecified', 'http://0.0.0.0/hook'],
      ['IPv6 loopback', 'http://[::1]/hook'],
      ['IPv6 unique local', 'https://[fd12:3456::1]/hook'],
      ['IPv6 link-local', 'https://[fe80::1]/hook'],
      ['IPv6 unspecified', 'http://[::]/hook'],
      ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/hook'],
      ['NAT64 of loopback', 'http://[64:ff9b::7f00:1]/'],
      ['local-use NAT64 of loopback', 'http://[64:ff9b:1::7f00:1]/'],
      ['6to4 of loopback', 'http://[2002:7f00:1::1]/'],
      ['IPv4-compatible loopback', 'http://[::7f00:1]/'],
      ['IPv4-translated loopback', 'http://[::ffff:0:7f00:1]/'],
      ['Teredo with a loopback client', 'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/'],
      ['6to4 of the cloud metadata service', 'http://[2002:a9fe:a9fe::1]/latest/meta-data'],
      ['IPv6 documentation range', 'https://[2001:db8::1]/hook'],
      ['a decimal loopback', 'http://2130706433/hook'],
      ['a name that does not resolve', 'https://no-such-host.invalid/hook'],
    ].map(([what, url]) => ({ name: `refused: ${what}`, ...put(url), status: 400, ...refused('WEBHOOK_URL_REFUSED') })),
    { name: 'a URL that is not a string', ...put(42), status: 400, ...refused('WEBHOOK_URL_REFUSED') },
    { name: 'an unknown format', ...put(PUBLIC_HOOK, 'teams'), status: 400, ...refused('INVALID_REQUEST') },
    { name: 'no format', method: 'PUT', path: hookPath(), as: 'ann', body: { url: PUBLIC_HOOK }, status: 400, ...refused('INVALID_REQUEST') },
    { name: 'a body that is not JSON', method: 'PUT', path: hookPath(), as: 'ann', rawBody: '{"url":', status: 400, ...refused('MALFORMED_JSON') },
    {
      name: 'a refused URL writes nothing',
      method: 'GET',
      path: hookPath(),
      as: 'ann',
      before: async (w, app) => void (await app.call('PUT', hookPath()(w), { as: w.ann, body: { url: 'http://127.0.0.1/hook', format: 'json' } })),
      status: 200,
      expect: null,
      exact: true,
    },
    {
      name: 'a second PUT replaces the hook and its record',
      ...put(PUBLIC_HOOK.replace('s3cret', 'other'), 'slack'),
      before: async (w, app) => void (await setHook(app, w.ann, w.league, PUBLIC_HOOK, 'discord')),
      status: 200,
      expect: { format: 'slack', status: 'new' },
    },
  ]);
});

describe('PUT /api/v1/leagues/{id}/webhook (outbound.allowPrivateAddresses)', () => {
  scenarioTable<Rivals>(rivalsAllowingPrivate, [
    { name: 'a home network’s chat server is let through', method: 'PUT', path: hookPath(), as: 'ann', body: { url: 'http://127.0.0.1:9/hook', format: 'slack' }, status: 200, expect: { url: 'http://127.0.0.1:9/…' } },
    { name: 'the scheme and length rules still hold', method: 'PUT', path: hookPath(), as: 'ann', body: { url: 'ftp://127.0.0.1/hook', format: 'slack' }, status: 400, ...refused('WEBHOOK_URL_REFUSED') },
  ]);
});

describe('GET /api/v1/leagues/{id}/webhook', () => {
  scenarioTable<Rivals>(rivals, [
    { name: 'none set: null, not an error', method: 'GET', path: hookPath(), as: 'ann', status: 200, expect: null, exact: true },
    {
      name: 'the admin sees it, the path masked',
      method: 'GET',
      path: hookPath(),
      as: 'ann',
      before: async (w, app) => void (await setHook(app, w.ann, w.league, PUBLIC_HOOK, 'json')),
      status: 200,
      expect: { url: 'https://93.184.215.14/…', format: 'json', status: 'new', createdAt: '2026-05-04T18:00:00.000Z' },
      exact: false,
    },
    {
      name: 'a member who is not the admin',
      method: 'GET',
      path: hookPath(),
      as: 'bob',
      before: async (w, app) => void (await setHook(app, w.ann, w.league, PUBLIC_HOOK, 'json')),
      status: 403,
      ...refused('NOT_ADMIN'),
    },
    { name: 'an unknown league', method: 'GET', path: '/api/v1/leagues/lg_nope/webhook', as: 'ann', status: 404, ...refused('LEAGUE_NOT_FOUND') },
    { name: 'another league’s admin', method: 'GET', path: hookPath('pointsLeague'), as: 'bob', status: 403, ...refused('NOT_ADMIN') },
  ]);
});

describe('DELETE /api/v1/leagues/{id}/webhook', () => {
  const withHook = async (w: Rivals, app: TestApp) => void (await setHook(app, w.ann, w.league, PUBLIC_HOOK, 'discord'));
  scenarioTable<Rivals>(rivals, [
    { name: 'the admin removes it', method: 'DELETE', path: hookPath(), as: 'ann', before: withHook, status: 200, expect: { deleted: true }, exact: true },
    {
      name: 'gone afterwards',
      method: 'GET',
      path: hookPath(),
      as: 'ann',
      before: async (w, app) => {
        await withHook(w, app);
        await app.call('DELETE', hookPath()(w), { as: w.ann });
      },
      status: 200,
      expect: null,
      exact: true,
    },
    { name: 'none to remove', method: 'DELETE', path: hookPath(), as: 'ann', status: 404, ...refused('WEBHOOK_NOT_FOUND') },
    { name: 'a member who is not the admin', method: 'DELETE', path: hookPath(), as: 'bob', before: withHook, status: 403, ...refused('NOT_ADMIN') },
    { name: 'an unknown league', method: 'DELETE', path: '/api/v1/leagues/lg_nope/webhook', as: 'ann', status: 404, ...refused('LEAGUE_NOT_FOUND') },
  ]);
});

describe('POST /api/v1/leagues/{id}/webhook/test (issue 36)', () => {
  const withHook = async (w: Rivals, app: TestApp) => void (await setHook(app, w.ann, w.league, PUBLIC_HOOK, 'json'));
  const testPath = (w: Rivals) => `${hookPath()(w)}/test`;
  scenarioTable<Rivals>(rivals, [
    {
      name: 'the admin queues a test message, linking back to the league',
      method: 'POST',
      path: testPath,
      as: 'ann',
      before: withHook,
      status: 200,
      expect: async (result, w) => {
        expect(result.body).toEqual({ queued: true });
        const hook = await w.app.call('GET', hookPath()(w), { as: w.ann });
        expect(hook.body.pending).toBe(1);
      },
    },
    { name: 'no hook to test', method: 'POST', path: testPath, as: 'ann', status: 404, ...refused('WEBHOOK_NOT_FOUND') },
    { name: 'a member who is not the admin', method: 'POST', path: testPath, as: 'bob', before: withHook, status: 403, ...refused('NOT_ADMIN') },
    { name: 'an unknown league', method: 'POST', path: '/api/v1/leagues/lg_nope/webhook/test', as: 'ann', status: 404, ...refused('LEAGUE_NOT_FOUND') },
  ]);
});

describe('delivery to a chat', () => {
  let app: TestApp;
  let w: Rivals;
  const since = () => chat.messages.length;

  async function fresh(options: Parameters<typeof createTestApp>[0] = {}) {
    ({ app, world: w } = await rivalsWith({ config: { outbound: { allowPrivateAddresses: true } }, ...options }));
    chat.mode = 'ok';
  }

  it.each(['discord', 'slack', 'json'] as const)('a new team joining reaches a %s hook, in its body shape', async (kind) => {
    await fresh();
    try {
      await setHook(app, w.ann, w.league, chat.hook(kind), kind);
      const before = since();
      await join(app, w.league, w.dan, 'Dan Athletic');
      expect(await app.ctx.services.outbox.drain()).toEqual({ sent: 1, retried: 0, dropped: 0 });
      const [message] = chat.messages.slice(before);
      expect(message.kind).toBe(kind);
      // issue 36: every chat post links back to the league in the app
      expect(message.shown).toBe(`Dan Athletic joined Rivals Cup. 4 teams now.\n${TEST_FRONTEND}/leagues/${w.league}`);
      if (kind === 'discord') expect(message.body).toEqual({ content: message.shown, allowed_mentions: { parse: [] } });
      if (kind === 'slack') expect(message.body).toEqual({ text: message.shown });
      if (kind === 'json') expect(message.body).toEqual({ event: 'team-joined', league: { id: w.league, name: 'Rivals Cup' }, team: { name: 'Dan Athletic' }, teamCount: 4, text: message.shown });
      expect((await app.call('GET', hookPath()(w), { as: w.ann })).body).toMatchObject({ status: 'ok', lastSuccessAt: app.clock.now().toISOString(), pending: 0 });
    } finally {
      await app.close();
    }
  });

  it('issue 36: the admin’s test message reaches the chat', async () => {
    await fresh();
    try {
      await setHook(app, w.ann, w.league, chat.hook('slack'), 'slack');
      const before = since();
      expect((await app.call('POST', `${hookPath()(w)}/test`, { as: w.ann })).status).toBe(200);
      expect(await app.ctx.services.outbox.drain()).toEqual({ sent: 1, retried: 0, dropped: 0 });
      expect(chat.messages.slice(before).map((m) => m.shown)).toEqual([
        `A test message from Rivals Cup: the league's chat will hear of joins, departures, each morning's result and the season's end here.\n${TEST_FRONTEND}/leagues/${w.league}`,
      ]);
    } finally {
      await app.close();
    }
  });

  it('issue 36: a team leaving mid-round reaches the chat, with the round it forfeits', async () => {
    await fresh();
    try {
      await setHook(app, w.ann, w.league, chat.hook('json'), 'json');
      // round 1 (4–5 May) was paired at the end of its first day: leaving on its second forfeits it
      await moveTo(app, at(day(2), '12:00:00'), [w.ann, w.bob, w.cat]);
      const before = since();
      await leave(app, w.league, w.cat);
      expect(await app.ctx.services.outbox.drain()).toEqual({ sent: 1, retried: 0, dropped: 0 });
      const [message] = chat.messages.slice(before);
      expect(message.body).toEqual({
        event: 'team-left',
        league: { id: w.league, name: 'Rivals Cup' },
        team: { name: 'Cat Rovers' },
        teamCount: 2,
        forfeitedRound: 1,
        text: `Cat Rovers left Rivals Cup. It forfeits round 1: its opponent wins that matchup. Its points stay in the standings. 2 teams now.\n${TEST_FRONTEND}/leagues/${w.league}`,
      });
    } finally {
      await app.close();
    }
  });

  it('a join refused writes no message; a league without a hook writes none', async () => {
    await fresh();
    try {
      await setHook(app, w.ann, w.league, chat.hook('slack'), 'slack');
      const refusedJoin = await app.call('POST', `/api/v1/leagues/${w.league}/my-team`, { as: w.dan, body: { name: 'Bob United' } });
      expect(refusedJoin.status).toBe(400);
      await join(app, w.pointsLeague, w.dan, 'Dan Points');
      expect(await app.ctx.services.outbox.drain()).toEqual({ sent: 0, retried: 0, dropped: 0 });
    } finally {
      await app.close();
    }
  });

  it('the morning result: top three, the biggest climber, each finished matchup; never credits nor a code; once however often announce runs', async () => {
    await fresh();
    try {
      await setHook(app, w.ann, w.league, chat.hook('discord'), 'discord');
      await moveTo(app, at(day(3), '06:00:00'), [w.ann, w.bob, w.cat]);
      await score(app, day(1), { [w.teams.ann]: 1, [w.teams.bob]: 2, [w.teams.cat]: 3 });
      await score(app, day(2), { [w.teams.ann]: 5, [w.teams.bob]: 0, [w.teams.cat]: 1 });
      app.clock.set(at(day(3), '07:00:00'));
      const before = since();
      expect(await app.ctx.services.announce.run(app.clock.now())).toMatchObject({ webhookMessages: 1 });
      await app.ctx.services.outbox.drain();
      const shown = chat.messages.slice(before).map((m) => m.shown);
      // issue 36: a head-to-head league is ranked by its table (table points, then points
      // for), the round's results first, as on its own screen
      expect(shown).toEqual([
        [
          'Rivals Cup: the table after 5 May 2026',
          'Round 1 is over: Ann FC 6.0 – 3.0 League average (win for Ann FC); Bob United 2.0 – 4.0 Cat Rovers (win for Cat Rovers).',
          '1st Ann FC, 3 table points (1 played, 6.0 points for)',
          '2nd Cat Rovers, 3 table points (1 played, 4.0 points for)',
          '3rd Bob United, 0 table points (1 played, 2.0 points for)',
          `${TEST_FRONTEND}/leagues/${w.league}`,
        ].join('\n'),
      ]);
      expect(shown.join()).not.toMatch(/credit/i);
      // again, and again later that day: nothing new is written nor sent
      expect(await app.ctx.services.announce.run(app.clock.now())).toMatchObject({ leagues: 0, webhookMessages: 0 });
      app.clock.set(at(day(3), '21:00:00'));
      expect(await app.ctx.services.announce.run(app.clock.now())).toMatchObject({ webhookMessages: 0 });
      expect(await app.ctx.services.outbox.drain()).toEqual({ sent: 0, retried: 0, dropped: 0 });
      expect(chat.messages.length).toBe(before + 1);
    } finally {
      await app.close();
    }
  });

  it('issue 36: the closure and the final podium (by the head-to-head table) reach the chat when the league closes, once', async () => {
    await fresh();
    try {
      await setHook(app, w.ann, w.league, chat.hook('slack'), 'slack');
      await moveTo(app, at(day(2), '06:00:00'), [w.ann]);
      await score(app, day(1), { [w.teams.ann]: 1, [w.teams.bob]: 2, [w.teams.cat]: 3 });
      const closing = since();
      expect((await app.call('POST', `/api/v1/leagues/${w.league}/closure`, { as: w.ann })).status).toBe(200);
      // at once, not at the next morning's run
      await app.ctx.services.outbox.drain();
      const link = `${TEST_FRONTEND}/leagues/${w.league}`;
      expect(chat.messages.slice(closing).map((m) => m.shown)).toEqual([
        `Rivals Cup was closed by its admin: the standings are final.\n${link}`,
        // the closure cut round 1 short, so it is final on its one scored day: the table decides
        `Rivals Cup is over. Final podium: 1st Cat Rovers (3 table points, 3.0 points for), 2nd Bob United (0 table points, 2.0 points for), 3rd Ann FC (0 table points, 1.0 points for).\n${link}`,
      ]);
      app.clock.set(at(day(2), '07:00:00'));
      const before = since();
      await app.ctx.services.announce.run(app.clock.now());
      await app.ctx.services.announce.run(app.clock.now());
      await app.ctx.services.outbox.drain();
      // the morning's run still tells the last day, and does not repeat the podium
      expect(chat.messages.slice(before).map((m) => m.shown)).toEqual([
        [
          'Rivals Cup: the table after 4 May 2026',
          'Round 1 is over: Ann FC 1.0 – 2.5 League average (win for League average); Bob United 2.0 – 3.0 Cat Rovers (win for Cat Rovers).',
          '1st Cat Rovers, 3 table points (1 played, 3.0 points for)',
          '2nd Bob United, 0 table points (1 played, 2.0 points for)',
          '3rd Ann FC, 0 table points (1 played, 1.0 points for)',
          link,
        ].join('\n'),
      ]);
    } finally {
      await app.close();
    }
  });

  it('a hook answering 500 is retried with backoff, shown failing to its admin, and delivered once it recovers', async () => {
    await fresh();
    try {
      await setHook(app, w.ann, w.league, chat.hook('json'), 'json');
      await join(app, w.league, w.dan, 'Dan Athletic');
      chat.mode = 'fail500';
      expect(await app.ctx.services.outbox.drain()).toEqual({ sent: 0, retried: 1, dropped: 0 });
      expect((await app.call('GET', hookPath()(w), { as: w.ann })).body).toMatchObject({ status: 'failing', failingSince: app.clock.now().toISOString(), lastError: 'status 500', pending: 1 });
      // not due again before its backoff
      expect(await app.ctx.services.outbox.drain()).toEqual({ sent: 0, retried: 0, dropped: 0 });
      chat.mode = 'ok';
      app.clock.set(new Date(app.clock.now().getTime() + 31_000).toISOString());
      const before = since();
      expect(await app.ctx.services.outbox.drain()).toEqual({ sent: 1, retried: 0, dropped: 0 });
      expect(chat.messages.slice(before).map((m) => m.body.event)).toEqual(['team-joined']);
      expect((await app.call('GET', hookPath()(w), { as: w.ann })).body).toMatchObject({ status: 'ok', failingSince: null, lastError: null, pending: 0 });
    } finally {
      await app.close();
    }
  });

  it('a hook that never answers times out and is retried, while the game’s requests keep answering', async () => {
    await fresh({ outboundTimeoutMs: 300 });
    try {
      await setHook(app, w.ann, w.league, chat.hook('discord'), 'discord');
      await join(app, w.league, w.dan, 'Dan Athletic');
      chat.mode = 'hang';
      const attempts = chat.attempts;
      const sending = app.ctx.services.outbox.drain();
      // the message is in flight: players still get their answers meanwhile
      for (const path of [`/api/v1/leagues/${w.league}`, `/api/v1/leagues/${w.league}/leaderboard`, `/api/v1/leagues/${w.league}/my-team`]) {
        expect((await app.call('GET', path, { as: w.bob })).status).toBe(200);
      }
      expect((await app.call('POST', `/api/v1/leagues/${w.pointsLeague}/my-team`, { as: w.cat, body: { name: 'Cat Points' } })).status).toBe(201);
      expect(await sending).toEqual({ sent: 0, retried: 1, dropped: 0 });
      expect(chat.attempts).toBe(attempts + 1);
      expect((await app.call('GET', hookPath()(w), { as: w.ann })).body).toMatchObject({ status: 'failing', lastError: 'timeout' });
    } finally {
      await app.close();
    }
  });

  it('a receiver that hangs holds two sends at most: another league’s message leaves while it hangs, its own once it answers', async () => {
    await fresh({ outboundTimeoutMs: 30_000 });
    const stalling = await startStallingReceiver('hang');
    try {
      // three leagues' chats on the receiver that hangs, each with two messages due first; then the other league's
      const stuck = [w.league, (await buildLeague(app, w.ann, { name: 'Stuck Two' })).league.id, (await buildLeague(app, w.ann, { name: 'Stuck Three' })).league.id];
      for (const league of stuck) await setHook(app, w.ann, league, `${stalling.url}/hook`, 'json');
      await setHook(app, w.ann, w.pointsLeague, chat.hook('json'), 'json');
      const at = app.clock.now().toISOString();
      const joined = (league: string, team: string) => ({ channel: 'webhook' as const, leagueId: league, payload: teamJoined({ id: league, name: 'A league' }, team, 4) });
      await enqueue(app.ctx.db, stuck.flatMap((league) => [joined(league, 'Stuck A'), joined(league, 'Stuck B')]), at);
      await enqueue(app.ctx.db, [joined(w.pointsLeague, 'Points Athletic')], at);
      const before = since();
      const sending = app.ctx.services.outbox.drain();
      // the other league's message leaves, and the hanging receiver holds its share of two (on a
      // busy machine the second of those may reach it after the other league's message)
      await vi.waitFor(
        () => {
          expect(chat.messages.slice(before).map((m) => m.body.team.name)).toEqual(['Points Athletic']);
          expect(stalling.holding()).toBe(2);
        },
        { timeout: 10_000, interval: 50 },
      );
      // and no more than that share while it hangs
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(stalling.holding()).toBe(2);
      stalling.release();
      expect(await sending).toEqual({ sent: 7, retried: 0, dropped: 0 });
      expect(stalling.received).toBe(6);
    } finally {
      await stalling.close();
      await app.close();
    }
  });

  it('an answer is read only as far as what is kept: a receiver streaming without end is hung up on, and the message is sent', async () => {
    await fresh({ outboundTimeoutMs: 3_000 });
    const streaming = await startStallingReceiver('stream');
    try {
      await setHook(app, w.ann, w.league, `${streaming.url}/hook`, 'json');
      await join(app, w.league, w.dan, 'Dan Athletic');
      expect(await app.ctx.services.outbox.drain()).toEqual({ sent: 1, retried: 0, dropped: 0 });
      await vi.waitFor(() => expect(streaming.hungUp()).toBe(true));
      // what reached the connection before the hang-up: the kept kilobytes and the buffers between, not the endless rest
      expect(streaming.streamed()).toBeLessThan(16 * 1024 * 1024);
    } finally {
      await streaming.close();
      await app.close();
    }
  });

  it('a redirect is not followed: the attempt fails and is retried', async () => {
    await fresh();
    try {
      await setHook(app, w.ann, w.league, chat.hook('slack'), 'slack');
      await join(app, w.league, w.dan, 'Dan Athletic');
      chat.mode = 'redirect';
      expect(await app.ctx.services.outbox.drain()).toEqual({ sent: 0, retried: 1, dropped: 0 });
      expect((await app.call('GET', hookPath()(w), { as: w.ann })).body).toMatchObject({ status: 'failing', lastError: 'redirect 301' });
    } finally {
      await app.close();
    }
  });

  it('after a day of failures the message is dropped and counted in the metrics', async () => {
    await fresh();
    try {
      await setHook(app, w.ann, w.league, chat.hook('slack'), 'slack');
      await join(app, w.league, w.dan, 'Dan Athletic');
      chat.mode = 'fail500';
      const start = app.clock.now().getTime();
      let report = await app.ctx.services.outbox.drain();
      for (let hour = 1; hour <= 24 && report.dropped === 0; hour++) {
        app.clock.set(new Date(start + hour * 3_600_000).toISOString());
        report = await app.ctx.services.outbox.drain();
      }
      expect(report).toEqual({ sent: 0, retried: 0, dropped: 1 });
      expect(await app.ctx.services.outbox.drain()).toEqual({ sent: 0, retried: 0, dropped: 0 });
      const { samples } = parsePrometheusText((await app.ctx.metrics.exposition()).text);
      expect(sampleValue(samples, 'fantasy_outbound_dropped_total', { channel: 'webhook' })).toBe(1);
      expect((await app.call('GET', hookPath()(w), { as: w.ann })).body).toMatchObject({ status: 'failing', pending: 0 });
    } finally {
      await app.close();
    }
  });

  const byName = (url: string) => url.replace('//127.0.0.1:', '//localhost:');
  it.each([
    ['an address', (url: string) => url],
    ['a name, resolved when the message leaves', byName],
  ])('the address rule is judged again at send time (%s): reached while private addresses are allowed, not once they are not', async (_what, spelled) => {
    await fresh();
    const database = app.database;
    await setHook(app, w.ann, w.league, spelled(chat.hook('json')), 'json');
    await join(app, w.league, w.dan, 'Dan Athletic');
    expect(await app.ctx.services.outbox.drain()).toEqual({ sent: 1, retried: 0, dropped: 0 });
    await app.close();
    // the operator turns the allowance off (or a name now resolves to a private address)
    ({ app, world: w } = await rivalsWithDatabase(database, w));
    try {
      await leave(app, w.league, w.dan);
      await join(app, w.league, w.dan, 'Dan Athletic');
      const attempts = chat.attempts;
      // the departure and the return, both refused at send time
      expect(await app.ctx.services.outbox.drain()).toEqual({ sent: 0, retried: 2, dropped: 0 });
      expect(chat.attempts).toBe(attempts);
      expect((await app.call('GET', hookPath()(w), { as: w.ann })).body).toMatchObject({ status: 'failing', lastError: 'refused-address' });
    } finally {
      await app.close();
    }
  });
});

async function rivalsWithDatabase(database: string, world: Rivals): Promise<{ app: TestApp; world: Rivals }> {
  const app = await createTestApp({ now: world.app.clock.now().toISOString(), database });
  const w = { ...world, app };
  for (const name of ['ann', 'bob', 'cat', 'dan', 'outsider'] as const) w[name] = { ...w[name], cookie: await app.cookieFor(w[name].subject) };
  return { app, world: w };
}

