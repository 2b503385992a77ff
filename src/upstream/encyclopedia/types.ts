export interface Edition {
  /** as sitematrix spells it (`it`, `zh-yue`) */
  code: string;
  /** From the site URL: usually `code`, but not always (the `nb` group's wiki is `no.wikipedia.org`). */
  domain: string;
  /** the code when sitematrix gives none */
  autonym: string;
  /** the code when sitematrix gives none */
  englishName: string;
}

export interface SiteInfo {
  /** underscored, with the trailing `:` */
  namespaceNames: string[];
  mainPage: string;
}

export interface TopRow {
  article: string;
  views: number;
  rank: number;
}

/** Days without views are absent. */
export interface DailyViews {
  date: string;
  views: number;
}

/** The page itself (a redirect's target), never the redirect. */
export interface SearchHit {
  id: string;
  title: string;
  description: string | null;
}

export interface PageSummary {
  id: string;
  title: string;
  description: string | null;
  extract: string;
  type: string;
}

export interface EncyclopediaClient {
  listEditions(): Promise<Edition[]>;
  siteInfo(domain: string): Promise<SiteInfo>;
  topArticles(domain: string, date: string): Promise<TopRow[] | null>;
  /** Ascending, gaps left as gaps; null when AQS has no row at all for the article in the range. */
  dailySeries(domain: string, articleId: string, start: string, end: string): Promise<DailyViews[] | null>;
  /** Every distinct input key is present; missing pages map to an empty set. */
  linkGraph(domain: string, titles: string[]): Promise<Map<string, Set<string>>>;
  searchPages(domain: string, query: string, limit: number): Promise<SearchHit[]>;
  /** Main namespace, redirects followed; an empty list when the page does not exist. */
  outboundLinks(domain: string, title: string, max: number): Promise<string[]>;
  pageSummary(domain: string, articleId: string): Promise<PageSummary | null>;
}
