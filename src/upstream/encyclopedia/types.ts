/** What the encyclopedia client answers, independent of the wire shapes it parses. */

/** One language edition that has an open Wikipedia (W7). */
export interface Edition {
  /** the language group's code as sitematrix spells it (`it`, `zh-yue`) */
  code: string;
  /**
   * The subdomain the edition's Wikipedia lives on, taken from its site URL (W7 Rec):
   * usually `code`, but not always (the `nb` group's wiki is `no.wikipedia.org`).
   */
  domain: string;
  /** the language's own name for itself; the code when sitematrix gives none */
  autonym: string;
  /** the English name; the code when sitematrix gives none */
  englishName: string;
}

/** The parts of W6 the content filter needs. */
export interface SiteInfo {
  /** every non-main namespace name, canonical name and alias, underscored, with the trailing `:` */
  namespaceNames: string[];
  /** the edition's main page as an article id (underscored) */
  mainPage: string;
}

/** One row of an AQS top list (W2), in upstream order. */
export interface TopRow {
  article: string;
  views: number;
  rank: number;
}

/** One published day of a per-article series (W1); days without views are absent. */
export interface DailyViews {
  date: string;
  views: number;
}

/** One W9 search hit: the page itself (a redirect's target), never the redirect. */
export interface SearchHit {
  /** canonical title, underscored */
  id: string;
  title: string;
  description: string | null;
}

/** W8, as far as the article page shows it. */
export interface PageSummary {
  /** canonical title (after redirects), underscored */
  id: string;
  title: string;
  description: string | null;
  extract: string;
  type: string;
}

export interface EncyclopediaClient {
  /** Editions with an open Wikipedia, in sitematrix order. */
  listEditions(): Promise<Edition[]>;
  siteInfo(domain: string): Promise<SiteInfo>;
  /** The day's top list, or null while AQS has not published the day. */
  topArticles(domain: string, date: string): Promise<TopRow[] | null>;
  /**
   * Views per published day in `start..end` (inclusive), ascending, gaps left as gaps.
   * Null when AQS has no row at all for the article in the range.
   */
  dailySeries(domain: string, articleId: string, start: string, end: string): Promise<DailyViews[] | null>;
  /**
   * The directed link graph among `titles`: comparison key of each source → keys of the
   * titles in the set it links to. Every distinct input key is present; missing pages map
   * to an empty set.
   */
  linkGraph(domain: string, titles: string[]): Promise<Map<string, Set<string>>>;
  /** W9 full-text search over the edition's articles, at most `limit` (1..100) hits. */
  searchPages(domain: string, query: string, limit: number): Promise<SearchHit[]>;
  /**
   * W5 shape A: the articles (main namespace) a page links to, redirects followed, at most
   * `max`; an empty list when the page does not exist.
   */
  outboundLinks(domain: string, title: string, max: number): Promise<string[]>;
  /** W8, redirects followed; null when the page does not exist. */
  pageSummary(domain: string, articleId: string): Promise<PageSummary | null>;
}
