/**
 * Hot reads answered from the answer cache (answer-cache.ts) by version: a handler names the
 * answer's key and how to read its version, and produces the value only when the kept one is
 * stale. A producer that had to fetch an input after all (its version promised every input was
 * stored, and one went in between) answers `unkept(value)`: served afresh and untagged, slower,
 * never stale.
 */
import { AnswerCache } from '../answer-cache';
import { type ResponseSet, sendRaw } from '../raw-answer';

export interface Cacheable {
  request: Request;
  set: ResponseSet;
}

/** Headers the producer wants kept with the answer (never the request's own, like its id). */
export type KeptHeaders = Record<string, string>;

/** An answer to serve once and not keep. */
export class Unkept<T> {
  constructor(readonly body: T) {}
}

export function unkept<T>(body: T): Unkept<T> {
  return new Unkept(body);
}

type Produced<T> = T | Unkept<T>;

export class CachedAnswers {
  private readonly cache = new AnswerCache();

  /**
   * The answer for `key` at the version `version()` reads. Typed as the produced value, which
   * is what the client receives; at run time a kept answer is its bytes.
   */
  async reply<T>(
    c: Cacheable,
    key: string | undefined,
    version: () => Promise<number | undefined> | number | undefined,
    produce: (kept: KeptHeaders) => Promise<Produced<T>> | Produced<T>,
  ): Promise<T> {
    const at = key === undefined ? undefined : await version();
    if (key === undefined || at === undefined) return this.fresh(c, produce);
    let once: Unkept<T> | undefined;
    const raw = await this.cache.answer(
      c.request,
      key,
      at,
      async () => {
        const kept: KeptHeaders = {};
        const body = await produce(kept);
        if (body instanceof Unkept) {
          once = body;
          return undefined;
        }
        return { body, headers: kept };
      },
      version,
    );
    if (raw) return sendRaw(c.set, raw) as T;
    return once!.body;
  }

  /**
   * Makes `key`'s answer at the version `version()` reads ready before its first reader: what a
   * reply would keep, produced now. An answer its producer will not keep is not kept here either.
   */
  async warm<T>(key: string, version: () => Promise<number | undefined> | number | undefined, produce: (kept: KeptHeaders) => Promise<Produced<T>> | Produced<T>): Promise<void> {
    const at = await version();
    if (at === undefined) return;
    await this.cache.warm(
      key,
      at,
      async () => {
        const kept: KeptHeaders = {};
        const body = await produce(kept);
        return body instanceof Unkept ? undefined : { body, headers: kept };
      },
      version,
    );
  }

  private async fresh<T>(c: Cacheable, produce: (kept: KeptHeaders) => Promise<Produced<T>> | Produced<T>): Promise<T> {
    const kept: KeptHeaders = {};
    const body = await produce(kept);
    Object.assign(c.set.headers, kept);
    return body instanceof Unkept ? body.body : body;
  }
}
