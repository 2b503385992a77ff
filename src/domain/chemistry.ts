export const CHEMISTRY_LEVELS = ['excellent', 'good', 'weak', 'empty'] as const;
export type ChemistryLevel = (typeof CHEMISTRY_LEVELS)[number];

export const LEVEL_POINTS: Readonly<Record<ChemistryLevel, number>> = {
  excellent: 1.5,
  good: 0.5,
  weak: 0,
  empty: 0,
};

/** Without the cap a dense schema (3-5-2 reaches 30) would dwarf the view points. */
export const TEAM_SYNERGY_CAP = 20;

export function isChemistryLevel(value: unknown): value is ChemistryLevel {
  return typeof value === 'string' && (CHEMISTRY_LEVELS as readonly string[]).includes(value);
}

export function levelFromLinks(aLinksToB: boolean, bLinksToA: boolean): Exclude<ChemistryLevel, 'empty'> {
  if (aLinksToB && bLinksToA) return 'excellent';
  if (aLinksToB || bLinksToA) return 'good';
  return 'weak';
}

/** Chemistry is added to the score, never multiplied. */
export function teamSynergy(levels: readonly ChemistryLevel[]): number {
  const total = levels.reduce((sum, level) => sum + LEVEL_POINTS[level], 0);
  return Math.min(TEAM_SYNERGY_CAP, total);
}
