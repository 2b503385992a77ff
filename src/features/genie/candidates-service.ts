/** Built on the server (the browser talks to no one else); a candidate without a search description gets the summary's. */
import { DAY_MS, utcDay } from '../../domain/dates';
import { fail } from '../../domain/errors';
import { linksToQuery, MAX_GENIE_ANCHORS, rankCandidates, type GenieCandidate } from '../../domain/genie-candidates';
import { existingLeague } from '../leagues/lookups';
import { getCached, putCached } from '../../platform/db/upstream-cache';
import { UpstreamError } from '../../upstream/http-client';
import { editionContentFilter } from '../articles/content-filter';
import { mapWithWorkers } from '../../platform/map-with-workers';
import type { GenieCandidates, GenieCandidatesQuery } from '../articles/wire';
import type { EncyclopediaDeps } from '../../platform/encyclopedia-deps';

const MAX_KEYWORDS = 200;
const MAX_ANCHOR = 300;
/** W9: the linksto: search reads up to 100 hits, the keyword search 50. */
const LINKING_HITS = 100;
const KEYWORD_HITS = 50;
const ANCHOR_LINKS = 1_500;
/** A description is one line of the turn's candidate list, not the article. */
const DESCRIPTION_CHARACTERS = 200;
const HYDRATION_CONCURRENCY = 3;
const CANDIDATES_TTL_MS = DAY_MS / 4;

export class GenieCandidateService {
  constructor(private readonly deps: EncyclopediaDeps) {}

  async candidates(leagueId: string, request: GenieCandidatesQuery): Promise<GenieCandidates> {
    const { db, clock } = this.deps;
    const league = await existingLeague(db, leagueId);
    const keywords = (request.keywords ?? '').trim().replace(/\s+/g, ' ');
    const anchors = [...new Set(request.anchor.map((anchor) => anchor.trim()).filter((anchor) => anchor !== ''))];
    if (keywords.length > MAX_KEYWORDS) fail('ARTICLE_QUERY_TOO_LONG');
    if (anchors.length > MAX_GENIE_ANCHORS || anchors.some((anchor) => anchor.length > MAX_ANCHOR)) fail('INVALID_REQUEST', 'anchors');
    if (keywords === '' && anchors.length === 0) return { candidates: [] };

    const key = `genie-candidates:${league.domain}:${utcDay(clock.now())}:${JSON.stringify([keywords.toLowerCase(), anchors])}`;
    const cached = await getCached<GenieCandidate[]>(db, key, clock.now());
    if (cached) return { candidates: cached };
    const candidates = await this.build(league.domain, keywords, anchors);
    await putCached(db, key, candidates, clock.now(), CANDIDATES_TTL_MS);
    return { candidates };
  }

  private async build(domain: string, keywords: string, anchors: string[]): Promise<GenieCandidate[]> {
    const { encyclopedia, log } = this.deps;
    try {
      const [linkingToAnchors, keywordHits, anchorLinks, filter] = await Promise.all([
        anchors.length > 0 ? encyclopedia.searchPages(domain, linksToQuery(anchors), LINKING_HITS) : [],
        keywords !== '' ? encyclopedia.searchPages(domain, keywords, KEYWORD_HITS) : [],
        Promise.all(anchors.map((anchor) => encyclopedia.outboundLinks(domain, anchor.replace(/\s+/g, '_'), ANCHOR_LINKS))),
        editionContentFilter(encyclopedia, log, domain),
      ]);
      const ranked = rankCandidates({ anchors, linkingToAnchors, keywordHits, anchorLinks, isContent: filter.isContent });
      return await mapWithWorkers(ranked, HYDRATION_CONCURRENCY, (candidate) => this.described(domain, candidate));
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      log.warn('genie candidates unavailable', { domain, upstreamError: error.message });
      return fail('ENCYCLOPEDIA_UNAVAILABLE');
    }
  }

  private async described(domain: string, candidate: GenieCandidate): Promise<GenieCandidate> {
    if (candidate.description) return candidate;
    const summary = await this.deps.encyclopedia.pageSummary(domain, candidate.id).catch((error: unknown) => {
      if (error instanceof UpstreamError) return null;
      throw error;
    });
    const text = summary?.description || summary?.extract || candidate.title;
    return { ...candidate, title: summary?.title ?? candidate.title, description: oneLine(text) };
  }
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_CHARACTERS ? flat : `${flat.slice(0, DESCRIPTION_CHARACTERS - 1).trimEnd()}…`;
}
