import { describe, expect, it } from 'vitest';
import { CachedAnswers, unkept } from '../../src/platform/http/plugins/cached-answers';

/** One read of `key` at version 7 through the cache, as a route handler makes it. */
async function read(answers: CachedAnswers, produce: () => unknown) {
  const set = { headers: {} as Record<string, string>, status: undefined as number | string | undefined };
  const value = await answers.reply({ request: new Request('http://localhost/thing'), set }, 'thing', () => 7, produce);
  return { set, value };
}

describe('an answer kept by version', () => {
  it('is kept when produced at once, tagged with its version, and not produced again', async () => {
    const answers = new CachedAnswers();
    let calls = 0;
    const produce = () => {
      calls++;
      return { fresh: false };
    };
    await read(answers, produce);
    const { set, value } = await read(answers, produce);
    expect(calls).toBe(1);
    expect(set.headers.etag).toMatch(/-7"$/);
    expect(JSON.parse(Buffer.from(value as Buffer).toString('utf8'))).toEqual({ fresh: false });
  });

  it('is answered afresh and untagged when its producer had to wait after all (and says so with unkept)', async () => {
    const answers = new CachedAnswers();
    let calls = 0;
    const produce = async () => {
      calls++;
      // an input had to be fetched after all: served this once, not kept
      await new Promise((resolve) => setTimeout(resolve, 1));
      return unkept({ fresh: true });
    };
    for (const _ of [1, 2]) {
      const { set, value } = await read(answers, produce);
      expect(set.headers.etag).toBeUndefined();
      expect(value).toEqual({ fresh: true });
    }
    expect(calls).toBe(2);
  });

  it('is produced once for every read that finds the same new version while it is produced', async () => {
    const answers = new CachedAnswers();
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const produce = async () => {
      calls++;
      await gate;
      return { shared: calls };
    };
    const reads = Array.from({ length: 20 }, () => read(answers, produce));
    release();
    const values = (await Promise.all(reads)).map(({ value }) => JSON.parse(Buffer.from(value as Buffer).toString('utf8')));
    expect(calls).toBe(1);
    expect(values).toEqual(Array.from({ length: 20 }, () => ({ shared: 1 })));
  });

  it('lets each read that waited on a production that was not kept produce its own answer', async () => {
    const answers = new CachedAnswers();
    let calls = 0;
    const produce = async () => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 1));
      return unkept({ call: calls });
    };
    const [a, b] = await Promise.all([read(answers, produce), read(answers, produce)]);
    expect(a.set.headers.etag).toBeUndefined();
    expect(b.set.headers.etag).toBeUndefined();
    expect([a.value, b.value]).toEqual([{ call: 1 }, { call: 2 }]);
  });

  it('does not hand a read the production of another version', async () => {
    const answers = new CachedAnswers();
    const set = () => ({ headers: {} as Record<string, string>, status: undefined as number | string | undefined });
    const at = (version: number) =>
      answers.reply({ request: new Request('http://localhost/thing'), set: set() }, 'thing', () => version, async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return { version };
      });
    const values = await Promise.all([at(7), at(8)]);
    expect(values.map((value) => JSON.parse(Buffer.from(value as unknown as Buffer).toString('utf8')))).toEqual([{ version: 7 }, { version: 8 }]);
  });

  it('produces anew for a read at a later version, once the kept answer is stale', async () => {
    const answers = new CachedAnswers();
    const set = () => ({ headers: {} as Record<string, string>, status: undefined as number | string | undefined });
    const at = async (version: number) => {
      const s = set();
      const value = await answers.reply({ request: new Request('http://localhost/thing'), set: s }, 'thing', () => version, () => ({ version }));
      return { etag: s.headers.etag, body: JSON.parse(Buffer.from(value as unknown as Buffer).toString('utf8')) };
    };
    expect((await at(7)).body).toEqual({ version: 7 });
    const later = await at(8);
    expect(later.body).toEqual({ version: 8 });
    expect(later.etag).toMatch(/-8"$/);
  });
});
