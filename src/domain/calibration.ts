/** An edition's Language Scale Factor, and the content-article filter it shares with the market (external-apis.md). */

export const REFERENCE_DOMAIN = 'en';
/** Rank-matched positions compared between the target edition and `en`. */
const CALIBRATION_RANKS = 500;
export const CALIBRATION_WINDOW_DAYS = 30;
const ACCEPTANCE_MIN_RANKS = 300;
/** A title counts toward an edition's depth only with at least this many views that day. */
const ACCEPTANCE_MIN_DAILY_VIEWS = 50;

const SYNTHETIC_ROW = '-';

export interface SiteNamespace {
  id: number;
  name: string;
  canonical?: string;
}

export interface NamespaceAlias {
  id: number;
  alias: string;
}

export interface SiteInfo {
  namespaces: readonly SiteNamespace[];
  aliases: readonly NamespaceAlias[];
  mainPage: string;
}

export type ContentFilter = (title: string) => boolean;

const underscored = (text: string) => text.replaceAll(' ', '_');

function filterFrom(prefixes: readonly string[], mainPage: string): ContentFilter {
  return (title) => title !== SYNTHETIC_ROW && title !== mainPage && !prefixes.some((p) => title.startsWith(p));
}

/** Built from the edition's own namespace list, never a hardcoded one. */
export function contentFilter({ namespaces, aliases, mainPage }: SiteInfo): ContentFilter {
  const names = new Set<string>();
  for (const ns of namespaces) {
    if (ns.id === 0) continue;
    if (ns.name) names.add(ns.name);
    if (ns.canonical) names.add(ns.canonical);
  }
  for (const alias of aliases) {
    if (alias.id !== 0 && alias.alias) names.add(alias.alias);
  }
  return filterFrom([...names].map((name) => `${underscored(name)}:`), underscored(mainPage));
}

/** external-apis.md fallback, for the market only when siteinfo fails; never cache its result. */
const ENGLISH_FALLBACK_PREFIXES = [
  'Special:',
  'Wikipedia:',
  'Portal:',
  'Template:',
  'Help:',
  'Category:',
  'File:',
] as const;
const ENGLISH_FALLBACK_MAIN_PAGE = 'Main_Page';

export const englishFallbackFilter: ContentFilter = filterFrom(ENGLISH_FALLBACK_PREFIXES, ENGLISH_FALLBACK_MAIN_PAGE);

/** Sorted ascending: even → mean of the two middle, empty → undefined. */
export function median(numbers: readonly number[]): number | undefined {
  if (numbers.length === 0) return undefined;
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export interface TopRow {
  article: string;
  views: number;
}

export interface RankedTitle {
  title: string;
  avg: number;
}

export interface EditionMeasure {
  presentDays: number;
  /** round(median of the per-day count of content rows with ≥ 50 views); 0 when no day is present */
  qualifyingRanks: number;
  ranked: RankedTitle[];
}

/** Steps 2, 3, 4 and 6 of the rules. `days` holds null (or an empty list) for a day whose list could not be had. */
export function measureEdition(days: readonly (readonly TopRow[] | null)[], isContent: ContentFilter): EditionMeasure {
  const present = days.filter((day): day is readonly TopRow[] => day !== null && day.length > 0);
  const totals = new Map<string, number>();
  const dailyCounts: number[] = [];
  for (const day of present) {
    let qualifying = 0;
    for (const row of day) {
      if (!isContent(row.article)) continue;
      totals.set(row.article, (totals.get(row.article) ?? 0) + row.views);
      if (row.views >= ACCEPTANCE_MIN_DAILY_VIEWS) qualifying += 1;
    }
    dailyCounts.push(qualifying);
  }
  // Divided by present days, not appearances: a one-day spike must not outrank a steady article.
  const ranked = [...totals]
    .map(([title, total]) => ({ title, avg: total / present.length }))
    .sort((a, b) => b.avg - a.avg || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
  return { presentDays: present.length, qualifyingRanks: Math.round(median(dailyCounts) ?? 0), ranked };
}

export type CalibrationRefusal = 'CALIBRATION_UNAVAILABLE' | 'CALIBRATION_BELOW_FLOOR';

export type CalibrationOutcome =
  | { ok: true; scale: number; sampleSize: number; qualifyingRanks: number }
  | { ok: false; reason: CalibrationRefusal };

/** The target is held to the floor before `en` is looked at, so a too-small edition is told so even while `en` cannot be measured. */
export function languageScaleFactor(target: EditionMeasure, en: EditionMeasure): CalibrationOutcome {
  if (target.presentDays === 0) return { ok: false, reason: 'CALIBRATION_UNAVAILABLE' };
  if (target.qualifyingRanks < ACCEPTANCE_MIN_RANKS) return { ok: false, reason: 'CALIBRATION_BELOW_FLOOR' };
  if (en.presentDays === 0) return { ok: false, reason: 'CALIBRATION_UNAVAILABLE' };
  const n = Math.min(CALIBRATION_RANKS, en.ranked.length, target.ranked.length);
  const ratios: number[] = [];
  for (let i = 0; i < n; i += 1) {
    if (target.ranked[i].avg > 0) ratios.push(en.ranked[i].avg / target.ranked[i].avg);
  }
  const scale = median(ratios);
  if (scale === undefined || !Number.isFinite(scale) || scale <= 0) return { ok: false, reason: 'CALIBRATION_UNAVAILABLE' };
  return { ok: true, scale, sampleSize: n, qualifyingRanks: target.qualifyingRanks };
}
