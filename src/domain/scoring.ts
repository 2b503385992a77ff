/**
 * The one place a team's daily score is computed and the scoring engine's
 * inputs are built. Everything else (ingest, CLI, tests) goes through these functions.
 */
import { basePoints } from './base-points';
import { LEVEL_POINTS, teamSynergy, type ChemistryLevel } from './chemistry';
import { CHEMISTRY_LINKS, isSchema, SCHEMAS } from './formations';
import { effectiveScale } from './pricing';

export interface TeamScoreInput {
  /** raw daily views, one per placed article */
  articleViews: readonly number[];
  chemistryLevels: readonly ChemistryLevel[];
  /** the league's frozen L; the engine never sends it */
  languageScale: number;
}

/** Event bonus is deferred; kept visible so the formula reads like the interface's. */
const EVENT_BONUS = 0;

/** TeamScore(D) = Σ BasePoints(raw × L) + min(20, Σ level points) + EventBonus. */
export function teamScore({ articleViews, chemistryLevels, languageScale }: TeamScoreInput): number {
  const scale = effectiveScale(languageScale);
  const viewPoints = articleViews.reduce((sum, views) => sum + basePoints(views * scale), 0);
  return viewPoints + teamSynergy(chemistryLevels) + EVENT_BONUS;
}

export interface ArticleScore {
  position: string;
  articleId: string;
  /** raw views of the day */
  views: number;
  points: number;
}

export interface LinkScore {
  /** the link's positions; null when the stored facts cannot be tied to the schema's links */
  from: string | null;
  to: string | null;
  level: ChemistryLevel;
  points: number;
}

export interface ScoreBreakdown {
  articles: ArticleScore[];
  links: LinkScore[];
  /** min(20, Σ link points): what chemistry added after the cap */
  synergy: number;
  /** teamScore of the same facts: the stored points */
  total: number;
}

export interface BreakdownInput extends TeamScoreInput {
  /** the formation schema that stood at the end of the day, when known */
  schema: string | null;
  /** the stored `{position: articleId}` snapshot, in the order the facts were sent */
  snapshot: Readonly<Record<string, string>>;
}

/**
 * What scored a day, per placed article and per chemistry link, from the raw
 * facts stored with the performance. The facts follow the snapshot's order and the schema's
 * links with both ends placed, exactly as `scoringInputForTeam` built them.
 */
export function scoreBreakdown(input: BreakdownInput): ScoreBreakdown {
  const scale = effectiveScale(input.languageScale);
  const placed = Object.entries(input.snapshot);
  const articles = input.articleViews.map((views, i) => ({
    position: placed[i]?.[0] ?? '',
    articleId: placed[i]?.[1] ?? '',
    views,
    points: basePoints(views * scale),
  }));
  const schemaLinks =
    input.schema !== null && isSchema(input.schema)
      ? CHEMISTRY_LINKS[input.schema].filter(([from, to]) => input.snapshot[from] !== undefined && input.snapshot[to] !== undefined)
      : [];
  const known = schemaLinks.length === input.chemistryLevels.length;
  const links = input.chemistryLevels.map((level, i) => ({
    from: known ? schemaLinks[i][0] : null,
    to: known ? schemaLinks[i][1] : null,
    level,
    points: LEVEL_POINTS[level],
  }));
  return { articles, links, synergy: teamSynergy(input.chemistryLevels), total: teamScore(input) };
}

/** What one fielded article earned its team on a scored day. */
export interface ArticleShare {
  position: string;
  /** raw views of the day */
  views: number;
  /** BasePoints of its views */
  points: number;
  /**
   * Its half of each chemistry link it stood on (the interface's per-article display), scaled down as
   * the team's synergy was when the cap bound, so the shares of a day add up to its synergy.
   */
  chemistry: number;
}

/** An article's share of a day's breakdown, or null when it was not fielded that day. */
export function articleShareOfDay(breakdown: ScoreBreakdown, articleId: string): ArticleShare | null {
  const placed = breakdown.articles.find((a) => a.articleId === articleId);
  if (!placed) return null;
  const uncapped = breakdown.links.reduce((sum, link) => sum + link.points, 0);
  const scale = uncapped > breakdown.synergy && uncapped > 0 ? breakdown.synergy / uncapped : 1;
  const halves = breakdown.links
    .filter((link) => link.from === placed.position || link.to === placed.position)
    .reduce((sum, link) => sum + link.points / 2, 0);
  return { position: placed.position, views: placed.views, points: placed.points, chemistry: halves * scale };
}

const EMPTY_SNAPSHOT = '{}';

/** The snapshot is opaque and echoed back; anything but a string is stored as `{}`. */
export function normalizeFormationSnapshot(value: unknown): string {
  return typeof value === 'string' ? value : EMPTY_SNAPSHOT;
}

export interface PlacedContract {
  contractId: string;
  articleId: string;
  purchaseDate: string;
  /** first day the team held it; renewals move purchaseDate but not this */
  heldSince?: string;
  expireDate: string;
  status: string;
  /** the day it was sold or settled; null or absent while live */
  closedOn?: string | null;
}

export interface ScoringPlacement {
  schema: string;
  positions: Readonly<Record<string, PlacedContract | null | undefined>>;
  /** the scored day D */
  date: string;
}

export interface ScoringArticles {
  articles: string[];
  chemistryLinks: [string, string][];
  formationSnapshot: string;
}

/**
 * HeldSince ≤ D < expireDate and not sold/settled *on D*; the expiry day never scores.
 * A contract closed on a later day (sold the morning after, or settled by the 06:00 sweep
 * after its last day) was held at the end of D, so it still scores D: re-running a past day
 * (idempotent) must give the same points as the 05:00 run did, and the interface orders the
 * sweep after scoring precisely so a contract keeps its last day. A closed contract without a
 * closing day is treated as closed for good.
 */
export function isActiveOn(contract: PlacedContract, date: string): boolean {
  const start = contract.heldSince ?? contract.purchaseDate;
  if (!(start <= date && date < contract.expireDate)) return false;
  if (contract.status === 'live') return true;
  return typeof contract.closedOn === 'string' && date < contract.closedOn;
}

/**
 * ScoringInput body for one team: the articles placed on positions whose contract is
 * active on D in canonical position order, the schema links with both ends placed (in
 * Order), and the `{position: articleId}` snapshot echoed back by the engine.
 */
export function scoringInputForTeam({ schema, positions, date }: ScoringPlacement): ScoringArticles {
  // An unknown stored schema still scores its articles (in stored order), just without chemistry.
  const order: readonly string[] = isSchema(schema) ? SCHEMAS[schema] : Object.keys(positions);
  const placed: Record<string, string> = {};
  for (const position of order) {
    const contract = positions[position];
    if (contract && isActiveOn(contract, date)) placed[position] = contract.articleId;
  }
  const links = isSchema(schema) ? CHEMISTRY_LINKS[schema] : [];
  const chemistryLinks: [string, string][] = [];
  for (const [from, to] of links) {
    if (placed[from] !== undefined && placed[to] !== undefined) chemistryLinks.push([placed[from], placed[to]]);
  }
  return { articles: Object.values(placed), chemistryLinks, formationSnapshot: JSON.stringify(placed) };
}
