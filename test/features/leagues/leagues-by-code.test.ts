/** GET /api/v1/leagues/by-code/{code} and the code-attempt bucket it shares with coded joins (§6.7). */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tablesOf } from '../../../src/platform/db/dialect';
import { createTestApp, type TestApp, type TestPlayer } from '../../support/app';
import { buildLeague } from '../../support/builders';
import { scenarioTable } from '../../support/scenarios';
import { NOW } from './leagues-fixtures';
import type { LeagueRow } from '../../../src/features/leagues/store';
import { writeTransaction } from '../../../src/platform/db/database';

interface World extends Record<string, unknown> {
  admin: TestPlayer;
  seeker: TestPlayer;
  secret: LeagueRow;
}

async function world(): Promise<{ app: TestApp; world: World }> {
  const app = await createTestApp({ now: NOW });
  const admin = await app.player('admin');
  const seeker = await app.player('seeker');
  const secret = (await buildLeague(app, admin, { name: 'Secret League', visibility: 'private', invitationCode: 'K7M2Q' })).league;
  return { app, world: { admin, seeker, secret } };
}

/** Removes the league's row straight from the store, on either engine. */
async function deleteLeague(app: TestApp, league: LeagueRow): Promise<void> {
  const { leagues } = tablesOf(app.ctx.db);
  await writeTransaction(app.ctx.db, (tx) => tx.delete(leagues).where(eq(leagues.id, league.id)));
}

const byCode = (code: string) => `/api/v1/leagues/by-code/${code}`;
const NOT_FOUND = { error: 'LEAGUE_NOT_FOUND' };

describe('GET /api/v1/leagues/by-code/{code}', () => {
  scenarioTable<World>(world, [
    {
      name: 'the league the code opens, without the code',
      method: 'GET',
      path: byCode('K7M2Q'),
      as: 'seeker',
      status: 200,
      expect: (res, w) => {
        expect(res.body).toMatchObject({ id: w.secret.id, title: 'Secret League', visibility: 'private', teamCount: 1 });
        expect(res.text).not.toContain('K7M2Q');
      },
    },
    { name: 'normalized: lower case', method: 'GET', path: byCode('k7m2q'), as: 'seeker', status: 200, expect: { title: 'Secret League' } },
    { name: 'normalized: dashes and spaces', method: 'GET', path: byCode('k7-m2%20q'), as: 'seeker', status: 200, expect: { title: 'Secret League' } },
    {
      name: 'an inactive (closed) league is still shown',
      method: 'GET',
      path: byCode('K7M2Q'),
      as: 'seeker',
      before: async (w, app) => {
        const { leagues } = tablesOf(app.ctx.db);
        await writeTransaction(app.ctx.db, (tx) => tx.update(leagues).set({ closedAt: NOW }).where(eq(leagues.id, w.secret.id)));
      },
      status: 200,
      expect: { closedAt: NOW },
    },
    { name: 'malformed: too short', method: 'GET', path: byCode('K7M2'), as: 'seeker', status: 404, expect: NOT_FOUND, exact: true },
    { name: 'malformed: look-alike letter O', method: 'GET', path: byCode('K7M2O'), as: 'seeker', status: 404, expect: NOT_FOUND, exact: true },
    { name: 'malformed: too long', method: 'GET', path: byCode('K7M2QQ'), as: 'seeker', status: 404, expect: NOT_FOUND, exact: true },
    { name: 'malformed: more than one path segment', method: 'GET', path: byCode('K7/M2Q'), as: 'seeker', status: 404, expect: NOT_FOUND, exact: true },
    { name: 'malformed: the right code followed by more path', method: 'GET', path: byCode('K7M2Q/leaderboard'), as: 'seeker', status: 404, expect: NOT_FOUND, exact: true },
    { name: 'well-formed but unused', method: 'GET', path: byCode('ZZZZZ'), as: 'seeker', status: 404, expect: NOT_FOUND, exact: true },
    {
      name: 'the league has vanished',
      method: 'GET',
      path: byCode('K7M2Q'),
      as: 'seeker',
      before: (w, app) => deleteLeague(app, w.secret),
      status: 404,
      expect: NOT_FOUND,
      exact: true,
    },
    { name: 'without a session', method: 'GET', path: byCode('K7M2Q'), as: 'anonymous', status: 401 },
  ]);

  it('answers the three misses with byte-identical bodies', async () => {
    const { app, world: w } = await world();
    try {
      const texts = new Set<string>();
      for (const code of ['K7M2', 'ZZZZZ', 'K7/M2Q']) texts.add((await app.call('GET', byCode(code), { as: w.seeker })).text);
      await deleteLeague(app, w.secret);
      texts.add((await app.call('GET', byCode('K7M2Q'), { as: w.seeker })).text);
      expect([...texts]).toEqual([JSON.stringify(NOT_FOUND)]);
    } finally {
      await app.close();
    }
  });
});

describe('invitation codes stay out of the log', () => {
  it('the request log names the by-code route, not the code', async () => {
    const { app, world: w } = await world();
    try {
      expect((await app.call('GET', byCode('k7m2q'), { as: w.seeker })).status).toBe(200);
      expect((await app.call('GET', byCode('K7-M2Q'), { as: w.seeker })).status).toBe(200);
      const logged = JSON.stringify(app.log.lines);
      expect(logged).toContain('/api/v1/leagues/by-code/');
      expect(logged).not.toMatch(/k7-?m2q/i);
    } finally {
      await app.close();
    }
  });

  it('no shape of the path puts the code in the log', async () => {
    const { app, world: w } = await world();
    try {
      for (const path of [
        '/api/v1//leagues/by-code/K7M2Q',
        '/api//v1/leagues/by-code/K7M2Q',
        '/api/v1/leagues/by%2Dcode/K7M2Q',
        '/api/v1/Leagues/by-code/K7M2Q',
        '/api/v1/leagues/by-code/K7M2Q/',
      ]) {
        await app.call('GET', path, { as: w.seeker });
      }
      const requests = app.log.lines.filter((line) => line.message === 'request');
      expect(requests).toHaveLength(5);
      expect(JSON.stringify(app.log.lines)).not.toMatch(/k7m2q/i);
    } finally {
      await app.close();
    }
  });
});

describe('code-attempt rate limit (5 per 60 s per player)', () => {
  it('the sixth attempt in a minute is 429 JOIN_RATE_LIMITED, even with a good code; another player is unaffected', async () => {
    const { app, world: w } = await world();
    try {
      for (let i = 0; i < 4; i++) expect((await app.call('GET', byCode('ZZZZZ'), { as: w.seeker })).status).toBe(404);
      // a malformed multi-segment code is an attempt like any other
      expect((await app.call('GET', byCode('ZZ/ZZZ'), { as: w.seeker })).status).toBe(404);
      expect(await app.call('GET', byCode('K7M2Q'), { as: w.seeker })).toMatchObject({ status: 429, body: { error: 'JOIN_RATE_LIMITED' } });
      expect((await app.call('GET', byCode('K7M2Q'), { as: w.admin })).status).toBe(200);
      app.clock.advance(60_001);
      expect((await app.call('GET', byCode('K7M2Q'), { as: w.seeker })).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('a join that carries a code is charged before its name is judged (§6.5 steps 1–2)', async () => {
    const { app, world: w } = await world();
    try {
      for (let i = 0; i < 5; i++) {
        const res = await app.call('POST', `/api/v1/leagues/${w.secret.id}/my-team`, { as: w.seeker, body: { name: 'ab', invitationCode: 'K7M2Q' } });
        expect(res).toMatchObject({ status: 400, body: { error: 'TEAM_NAME_LENGTH' } });
      }
      // the five refusals spent the bucket; a missing name is refused before any charge
      expect(
        await app.call('POST', `/api/v1/leagues/${w.secret.id}/my-team`, { as: w.seeker, body: { name: 'ab', invitationCode: 'K7M2Q' } }),
      ).toMatchObject({ status: 429, body: { error: 'JOIN_RATE_LIMITED' } });
      expect(
        await app.call('POST', `/api/v1/leagues/${w.secret.id}/my-team`, { as: w.seeker, body: { invitationCode: 'K7M2Q' } }),
      ).toMatchObject({ status: 400, body: { error: 'TEAM_NAME_REQUIRED' } });
    } finally {
      await app.close();
    }
  });

  it('joins that carry a code share the bucket; codeless joins are not charged', async () => {
    const { app, world: w } = await world();
    try {
      const open = (await buildLeague(app, w.admin, { name: 'Open League' })).league;
      // codeless attempts on a private league: refused, never charged
      for (let i = 0; i < 6; i++) {
        expect((await app.call('POST', `/api/v1/leagues/${w.secret.id}/my-team`, { as: w.seeker, body: { name: 'Seekers' } })).status).toBe(403);
      }
      for (let i = 0; i < 3; i++) expect((await app.call('GET', byCode('ZZZZZ'), { as: w.seeker })).status).toBe(404);
      for (let i = 0; i < 2; i++) {
        const res = await app.call('POST', `/api/v1/leagues/${w.secret.id}/my-team`, { as: w.seeker, body: { name: 'Seekers', invitationCode: 'WRONG' } });
        expect(res.body).toEqual({ error: 'LEAGUE_IS_PRIVATE' });
      }
      // the bucket is spent: even the right code, even on a public league where it is ignored
      expect(
        await app.call('POST', `/api/v1/leagues/${w.secret.id}/my-team`, { as: w.seeker, body: { name: 'Seekers', invitationCode: 'K7M2Q' } }),
      ).toMatchObject({ status: 429, body: { error: 'JOIN_RATE_LIMITED' } });
      expect(
        await app.call('POST', `/api/v1/leagues/${open.id}/my-team`, { as: w.seeker, body: { name: 'Seekers', invitationCode: '' } }),
      ).toMatchObject({ status: 429, body: { error: 'JOIN_RATE_LIMITED' } });
      expect((await app.call('GET', byCode('K7M2Q'), { as: w.seeker })).status).toBe(429);
      // a codeless join of a public league still works
      expect((await app.call('POST', `/api/v1/leagues/${open.id}/my-team`, { as: w.seeker, body: { name: 'Seekers' } })).status).toBe(201);
    } finally {
      await app.close();
    }
  });

  it('survives a restart: a new app on the same database file keeps the spent budget', async () => {
    const { app, world: w } = await world();
    const database = app.database;
    for (let i = 0; i < 5; i++) await app.call('GET', byCode('ZZZZZ'), { as: w.seeker });
    await app.close();
    const restarted = await createTestApp({ now: NOW, database });
    try {
      expect(await restarted.call('GET', byCode('K7M2Q'), { as: w.seeker })).toMatchObject({ status: 429, body: { error: 'JOIN_RATE_LIMITED' } });
      restarted.clock.advance(60_001);
      expect((await restarted.call('GET', byCode('K7M2Q'), { as: w.seeker })).status).toBe(200);
    } finally {
      await restarted.close();
    }
  });
});

describe('code attempts per address (beside the per-player bucket)', () => {
  const from = (remoteAddress: string) => ({ remoteAddress, localPort: 8787 });

  it('fresh accounts bring no fresh guesses: the address runs out, 429 with Retry-After; another address does not', async () => {
    const app = await createTestApp({ now: NOW, config: { limits: { codeAttemptsPerAddress: 6, codeAttemptWindowSeconds: 600 } } });
    try {
      const admin = await app.player('admin');
      const secret = (await buildLeague(app, admin, { name: 'Secret League', visibility: 'private', invitationCode: 'K7M2Q' })).league;
      const [first, second, third] = [await app.player('sock1'), await app.player('sock2'), await app.player('sock3')];
      // five guesses by one account, one coded join by another: six from the address
      for (let i = 0; i < 5; i++) expect((await app.call('GET', byCode('ZZZZZ'), { as: first, connection: from('203.0.113.5') })).status).toBe(404);
      const join = await app.call('POST', `/api/v1/leagues/${secret.id}/my-team`, {
        as: second,
        body: { name: 'Socks', invitationCode: 'WRONG' },
        connection: from('203.0.113.5'),
      });
      expect(join.body).toEqual({ error: 'LEAGUE_IS_PRIVATE' });
      const refused = await app.call('GET', byCode('K7M2Q'), { as: third, connection: from('203.0.113.5') });
      expect(refused).toMatchObject({ status: 429, body: { error: 'JOIN_RATE_LIMITED' } });
      expect(Number(refused.headers.get('retry-after'))).toBe(600);
      expect((await app.call('GET', byCode('K7M2Q'), { as: third, connection: from('198.51.100.5') })).status).toBe(200);
      app.clock.advance(600_000);
      expect((await app.call('GET', byCode('K7M2Q'), { as: third, connection: from('203.0.113.5') })).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('a refusal by one bucket spends nothing from the other', async () => {
    const app = await createTestApp({ now: NOW, config: { limits: { codeAttemptsPerAddress: 6 } } });
    try {
      const [spent, fresh] = [await app.player('spent'), await app.player('fresh')];
      for (let i = 0; i < 5; i++) await app.call('GET', byCode('ZZZZZ'), { as: spent, connection: from('203.0.113.6') });
      // the player's own bucket refuses these: the address is not charged for them
      for (let i = 0; i < 5; i++) expect((await app.call('GET', byCode('ZZZZZ'), { as: spent, connection: from('203.0.113.6') })).status).toBe(429);
      expect((await app.call('GET', byCode('ZZZZZ'), { as: fresh, connection: from('203.0.113.6') })).status).toBe(404);
      expect((await app.call('GET', byCode('ZZZZZ'), { as: fresh, connection: from('203.0.113.6') })).status).toBe(429);
    } finally {
      await app.close();
    }
  });
});
