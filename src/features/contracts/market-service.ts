/**
 * The market shelf: the edition's Top Read Snapshot, filtered to content articles,
 * first 50, hydrated with the cached pageview series and priced for the league at MEDIUM.
 * The filtered list is cached per (edition, snapshot day); series come from the shared
 * per-article cache. A failed hydration marks the row pending instead of pricing it at 0.
 *
 * Once yesterday's list and every one of its series are stored, the shelf is a function of
 * the store alone for the rest of the day: the list is kept while fresh and series are
 * first-answer-wins and kept a week (store/housekeeping.ts), so only the league's contracts
 * and teams (its version) and the viewer can move it. That shelf is read synchronously and
 * tagged (`shelfTag`) for the answer cache; any other state (a list to fetch or fall back
 * from, a series still pending) goes through the encyclopedia and is never tagged.
 *
 * Such a stored shelf's view figures are kept in memory too, per list as stored: every buy,
 * sell or renewal election in a league moves its version, and re-reading and re-summing the
 * stored 365-day series for each new version took long enough that many connections reading
 * the shelf queued for seconds behind it.
 */
import { fail } from '../../domain/errors';
import { utcDay, DAY_MS } from '../../domain/dates';
import { averageViews30d, monthViews, price, TIER_DAYS, tierPrices, weekViews, yearViews, type TierPrices, type ViewPoint } from '../../domain/pricing';
import { canonicalArticleId, displayTitle } from '../../domain/titles';
import { currentTeamHoldingAny } from './store';
import { shelfTagInputs } from './shelf-tags-store';
import { findLeague, type LeagueRow } from '../leagues/store';
import { existingLeague } from '../leagues/lookups';
import { cachedEntryStamp, getCached, getCachedEntry, putCached } from '../../platform/db/upstream-cache';
import { countCachedSeries, findCachedSeriesOf } from './view-series-store';
import { UpstreamError } from '../../upstream/http-client';
import { digestVersion } from '../../platform/http/answer-version';
import { leagueHoldings, type Holding } from './article-holdings';
import { editionContentFilter } from '../articles/content-filter';
import { PageviewSeries, type PageviewSeriesDeps, snapshotCandidates } from './pageview-series';
import { mapWithWorkers } from '../../platform/map-with-workers';

const SHELF_TTL_MS = 3 * DAY_MS;

/** The first 50 content articles of the day. */
const SHELF_SIZE = 50;
/** external-apis.md: at most 3 requests in flight to the encyclopedia. */
const HYDRATION_CONCURRENCY = 3;

export interface MarketArticle extends Holding {
  id: string;
  title: string;
  slug: string;
  /** 1..50 after filtering */
  rank: number;
  yesterdayViews: number;
  weekViews: number | null;
  monthViews: number | null;
  yearViews: number | null;
  averageViews30d: number | null;
  /** at MEDIUM with the league's frozen L; null while the series could not be fetched */
  price: number | null;
  /** the price at every tier (an addition: the interface's `price` is MEDIUM's); null while pending */
  prices: TierPrices | null;
  /** true when the series could not be fetched (a Proposed rule) */
  pending: boolean;
}

/** One row of the cached, filtered top list. */
interface ShelfEntry {
  articleId: string;
  views: number;
  sourceRank: number;
}

/** what every service pricing from pageview series needs */
export type MarketServiceDeps = PageviewSeriesDeps;

const shelfKey = (domain: string, snapshotDate: string) => `market-shelf:${domain}:${snapshotDate}`;

/** Yesterday's filtered list as stored, when it and all its series are: the shelf needs no fetch. */
interface StoredShelf {
  snapshotDate: string;
  entries: ShelfEntry[];
  fetchedAt: string;
}

/** What a shelf row shows that no league or viewer moves; undefined while its series is pending. */
interface ViewFigures {
  week: number;
  month: number;
  year: number;
  /** the 30-day average, which prices the row */
  average: number;
}

function figuresOf(points: ViewPoint[] | undefined): ViewFigures | undefined {
  const average = points && points.length > 0 ? averageViews30d(points) : null;
  if (!points || average === null) return undefined;
  return { week: weekViews(points), month: monthViews(points), year: yearViews(points), average };
}

/** A stored list whose every series is stored, with its rows' figures. */
interface CompleteShelf {
  /** where the list is stored (see shelfKey) */
  key: string;
  stored: StoredShelf;
  ids: string[];
  figures: (ViewFigures | undefined)[];
}

/**
 * The tag of a viewer's shelf: rows differ by viewer only in `owned-by-viewer`, so a viewer
 * whose team holds none of the shelf's articles shares the league's one answer; the version
 * digests the league's version, the day, the list as stored and that viewer part, so neither
 * a write nor another viewer's tag can answer 304 to a different shelf.
 */
function tagOf(leagueId: string, leagueVersion: number, today: string, shelf: CompleteShelf, viewerTeam: string | undefined): ShelfTag {
  const viewer = viewerTeam ?? 'any';
  return {
    key: `market:${leagueId}:${viewer}`,
    version: digestVersion([leagueId, leagueVersion, today, shelf.stored.snapshotDate, shelf.stored.fetchedAt, viewer]),
  };
}

/** Complete shelves kept in memory: a few editions' lists of today and yesterday. */
const KEPT_SHELVES = 32;

/** Where and under which version the answer cache keeps a shelf; see `MarketService.shelfTag`. */
export interface ShelfTag {
  key: string;
  version: number;
}

export class MarketService {
  private readonly pageviews: PageviewSeries;
  /** by list key, the list as last stored: a new fetch of a list replaces it */
  private readonly completeShelves = new Map<string, CompleteShelf>();
  /** a league's edition, fixed when it is founded: the key of its list is known before any read */
  private readonly leagueDomains = new Map<string, string>();

  constructor(private readonly deps: MarketServiceDeps) {
    this.pageviews = new PageviewSeries(deps);
  }

  async shelf(playerId: string, leagueId: string): Promise<MarketArticle[]> {
    const { db } = this.deps;
    const league = await existingLeague(db, leagueId);
    const today = utcDay(this.deps.clock.now());
    const { snapshotDate, entries } = await this.snapshot(league.domain, today);
    const series = await this.hydrate(league.domain, entries, snapshotDate);
    // Owners are read after the (slow) hydration so the shelf shows the latest holdings.
    const ids = entries.map((entry) => entry.articleId);
    return this.priced(league, entries, series.map(figuresOf), await leagueHoldings(db, leagueId, playerId, ids));
  }

  /**
   * The shelf `shelf` would answer on `today`, read from the store alone, when every input is
   * stored (see the module note); undefined when it would have to fetch.
   */
  async storedShelfFor(playerId: string, leagueId: string, today: string): Promise<MarketArticle[] | undefined> {
    const { db, pageviewFetches } = this.deps;
    const found = await this.completeShelfOfLeague(leagueId, today);
    if (!found) return undefined;
    const { league, stored, ids, figures } = found;
    // the same tally the hydration keeps: each series answered without a request
    pageviewFetches.stats.hits += ids.length;
    return this.priced(league, stored.entries, figures, await leagueHoldings(db, leagueId, playerId, ids));
  }

  /**
   * Where the answer cache keeps the viewer's stored shelf and the version it is tagged with
   * (see tagOf); undefined when the shelf is not stored (it must fetch, and is not kept).
   */
  async shelfTag(playerId: string, leagueId: string, today: string): Promise<ShelfTag | undefined> {
    const [yesterday] = snapshotCandidates(today);
    const domain = this.leagueDomains.get(leagueId);
    const kept = domain === undefined ? undefined : this.completeShelves.get(shelfKey(domain, yesterday));
    if (kept) {
      // the usual read: one trip to the store, checked against the list kept here
      const inputs = await shelfTagInputs(this.deps.db, { leagueId, playerId, cacheKey: kept.key, articleIds: kept.ids, now: this.deps.clock.now() });
      if (!inputs) return undefined;
      if (inputs.stamp?.fresh && inputs.stamp.fetchedAt === kept.stored.fetchedAt) return tagOf(leagueId, inputs.version, today, kept, inputs.viewerTeam);
    }
    const found = await this.completeShelfOfLeague(leagueId, today);
    if (!found) return undefined;
    return tagOf(leagueId, found.league.version, today, found, await currentTeamHoldingAny(this.deps.db, leagueId, playerId, found.ids));
  }

  /** Step 3's rows: prices at the league's frozen L, owner and availability for the viewer. */
  private priced(league: LeagueRow, entries: ShelfEntry[], figures: (ViewFigures | undefined)[], holdingOf: (articleId: string) => Holding): MarketArticle[] {
    return entries.map((entry, index) => {
      const views = figures[index];
      return {
        id: entry.articleId,
        title: displayTitle(entry.articleId),
        slug: entry.articleId,
        rank: index + 1,
        yesterdayViews: entry.views,
        weekViews: views ? views.week : null,
        monthViews: views ? views.month : null,
        yearViews: views ? views.year : null,
        averageViews30d: views ? Math.round(views.average) : null,
        price: views ? price(views.average, league.languageScale, TIER_DAYS.MEDIUM) : null,
        prices: views ? tierPrices(views.average, league.languageScale) : null,
        pending: !views,
        ...holdingOf(entry.articleId),
      };
    });
  }

  /** The league and its edition's stored list, when every series of it is stored; see completeShelf. */
  private async completeShelfOfLeague(leagueId: string, today: string): Promise<({ league: LeagueRow; } & CompleteShelf) | undefined> {
    const league = await findLeague(this.deps.db, leagueId);
    if (league) this.leagueDomains.set(leagueId, league.domain);
    const complete = league && (await this.completeShelf(league.domain, today));
    return league && complete ? { league, ...complete } : undefined;
  }

  /**
   * Yesterday's list fresh in the store with every one of its series, figured once per list
   * as stored and then kept: only when was the list stored is read again.
   */
  private async completeShelf(domain: string, today: string): Promise<CompleteShelf | undefined> {
    const { db, clock } = this.deps;
    const [yesterday] = snapshotCandidates(today);
    const key = shelfKey(domain, yesterday);
    const stamp = await cachedEntryStamp(db, key, clock.now());
    if (!stamp?.fresh) return undefined;
    const kept = this.completeShelves.get(key);
    if (kept?.stored.fetchedAt === stamp.fetchedAt) return kept;
    const stored = await this.storedShelf(domain, today);
    if (!stored) return undefined;
    const ids = stored.entries.map((entry) => entry.articleId);
    // counted from the key's index first: a shelf still missing series is not parsed at all
    if (await countCachedSeries(db, domain, ids, stored.snapshotDate) < ids.length) return undefined;
    const byId = await findCachedSeriesOf(db, domain, ids, stored.snapshotDate);
    if (byId.size < ids.length) return undefined;
    const complete = { key, stored, ids, figures: ids.map((id) => figuresOf(byId.get(id))) };
    // a list stored anew (a new fetch) replaces the one kept under its key
    this.completeShelves.delete(key);
    this.completeShelves.set(key, complete);
    for (const oldest of this.completeShelves.keys()) {
      if (this.completeShelves.size <= KEPT_SHELVES) break;
      this.completeShelves.delete(oldest);
    }
    return complete;
  }

  /**
   * Yesterday's list, fresh in the store; the day before's is not enough, since `snapshot`
   * would first try to fetch yesterday's. Series are checked by the caller.
   */
  private async storedShelf(domain: string, today: string): Promise<StoredShelf | undefined> {
    const [yesterday] = snapshotCandidates(today);
    const entry = await getCachedEntry<ShelfEntry[]>(this.deps.db, shelfKey(domain, yesterday), this.deps.clock.now());
    return entry?.fresh ? { snapshotDate: yesterday, entries: entry.value, fetchedAt: entry.fetchedAt } : undefined;
  }

  /** Step 1–2: yesterday's list, else the day before's; cached once filtered with the edition's own namespaces. */
  private async snapshot(domain: string, today: string): Promise<{ snapshotDate: string; entries: ShelfEntry[] }> {
    const { db, clock, log, encyclopedia } = this.deps;
    for (const snapshotDate of snapshotCandidates(today)) {
      const cached = await getCached<ShelfEntry[]>(db, shelfKey(domain, snapshotDate), clock.now());
      if (cached) return { snapshotDate, entries: cached };
      let rows;
      try {
        rows = await encyclopedia.topArticles(domain, snapshotDate);
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        log.warn('market: top list unavailable', { domain, snapshotDate, upstreamError: error.message });
        continue;
      }
      if (!rows || rows.length === 0) continue;
      const { isContent, cacheable } = await editionContentFilter(encyclopedia, log, domain);
      const entries: ShelfEntry[] = [];
      const seen = new Set<string>();
      for (const row of rows) {
        if (entries.length === SHELF_SIZE) break;
        if (!isContent(row.article)) continue;
        const articleId = canonicalArticleId(row.article);
        if (!articleId || seen.has(articleId)) continue;
        seen.add(articleId);
        entries.push({ articleId, views: row.views, sourceRank: row.rank });
      }
      // A past day's list never changes; the TTL only lets housekeeping drop shelves nobody reads.
      if (cacheable) await putCached(db, shelfKey(domain, snapshotDate), entries, clock.now(), SHELF_TTL_MS);
      return { snapshotDate, entries };
    }
    return fail('MARKET_UNAVAILABLE', domain);
  }

  /** Step 3, at most 3 at a time; a failed fetch leaves its slot undefined (pending). */
  private hydrate(domain: string, entries: ShelfEntry[], snapshotDate: string): Promise<(ViewPoint[] | undefined)[]> {
    return mapWithWorkers(entries, HYDRATION_CONCURRENCY, async ({ articleId }) => {
      try {
        return await this.pageviews.seriesAt(domain, articleId, snapshotDate);
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        this.deps.log.warn('market: hydration failed', { domain, articleId, snapshotDate, upstreamError: error.message });
        return undefined;
      }
    });
  }
}
