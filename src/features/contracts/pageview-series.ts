/**
 * "live views": an article's 365-day pageview series ending at the snapshot day,
 * fetched through the encyclopedia client and cached per (edition, article, snapshot day)
 * so the whole server fetches each series at most once a day. Missing data is never priced
 * as 0: it is UNKNOWN_ARTICLE (the encyclopedia has no pageviews) or ENCYCLOPEDIA_UNAVAILABLE.
 */
import { addDays } from '../../domain/dates';
import { fail } from '../../domain/errors';
import { averageViews30d, type ViewPoint } from '../../domain/pricing';
import type { Database } from '../../platform/db/database';
import { findCachedSeries, findCachedSeriesOf, storeSeries } from './view-series-store';
import { UpstreamError } from '../../upstream/http-client';
import type { EncyclopediaDeps } from '../../platform/encyclopedia-deps';

/** W1 series shape: the snapshot day and the 364 before it. */
const SERIES_DAYS = 365;

export interface PageviewSeriesDeps extends EncyclopediaDeps {
  /** the process's fetches in flight and tallies; one per process, shared by every service */
  pageviewFetches: PageviewFetches;
}

export interface LiveSeries {
  snapshotDate: string;
  /** never empty */
  series: ViewPoint[];
}

/**
 * What every PageviewSeries of a process shares: the fetches in flight (per database), so
 * concurrent callers of one series share one request, and the cache tallies for `/metrics`
 * (a hit is a series answered without a new request, stored or joined to one in flight; a
 * miss starts a fetch). The runtime creates one per process for the services and the metrics.
 */
export class PageviewFetches {
  readonly stats = { hits: 0, misses: 0 };
  private readonly inFlight = new WeakMap<Database, Map<string, Promise<ViewPoint[]>>>();

  pendingFor(db: Database): Map<string, Promise<ViewPoint[]>> {
    let map = this.inFlight.get(db);
    if (!map) this.inFlight.set(db, (map = new Map()));
    return map;
  }
}

/** The snapshot days the interface tries, in order: yesterday, then the day before. */
export function snapshotCandidates(today: string): [string, string] {
  return [addDays(today, -1), addDays(today, -2)];
}

export class PageviewSeries {
  private readonly fetches: PageviewFetches;

  constructor(private readonly deps: PageviewSeriesDeps) {
    this.fetches = deps.pageviewFetches;
  }

  /**
   * The series ending at `snapshotDate`, from the cache or the encyclopedia; `[]` when the
   * encyclopedia has no pageviews for it (cached too). Throws UpstreamError when unreachable.
   */
  seriesAt(domain: string, articleId: string, snapshotDate: string): Promise<ViewPoint[]> {
    // The cache read is part of what callers share: a caller whose read began before another's
    // fetch was stored, and ended after that fetch left the map, would otherwise fetch again.
    const pending = this.fetches.pendingFor(this.deps.db);
    const key = `${domain}\u0000${articleId}\u0000${snapshotDate}`;
    const joined = pending.get(key);
    if (joined) {
      this.fetches.stats.hits++;
      return joined;
    }
    const reading = this.cachedOrFetched(domain, articleId, snapshotDate).finally(() => pending.delete(key));
    pending.set(key, reading);
    return reading;
  }

  private async cachedOrFetched(domain: string, articleId: string, snapshotDate: string): Promise<ViewPoint[]> {
    const cached = await findCachedSeries(this.deps.db, domain, articleId, snapshotDate);
    if (cached) {
      this.fetches.stats.hits++;
      return cached;
    }
    this.fetches.stats.misses++;
    return this.fetchAndStore(domain, articleId, snapshotDate);
  }

  /** Yesterday's snapshot, else the day before's; refuses rather than price missing data. */
  async liveSeries(domain: string, articleId: string, today: string): Promise<LiveSeries> {
    let unreachable = false;
    for (const snapshotDate of snapshotCandidates(today)) {
      try {
        const series = await this.seriesAt(domain, articleId, snapshotDate);
        if (series.length > 0) return { snapshotDate, series };
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        unreachable = true;
        this.deps.log.warn('article views unavailable', { domain, articleId, snapshotDate, upstreamError: error.message });
      }
    }
    // Only two answers of "no pageviews at all" make an article unknown; a failed call might have had data.
    return fail(unreachable ? 'ENCYCLOPEDIA_UNAVAILABLE' : 'UNKNOWN_ARTICLE', `${domain}:${articleId}`);
  }

  async liveAverage(domain: string, articleId: string, today: string): Promise<number> {
    const { series } = await this.liveSeries(domain, articleId, today);
    // liveSeries never answers an empty series, so the average exists
    return averageViews30d(series) as number;
  }

  /**
   * liveAverage, given yesterday's series as the caller already read it (the stored JSON text,
   * null when not stored): no second read when it is stored and not empty.
   */
  async liveAverageFrom(storedYesterday: string | null, domain: string, articleId: string, today: string): Promise<number> {
    const series = storedYesterday === null ? [] : (JSON.parse(storedYesterday) as ViewPoint[]);
    const average = averageViews30d(series);
    if (average === null) return this.liveAverage(domain, articleId, today);
    this.fetches.stats.hits++;
    return average;
  }

  /**
   * What liveAverage answers without waiting, for many articles at once: the averages of those
   * whose series for yesterday is stored and not empty. The others need liveAverage (a fetch,
   * or the day before's series).
   */
  async storedAverages(domain: string, articleIds: readonly string[], today: string): Promise<Map<string, number>> {
    const [yesterday] = snapshotCandidates(today);
    const out = new Map<string, number>();
    for (const [articleId, series] of await findCachedSeriesOf(this.deps.db, domain, [...new Set(articleIds)], yesterday)) {
      if (series.length > 0) out.set(articleId, averageViews30d(series) as number);
    }
    this.fetches.stats.hits += out.size;
    return out;
  }

  private async fetchAndStore(domain: string, articleId: string, snapshotDate: string): Promise<ViewPoint[]> {
    let series: ViewPoint[];
    try {
      const rows = await this.deps.encyclopedia.dailySeries(domain, articleId, addDays(snapshotDate, -(SERIES_DAYS - 1)), snapshotDate);
      series = (rows ?? []).map(({ date, views }) => ({ date, views }));
    } catch (error) {
      // AQS answers 400 for a string that cannot be a title: that article has no pageviews.
      if (error instanceof UpstreamError && error.kind === 'status' && error.status === 400) series = [];
      else throw error;
    }
    await storeSeries(this.deps.db, domain, articleId, snapshotDate, series, this.deps.clock.now().toISOString());
    return series;
  }
}

/** Today's averages for the articles whose series is already cached; never calls the network. */
export async function cachedLiveAverages(db: Database, domain: string, articleIds: string[], today: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const [yesterday, dayBefore] = snapshotCandidates(today);
  const first = await findCachedSeriesOf(db, domain, articleIds, yesterday);
  const missing = articleIds.filter((id) => !(first.get(id)?.length ?? 0));
  const second = await findCachedSeriesOf(db, domain, missing, dayBefore);
  for (const id of articleIds) {
    const series = first.get(id)?.length ? first.get(id)! : second.get(id);
    const average = series ? averageViews30d(series) : null;
    if (average !== null) out.set(id, average);
  }
  return out;
}
