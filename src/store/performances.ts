/** Performance records (§4.4): one per team per scored day, upserted by (team, date). */
import type BetterSqlite3 from 'better-sqlite3';
import { desc, eq } from 'drizzle-orm';
import type { Database } from './database';
import { performances } from './schema';
import { refreshTeamTotals } from './standings';

export type PerformanceRow = typeof performances.$inferSelect;

export interface PerformanceWrite {
  teamId: string;
  date: string;
  points: number;
  formationSnapshot: string;
  articleViews: readonly number[];
  chemistryLevels: readonly string[];
}

const UPSERT_SQL = `
  INSERT INTO performances (team_id, date, points, formation_snapshot, article_views, chemistry_levels, created_at, updated_at)
  VALUES (@teamId, @date, @points, @formationSnapshot, @articleViews, @chemistryLevels, @now, @now)
  ON CONFLICT (team_id, date) DO UPDATE SET
    points = excluded.points,
    formation_snapshot = excluded.formation_snapshot,
    article_views = excluded.article_views,
    chemistry_levels = excluded.chemistry_levels,
    updated_at = excluded.updated_at`;

/** A day of 10,000 teams is 10,000 upserts: one prepared statement per connection, not a query build per row. */
const upsertStatements = new WeakMap<object, BetterSqlite3.Statement>();

/**
 * Inserts or replaces the day's record and re-sums the team's kept totals. A re-run
 * overwrites the points, the snapshot and the raw facts, and keeps `createdAt` (the first
 * write), so re-sending never duplicates. The caller marks the league's standings changed.
 */
export function upsertPerformance(db: Database, row: PerformanceWrite, now: string): void {
  let statement = upsertStatements.get(db.$client);
  if (!statement) upsertStatements.set(db.$client, (statement = db.$client.prepare(UPSERT_SQL)));
  statement.run({
    teamId: row.teamId,
    date: row.date,
    points: row.points,
    formationSnapshot: row.formationSnapshot,
    articleViews: JSON.stringify(row.articleViews),
    chemistryLevels: JSON.stringify(row.chemistryLevels),
    now,
  });
  refreshTeamTotals(db, row.teamId);
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

export interface TeamScale {
  leagueId: string;
  /** the league's frozen scale (§1.4) */
  languageScale: number;
}

/** The given teams that exist, each with its league and that league's frozen scale. */
export function scalesOfTeams(db: Database, teamIds: readonly string[]): Map<string, TeamScale> {
  const out = new Map<string, TeamScale>();
  if (teamIds.length === 0) return out;
  let statement = scaleStatements.get(db.$client);
  if (!statement) scaleStatements.set(db.$client, (statement = db.$client.prepare(SCALES_SQL)));
  // the ids travel as one JSON parameter: one statement, however many teams a day holds
  for (const row of statement.all(JSON.stringify([...new Set(teamIds)])) as ({ teamId: string } & TeamScale)[]) {
    out.set(row.teamId, { leagueId: row.leagueId, languageScale: row.languageScale });
  }
  return out;
}

const SCALES_SQL = `
  SELECT t.id AS teamId, t.league_id AS leagueId, l.language_scale AS languageScale
  FROM teams t JOIN leagues l ON l.id = t.league_id
  WHERE t.id IN (SELECT value FROM json_each(?))`;

const scaleStatements = new WeakMap<object, BetterSqlite3.Statement>();
