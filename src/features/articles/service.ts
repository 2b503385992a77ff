/** Search over the whole edition, so a player can buy before an article trends; a hit without a series is pending, never priced at 0. */
import { fail, isFailure } from '../../domain/errors';
import { addDays, utcDay, DAY_MS } from '../../domain/dates';
import { articleShareOfDay } from '../../domain/scoring';
import { averageViews30d, tierPrices, type ViewPoint } from '../../domain/pricing';
import { canonicalArticleId, displayTitle } from '../../domain/titles';
import { liveContractOnArticle } from '../contracts/store';
import { type LeagueRow } from '../leagues/store';
import { existingLeague } from '../leagues/lookups';
import { performancesBetween } from '../scoring/store';
import { getCached, putCached } from '../../platform/db/upstream-cache';
import { UpstreamError } from '../../upstream/http-client';
import type { PageSummary, SearchHit } from '../../upstream/encyclopedia';
import { leagueHoldings, type Holding } from '../contracts/article-holdings';
import { editionContentFilter } from './content-filter';
import { mapWithWorkers } from '../../platform/map-with-workers';
import { PageviewSeries, type PageviewSeriesDeps } from '../contracts/pageview-series';
import { breakDownPerformances } from '../scoring/performance-breakdowns';
import type { ArticleDayPoints, ArticleOffer, ArticlePage } from './wire';

/** Each costs one series fetch when not cached. */
export const SEARCH_HITS = 10;
/** A search box, not a document: longer text is refused rather than cut. */
export const MAX_SEARCH_QUERY = 100;
export const ARTICLE_PAGE_DAYS = 90;
/** external-apis.md: at most 3 requests in flight to the encyclopedia. */
const HYDRATION_CONCURRENCY = 3;
const SEARCH_TTL_MS = 60 * 60 * 1000;
const SUMMARY_TTL_MS = DAY_MS;

export type ArticleServiceDeps = PageviewSeriesDeps;

export class ArticleService {
  private readonly pageviews: PageviewSeries;

  constructor(private readonly deps: ArticleServiceDeps) {
    this.pageviews = new PageviewSeries(deps);
  }

  async search(playerId: string, leagueId: string, rawQuery: string | undefined): Promise<ArticleOffer[]> {
    const league = await existingLeague(this.deps.db, leagueId);
    const query = (rawQuery ?? '').trim().replace(/\s+/g, ' ');
    if (query.length > MAX_SEARCH_QUERY) fail('ARTICLE_QUERY_TOO_LONG');
    if (query === '') return [];
    const hits = await this.searchHits(league.domain, query);
    const today = utcDay(this.deps.clock.now());
    const series = await mapWithWorkers(hits, HYDRATION_CONCURRENCY, async (hit) => this.seriesOrPending(league.domain, hit.id, today));
    const holdingOf = await leagueHoldings(this.deps.db, leagueId, playerId, hits.map((hit) => hit.id));
    return hits.map((hit, index) => offer(league, hit, series[index]?.series ?? null, holdingOf(hit.id)));
  }

  async article(playerId: string, leagueId: string, rawArticleId: string | undefined): Promise<ArticlePage> {
    const league = await existingLeague(this.deps.db, leagueId);
    const requested = canonicalArticleId(rawArticleId) ?? fail('INVALID_ARTICLE');
    const summary = await this.summary(league.domain, requested);
    const today = utcDay(this.deps.clock.now());
    const live = await this.seriesOrPending(league.domain, summary.id, today);
    const holding = (await leagueHoldings(this.deps.db, leagueId, playerId, [summary.id]))(summary.id);
    return {
      ...offer(league, summary, live?.series ?? null, holding),
      extract: summary.extract,
      snapshotDate: live?.snapshotDate ?? null,
      views: (live?.series ?? []).slice(-ARTICLE_PAGE_DAYS),
      myPoints: holding.availability === 'owned-by-viewer' ? await this.pointsForHolder(league, summary.id) : null,
    };
  }

  /** Each scored day of the contract from the first buy, newest first; a day on the bench scores 0 and says so. */
  private async pointsForHolder(league: LeagueRow, articleId: string): Promise<ArticleDayPoints[]> {
    const { db } = this.deps;
    const contract = await liveContractOnArticle(db, league.id, articleId);
    if (!contract) return [];
    // heldSince survives renewals, which rewrite the term in place
    const rows = await performancesBetween(db, contract.teamId, contract.heldSince, addDays(contract.expireDate, -1));
    return (await breakDownPerformances(db, contract.teamId, league.languageScale, rows)).map(({ row, breakdown }) => {
      const share = articleShareOfDay(breakdown, articleId);
      return share
        ? { date: row.date, position: share.position, views: share.views, points: share.points, chemistry: share.chemistry }
        : { date: row.date, position: null, views: null, points: 0, chemistry: 0 };
    });
  }

  private async searchHits(domain: string, query: string): Promise<SearchHit[]> {
    const { db, clock, log, encyclopedia } = this.deps;
    const key = `article-search:${domain}:${query.toLowerCase()}`;
    const cached = await getCached<SearchHit[]>(db, key, clock.now());
    if (cached) return cached;
    let hits: SearchHit[];
    try {
      hits = await encyclopedia.searchPages(domain, query, SEARCH_HITS * 2);
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      log.warn('article search unavailable', { domain, upstreamError: error.message });
      return fail('ENCYCLOPEDIA_UNAVAILABLE');
    }
    const { isContent, cacheable } = await editionContentFilter(encyclopedia, log, domain);
    const seen = new Set<string>();
    const kept = hits.filter((hit) => isContent(hit.id) && !seen.has(hit.id) && seen.add(hit.id)).slice(0, SEARCH_HITS);
    if (cacheable) await putCached(db, key, kept, clock.now(), SEARCH_TTL_MS);
    return kept;
  }

  /** A missing page is ARTICLE_NOT_FOUND. */
  private async summary(domain: string, articleId: string): Promise<PageSummary> {
    const { db, clock, log, encyclopedia } = this.deps;
    const key = `article-summary:${domain}:${articleId}`;
    const cached = await getCached<PageSummary>(db, key, clock.now());
    if (cached) return cached;
    let summary: PageSummary | null;
    try {
      summary = await encyclopedia.pageSummary(domain, articleId);
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      log.warn('article summary unavailable', { domain, articleId, upstreamError: error.message });
      return fail('ENCYCLOPEDIA_UNAVAILABLE');
    }
    if (!summary) return fail('ARTICLE_NOT_FOUND', `${domain}:${articleId}`);
    await putCached(db, key, summary, clock.now(), SUMMARY_TTL_MS);
    return summary;
  }

  /** Undefined where a buy would be refused for want of views. */
  private async seriesOrPending(domain: string, articleId: string, today: string) {
    try {
      return await this.pageviews.liveSeries(domain, articleId, today);
    } catch (error) {
      if (isFailure(error) && (error.code === 'UNKNOWN_ARTICLE' || error.code === 'ENCYCLOPEDIA_UNAVAILABLE')) return undefined;
      throw error;
    }
  }
}

function offer(
  league: LeagueRow,
  page: { id: string; title?: string; description: string | null },
  series: ViewPoint[] | null,
  holding: Holding,
): ArticleOffer {
  const average = series ? averageViews30d(series) : null;
  return {
    id: page.id,
    title: page.title ?? displayTitle(page.id),
    description: page.description,
    averageViews30d: average === null ? null : Math.round(average),
    prices: average === null ? null : tierPrices(average, league.languageScale),
    pending: average === null,
    ...holding,
  };
}
