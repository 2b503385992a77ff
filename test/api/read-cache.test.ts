/**
 * Hot reads answered by version (issue 11 point 2–3): an ETag from the league's version,
 * 304 on a matching If-None-Match, and JSON bodies over 1 KB compressed when accepted. The
 * table proves every write path bumps the version: a conditional read after each write is a
 * full 200 showing the change, never a 304 of the answer from before.
 */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { createHandler, webHandler } from '../../src/http/app';
import { settlementJob } from '../../src/services/settlement-job';
import { ENGINE_HEADERS, type TestApp } from '../support/app';
import { buildContract, buildTeam } from '../support/builders';
import { leagueWorld, setViews, TODAY, withWorld } from './contracts-fixtures';

type World = Awaited<ReturnType<typeof leagueWorld>>;

/** One handler (and so one answer cache) per app, as a running server has. */
const handlers = new WeakMap<TestApp, ReturnType<typeof webHandler>>();

/** A raw exchange with the handler, so the bytes on the wire (compressed or not) are seen as sent. */
async function raw(app: TestApp, path: string, headers: Record<string, string> = {}) {
  let handler = handlers.get(app);
  if (!handler) handlers.set(app, (handler = webHandler(createHandler(app.ctx))));
  const response = await handler(new Request(`http://localhost${path}`, { headers }));
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function world() {
  const w = await leagueWorld();
  setViews(w.fake, 'Alpha', 9_000); // MEDIUM 67
  return w;
}

describe('answers cached by version', () => {
  it('tags the leaderboard and the league, answers 304 to the tag, and a full answer to a stale one', async () => {
    await withWorld(world(), async (w) => {
      const as = { cookie: w.admin.cookie };
      for (const path of [`/api/v1/leagues/${w.league.id}/leaderboard`, `/api/v1/leagues/${w.league.id}`]) {
        const first = await raw(w.app, path, as);
        expect(first.status).toBe(200);
        const etag = first.headers.get('etag')!;
        expect(etag).toMatch(/^W\/".+"$/);
        expect(first.headers.get('cache-control')).toBe('private, no-cache');
        const again = await raw(w.app, path, { ...as, 'if-none-match': etag });
        expect(again.status).toBe(304);
        expect(again.bytes.byteLength).toBe(0);
        expect(again.headers.get('etag')).toBe(etag);
        const other = await raw(w.app, path, { ...as, 'if-none-match': 'W/"something-else"' });
        expect(other.status).toBe(200);
        expect(JSON.parse(other.bytes.toString())).toEqual(JSON.parse(first.bytes.toString()));
        // the tag is checked after the session: an anonymous caller learns nothing
        expect((await raw(w.app, path, { 'if-none-match': etag })).status).toBe(401);
      }
    });
  });

  it('keeps each page under its own key, with its X-Total-Count on the kept answer too', async () => {
    await withWorld(world(), async (w) => {
      const as = { cookie: w.admin.cookie };
      const board = `/api/v1/leagues/${w.league.id}/leaderboard`;
      const whole = await raw(w.app, board, as);
      const teamCount = JSON.parse(whole.bytes.toString()).length;
      expect(teamCount).toBeGreaterThan(1);
      expect(whole.headers.get('x-total-count')).toBeNull();
      const first = await raw(w.app, `${board}?limit=1`, as);
      const kept = await raw(w.app, `${board}?limit=1`, as);
      for (const page of [first, kept]) {
        expect(page.headers.get('x-total-count')).toBe(String(teamCount));
        expect(JSON.parse(page.bytes.toString())).toHaveLength(1);
      }
      expect(kept.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(JSON.parse((await raw(w.app, board, as)).bytes.toString())).toHaveLength(teamCount);
    });
  });

  it('sends bodies over 1 KB brotli or gzip as accepted, decoding to the same JSON; small ones and refusals as they are', async () => {
    await withWorld(world(), async (w) => {
      for (let i = 0; i < 30; i++) buildTeam(w.app, w.league, await w.app.player(`p${i}`), `Team number ${i}`);
      const path = `/api/v1/leagues/${w.league.id}/leaderboard`;
      const plain = await raw(w.app, path, { cookie: w.admin.cookie });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.bytes.byteLength).toBeGreaterThan(1024);
      const json = JSON.parse(plain.bytes.toString());

      const br = await raw(w.app, path, { cookie: w.admin.cookie, 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(JSON.parse(zlib.brotliDecompressSync(br.bytes).toString())).toEqual(json);
      expect(br.bytes.byteLength).toBeLessThan(plain.bytes.byteLength);

      const gzip = await raw(w.app, path, { cookie: w.admin.cookie, 'accept-encoding': 'gzip' });
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      expect(JSON.parse(zlib.gunzipSync(gzip.bytes).toString())).toEqual(json);

      const refused = await raw(w.app, path, { cookie: w.admin.cookie, 'accept-encoding': 'br;q=0, gzip;q=0' });
      expect(refused.headers.get('content-encoding')).toBeNull();

      // an answer that is not cached is compressed too; a small one is not
      const teams = await raw(w.app, `/api/v1/leagues/${w.league.id}/my-team`, { cookie: w.admin.cookie, 'accept-encoding': 'gzip' });
      expect(teams.headers.get('content-encoding')).toBeNull();
      const paged = await raw(w.app, `${path}?around=me&limit=30`, { cookie: w.admin.cookie, 'accept-encoding': 'gzip' });
      expect(paged.headers.get('content-encoding')).toBe('gzip');
      expect(JSON.parse(zlib.gunzipSync(paged.bytes).toString())).toHaveLength(30);
    });
  });

  interface WritePath {
    name: string;
    /** state the write needs, set up before the first read */
    before?: (w: World) => Promise<Record<string, string>> | Record<string, string>;
    write: (w: World, ids: Record<string, string>) => Promise<unknown>;
    /** what the fresh answers show that the old ones did not */
    shows: (after: { board: any[]; league: any }, before: { board: any[]; league: any }) => void;
  }

  const credits = (board: any[], name: string) => board.find((entry) => entry.team.name === name)?.team.credits;
  const ok = async (response: Promise<{ status: number; text: string }>) => {
    const result = await response;
    expect(result.status, result.text).toBeLessThan(300);
  };
  const expiring = (w: World, extra = {}) =>
    buildContract(w.app, w.team, { articleId: 'Alpha', price: 50, purchaseDate: addDays(TODAY, -6), termDays: 7, ...extra });

  const writePaths: WritePath[] = [
    {
      name: 'ingest',
      write: (w) =>
        ok(w.app.call('POST', '/internal/v1/performances', { headers: ENGINE_HEADERS, body: { date: addDays(TODAY, -1), results: [{ teamId: w.rivalTeam.id, articleViews: [8_000], chemistryLevels: [], formationSnapshot: '{}' }] } })),
      shows: (after) => expect(after.board[0]).toMatchObject({ team: { name: 'Bob United' }, cumulativePoints: 2 }),
    },
    {
      name: 'join',
      write: async (w) => ok(w.app.call('POST', `/api/v1/leagues/${w.league.id}/my-team`, { as: await w.app.player('carol'), body: { name: 'Carol City' } })),
      shows: (after, before) => {
        expect(after.board.map((entry) => entry.team.name)).toContain('Carol City');
        expect(after.league.teamCount).toBe(before.league.teamCount + 1);
      },
    },
    {
      name: 'leave',
      write: (w) => ok(w.app.call('POST', `/api/v1/leagues/${w.league.id}/my-departure`, { as: w.rival })),
      shows: (after, before) => expect(after.league.teamCount).toBe(before.league.teamCount - 1),
    },
    {
      name: 'buy',
      write: (w) => ok(w.app.call('POST', `/api/v1/leagues/${w.league.id}/my-contracts`, { as: w.admin, body: { articleId: 'Alpha', tier: 'MEDIUM' } })),
      shows: (after) => expect(credits(after.board, 'Alice FC')).toBe(1000 - 67),
    },
    {
      name: 'sell',
      before: (w) => ({ contract: buildContract(w.app, w.team, { articleId: 'Alpha', price: 100, termDays: 7 }).id }),
      write: (w, ids) => ok(w.app.call('POST', `/api/v1/leagues/${w.league.id}/my-contracts/${ids.contract}/sell`, { as: w.admin })),
      shows: (after, before) => expect(credits(after.board, 'Alice FC')).toBeGreaterThan(credits(before.board, 'Alice FC')),
    },
    {
      name: 'renewal election',
      before: (w) => ({ contract: expiring(w).id }),
      write: (w, ids) => ok(w.app.call('POST', `/api/v1/leagues/${w.league.id}/my-contracts/${ids.contract}/renew`, { as: w.admin })),
      shows: () => undefined,
    },
    {
      name: 'renewal withdrawal',
      before: (w) => ({ contract: expiring(w, { renewalElected: true }).id }),
      write: (w, ids) => ok(w.app.call('DELETE', `/api/v1/leagues/${w.league.id}/my-contracts/${ids.contract}/renew`, { as: w.admin })),
      shows: () => undefined,
    },
    {
      name: 'settlement',
      before: (w) => ({ contract: buildContract(w.app, w.team, { articleId: 'Alpha', price: 50, purchaseDate: addDays(TODAY, -7), termDays: 7 }).id }),
      write: (w) => settlementJob.run(w.app.ctx, w.app.clock.now()),
      shows: (after) => expect(credits(after.board, 'Alice FC')).toBe(1000 - 50 + 67),
    },
    {
      name: 'renewal at settlement',
      before: (w) => ({ contract: buildContract(w.app, w.team, { articleId: 'Alpha', price: 50, purchaseDate: addDays(TODAY, -7), termDays: 7, renewalElected: true }).id }),
      write: (w) => settlementJob.run(w.app.ctx, w.app.clock.now()),
      shows: (after, before) => expect(credits(after.board, 'Alice FC')).not.toBe(credits(before.board, 'Alice FC')),
    },
    {
      name: 'closure',
      write: (w) => ok(w.app.call('POST', `/api/v1/leagues/${w.league.id}/closure`, { as: w.admin })),
      shows: (after) => expect(after.league.closedAt).not.toBeNull(),
    },
  ];

  it.each(writePaths)('a read after $name is fresh', async ({ before, write, shows }) => {
    await withWorld(world(), async (w) => {
      const ids = (await before?.(w)) ?? {};
      const paths = { board: `/api/v1/leagues/${w.league.id}/leaderboard`, league: `/api/v1/leagues/${w.league.id}` };
      const first = { board: await raw(w.app, paths.board, { cookie: w.admin.cookie }), league: await raw(w.app, paths.league, { cookie: w.admin.cookie }) };
      await write(w, ids);
      const conditional = async (key: 'board' | 'league') => {
        const response = await raw(w.app, paths[key], { cookie: w.admin.cookie, 'if-none-match': first[key].headers.get('etag')! });
        expect(response.status, `${key} answered from before the write`).toBe(200);
        expect(response.headers.get('etag')).not.toBe(first[key].headers.get('etag'));
        return JSON.parse(response.bytes.toString());
      };
      shows({ board: await conditional('board'), league: await conditional('league') }, {
        board: JSON.parse(first.board.bytes.toString()),
        league: JSON.parse(first.league.bytes.toString()),
      });
    });
  });
});
