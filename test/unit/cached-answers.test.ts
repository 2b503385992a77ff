import { describe, expect, it } from 'vitest';
import { CachedAnswers, unkept } from '../../src/http/plugins/cached-answers';

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
});
