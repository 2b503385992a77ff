/**
 * A team's stored performance rows with what scored them, as my-performances and
 * the article page show them: the links are those of the schema that stood at the end of each
 * day, so the line-up history is read once per call, not once per day.
 */
import { addDays } from '../../domain/dates';
import { scoreBreakdown, type ScoreBreakdown } from '../../domain/scoring';
import { chemistryLevelsFromJson, numbersFromJson, stringRecordFromJson } from '../../domain/values';
import type { Database } from '../../platform/db/database';
import { lineupVersionsOfTeam } from '../lineups/store';
import type { PerformanceRow } from './store';

export interface BrokenDownPerformance {
  row: PerformanceRow;
  formation: Record<string, string>;
  breakdown: ScoreBreakdown;
}

export async function breakDownPerformances(db: Database, teamId: string, languageScale: number, rows: readonly PerformanceRow[]): Promise<BrokenDownPerformance[]> {
  if (rows.length === 0) return [];
  const versions = await lineupVersionsOfTeam(db, teamId);
  const standingAtEndOf = (date: string) => {
    const endOfDay = `${addDays(date, 1)}T00:00:00.000Z`;
    return versions.findLast((version) => version.savedAt < endOfDay);
  };
  return rows.map((row) => {
    const formation = stringRecordFromJson(row.formationSnapshot);
    return {
      row,
      formation,
      breakdown: scoreBreakdown({
        schema: standingAtEndOf(row.date)?.schema ?? null,
        snapshot: formation,
        articleViews: numbersFromJson(row.articleViews),
        chemistryLevels: chemistryLevelsFromJson(row.chemistryLevels),
        languageScale,
      }),
    };
  });
}
