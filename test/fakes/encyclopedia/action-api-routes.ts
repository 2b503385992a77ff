/**
 * The Action API (`/w/api.php`) of an edition (W5 links, W6 siteinfo) and of meta (W7
 * sitematrix). Answers follow formatversion=2; failures are 200 + `error`, as upstream.
 */
import { hashOf } from './deterministic';
import type { FakeEncyclopediaData } from './fake-data';
import { actionApiError, jsonResponse, type FakeResponse } from './fake-response';
import { normalizeTitle } from './fake-titles';
import type { FakeSiteInfo } from './site-namespaces';

export const MAX_TITLES = 50;
const MAX_LINK_LIMIT = 500;
const MAX_SITEMATRIX_LIMIT = 5000;

export interface ActionApiLimits {
  /** link rows per response, across all pages (upstream: 500) */
  linkPageSize: number;
  /** language groups per sitematrix response (upstream: 5000) */
  sitematrixPageSize: number;
}

export function classifyAction(params: URLSearchParams): 'links' | 'siteinfo' | 'sitematrix' | 'action' {
  if (params.get('action') === 'sitematrix') return 'sitematrix';
  if (params.get('action') === 'query') {
    if (splitList(params.get('prop')).includes('links')) return 'links';
    if (splitList(params.get('meta')).includes('siteinfo')) return 'siteinfo';
  }
  return 'action';
}

function splitList(value: string | null): string[] {
  return value ? value.split('|') : [];
}

export function handleSiteAction(
  domain: string,
  params: URLSearchParams,
  data: FakeEncyclopediaData,
  limits: ActionApiLimits,
): FakeResponse | null {
  const site = data.siteInfoOf(domain);
  if (!site) return null;
  const action = params.get('action');
  if (action !== 'query') return actionApiError('badvalue', `Unrecognized value for parameter "action": ${action ?? ''}.`);
  for (const name of ['titles', 'pltitles']) {
    if (splitList(params.get(name)).length > MAX_TITLES) {
      return actionApiError('toomanyvalues', `Too many values supplied for parameter "${name}". The limit is ${MAX_TITLES}.`);
    }
  }
  const route = classifyAction(params);
  if (route === 'links') return links(domain, site, params, data, limits);
  if (route === 'siteinfo') return siteInfo(domain, site, params);
  return jsonResponse({ batchcomplete: true });
}

function siteInfo(domain: string, site: FakeSiteInfo, params: URLSearchParams): FakeResponse {
  const props = new Set(splitList(params.get('siprop') ?? 'general'));
  const query: Record<string, unknown> = {};
  if (props.has('general')) {
    query.general = {
      mainpage: site.mainPage,
      base: `https://${domain}.wikipedia.org/wiki/${encodeURIComponent(site.mainPage.replaceAll(' ', '_'))}`,
      sitename: site.sitename,
      lang: site.lang,
      case: 'first-letter',
    };
  }
  if (props.has('namespaces')) {
    query.namespaces = Object.fromEntries(
      site.namespaces.map((n) => [
        String(n.id),
        {
          id: n.id,
          case: 'first-letter',
          name: n.name,
          subpages: n.id > 0 && n.id % 2 === 1,
          ...(n.canonical !== undefined ? { canonical: n.canonical } : {}),
          content: n.id === 0,
          nonincludable: false,
        },
      ]),
    );
  }
  if (props.has('namespacealiases')) query.namespacealiases = site.aliases.map((a) => ({ ...a }));
  return jsonResponse({ batchcomplete: true, query });
}

interface LinkRow {
  pageid: number;
  ns: number;
  title: string;
}

function pageIdOf(domain: string, title: string): number {
  return (hashOf('page', domain, title) % 90_000_000) + 1_000;
}

function links(
  domain: string,
  site: FakeSiteInfo,
  params: URLSearchParams,
  data: FakeEncyclopediaData,
  limits: ActionApiLimits,
): FakeResponse {
  // the stored graph, re-keyed by normalized title so tests may write titles loosely
  const stored = data.linksOf(domain) ?? { links: {}, redirects: {} };
  const pages = new Map<string, string[]>();
  for (const [title, targets] of Object.entries(stored.links)) {
    const n = normalizeTitle(site, title);
    if ('title' in n) pages.set(n.title, targets);
  }
  const redirectMap = new Map<string, string>();
  for (const [from, to] of Object.entries(stored.redirects)) {
    const a = normalizeTitle(site, from);
    const b = normalizeTitle(site, to);
    if ('title' in a && 'title' in b) redirectMap.set(a.title, b.title);
  }

  const normalized: { fromencoded: boolean; from: string; to: string }[] = [];
  const redirects: { from: string; to: string }[] = [];
  const invalid: Record<string, unknown>[] = [];
  const wanted = new Map<string, number>(); // resolved title → ns
  const followRedirects = params.has('redirects');
  for (const input of splitList(params.get('titles'))) {
    const n = normalizeTitle(site, input);
    if ('invalid' in n) {
      invalid.push({ title: input, invalidreason: n.invalid, invalid: true });
      continue;
    }
    if (n.title !== input && !normalized.some((e) => e.from === input)) {
      normalized.push({ fromencoded: false, from: input, to: n.title });
    }
    let title = n.title;
    let ns = n.ns;
    const target = followRedirects ? redirectMap.get(title) : undefined;
    if (target !== undefined) {
      if (!redirects.some((e) => e.from === title)) redirects.push({ from: title, to: target });
      title = target;
      const t = normalizeTitle(site, target);
      ns = 'ns' in t ? t.ns : 0;
    }
    wanted.set(title, ns);
  }

  const onlyTargets = params.has('pltitles') ? new Set<string>() : null;
  for (const input of splitList(params.get('pltitles'))) {
    const n = normalizeTitle(site, input);
    if ('title' in n) onlyTargets!.add(n.title);
  }
  const onlyNamespaces = params.has('plnamespace') ? new Set(splitList(params.get('plnamespace')).map(Number)) : null;

  const titles = [...wanted.keys()].sort();
  const existing = titles.filter((t) => pages.has(t) || redirectMap.has(t));
  const rows: LinkRow[] = [];
  for (const title of existing) {
    const pageid = pageIdOf(domain, title);
    // a redirect page (reached without redirects=1) links to its target only
    const raw = pages.get(title) ?? [redirectMap.get(title)!];
    const seen = new Map<string, number>();
    for (const target of raw) {
      const n = normalizeTitle(site, target);
      if ('title' in n) seen.set(n.title, n.ns);
    }
    const pageRows = [...seen.entries()]
      .filter(([t, ns]) => (!onlyTargets || onlyTargets.has(t)) && (!onlyNamespaces || onlyNamespaces.has(ns)))
      .map(([t, ns]) => ({ pageid, ns, title: t }))
      .sort((a, b) => a.ns - b.ns || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
    rows.push(...pageRows);
  }

  const token = (row: LinkRow) => `${row.pageid}|${row.ns}|${row.title.replaceAll(' ', '_')}`;
  let from = 0;
  const resume = params.get('plcontinue');
  if (resume !== null) {
    from = rows.findIndex((row) => token(row) === resume);
    if (from < 0) {
      return actionApiError('badcontinue', 'Invalid continue param. You should pass the original value returned by the previous query.');
    }
  }
  const requested = params.get('pllimit');
  const limit = requested === null || requested === 'max' ? MAX_LINK_LIMIT : Math.min(MAX_LINK_LIMIT, Math.max(1, Number(requested) || 10));
  const slice = rows.slice(from, from + Math.min(limit, limits.linkPageSize));
  const next = rows[from + slice.length];

  const pageEntries: Record<string, unknown>[] = titles.map((title) => {
    const ns = wanted.get(title)!;
    if (!existing.includes(title)) return { ns, title, missing: true };
    const pageid = pageIdOf(domain, title);
    const own = slice.filter((row) => row.pageid === pageid).map((row) => ({ ns: row.ns, title: row.title }));
    return { pageid, ns, title, ...(own.length ? { links: own } : {}) };
  });

  const query: Record<string, unknown> = { pages: [...pageEntries, ...invalid] };
  if (normalized.length) query.normalized = normalized;
  if (redirects.length) query.redirects = redirects;
  return jsonResponse(
    next ? { continue: { plcontinue: token(next), continue: '||' }, query } : { batchcomplete: true, query },
  );
}

export function handleMetaAction(params: URLSearchParams, data: FakeEncyclopediaData, limits: ActionApiLimits): FakeResponse {
  const action = params.get('action');
  if (action !== 'sitematrix') {
    if (action === 'query') return jsonResponse({ batchcomplete: true });
    return actionApiError('badvalue', `Unrecognized value for parameter "action": ${action ?? ''}.`);
  }
  const groups = data.editions();
  const types = new Set(splitList(params.get('smtype') ?? 'special|language'));
  const requested = Number(params.get('smlimit') ?? MAX_SITEMATRIX_LIMIT);
  const limit = Math.min(Number.isFinite(requested) && requested > 0 ? requested : MAX_SITEMATRIX_LIMIT, limits.sitematrixPageSize);
  const resume = params.get('smcontinue');
  const from = resume === null ? 0 : Number(resume);
  if (!Number.isInteger(from) || from < 0 || from > groups.length) {
    return actionApiError('badcontinue', 'Invalid continue param. You should pass the original value returned by the previous query.');
  }
  const count = groups.reduce((sum, g) => sum + g.site.length, 0) + data.specials.length;
  const matrix: Record<string, unknown> = { count };
  let index = from;
  if (types.has('language')) {
    for (; index < groups.length && index < from + limit; index++) matrix[String(index)] = structuredClone(groups[index]);
  } else {
    index = groups.length;
  }
  const more = index < groups.length;
  if (types.has('special') && !more) matrix.specials = data.specials.map((s) => ({ ...s }));
  return jsonResponse(more ? { continue: { smcontinue: String(index), continue: '-||' }, sitematrix: matrix } : { sitematrix: matrix });
}
