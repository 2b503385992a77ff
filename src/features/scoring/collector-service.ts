/**
 * The built-in scoring engine (external-apis.md): read the day's scoring inputs, fetch
 * each distinct article's views once, resolve chemistry levels from the articles' outbound
 * links, and ingest the facts in chunks of 100 through the same service as the endpoint.
 * It computes no points itself. Concurrency and the User-Agent are the client's job (one
 * shared limiter of 3 for every encyclopedia call).
 */
import type { Clock } from '../../platform/clock';
import { levelFromLinks } from '../../domain/chemistry';
import { comparisonKey } from '../../domain/titles';
import type { Logger } from '../../platform/log';
import type { Database } from '../../platform/db/database';
import type { EncyclopediaClient } from '../../upstream/encyclopedia';
import { INGEST_CHUNK, type PerformanceIngestService } from './performance-ingest-service';
import type { ScoringInputsService } from './scoring-inputs-service';
import type { PerformanceIngest, ScoringInput } from './wire';
import { mapWithWorkers } from '../../platform/map-with-workers';

export interface CollectorServiceDeps {
  db: Database;
  clock: Clock;
  log: Logger;
  encyclopedia: EncyclopediaClient;
  inputs: ScoringInputsService;
  ingest: PerformanceIngestService;
}

export interface CollectReport {
  date: string;
  teams: number;
  /** distinct (edition, article) view fetches */
  articles: number;
  /** editions whose link graph was fetched */
  linkGraphs: number;
  written: number;
}

export interface CollectOptions {
  /** told after each encyclopedia fetch (article views and link graphs) */
  onProgress?: (done: number, total: number) => void;
}

/** one team's row of a performance ingest, as the scoring engine's endpoint takes it */
type PerformanceResult = PerformanceIngest['results'][number];

/**
 * The engine's own pacing (external-apis.md: at most 3 in flight). The client's shared
 * limiter enforces it too; pulling work this way also stops issuing calls after a failure
 * instead of leaving thousands queued.
 */
const ENGINE_CONCURRENCY = 3;

const viewKey = (domain: string, title: string) => `${domain}\u0000${comparisonKey(title)}`;

export class CollectorService {
  private readonly inputs: ScoringInputsService;
  private readonly ingest: PerformanceIngestService;

  constructor(private readonly deps: CollectorServiceDeps) {
    this.inputs = deps.inputs;
    this.ingest = deps.ingest;
  }

  /**
   * Scores `date` (a strict `YYYY-MM-DD`). Any encyclopedia failure other than "no data"
   * aborts before anything is written; re-running the day overwrites, so a retry is safe.
   */
  async collect(date: string, options: CollectOptions = {}): Promise<CollectReport> {
    const inputs = await this.inputs.inputsFor(date);
    const wanted = wantedViews(inputs);
    const graphDomains = linkGraphTitles(inputs);
    const total = wanted.size + graphDomains.size;
    let done = 0;
    const fetched = () => options.onProgress?.(++done, total);
    options.onProgress?.(0, total);
    // both fan-outs settle before a failure is reported, so an aborted run leaves nothing in flight
    const [viewsOutcome, graphsOutcome] = await Promise.allSettled([
      this.fetchViews(wanted, date, fetched),
      this.fetchLinkGraphs(graphDomains, fetched),
    ]);
    if (viewsOutcome.status === 'rejected') throw viewsOutcome.reason;
    if (graphsOutcome.status === 'rejected') throw graphsOutcome.reason;
    const views = viewsOutcome.value;
    const graphs = graphsOutcome.value;
    const results = inputs.map((input) => resultFor(input, views, graphs.get(input.domain)));
    let written = 0;
    for (let i = 0; i < results.length; i += INGEST_CHUNK) {
      written += (await this.ingest.ingest({ date, results: results.slice(i, i + INGEST_CHUNK) }, { maxRows: INGEST_CHUNK })).written;
    }
    await this.ingest.writeRanks();
    const report = { date, teams: inputs.length, articles: views.size, linkGraphs: graphs.size, written };
    this.deps.log.info('collect done', { ...report });
    return report;
  }

  /**
   * One W1 one-day call per distinct (edition, canonical title). No data for the day (404,
   * or the day absent from the answer) is 0 views plus a warning (external-apis W1, ),
   * so an operator can tell a quiet article from a misspelt or unpublished one.
   */
  private async fetchViews(wanted: Map<string, { domain: string; articleId: string }>, date: string, fetched: () => void): Promise<Map<string, number>> {
    const entries = await mapWithWorkers([...wanted], ENGINE_CONCURRENCY, async ([key, { domain, articleId }]) => {
      const series = await this.deps.encyclopedia.dailySeries(domain, articleId, date, date);
      const views = series?.find((day) => day.date === date)?.views;
      if (views === undefined) this.deps.log.warn('collect: no views for the day, scored as 0', { domain, articleId, date });
      fetched();
      return [key, views ?? 0] as const;
    });
    return new Map(entries);
  }

  private async fetchLinkGraphs(titlesByDomain: Map<string, Set<string>>, fetched: () => void): Promise<Map<string, Map<string, Set<string>>>> {
    const graphs = await Promise.all(
      [...titlesByDomain].map(async ([domain, titles]) => {
        const graph = await this.deps.encyclopedia.linkGraph(domain, [...titles].sort());
        fetched();
        return [domain, graph] as const;
      }),
    );
    return new Map(graphs);
  }
}

/** One view fetch per distinct (edition, canonical title). */
function wantedViews(inputs: readonly ScoringInput[]): Map<string, { domain: string; articleId: string }> {
  const wanted = new Map<string, { domain: string; articleId: string }>();
  for (const input of inputs) {
    for (const title of input.articles) {
      const key = viewKey(input.domain, title);
      if (!wanted.has(key)) wanted.set(key, { domain: input.domain, articleId: comparisonKey(title).replaceAll(' ', '_') });
    }
  }
  return wanted;
}

/** Per edition, every title that appears in a pair; an edition with fewer than 2 needs no link graph. */
function linkGraphTitles(inputs: readonly ScoringInput[]): Map<string, Set<string>> {
  const titlesByDomain = new Map<string, Set<string>>();
  for (const input of inputs) {
    for (const pair of input.chemistryLinks) {
      let titles = titlesByDomain.get(input.domain);
      if (!titles) titlesByDomain.set(input.domain, (titles = new Set()));
      for (const title of pair) titles.add(comparisonKey(title));
    }
  }
  for (const [domain, titles] of titlesByDomain) if (titles.size < 2) titlesByDomain.delete(domain);
  return titlesByDomain;
}

/** One PerformanceResult: views in `articles` order, one level per pair in `chemistryLinks` order. */
function resultFor(input: ScoringInput, views: Map<string, number>, graph: Map<string, Set<string>> | undefined): PerformanceResult {
  const linksTo = (from: string, to: string) => graph?.get(comparisonKey(from))?.has(comparisonKey(to)) ?? false;
  return {
    teamId: input.teamId,
    articleViews: input.articles.map((title) => views.get(viewKey(input.domain, title)) ?? 0),
    chemistryLevels: input.chemistryLinks.map(([a, b]) => levelFromLinks(linksTo(a, b), linksTo(b, a))),
    formationSnapshot: input.formationSnapshot,
  };
}
