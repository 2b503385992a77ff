/**
 * Hot reads answered by version (issue 11 point 2–3): an ETag from the league's version,
 * 304 on a matching If-None-Match, and JSON bodies over 1 KB compressed when accepted. The
 * table proves every write path bumps the version: a conditional read after each write is a
 * full 200 showing the change, never a 304 of the answer from before. The market shelf and
 * the public shelf have tables of their own: what moves them (a viewer's holdings, the
 * encyclopedia's data, the clock) is more than one league's writes.
 */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { addDays, DAY_MS } from '../../../src/domain/dates';
import { putCached } from '../../../src/platform/db/upstream-cache';
import { createApp, webHandler } from '../../../src/platform/http/app';
import { settlementJob } from '../../../src/features/contracts/settlement-job';
import { ENGINE_HEADERS, type TestApp } from '../../support/app';
import { buildContract, buildLeague, buildTeam } from '../../support/builders';
import { leagueWorld, setViews, TODAY, withWorld, YESTERDAY } from '../contracts/contracts-fixtures';
import { createBody, seedGlobal } from '../leagues/leagues-fixtures';

type World = Awaited<ReturnType<typeof leagueWorld>>;

/** One handler (and so one answer cache) per app, as a running server has. */
const handlers = new WeakMap<TestApp, ReturnType<typeof webHandler>>();

/** A raw exchange with the handler, so the bytes on the wire (compressed or not) are seen as sent. */
async function raw(app: TestApp, path: string, headers: Record<string, string> = {}) {
  let handler = handlers.get(app);
  if (!handler) handlers.set(app, (handler = webHandler(createApp(app.ctx))));
  const response = await handler(new Request(`http://localhost${path}`, { headers }));
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const ok = async (response: Promise<{ status: number; text: string }>) => {
  const result = await response;
  expect(result.status, result.text).toBeLessThan(300);
};

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
      for (let i = 0; i < 30; i++) await buildTeam(w.app, w.league, await w.app.player(`p${i}`), `Team number ${i}`);
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
      before: async (w) => ({ contract: (await buildContract(w.app, w.team, { articleId: 'Alpha', price: 100, termDays: 7 })).id }),
      write: (w, ids) => ok(w.app.call('POST', `/api/v1/leagues/${w.league.id}/my-contracts/${ids.contract}/sell`, { as: w.admin })),
      shows: (after, before) => expect(credits(after.board, 'Alice FC')).toBeGreaterThan(credits(before.board, 'Alice FC')),
    },
    {
      name: 'renewal election',
      before: async (w) => ({ contract: (await expiring(w)).id }),
      write: (w, ids) => ok(w.app.call('POST', `/api/v1/leagues/${w.league.id}/my-contracts/${ids.contract}/renew`, { as: w.admin })),
      shows: () => undefined,
    },
    {
      name: 'renewal withdrawal',
      before: async (w) => ({ contract: (await expiring(w, { renewalElected: true })).id }),
      write: (w, ids) => ok(w.app.call('DELETE', `/api/v1/leagues/${w.league.id}/my-contracts/${ids.contract}/renew`, { as: w.admin })),
      shows: () => undefined,
    },
    {
      name: 'settlement',
      before: async (w) => ({ contract: (await buildContract(w.app, w.team, { articleId: 'Alpha', price: 50, purchaseDate: addDays(TODAY, -7), termDays: 7 })).id }),
      write: (w) => settlementJob.run(w.app.ctx, w.app.clock.now()),
      shows: (after) => expect(credits(after.board, 'Alice FC')).toBe(1000 - 50 + 67),
    },
    {
      name: 'renewal at settlement',
      before: async (w) => ({ contract: (await buildContract(w.app, w.team, { articleId: 'Alpha', price: 50, purchaseDate: addDays(TODAY, -7), termDays: 7, renewalElected: true })).id }),
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

/** A conditional read after a write: the full answer, under another tag (or none, when it had to fetch). */
async function freshAfter(app: TestApp, path: string, cookie: string, etag: string) {
  const response = await raw(app, path, { cookie, 'if-none-match': etag });
  expect(response.status, 'answered from before the write').toBe(200);
  expect(response.headers.get('etag')).not.toBe(etag);
  return JSON.parse(response.bytes.toString());
}

/** Reads until the answer is tagged (a shelf's first read may fetch, and is not), returning the tagged one. */
async function tagged(app: TestApp, path: string, cookie: string) {
  await raw(app, path, { cookie });
  const response = await raw(app, path, { cookie });
  expect(response.status).toBe(200);
  const etag = response.headers.get('etag');
  expect(etag, `${path} is tagged once its inputs are stored`).toMatch(/^W\/".+"$/);
  return { etag: etag!, body: JSON.parse(response.bytes.toString()) };
}

/** 60 content articles yesterday; three with a history, the rest without pageviews (pending, but stored). */
async function shelfWorld() {
  const w = await leagueWorld();
  w.fake.data.setTop('en', YESTERDAY, Array.from({ length: 60 }, (_, i) => ({ article: `Article_${i + 1}`, views: 100_000 - i * 100 })));
  setViews(w.fake, 'Article_1', 9_000); // MEDIUM 67
  setViews(w.fake, 'Article_2', 9_000);
  setViews(w.fake, 'Article_3', 25_000);
  await buildContract(w.app, w.rivalTeam, { articleId: 'Article_3', price: 163 });
  return w;
}

const row = (shelf: any[], id: string) => shelf.find((article) => article.id === id);

describe('the market shelf, cached by version', () => {
  const shelfOf = (w: World) => `/api/v1/leagues/${w.league.id}/market`;

  it('is tagged once every input is stored, answers 304 to the tag, and compressed bodies decode to the same JSON', async () => {
    await withWorld(shelfWorld(), async (w) => {
      const cookie = w.admin.cookie;
      const fetched = await raw(w.app, shelfOf(w), { cookie });
      expect(fetched.status).toBe(200);
      // this read asked the encyclopedia: what it answered is not kept
      expect(fetched.headers.get('etag')).toBeNull();
      const { etag, body } = await tagged(w.app, shelfOf(w), cookie);
      expect(body).toEqual(JSON.parse(fetched.bytes.toString()));
      expect(body).toHaveLength(50);
      expect(row(body, 'Article_3')).toMatchObject({ price: 163, owner: { teamName: 'Bob United' }, availability: 'owned-by-other' });

      const again = await raw(w.app, shelfOf(w), { cookie, 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.bytes.byteLength).toBe(0);
      const requests = w.fake.requests.length;
      const br = await raw(w.app, shelfOf(w), { cookie, 'accept-encoding': 'br' });
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(br.headers.get('etag')).toBe(etag);
      expect(JSON.parse(zlib.brotliDecompressSync(br.bytes).toString())).toEqual(body);
      const gzip = await raw(w.app, shelfOf(w), { cookie, 'accept-encoding': 'gzip' });
      expect(JSON.parse(zlib.gunzipSync(gzip.bytes).toString())).toEqual(body);
      expect(w.fake.requests.length, 'a stored shelf asks the encyclopedia nothing').toBe(requests);
    });
  });

  it('is never tagged while a series is pending, and shows the price once the series arrives', async () => {
    await withWorld(shelfWorld(), async (w) => {
      const cookie = w.admin.cookie;
      w.fake.faults.failAlways('per-article', 503);
      for (let read = 0; read < 2; read++) {
        const pending = await raw(w.app, shelfOf(w), { cookie });
        expect(pending.status).toBe(200);
        expect(pending.headers.get('etag')).toBeNull();
        expect(row(JSON.parse(pending.bytes.toString()), 'Article_1')).toMatchObject({ pending: true, price: null });
      }
      w.fake.faults.clear();
      const { body } = await tagged(w.app, shelfOf(w), cookie);
      expect(row(body, 'Article_1')).toMatchObject({ pending: false, price: 67 });
    });
  });

  it("is one answer for every viewer whose team holds none of its articles, and the holder's own for a holder", async () => {
    await withWorld(shelfWorld(), async (w) => {
      const carol = await w.app.player('carol'); // no team
      const dave = await w.app.player('dave');
      await buildTeam(w.app, w.league, dave, 'Dave Rovers'); // a team holding nothing
      const rival = await tagged(w.app, shelfOf(w), w.rival.cookie);
      const outsider = await tagged(w.app, shelfOf(w), carol.cookie);
      expect(row(rival.body, 'Article_3').availability).toBe('owned-by-viewer');
      expect(row(outsider.body, 'Article_3').availability).toBe('owned-by-other');
      // the holder's tag is worth nothing to anyone else (a browser shared by two players)
      expect(outsider.etag).not.toBe(rival.etag);
      const asCarol = await freshAfter(w.app, shelfOf(w), carol.cookie, rival.etag);
      expect(row(asCarol, 'Article_3').availability).toBe('owned-by-other');
      // a member holding nothing sees what an outsider sees, under the same tag
      expect((await raw(w.app, shelfOf(w), { cookie: dave.cookie, 'if-none-match': outsider.etag })).status).toBe(304);
    });
  });

  type ShelfWorld = Awaited<ReturnType<typeof shelfWorld>>;
  interface ShelfWrite {
    name: string;
    viewer: 'admin' | 'rival';
    before?: (w: ShelfWorld) => Promise<Record<string, string>> | Record<string, string>;
    write: (w: ShelfWorld, ids: Record<string, string>) => Promise<unknown>;
    shows: (after: any[], before: any[]) => void;
  }

  const shelfWrites: ShelfWrite[] = [
    {
      name: "the viewer's buy",
      viewer: 'admin',
      write: (w) => ok(w.app.call('POST', `/api/v1/leagues/${w.league.id}/my-contracts`, { as: w.admin, body: { articleId: 'Article_2', tier: 'MEDIUM' } })),
      shows: (after) => expect(row(after, 'Article_2')).toMatchObject({ owner: { teamName: 'Alice FC' }, availability: 'owned-by-viewer' }),
    },
    {
      name: "another team's buy",
      viewer: 'admin',
      write: (w) => ok(w.app.call('POST', `/api/v1/leagues/${w.league.id}/my-contracts`, { as: w.rival, body: { articleId: 'Article_2', tier: 'MEDIUM' } })),
      shows: (after) => expect(row(after, 'Article_2')).toMatchObject({ owner: { teamName: 'Bob United' }, availability: 'owned-by-other' }),
    },
    {
      name: 'sell',
      viewer: 'admin',
      before: async (w) => ({ contract: (await buildContract(w.app, w.team, { articleId: 'Article_1', price: 67, termDays: 7 })).id }),
      write: (w, ids) => ok(w.app.call('POST', `/api/v1/leagues/${w.league.id}/my-contracts/${ids.contract}/sell`, { as: w.admin })),
      shows: (after, before) => {
        expect(row(before, 'Article_1').availability).toBe('owned-by-viewer');
        expect(row(after, 'Article_1')).toMatchObject({ owner: null, availability: 'free-agent' });
      },
    },
    {
      name: 'settlement',
      viewer: 'admin',
      before: async (w) => ({ contract: (await buildContract(w.app, w.team, { articleId: 'Article_1', price: 50, purchaseDate: addDays(TODAY, -7), termDays: 7 })).id }),
      write: (w) => settlementJob.run(w.app.ctx, w.app.clock.now()),
      shows: (after, before) => {
        expect(row(before, 'Article_1').availability).toBe('owned-by-viewer');
        expect(row(after, 'Article_1')).toMatchObject({ owner: null, availability: 'free-agent' });
      },
    },
    {
      name: "the holder's departure (its contracts play on)",
      viewer: 'rival',
      write: (w) => ok(w.app.call('POST', `/api/v1/leagues/${w.league.id}/my-departure`, { as: w.rival })),
      shows: (after) => expect(row(after, 'Article_3')).toMatchObject({ owner: { teamName: 'Bob United' }, availability: 'owned-by-other' }),
    },
    {
      name: "the holder's return under a new name",
      viewer: 'rival',
      before: async (w) => {
        await ok(w.app.call('POST', `/api/v1/leagues/${w.league.id}/my-departure`, { as: w.rival }));
        return {};
      },
      write: (w) => ok(w.app.call('POST', `/api/v1/leagues/${w.league.id}/my-team`, { as: w.rival, body: { name: 'Bob Reborn' } })),
      shows: (after) => expect(row(after, 'Article_3')).toMatchObject({ owner: { teamName: 'Bob Reborn' }, availability: 'owned-by-viewer' }),
    },
    {
      // the usual read checks the list's stamp against the one it keeps in memory
      name: "yesterday's list stored anew (as another instance would after it expired)",
      viewer: 'admin',
      write: async (w) => {
        w.app.clock.advance(60_000);
        const list = [{ articleId: 'Article_2', views: 99_000, sourceRank: 1 }, { articleId: 'Article_1', views: 98_000, sourceRank: 2 }];
        await putCached(w.app.ctx.db, `market-shelf:en:${YESTERDAY}`, list, w.app.clock.now(), DAY_MS);
      },
      shows: (after) => expect(after.map((article) => [article.id, article.yesterdayViews])).toEqual([['Article_2', 99_000], ['Article_1', 98_000]]),
    },
    {
      name: 'a new day (the next top list)',
      viewer: 'admin',
      before: (w) => {
        w.fake.data.setTop('en', TODAY, [{ article: 'Next_day_star', views: 300_000 }]);
        return {};
      },
      write: async (w) => {
        w.app.clock.advanceDays(1);
        w.fake.data.publishedThrough = TODAY;
      },
      shows: (after) => expect(after.map((article) => article.id)).toEqual(['Next_day_star']),
    },
  ];

  it.each(shelfWrites)('a read after $name is fresh', async ({ viewer, before, write, shows }) => {
    await withWorld(shelfWorld(), async (w) => {
      const ids = (await before?.(w)) ?? {};
      const { cookie } = w[viewer];
      const first = await tagged(w.app, shelfOf(w), cookie);
      await write(w, ids);
      shows(await freshAfter(w.app, shelfOf(w), cookie, first.etag), first.body);
    });
  });
});

describe('the public shelf, cached by version', () => {
  const PUBLIC = '/api/v1/leagues/public';
  const names = (list: any[]) => list.map((league) => league.title);

  /** The world's league (newest), and `older` older public leagues: a thirteenth is not shown. */
  async function publicWorld(older = 12) {
    const w = await world();
    for (let i = 1; i <= older; i++) await buildLeague(w.app, w.rival, { name: `Older ${i}`, teamName: `Bob ${i}`, startDate: addDays(TODAY, -i) + 'T00:00:00.000Z' });
    return w;
  }

  it('tags the list, answers 304 to the tag, and compressed bodies decode to the same JSON', async () => {
    await withWorld(publicWorld(), async (w) => {
      const cookie = w.admin.cookie;
      const { etag, body } = await tagged(w.app, PUBLIC, cookie);
      expect(names(body)).toEqual(['Test League', ...Array.from({ length: 11 }, (_, i) => `Older ${i + 1}`)]);
      expect((await raw(w.app, PUBLIC, { cookie, 'if-none-match': etag })).status).toBe(304);
      const gzip = await raw(w.app, PUBLIC, { cookie, 'accept-encoding': 'gzip' });
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      expect(JSON.parse(zlib.gunzipSync(gzip.bytes).toString())).toEqual(body);
      // not caller-scoped: another player's tag is as good
      expect((await raw(w.app, PUBLIC, { cookie: w.rival.cookie, 'if-none-match': etag })).status).toBe(304);
    });
  });

  type PublicWorld = Awaited<ReturnType<typeof publicWorld>>;
  interface PublicWrite {
    name: string;
    /** how many older public leagues the world has (default 12) */
    older?: number;
    before?: (w: PublicWorld) => Promise<Record<string, string>> | Record<string, string>;
    write: (w: PublicWorld, ids: Record<string, string>) => Promise<unknown> | unknown;
    shows: (after: any[], before: any[]) => void;
  }

  const teamCount = (list: any[], title: string) => list.find((league) => league.title === title)?.teamCount;
  const publicWrites: PublicWrite[] = [
    {
      name: 'a public league founded',
      write: (w) => ok(w.app.call('POST', '/api/v1/leagues', { as: w.admin, body: createBody() })),
      shows: (after, before) => {
        expect(names(before)).not.toContain('Readers Cup');
        expect(names(after)).toContain('Readers Cup');
      },
    },
    {
      name: 'the Global League seeded',
      // its season began in 2024: it shows only beside fewer than twelve newer leagues
      older: 0,
      write: (w) => seedGlobal(w.app),
      shows: (after, before) => {
        expect(names(before)).not.toContain('Global League');
        expect(names(after)).toContain('Global League');
      },
    },
    {
      name: 'join',
      write: async (w) => ok(w.app.call('POST', `/api/v1/leagues/${w.league.id}/my-team`, { as: await w.app.player('carol'), body: { name: 'Carol City' } })),
      shows: (after, before) => expect(teamCount(after, 'Test League')).toBe(teamCount(before, 'Test League') + 1),
    },
    {
      name: 'leave',
      write: (w) => ok(w.app.call('POST', `/api/v1/leagues/${w.league.id}/my-departure`, { as: w.rival })),
      shows: (after, before) => expect(teamCount(after, 'Test League')).toBe(teamCount(before, 'Test League') - 1),
    },
    {
      name: "the last member's departure (the league is deleted)",
      before: async (w) => ({ league: (await buildLeague(w.app, w.rival, { name: 'Lonely', teamName: 'Bob Alone' })).league.id }),
      write: (w, ids) => ok(w.app.call('POST', `/api/v1/leagues/${ids.league}/my-departure`, { as: w.rival })),
      shows: (after, before) => {
        expect(names(before)).toContain('Lonely');
        expect(names(after)).not.toContain('Lonely');
      },
    },
    {
      name: 'closure (the thirteenth league comes in)',
      write: (w) => ok(w.app.call('POST', `/api/v1/leagues/${w.league.id}/closure`, { as: w.admin })),
      shows: (after) => expect(names(after)).toEqual(Array.from({ length: 12 }, (_, i) => `Older ${i + 1}`)),
    },
    {
      name: 'a season ending by the clock',
      before: async (w) => ({ end: (await buildLeague(w.app, w.rival, { name: 'Sprint', teamName: 'Bob Sprints', durationDays: 1 })).league.endDate }),
      write: async (w, ids) => w.app.clock.set(ids.end),
      shows: (after, before) => {
        expect(names(before)).toContain('Sprint');
        expect(names(after)).not.toContain('Sprint');
      },
    },
  ];

  it.each(publicWrites)('a read after $name is fresh', async ({ older, before, write, shows }) => {
    await withWorld(publicWorld(older), async (w) => {
      const ids = (await before?.(w)) ?? {};
      const first = await tagged(w.app, PUBLIC, w.admin.cookie);
      await write(w, ids);
      shows(await freshAfter(w.app, PUBLIC, w.admin.cookie, first.etag), first.body);
    });
  });
});
