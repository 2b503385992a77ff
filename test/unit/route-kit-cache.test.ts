import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app-context';
import { route, routeTable } from '../../src/http/route-kit';

/** One public cached route whose handler answers as `handle` does. */
function tableWith(handle: () => unknown) {
  const ctx = { config: {}, services: {} } as unknown as AppContext;
  return routeTable(ctx, [
    route({
      id: 'readThing',
      method: 'GET',
      path: '/thing',
      summary: 'a thing',
      tag: 'Test',
      access: 'public',
      answer: { json: z.object({ fresh: z.boolean() }) },
      cache: { key: () => 'thing', version: () => 7 },
      handle,
    }),
  ]);
}

async function get(table: ReturnType<typeof tableWith>) {
  const response = await table.match('GET', '/thing')!.target(new Request('http://localhost/thing'), {});
  return { status: response.status, etag: response.headers.etag, body: JSON.parse(Buffer.from(response.body!).toString('utf8')) };
}

describe('a cached route', () => {
  it('keeps an answer produced at once, tagged with its version', async () => {
    const table = tableWith(() => ({ fresh: false }));
    expect(await get(table)).toMatchObject({ status: 200, etag: expect.stringMatching(/-7"$/), body: { fresh: false } });
  });

  it('answers afresh and untagged when its handler has to wait after all', async () => {
    let calls = 0;
    const table = tableWith(() => {
      calls++;
      return Promise.resolve({ fresh: true });
    });
    expect(await get(table)).toEqual({ status: 200, etag: undefined, body: { fresh: true } });
    expect(await get(table)).toEqual({ status: 200, etag: undefined, body: { fresh: true } });
    expect(calls).toBe(2);
  });
});
