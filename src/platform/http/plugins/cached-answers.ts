/** A producer that had to fetch an input after all answers `unkept(value)`: served afresh and untagged, never stale. */
import { AnswerCache } from '../answer-cache';
import { type ResponseSet, sendRaw } from '../raw-answer';

export interface Cacheable {
  request: Request;
  set: ResponseSet;
}

/** Never the request's own, like its id. */
export type KeptHeaders = Record<string, string>;

export class Unkept<T> {
  constructor(readonly body: T) {}
}

export function unkept<T>(body: T): Unkept<T> {
  return new Unkept(body);
}

type Produced<T> = T | Unkept<T>;

export class CachedAnswers {
  private readonly cache = new AnswerCache();

  /** Typed as the produced value; at run time a kept answer is its bytes. */
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
