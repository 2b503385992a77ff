/** Performance records (§4.4): one per team per scored day, upserted by (team, date). */
import { and, between, desc, eq, sql } from 'drizzle-orm';
import { type Database, preparedOnce, writeTransaction } from '../../platform/db/database';
import { dialectOf, execute, pgArray, rowsOf, tablesOf } from '../../platform/db/dialect';
import type { performances } from '../../platform/db/schema/sqlite';
import { keepTotalsOfWrite } from './standings-store';

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
 * Inserts or replaces the day's records and keeps the totals of the teams written, once per
 * team however many of its days the batch holds (store/standings.ts: a team's new latest day
 * extends its kept sum, any other write re-sums its days). A re-run overwrites the points, the
 * snapshot and the raw facts, and keeps `createdAt` (the first write), so re-sending never
 * duplicates. Call inside a write transaction; the caller marks the leagues' standings changed.
 * Answers how many teams' totals were extended rather than re-summed.
 */
export async function upsertPerformances(db: Database, rows: readonly PerformanceWrite[], now: string): Promise<number> {
  return writeTransaction(db, async (db) => {
    if (dialectOf(db) === 'postgres') await upsertOnPostgres(db, rows, now);
    else {
      // A day of 100,000 teams is 100,000 upserts: prepared once per connection, bound by position.
      const upsert = preparedOnce(db, UPSERT_SQL, () => db.$client.prepare(UPSERT_SQL));
      for (const row of rows) {
        upsert.run(row.teamId, row.date, row.points, row.formationSnapshot, jsonArray(row.articleViews), jsonArray(row.chemistryLevels), now, now);
      }
    }
    return keepTotalsOfWrite(db, rows);
  });
}

/** The stored JSON text of a list of raw facts (most days name no chemistry link: no call). */
function jsonArray(values: readonly unknown[]): string {
  return values.length === 0 ? '[]' : JSON.stringify(values);
}

/** Rows per PostgreSQL statement: a day's chunk in a few statements, each a bounded message. */
const POSTGRES_UPSERT_ROWS = 5_000;

/**
 * PostgreSQL: one statement per POSTGRES_UPSERT_ROWS rows, the columns bound as arrays. A
 * statement may not upsert one key twice, so a key sent twice keeps its last row (what
 * SQLite's row-by-row upserts leave); the rows go in key order, so they fill the index in
 * order and concurrent writers take their row locks in the same order.
 */
async function upsertOnPostgres(db: Database, rows: readonly PerformanceWrite[], now: string): Promise<void> {
  const byKey = new Map<string, PerformanceWrite>();
  for (const row of rows) {
    const key = `${row.teamId}\u0000${row.date}`;
    byKey.set(key, row);
  }
  const sorted = [...byKey.values()].sort((a, b) => compareText(a.teamId, b.teamId) || compareText(a.date, b.date));
  for (let start = 0; start < sorted.length; start += POSTGRES_UPSERT_ROWS) {
    const part = sorted.slice(start, start + POSTGRES_UPSERT_ROWS);
    const column = <T>(pick: (row: PerformanceWrite) => T): T[] => part.map(pick);
    await execute(
      db,
      sql`INSERT INTO performances (team_id, date, points, formation_snapshot, article_views, chemistry_levels, created_at, updated_at)
          SELECT team_id, date, points, formation_snapshot, article_views, chemistry_levels, ${now}::text, ${now}::text
            FROM unnest(${pgArray(column((row) => row.teamId), 'text')}, ${pgArray(column((row) => row.date), 'text')},
                        ${pgArray(column((row) => row.points), 'float8')}, ${pgArray(column((row) => row.formationSnapshot), 'text')},
                        ${pgArray(column((row) => jsonArray(row.articleViews)), 'text')},
                        ${pgArray(column((row) => jsonArray(row.chemistryLevels)), 'text')})
              AS r(team_id, date, points, formation_snapshot, article_views, chemistry_levels)
          ON CONFLICT (team_id, date) DO UPDATE SET
            points = excluded.points,
            formation_snapshot = excluded.formation_snapshot,
            article_views = excluded.article_views,
            chemistry_levels = excluded.chemistry_levels,
            updated_at = excluded.updated_at`,
    );
  }
}

/** Code-unit order, as SQLite's BINARY collation compares ASCII ids and dates. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** One record; see upsertPerformances. */
export async function upsertPerformance(db: Database, row: PerformanceWrite, now: string): Promise<number> {
  return upsertPerformances(db, [row], now);
}

/** The team's most recent records, newest date first. */
export async function recentPerformances(db: Database, teamId: string, limit: number): Promise<PerformanceRow[]> {
  const { performances } = tablesOf(db);
  return db.select().from(performances).where(eq(performances.teamId, teamId)).orderBy(desc(performances.date)).limit(limit);
}

/** The team's records of the days `from` … `to` (inclusive), newest date first: one contract's term at most. */
export async function performancesBetween(db: Database, teamId: string, from: string, to: string): Promise<PerformanceRow[]> {
  const { performances } = tablesOf(db);
  return db
    .select()
    .from(performances)
    .where(and(eq(performances.teamId, teamId), between(performances.date, from, to)))
    .orderBy(desc(performances.date));
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
  if (dialectOf(db) === 'postgres') {
    const rows = await rowsOf<{ teamId: string } & TeamScale>(
      db,
      sql`SELECT t.id AS "teamId", t.league_id AS "leagueId", l.language_scale AS "languageScale"
            FROM teams t JOIN leagues l ON l.id = t.league_id
           WHERE t.id = ANY(${pgArray([...new Set(teamIds)], 'text')})`,
    );
    for (const row of rows) out.set(row.teamId, { leagueId: row.leagueId, languageScale: row.languageScale });
    return out;
  }
  // the ids travel as one JSON parameter: one statement, however many teams a day holds; each
  // league's scale is then read once, not joined to every team (a day is one league's, as a rule)
  const leagueOf = preparedOnce(db, LEAGUES_OF_TEAMS_SQL, () => db.$client.prepare(LEAGUES_OF_TEAMS_SQL).raw());
  const scaleOf = preparedOnce(db, SCALE_SQL, () => db.$client.prepare(SCALE_SQL).pluck());
  const scales = new Map<string, TeamScale>();
  for (const [teamId, leagueId] of leagueOf.all(JSON.stringify(teamIds.length === 1 ? teamIds : [...new Set(teamIds)])) as [string, string][]) {
    let scale = scales.get(leagueId);
    if (!scale) scales.set(leagueId, (scale = { leagueId, languageScale: scaleOf.get(leagueId) as number }));
    out.set(teamId, scale);
  }
  return out;
}

const LEAGUES_OF_TEAMS_SQL = `SELECT t.id, t.league_id FROM teams t WHERE t.id IN (SELECT value FROM json_each(?))`;
const SCALE_SQL = 'SELECT language_scale FROM leagues WHERE id = ?';
