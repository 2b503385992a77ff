/** Performance records: one per team per scored day, upserted by (team, date). */
import { and, between, desc, eq, sql } from 'drizzle-orm';
import { type Database, writeTransaction } from '../../platform/db/database';
import { tablesOf } from '../../platform/db/dialect';
import { boundList, preparedSelect, runForEachRow, selectRow, selectRows } from '../../platform/db/statements';
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

/** Rows per statement on PostgreSQL, where a chunk is one statement: a few statements a day, each a bounded message. */
const ROWS_PER_STATEMENT = 5_000;

/**
 * Inserts or replaces the day's records and keeps the totals of the teams written, once per
 * team however many of its days the batch holds (standings-store.ts: a team's new latest day
 * extends its kept sum, any other write re-sums its days). A re-run overwrites the points, the
 * snapshot and the raw facts, and keeps `createdAt` (the first write), so re-sending never
 * duplicates. Call inside a write transaction; the caller marks the leagues' standings changed.
 * Answers how many teams' totals were extended rather than re-summed.
 *
 * A key sent twice keeps its last row (one statement may not upsert a key twice on PostgreSQL),
 * and the rows go in key order: they fill the index in order, and concurrent writers take their
 * row locks in the same order.
 */
export async function upsertPerformances(db: Database, rows: readonly PerformanceWrite[], now: string): Promise<number> {
  return writeTransaction(db, async (db) => {
    const byKey = new Map<string, PerformanceWrite>();
    for (const row of rows) byKey.set(`${row.teamId}\u0000${row.date}`, row);
    const sorted = [...byKey.values()].sort((a, b) => compareText(a.teamId, b.teamId) || compareText(a.date, b.date));
    for (let start = 0; start < sorted.length; start += ROWS_PER_STATEMENT) {
      await runForEachRow(
        db,
        UPSERT_SQL,
        ['text', 'text', 'float8', 'text', 'text', 'text', 'text', 'text'],
        sorted
          .slice(start, start + ROWS_PER_STATEMENT)
          .map((row) => [row.teamId, row.date, row.points, row.formationSnapshot, jsonArray(row.articleViews), jsonArray(row.chemistryLevels), now, now]),
      );
    }
    return keepTotalsOfWrite(db, rows);
  });
}

/** The stored JSON text of a list of raw facts (most days name no chemistry link: no call). */
function jsonArray(values: readonly unknown[]): string {
  return values.length === 0 ? '[]' : JSON.stringify(values);
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
  return preparedSelect(
    db,
    'recentPerformances',
    (db) => {
      const { performances } = tablesOf(db);
      return db.select().from(performances).where(eq(performances.teamId, sql.placeholder('teamId'))).orderBy(desc(performances.date)).limit(sql.placeholder('limit'));
    },
    { teamId, limit },
  );
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
  /** the league's frozen scale */
  languageScale: number;
}

/**
 * The given teams that exist, each with its league and that league's frozen scale: the teams'
 * leagues in one statement (the ids as one parameter, however many teams a day holds), then each
 * league's scale once, not joined to every team (a day is one league's, as a rule).
 */
export async function scalesOfTeams(db: Database, teamIds: readonly string[]): Promise<Map<string, TeamScale>> {
  const out = new Map<string, TeamScale>();
  if (teamIds.length === 0) return out;
  const teams = boundList(db, teamIds.length === 1 ? teamIds : [...new Set(teamIds)]);
  const scales = new Map<string, TeamScale>();
  for (const { teamId, leagueId } of await selectRows<{ teamId: string; leagueId: string }>(
    db,
    `SELECT t.id AS "teamId", t.league_id AS "leagueId" FROM teams t WHERE t.id ${teams.in}`,
    teams.value,
  )) {
    let scale = scales.get(leagueId);
    if (!scale) {
      const league = await selectRow<{ languageScale: number }>(db, 'SELECT language_scale AS "languageScale" FROM leagues WHERE id = ?', leagueId);
      scales.set(leagueId, (scale = { leagueId, languageScale: league!.languageScale }));
    }
    out.set(teamId, scale);
  }
  return out;
}
