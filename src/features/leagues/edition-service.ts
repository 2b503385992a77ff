/**
 * The encyclopedia's language editions (W7): the list the league-creation picker offers,
 * and the existence check of the rules (Proposed). The list changes a few times a year, so it
 * is kept in `upstream_cache` for 30 days (Ref's TTL) and shared by every process.
 */
import { fail } from '../../domain/errors';
import { getCachedEntry, putCached } from '../../platform/db/upstream-cache';
import type { Edition } from '../../upstream/encyclopedia';
import { DAY_MS } from '../../domain/dates';
import type { EncyclopediaEdition } from './wire';
import type { EncyclopediaDeps } from '../../platform/encyclopedia-deps';

const EDITION_LIST_CACHE_KEY = 'encyclopedia:editions';
const EDITION_LIST_TTL_MS = 30 * DAY_MS;

/** The wire name is EncyclopediaEdition; the alias remains while the web app imports it. */

/** Raised (and mapped by callers) when the list can be had neither fresh nor from cache. */
export class EditionListUnavailable extends Error {
  constructor(cause: unknown) {
    super('edition list unavailable', { cause });
    this.name = 'EditionListUnavailable';
  }
}

export class EditionService {
  constructor(private readonly deps: EncyclopediaDeps) {}

  /** Every live edition, unfiltered by the acceptance floor; 503 EDITION_LIST_UNAVAILABLE. */
  async list(): Promise<EncyclopediaEdition[]> {
    try {
      const editions = await this.editions();
      return editions.map(({ code, autonym, englishName }) => ({ code, autonym, englishName }));
    } catch (error) {
      if (error instanceof EditionListUnavailable) fail('EDITION_LIST_UNAVAILABLE', 'sitematrix unreachable');
      throw error;
    }
  }

  /**
   * The edition a league may name: matched on the language code (`nb`) or the wiki's own
   * subdomain (`no`); null when no open Wikipedia answers to it.
   * Throws EditionListUnavailable when the list cannot be had.
   */
  async find(code: string): Promise<Edition | null> {
    const editions = await this.editions();
    return editions.find((e) => e.code === code) ?? editions.find((e) => e.domain === code) ?? null;
  }

  /** Fresh cache, else the encyclopedia, else a stale cached copy, else EditionListUnavailable. */
  private async editions(): Promise<Edition[]> {
    const { db, clock, log, encyclopedia } = this.deps;
    const cached = await getCachedEntry<Edition[]>(db, EDITION_LIST_CACHE_KEY, clock.now());
    if (cached?.fresh) return cached.value;
    try {
      const editions = await encyclopedia.listEditions();
      await putCached(db, EDITION_LIST_CACHE_KEY, editions, clock.now(), EDITION_LIST_TTL_MS);
      return editions;
    } catch (error) {
      if (cached) {
        log.warn('edition list refresh failed; serving the stale copy', { fetchedAt: cached.fetchedAt, reason: String(error) });
        return cached.value;
      }
      log.warn('edition list unavailable', { reason: String(error) });
      throw new EditionListUnavailable(error);
    }
  }
}
