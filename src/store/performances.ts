/** Performance records (§4.4): one per team per scored day, upserted by (team, date). */
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from './database';
import { leagues, performances, teams } from './schema';

export type PerformanceRow = typeof performances.$inferSelect;

export interface PerformanceWrite {
  teamId: string;
  date: string;
  points: number;
  formationSnapshot: string;
  articleViews: readonly number[];
  chemistryLevels: readonly string[];
}

/**
 * Inserts or replaces the day's record. A re-run overwrites the points, the snapshot and
 * the raw facts, and keeps `createdAt` (the first write), so re-sending never duplicates.
 */
export function upsertPerformance(db: Database, row: PerformanceWrite, now: string): void {
  db.insert(performances)
    .values({
      teamId: row.teamId,
      date: row.date,
      points: row.points,
      formationSnapshot: row.formationSnapshot,
      articleViews: JSON.stringify(row.articleViews),
      chemistryLevels: JSON.stringify(row.chemistryLevels),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [performances.teamId, performances.date],
      set: {
        points: sql`excluded.points`,
        formationSnapshot: sql`excluded.formation_snapshot`,
        articleViews: sql`excluded.article_views`,
        chemistryLevels: sql`excluded.chemistry_levels`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .run();
}

/** The team's most recent records, newest date first. */
export function recentPerformances(db: Database, teamId: string, limit: number): PerformanceRow[] {
  return db
    .select()
    .from(performances)
    .where(eq(performances.teamId, teamId))
    .orderBy(desc(performances.date))
    .limit(limit)
    .all();
}

const IN_BATCH = 500;

/** The given teams that exist, each with its league's frozen scale (§1.4). */
export function scalesOfTeams(db: Database, teamIds: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  const distinct = [...new Set(teamIds)];
  for (let i = 0; i < distinct.length; i += IN_BATCH) {
    const rows = db
      .select({ teamId: teams.id, languageScale: leagues.languageScale })
      .from(teams)
      .innerJoin(leagues, eq(leagues.id, teams.leagueId))
      .where(inArray(teams.id, distinct.slice(i, i + IN_BATCH)))
      .all();
    for (const row of rows) out.set(row.teamId, row.languageScale);
  }
  return out;
}
