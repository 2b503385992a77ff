/** The one place a team's daily score and the engine's inputs are built. */
import { basePoints } from './base-points';
import { LEVEL_POINTS, teamSynergy, type ChemistryLevel } from './chemistry';
import { CHEMISTRY_LINKS, isSchema, SCHEMAS } from './formations';
import { effectiveScale } from './pricing';

export interface TeamScoreInput {
  articleViews: readonly number[];
  chemistryLevels: readonly ChemistryLevel[];
  /** the league's frozen L; the engine never sends it */
  languageScale: number;
}

/** Deferred; kept so the formula reads like the interface's. */
const EVENT_BONUS = 0;

export function teamScore({ articleViews, chemistryLevels, languageScale }: TeamScoreInput): number {
  const scale = effectiveScale(languageScale);
  const viewPoints = articleViews.reduce((sum, views) => sum + basePoints(views * scale), 0);
  return viewPoints + teamSynergy(chemistryLevels) + EVENT_BONUS;
}

export interface ArticleScore {
  position: string;
  articleId: string;
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
  synergy: number;
  total: number;
}

export interface BreakdownInput extends TeamScoreInput {
  schema: string | null;
  snapshot: Readonly<Record<string, string>>;
}

/** From the raw facts stored with the performance, in the order `scoringInputForTeam` built them. */
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

export interface ArticleShare {
  position: string;
  views: number;
  points: number;
  /** Its half of each link it stood on, scaled down as the synergy was when capped, so a day's shares add up. */
  chemistry: number;
}

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
  closedOn?: string | null;
}

export interface ScoringPlacement {
  schema: string;
  positions: Readonly<Record<string, PlacedContract | null | undefined>>;
  date: string;
}

export interface ScoringArticles {
  articles: string[];
  chemistryLinks: [string, string][];
  formationSnapshot: string;
}

/** The expiry day never scores; a contract closed on a later day was held at the end of D, so re-running D gives the same points. */
export function isActiveOn(contract: PlacedContract, date: string): boolean {
  const start = contract.heldSince ?? contract.purchaseDate;
  if (!(start <= date && date < contract.expireDate)) return false;
  if (contract.status === 'live') return true;
  return typeof contract.closedOn === 'string' && date < contract.closedOn;
}

/** Contracts active on D in canonical position order and the links with both ends placed. */
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
