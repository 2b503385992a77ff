/**
 * What the fake encyclopedia knows. Starts with deterministic defaults relative to `today`;
 * tests override any piece. Explicitly set data always wins over generated data.
 */
import { addDays } from '../../../src/domain/dates';
import {
  DEFAULT_SPECIALS,
  DEFAULT_UNPUBLISHED_TOP_OFFSETS,
  defaultLinkSites,
  defaultSitematrix,
  generatedHistoryStart,
  generatedTitles,
  generatedTopList,
  generatedViews,
  isGeneratedArticle,
  type FakeLinkSite,
  type FakeSitematrixGroup,
} from './default-content';
import { defaultSiteInfos, englishLikeSiteInfo, type FakeSiteInfo } from './site-namespaces';

export interface FakeDailyViews {
  date: string;
  views: number;
}

export interface FakeTopRow {
  article: string;
  views: number;
  /** defaults to the row's position, 1-based */
  rank?: number;
}

/** What W8 says of a page beyond its title. */
export interface FakeSummary {
  description?: string | null;
  extract: string;
  type?: 'standard' | 'disambiguation' | 'mainpage' | 'no-extract';
}

export interface FakeEncyclopediaDataOptions {
  /** `YYYY-MM-DD`, the fake's notion of the current UTC day; default the real one */
  today?: string;
  /** last day AQS has published; default `today − 1` */
  publishedThrough?: string;
  /** false: start with no editions, site info, pageviews or links at all */
  defaults?: boolean;
}

const key = (...parts: string[]) => parts.join('\u0000');
/** The Action API's spelling: spaces, first letter upper-cased. */
const spaced = (title: string) => title.replaceAll('_', ' ');
/** AQS's spelling: underscores. */
const underscored = (title: string) => title.replaceAll(' ', '_');

export class FakeEncyclopediaData {
  today: string;
  publishedThrough: string;
  readonly useDefaults: boolean;

  private readonly series = new Map<string, FakeDailyViews[]>();
  private readonly tops = new Map<string, FakeTopRow[] | null>();
  private readonly linkSites = new Map<string, FakeLinkSite>();
  private readonly siteInfos = new Map<string, FakeSiteInfo>();
  private readonly summaries = new Map<string, FakeSummary>();
  private groups: FakeSitematrixGroup[];
  specials: typeof DEFAULT_SPECIALS;

  constructor(options: FakeEncyclopediaDataOptions = {}) {
    this.today = options.today ?? new Date().toISOString().slice(0, 10);
    this.publishedThrough = options.publishedThrough ?? addDays(this.today, -1);
    this.useDefaults = options.defaults ?? true;
    this.groups = this.useDefaults ? defaultSitematrix() : [];
    this.specials = this.useDefaults ? DEFAULT_SPECIALS.map((s) => ({ ...s })) : [];
    if (this.useDefaults) {
      for (const [domain, info] of Object.entries(defaultSiteInfos())) this.siteInfos.set(domain, info);
      for (const [domain, site] of Object.entries(defaultLinkSites())) this.linkSites.set(domain, site);
      for (const offset of DEFAULT_UNPUBLISHED_TOP_OFFSETS) {
        for (const domain of ['en', 'it', 'kw']) this.tops.set(key(domain, addDays(this.today, offset)), null);
      }
    }
  }

  /** Notes everything this holds; the answer puts it back as it was now (test/fakes/rewind.ts). */
  snapshot(): () => void {
    const saved = structuredClone({
      today: this.today,
      publishedThrough: this.publishedThrough,
      series: this.series,
      tops: this.tops,
      linkSites: this.linkSites,
      siteInfos: this.siteInfos,
      summaries: this.summaries,
      groups: this.groups,
      specials: this.specials,
    });
    return () => {
      const copy = structuredClone(saved);
      this.today = copy.today;
      this.publishedThrough = copy.publishedThrough;
      this.groups = copy.groups;
      this.specials = copy.specials;
      for (const [map, from] of [
        [this.series, copy.series],
        [this.tops, copy.tops],
        [this.linkSites, copy.linkSites],
        [this.siteInfos, copy.siteInfos],
        [this.summaries, copy.summaries],
      ] as [Map<string, unknown>, Map<string, unknown>][]) {
        map.clear();
        for (const [k, v] of from) map.set(k, v);
      }
    };
  }

  // ---- W1 per-article -------------------------------------------------------------

  /** Replaces the article's whole series; `[]` makes AQS answer 404 for it. */
  setSeries(domain: string, article: string, points: FakeDailyViews[]): void {
    this.series.set(key(domain, underscored(article)), points.map((p) => ({ ...p })));
  }

  /** Every row AQS holds for the article, published or not, ascending by date. */
  seriesOf(domain: string, article: string): FakeDailyViews[] {
    const id = underscored(article);
    const explicit = this.series.get(key(domain, id));
    if (explicit) return [...explicit].sort((a, b) => (a.date < b.date ? -1 : 1));
    if (!this.useDefaults || !isGeneratedArticle(domain, id)) return [];
    const points: FakeDailyViews[] = [];
    for (let date = generatedHistoryStart(domain, this.today)!; date <= this.today; date = addDays(date, 1)) {
      const views = generatedViews(domain, id, date, this.today);
      if (views !== null) points.push({ date, views });
    }
    return points;
  }

  /** What W1 answers for `start..end`: published rows only. */
  publishedSeries(domain: string, article: string, start: string, end: string): FakeDailyViews[] {
    return this.seriesOf(domain, article).filter((p) => p.date >= start && p.date <= end && p.date <= this.publishedThrough);
  }

  // ---- W2 top ---------------------------------------------------------------------

  /** Sets a day's list; `null` marks the day unpublished (404). */
  setTop(domain: string, date: string, rows: FakeTopRow[] | null): void {
    this.tops.set(key(domain, date), rows ? rows.map((r) => ({ ...r })) : null);
  }

  unpublishTop(domain: string, date: string): void {
    this.tops.set(key(domain, date), null);
  }

  /** The list W2 serves for the day, ranks filled in; null when unpublished or unknown. */
  topList(domain: string, date: string): Required<FakeTopRow>[] | null {
    if (date > this.publishedThrough) return null;
    const k = key(domain, date);
    const rows: FakeTopRow[] | null = this.tops.has(k) ? this.tops.get(k)! : this.useDefaults ? generatedTopList(domain, date, this.today) : null;
    return rows ? rows.map((row, i) => ({ article: row.article, views: row.views, rank: row.rank ?? i + 1 })) : null;
  }

  // ---- W5 links -------------------------------------------------------------------

  /** Makes `from` an existing page whose links are exactly `to` (as written in wikitext). */
  setLinks(domain: string, from: string, to: string[]): void {
    this.linkSite(domain).links[spaced(from)] = to.map(spaced);
  }

  /** Existing pages without links. */
  addPages(domain: string, titles: string[]): void {
    const site = this.linkSite(domain);
    for (const title of titles) site.links[spaced(title)] ??= [];
  }

  setRedirect(domain: string, from: string, to: string): void {
    this.linkSite(domain).redirects[spaced(from)] = spaced(to);
  }

  linksOf(domain: string): FakeLinkSite | undefined {
    return this.linkSites.get(domain);
  }

  private linkSite(domain: string): FakeLinkSite {
    let site = this.linkSites.get(domain);
    if (!site) this.linkSites.set(domain, (site = { links: {}, redirects: {} }));
    return site;
  }

  // ---- W8 summary, W9 search ---------------------------------------------------------

  /** Makes `title` an existing page with this summary. */
  setSummary(domain: string, title: string, summary: FakeSummary): void {
    this.summaries.set(key(domain, underscored(title)), { ...summary });
  }

  /** Article ids the edition has: pageview series, link pages, summaries, the generated world. */
  pageIds(domain: string): string[] {
    const ids = new Set<string>();
    for (const k of [...this.series.keys(), ...this.summaries.keys()]) {
      const [d, id] = k.split('\u0000');
      if (d === domain) ids.add(id);
    }
    for (const title of Object.keys(this.linkSites.get(domain)?.links ?? {})) ids.add(underscored(title));
    if (this.useDefaults) for (const id of generatedTitles(domain)) ids.add(id);
    return [...ids];
  }

  /** A redirect's target (article id), or undefined when `title` is no redirect. */
  redirectTarget(domain: string, title: string): string | undefined {
    const target = this.linkSites.get(domain)?.redirects[spaced(title)];
    return target === undefined ? undefined : underscored(target);
  }

  /** W8 for an existing page; null when the page does not exist. */
  summaryOf(domain: string, title: string): Required<FakeSummary> | null {
    const id = underscored(title);
    const explicit = this.summaries.get(key(domain, id));
    if (explicit) return { description: null, type: 'standard', ...explicit };
    if (!this.pageIds(domain).includes(id)) return null;
    return { description: null, type: 'standard', extract: `${spaced(id)} is an article of the fake encyclopedia.` };
  }

  /** Titles (spaces) of the pages that link to `title`. */
  linkingTo(domain: string, title: string): string[] {
    const target = spaced(title);
    return Object.entries(this.linkSites.get(domain)?.links ?? {})
      .filter(([, to]) => to.includes(target))
      .map(([from]) => from);
  }

  // ---- W6 siteinfo ----------------------------------------------------------------

  setSiteInfo(domain: string, info: FakeSiteInfo): void {
    this.siteInfos.set(domain, info);
  }

  /** Null means the fake does not host the edition at all (404 for its Action API). */
  siteInfoOf(domain: string): FakeSiteInfo | null {
    return this.siteInfos.get(domain) ?? (this.linkSites.has(domain) ? englishLikeSiteInfo(domain) : null);
  }

  // ---- W7 sitematrix --------------------------------------------------------------

  setEditions(groups: FakeSitematrixGroup[]): void {
    this.groups = groups.map((g) => structuredClone(g));
  }

  addEdition(group: FakeSitematrixGroup): void {
    this.groups.push(structuredClone(group));
  }

  editions(): FakeSitematrixGroup[] {
    return this.groups;
  }
}
