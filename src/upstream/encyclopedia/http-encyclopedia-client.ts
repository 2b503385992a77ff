/** Wire shapes stay in here; callers get plain rows, null for "AQS has nothing", and an UpstreamError for every failure, never a silent zero. */
import { editionSiteUrl, type Config } from '../../platform/config';
import { compactDate, parseStrictDate } from '../../domain/dates';
import { UpstreamError } from '../http-client';
import { EncyclopediaTransport, UPSTREAM_NAME } from './encyclopedia-transport';
import { fetchLinkGraph } from './link-graph';
import { encodeTitleForPath, joinTitles } from './titles-in-urls';
import type { DailyViews, Edition, EncyclopediaClient, PageSummary, SearchHit, SiteInfo, TopRow } from './types';
import { linksBody, perArticleBody, searchBody, siteInfoBody, sitematrixBody, sitematrixGroup, summaryBody, topBody } from './wire-schemas';
import { ConcurrencyLimiter } from '../limiter';

export interface EncyclopediaClientOptions {
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
  /** doubling per attempt (external-apis.md) */
  baseDelayMs?: number;
  /** a Retry-After longer than this fails the call instead of waiting */
  maxDelayMs?: number;
  /** Every call of this client queues here, across every host (external-apis.md); a process shares one client. */
  limiter?: ConcurrencyLimiter;
}

/** A page's links past this many responses are not read (pllimit=max is 500 rows each). */
const MAX_LINK_PAGES = 10;

/** W7 says a continuation is possible; this guards against one that never ends. */
const MAX_SITEMATRIX_PAGES = 100;

export function createEncyclopediaClient(config: Config, options: EncyclopediaClientOptions = {}): HttpEncyclopediaClient {
  return new HttpEncyclopediaClient(config, options);
}

export class HttpEncyclopediaClient implements EncyclopediaClient {
  private readonly transport: EncyclopediaTransport;

  constructor(
    private readonly config: Config,
    options: EncyclopediaClientOptions = {},
  ) {
    this.transport = new EncyclopediaTransport({
      userAgent: config.encyclopedia.userAgent,
      limiter: options.limiter ?? new ConcurrencyLimiter(config.encyclopedia.maxConcurrency),
      timeoutMs: options.timeoutMs ?? 15_000,
      baseDelayMs: options.baseDelayMs ?? 1_000,
      maxDelayMs: options.maxDelayMs ?? 60_000,
      sleep: options.sleep,
    });
  }

  async listEditions(): Promise<Edition[]> {
    const editions: Edition[] = [];
    let resume: Record<string, string> = {};
    for (let page = 0; page < MAX_SITEMATRIX_PAGES; page++) {
      const url = this.actionUrl(trimSlash(this.config.encyclopedia.metaUrl), {
        action: 'sitematrix',
        smtype: 'language',
        smsiteprop: 'url|code|closed',
        smlangprop: 'code|name|localname|site',
        ...resume,
      });
      const body = await this.transport.action(url, sitematrixBody, 'sitematrix');
      for (const [key, value] of Object.entries(body.sitematrix)) {
        if (key === 'count' || key === 'specials') continue;
        const edition = toEdition(value);
        if (edition) editions.push(edition);
      }
      if (!body.continue) return editions;
      resume = stringValues(body.continue);
    }
    throw new UpstreamError(UPSTREAM_NAME, 'invalid', undefined, 'sitematrix: continuation does not end');
  }

  async siteInfo(domain: string): Promise<SiteInfo> {
    const url = this.actionUrl(this.siteRoot(domain), {
      action: 'query',
      meta: 'siteinfo',
      siprop: 'namespaces|namespacealiases|general',
    });
    const { query } = await this.transport.action(url, siteInfoBody, 'siteinfo');
    const names = new Set<string>();
    const add = (name: string | undefined) => {
      if (name) names.add(`${name.replaceAll(' ', '_')}:`);
    };
    for (const namespace of Object.values(query.namespaces)) {
      if (namespace.id === 0) continue;
      add(namespace.name);
      add(namespace.canonical);
    }
    for (const alias of query.namespacealiases) if (alias.id !== 0) add(alias.alias);
    return { namespaceNames: [...names], mainPage: query.general.mainpage.replaceAll(' ', '_') };
  }

  async topArticles(domain: string, date: string): Promise<TopRow[] | null> {
    const [year, month, day] = requireDate(date).split('-');
    const url = `${this.pageviewsRoot()}/top/${project(domain)}/all-access/${year}/${month}/${day}`;
    const body = await this.transport.metrics(url, topBody, 'top');
    if (!body) return null;
    return (body.items[0]?.articles ?? []).map(({ article, views, rank }) => ({ article, views, rank }));
  }

  async dailySeries(domain: string, articleId: string, start: string, end: string): Promise<DailyViews[] | null> {
    const rows = await this.perArticle(domain, articleId, requireDate(start), requireDate(end));
    if (!rows) return null;
    // keyed by day: AQS omits days without views, so position says nothing about the date
    const byDate = new Map<string, number>();
    for (const row of rows) byDate.set(timestampDate(row.timestamp), row.views);
    return [...byDate.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([date, views]) => ({ date, views }));
  }

  linkGraph(domain: string, titles: string[]): Promise<Map<string, Set<string>>> {
    const root = this.siteRoot(domain);
    return fetchLinkGraph(titles, (sources, targets, resume) =>
      this.transport.action(
        this.actionUrl(root, {
          action: 'query',
          prop: 'links',
          titles: joinTitles(sources),
          pltitles: joinTitles(targets),
          pllimit: 'max',
          redirects: '1',
          ...resume,
        }),
        linksBody,
        'links',
      ),
    );
  }

  async outboundLinks(domain: string, title: string, max: number): Promise<string[]> {
    const root = this.siteRoot(domain);
    const out = new Set<string>();
    let resume: Record<string, string> = {};
    // a page's links come a page of rows at a time; `max` bounds how many pages we ask for
    for (let page = 0; page < MAX_LINK_PAGES && out.size < max; page++) {
      const body = await this.transport.action(
        this.actionUrl(root, { action: 'query', prop: 'links', titles: title, plnamespace: '0', pllimit: 'max', redirects: '1', ...resume }),
        linksBody,
        'links',
      );
      for (const entry of body.query.pages) for (const link of entry.links ?? []) out.add(link.title.replaceAll(' ', '_'));
      if (!body.continue) break;
      resume = stringValues(body.continue);
    }
    return [...out].slice(0, max);
  }

  async searchPages(domain: string, query: string, limit: number): Promise<SearchHit[]> {
    if (query.trim() === '') return [];
    // the edition's own host (W9 Rec): the portal host has a per-address hourly quota
    const params = new URLSearchParams({ q: query, limit: String(Math.min(100, Math.max(1, Math.floor(limit)))) });
    const body = await this.transport.json(`${this.siteRoot(domain)}/w/rest.php/v1/search/page?${params}`, searchBody, 'search');
    return body.pages.map((page) => ({
      id: page.key.replaceAll(' ', '_'),
      title: page.title ?? page.key.replaceAll('_', ' '),
      description: page.description ?? null,
    }));
  }

  async pageSummary(domain: string, articleId: string): Promise<PageSummary | null> {
    const url = `${this.siteRoot(domain)}/api/rest_v1/page/summary/${encodeTitleForPath(articleId)}`;
    const body = await this.transport.json(url, summaryBody, 'summary', { notFoundIsNull: true });
    if (!body) return null;
    const id = (body.titles?.canonical ?? body.title).replaceAll(' ', '_');
    return { id, title: body.title, description: body.description ?? null, extract: body.extract, type: body.type };
  }

  private async perArticle(domain: string, articleId: string, start: string, end: string) {
    const url =
      `${this.pageviewsRoot()}/per-article/${project(domain)}/all-access/user/` +
      `${encodeTitleForPath(articleId)}/daily/${compactDate(start)}/${compactDate(end)}`;
    const body = await this.transport.metrics(url, perArticleBody, 'per-article');
    return body?.items ?? null;
  }

  private pageviewsRoot(): string {
    return `${trimSlash(this.config.encyclopedia.metricsUrl)}/pageviews`;
  }

  private siteRoot(domain: string): string {
    return editionSiteUrl(this.config, domain);
  }

  private actionUrl(root: string, params: Record<string, string>): string {
    const query = new URLSearchParams({ ...params, format: 'json', formatversion: '2' });
    return `${root}/w/api.php?${query}`;
  }
}

function toEdition(value: unknown): Edition | null {
  const parsed = sitematrixGroup.safeParse(value);
  // an odd group is skipped rather than failing the whole list of ~340 editions
  if (!parsed.success) return null;
  const group = parsed.data;
  const wiki = group.site.find((site) => site.code === 'wiki' && site.closed !== true && site.closed !== '');
  if (!wiki) return null;
  return {
    code: group.code,
    domain: wikipediaSubdomain(wiki.url) ?? group.code,
    autonym: group.name || group.code,
    englishName: group.localname || group.code,
  };
}

function wikipediaSubdomain(url: string): string | null {
  try {
    const host = new URL(url).hostname;
    return host.endsWith('.wikipedia.org') ? host.slice(0, -'.wikipedia.org'.length) : null;
  } catch {
    return null;
  }
}

function project(domain: string): string {
  return `${domain}.wikipedia`;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function stringValues(record: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, String(value)]));
}

function timestampDate(timestamp: string): string {
  return `${timestamp.slice(0, 4)}-${timestamp.slice(4, 6)}-${timestamp.slice(6, 8)}`;
}

function requireDate(date: string): string {
  const valid = parseStrictDate(date);
  if (!valid) throw new RangeError(`not a YYYY-MM-DD day: ${date}`);
  return valid;
}
