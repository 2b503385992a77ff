/** AQS pageview routes: W1 per-article and W2 top, under `{metricsUrl}/pageviews/`. */
import { parseStrictDate } from '../../../src/domain/dates';
import type { FakeEncyclopediaData } from './fake-data';
import { jsonResponse, problem, type FakeResponse } from './fake-response';

const ACCESS = new Set(['all-access', 'desktop', 'mobile-app', 'mobile-web']);
const AGENTS = new Set(['all-agents', 'user', 'spider', 'automated']);
const NO_DATA =
  'The date(s) you used are valid, but we either do not have data for those date(s), or the project you asked for is not loaded yet. Please check documentation for more information.';

export type MetricsRoute = 'per-article' | 'top';

/** The route and edition a metrics path names, for logging and faults; null when it names none. */
export function classifyMetricsPath(segments: string[]): { route: MetricsRoute; domain?: string } | null {
  const [kind, projectName] = segments;
  if (kind !== 'per-article' && kind !== 'top') return null;
  return { route: kind, domain: domainOf(projectName ?? '') ?? undefined };
}

/** `segments` are the raw (still percent-encoded) path segments after `/pageviews/`. */
export function handleMetrics(segments: string[], uri: string, data: FakeEncyclopediaData): FakeResponse {
  if (segments[0] === 'per-article' && segments.length === 8) return perArticle(segments, uri, data);
  if (segments[0] === 'top' && segments.length === 6) return top(segments, uri, data);
  return problem(404, 'Request path not found.', uri);
}

function domainOf(projectName: string): string | null {
  return /^([a-z0-9-]+)\.wikipedia(?:\.org)?$/.exec(projectName)?.[1] ?? null;
}

/** `YYYYMMDD` or `YYYYMMDDHH` → `YYYY-MM-DD`. */
function pathDate(value: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})?$/.exec(value);
  return match ? parseStrictDate(`${match[1]}-${match[2]}-${match[3]}`) : null;
}

function perArticle(segments: string[], uri: string, data: FakeEncyclopediaData): FakeResponse {
  const [, projectName, access, agent, rawTitle, granularity, rawStart, rawEnd] = segments;
  const domain = domainOf(projectName);
  if (!domain) return problem(400, `Invalid project: ${projectName}`, uri);
  if (!ACCESS.has(access)) return problem(400, `Invalid access: ${access}`, uri);
  if (!AGENTS.has(agent)) return problem(400, `Invalid agent: ${agent}`, uri);
  if (granularity !== 'daily') return problem(400, `The fake only serves daily granularity, not ${granularity}`, uri);
  let title: string;
  try {
    title = decodeURIComponent(rawTitle);
  } catch {
    return problem(400, 'Invalid title encoding', uri);
  }
  if (title === '') return problem(400, 'Empty title', uri);
  const start = pathDate(rawStart);
  const end = pathDate(rawEnd);
  if (!start || !end) return problem(400, 'start and end must be dates in YYYYMMDD format', uri);
  if (start > end) return problem(400, 'start timestamp should be before the end timestamp', uri);
  const rows = data.publishedSeries(domain, title, start, end);
  if (rows.length === 0) return problem(404, NO_DATA, uri);
  return jsonResponse({
    items: rows.map((row) => ({
      project: `${domain}.wikipedia`,
      article: title.replaceAll(' ', '_'),
      granularity: 'daily',
      timestamp: `${row.date.replaceAll('-', '')}00`,
      access,
      agent,
      views: row.views,
    })),
  });
}

function top(segments: string[], uri: string, data: FakeEncyclopediaData): FakeResponse {
  const [, projectName, access, year, month, day] = segments;
  const domain = domainOf(projectName);
  if (!domain) return problem(400, `Invalid project: ${projectName}`, uri);
  if (!ACCESS.has(access)) return problem(400, `Invalid access: ${access}`, uri);
  const date = parseStrictDate(`${year}-${month}-${day}`);
  if (!date) return problem(400, 'Given year/month/day is invalid date', uri);
  const rows = data.topList(domain, date);
  if (!rows || rows.length === 0) return problem(404, NO_DATA, uri);
  return jsonResponse({
    items: [
      {
        project: `${domain}.wikipedia`,
        access,
        year,
        month,
        day,
        articles: rows.map(({ article, views, rank }) => ({ article, views, rank })),
      },
    ],
  });
}
