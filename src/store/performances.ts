/** Performance records (§4.4): one per team per scored day, upserted by (team, date). */
import type BetterSqlite3 from 'better-sqlite3';
import { and, between, desc, eq } from 'drizzle-orm';
import { type Database, preparedOnce, writeTransaction } from './database';
import { performances } from './schema';
import { refreshTotalsOfTeams } from './standings';

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
  VALUES (?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (team_id, date) DO UPDATE SET
    points = excluded.points,
    formation_snapshot = excluded.formation_snapshot,
    article_views = excluded.article_views,
    chemistry_levels = excluded.chemistry_levels,
    updated_at = excluded.updated_at`;

/**
 * Inserts or replaces the day's records and re-sums the kept totals of the teams written, once
 * per team however many of its days the batch holds. A re-run overwrites the points, the
 * snapshot and the raw facts, and keeps `createdAt` (the first write), so re-sending never
 * duplicates. Call inside a write transaction; the caller marks the leagues' standings changed.
 */
export async function upsertPerformances(db: Database, rows: readonly PerformanceWrite[], now: string): Promise<void> {
  return writeTransaction(db, async (db) => {
    // A day of 100,000 teams is 100,000 upserts: prepared once per connection, bound by position.
    const upsert = preparedOnce(db, UPSERT_SQL, () => db.$client.prepare(UPSERT_SQL));
    for (const row of rows) {
      upsert.run(row.teamId, row.date, row.points, row.formationSnapshot, JSON.stringify(row.articleViews), JSON.stringify(row.chemistryLevels), now, now);
    }
  await refreshTotalsOfTeams(db, rows.map((row) => row.teamId));
  });
}

/** One record; see upsertPerformances. */
export async function upsertPerformance(db: Database, row: PerformanceWrite, now: string): Promise<void> {
  return upsertPerformances(db, [row], now);
}

/** The team's most recent records, newest date first. */
export async function recentPerformances(db: Database, teamId: string, limit: number): Promise<PerformanceRow[]> {
  return db
    .select()
    .from(performances)
    .where(eq(performances.teamId, teamId))
    .orderBy(desc(performances.date))
    .limit(limit)
    .all();
}

/** The team's records of the days `from` … `to` (inclusive), newest date first: one contract's term at most. */
export async function performancesBetween(db: Database, teamId: string, from: string, to: string): Promise<PerformanceRow[]> {
  return db
    .select()
    .from(performances)
    .where(and(eq(performances.teamId, teamId), between(performances.date, from, to)))
    .orderBy(desc(performances.date))
    .all();
}

export interface TeamScale {
  leagueId: string;
  /** the league's frozen scale (§1.4) */
  languageScale: number;
}

/** The given teams that exist, each with its league and that league's frozen scale. */
export async function scalesOfTeams(db: Database, teamIds: readonly string[]): Promise<Map<string, TeamScale>> {
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
