/**
 * Hot reads answered from the answer cache (answer-cache.ts) by version: a handler names the
 * answer's key and how to read its version, and produces the value only when the kept one is
 * stale. A kept answer is produced synchronously; one whose producer must wait after all (its
 * version promised every input was stored, and one went in between) is answered afresh and
 * untagged: slower, never stale.
 */
import { AnswerCache } from '../answer-cache';
import { type ResponseSet, sendRaw } from '../raw-answer';

export interface Cacheable {
  request: Request;
  set: ResponseSet;
}

/** Headers the producer wants kept with the answer (never the request's own, like its id). */
export type KeptHeaders = Record<string, string>;

export class CachedAnswers {
  private readonly cache = new AnswerCache();

  /**
   * The answer for `key` at the version `version()` reads. Typed as the produced value, which
   * is what the client receives; at run time a kept answer is its bytes.
   */
  reply<T>(c: Cacheable, key: string | undefined, version: () => number | undefined, produce: (kept: KeptHeaders) => T | Promise<T>): T {
    const at = key === undefined ? undefined : version();
    if (key === undefined || at === undefined) return this.fresh(c, produce) as T;
    let waiting: Promise<T> | undefined;
    const raw = this.cache.answer(
      c.request,
      key,
      at,
      () => {
        const kept: KeptHeaders = {};
        const body = produce(kept);
        if (body instanceof Promise) {
          waiting = body;
          return undefined;
        }
        return { body, headers: kept };
      },
      version,
    );
    if (raw) return sendRaw(c.set, raw) as T;
    return waiting as T;
  }

  private fresh<T>(c: Cacheable, produce: (kept: KeptHeaders) => T | Promise<T>): T | Promise<T> {
    const kept: KeptHeaders = {};
    const body = produce(kept);
    Object.assign(c.set.headers, kept);
    return body;
  }
}
