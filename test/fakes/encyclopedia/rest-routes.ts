/**
 * The edition's REST routes: W8 page summary and W9 search (external-apis §2, §7). Titles
 * match as W9 says the real search does: keywords by substring, `linksto:A linksto:B` as
 * the pages linking to both.
 */
import type { FakeEncyclopediaData } from './fake-data';
import { jsonResponse, problem, type FakeResponse } from './fake-response';

const spaced = (id: string) => id.replaceAll('_', ' ');
const comparable = (text: string) => spaced(text).toLowerCase();

/** `GET {site}/api/rest_v1/page/summary/{title}`; `rawTitle` is the still-encoded segment. */
export function handleSummary(domain: string, rawTitle: string, site: string, data: FakeEncyclopediaData): FakeResponse {
  let title: string;
  try {
    title = decodeURIComponent(rawTitle);
  } catch {
    return problem(400, 'bad title', rawTitle);
  }
  const target = data.redirectTarget(domain, title);
  // a redirect answers 302 to the target's summary; clients follow it (W8)
  if (target !== undefined) return { status: 302, headers: { location: `${site}/api/rest_v1/page/summary/${encodeURIComponent(target)}` }, text: '' };
  const summary = data.summaryOf(domain, title);
  if (!summary) return problem(404, `Page or revision not found.`, `/${domain}.wikipedia.org/v1/page/summary/${rawTitle}`);
  const id = title.replaceAll(' ', '_');
  const body: Record<string, unknown> = {
    type: summary.type,
    title: spaced(id),
    titles: { canonical: id, normalized: spaced(id) },
    pageid: id.length,
    extract: summary.extract,
    content_urls: { desktop: { page: `https://${domain}.wikipedia.org/wiki/${encodeURIComponent(id)}` } },
  };
  if (summary.description !== null) body.description = summary.description;
  return jsonResponse(body);
}

/** `GET {site}/w/rest.php/v1/search/page?q=&limit=` */
export function handleSearch(domain: string, params: URLSearchParams, data: FakeEncyclopediaData): FakeResponse {
  const q = (params.get('q') ?? '').trim();
  const limit = Math.min(100, Math.max(1, Number(params.get('limit') ?? 50) || 50));
  if (q === '') return jsonResponse({ pages: [] });
  const linksTo = [...q.matchAll(/linksto:(\S+)/g)].map((match) => match[1]);
  const words = q
    .replace(/linksto:\S+/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '')
    .map(comparable);
  let candidates = data.pageIds(domain);
  for (const anchor of linksTo) {
    const linking = new Set(data.linkingTo(domain, anchor).map((title) => title.replaceAll(' ', '_')));
    candidates = candidates.filter((id) => linking.has(id));
  }
  const hits = candidates.filter((id) => words.every((word) => comparable(id).includes(word))).slice(0, limit);
  return jsonResponse({
    pages: hits.map((id, index) => {
      const summary = data.summaryOf(domain, id);
      return {
        id: 1000 + index,
        key: id,
        title: spaced(id),
        excerpt: `…<span class="searchmatch">${spaced(id)}</span>…`,
        matched_title: null,
        description: summary?.description ?? null,
        thumbnail: null,
      };
    }),
  });
}
