/**
 * Head-to-head leagues kept (issue 24 §1): each round's pairings once fixed, each team's
 * round points (re-summed from its performances with every ingest, like `team_standings`),
 * and the table, written whole for a league by the first read after a change and read as one
 * range of the (league, rank) index.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { and, type AnyColumn, between, eq, gte, isNotNull, isNull, max, or, type SQL, sql } from 'drizzle-orm';
import type { KeptPairing, TableRow, TeamOutcome, TeamRecord } from '../../domain/head-to-head';
import { type Database, preparedOnce, writeTransaction } from '../../platform/db/database';
import { dialectOf, execute, first as firstRow, pgArray, tablesOf, touched } from '../../platform/db/dialect';

function prepared(db: Database, text: string): BetterSqlite3.Statement {
  return preparedOnce(db, text, () => db.$client.prepare(text));
}

/** PostgreSQL compares a bound with an integer column as an integer: the open-ended last round is its largest. */
const INT4_MAX = 2_147_483_647;

/**
 * A sum of doubles on PostgreSQL as SQLite's total() gives it: PostgreSQL's own sum adds in
 * whatever order the plan reads the rows and rounds at each step, where total() compensates
 * (0.1 + 0.2 + 0.3 is 0.6 there, 0.6000000000000001 here). Each double is summed as the exact
 * decimal of its shortest round-trip text (PostgreSQL's output since version 12, unless a
 * session lowers extra_float_digits) and the sum rounded once: the same whatever the order.
 * `::numeric` straight from a double would keep only 15 digits of it.
 */
function pgExactSum(column: SQL): SQL {
  return sql`coalesce(sum((${column})::text::numeric), 0)::float8`;
}

/** The highest round whose pairings are kept (0 before the first is fixed). */
export async function fixedRoundCount(db: Database, leagueId: string): Promise<number> {
  if (dialectOf(db) === 'postgres') {
    const { h2hRounds } = tablesOf(db);
    return (await firstRow(db.select({ n: max(h2hRounds.round) }).from(h2hRounds).where(eq(h2hRounds.leagueId, leagueId))))?.n ?? 0;
  }
  const row = prepared(db, 'SELECT max(round) AS n FROM h2h_rounds WHERE league_id = ?').get(leagueId) as { n: number | null };
  return row.n ?? 0;
}

/** Keeps a round's pairings; a round already kept is left as it was. */
export async function keepRoundPairings(db: Database, leagueId: string, round: number, fixedAt: string, pairings: readonly { home: string; away: string | null }[]): Promise<void> {
  return writeTransaction(db, async (db) => {
    if (dialectOf(db) === 'postgres') {
      const { h2hRounds } = tablesOf(db);
      if (touched(await db.insert(h2hRounds).values({ leagueId, round, fixedAt }).onConflictDoNothing()) === 0 || pairings.length === 0) return;
      const homes = pgArray(pairings.map((pairing) => pairing.home), 'text');
      const aways = pgArray(pairings.map((pairing) => pairing.away), 'text');
      await execute(
        db,
        sql`INSERT INTO h2h_pairings (league_id, round, slot, home_team_id, away_team_id)
            SELECT ${leagueId}::text, ${round}::int, (p.n - 1)::int, p.home, p.away
            FROM unnest(${homes}, ${aways}) WITH ORDINALITY AS p(home, away, n)`,
      );
      return;
    }
    const kept = prepared(db, 'INSERT INTO h2h_rounds (league_id, round, fixed_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(leagueId, round, fixedAt);
    if (kept.changes === 0) return;
    const insert = prepared(db, 'INSERT INTO h2h_pairings (league_id, round, slot, home_team_id, away_team_id) VALUES (?, ?, ?, ?, ?)');
    pairings.forEach((pairing, slot) => insert.run(leagueId, round, slot, pairing.home, pairing.away));
  });
}

export interface KeptRound {
  round: number;
  finalAt: string | null;
  pairings: KeptPairing[];
}

const PAIRINGS_SQL = `
  SELECT r.round AS round, r.final_at AS finalAt, p.home_team_id AS home, p.away_team_id AS away, p.forfeited_by AS forfeitedBy
  FROM h2h_rounds r LEFT JOIN h2h_pairings p ON p.league_id = r.league_id AND p.round = r.round
  WHERE r.league_id = ? AND r.round BETWEEN ? AND ?
  ORDER BY r.round, p.slot`;

/** The kept rounds first..last with their pairings in slot order. */
export async function keptRounds(db: Database, leagueId: string, first = 1, last = Number.MAX_SAFE_INTEGER): Promise<KeptRound[]> {
  let rows: { round: number; finalAt: string | null; home: string | null; away: string | null; forfeitedBy: string | null }[];
  if (dialectOf(db) === 'postgres') {
    const { h2hRounds: r, h2hPairings: p } = tablesOf(db);
    rows = await db
      .select({ round: r.round, finalAt: r.finalAt, home: p.homeTeamId, away: p.awayTeamId, forfeitedBy: p.forfeitedBy })
      .from(r)
      .leftJoin(p, and(eq(p.leagueId, r.leagueId), eq(p.round, r.round)))
      .where(and(eq(r.leagueId, leagueId), between(r.round, first, Math.min(last, INT4_MAX))))
      .orderBy(r.round, p.slot);
  } else {
    rows = prepared(db, PAIRINGS_SQL).all(leagueId, first, last) as typeof rows;
  }
  const out: KeptRound[] = [];
  for (const row of rows) {
    let round = out.at(-1);
    if (round?.round !== row.round) out.push((round = { round: row.round, finalAt: row.finalAt, pairings: [] }));
    if (row.home !== null) round.pairings.push({ home: row.home, away: row.away, forfeitedBy: row.forfeitedBy });
  }
  return out;
}

/**
 * A team that leaves mid-round loses its matchup of that round, unless its opponent left
 * first (the first departure decides). True when it decided one.
 */
export async function forfeitMatchup(db: Database, leagueId: string, round: number, teamId: string): Promise<boolean> {
  return writeTransaction(db, async (db) => {
    if (dialectOf(db) === 'postgres') {
      const { h2hPairings: p } = tablesOf(db);
      const result = await db
        .update(p)
        .set({ forfeitedBy: teamId })
        .where(and(eq(p.leagueId, leagueId), eq(p.round, round), isNull(p.forfeitedBy), or(eq(p.homeTeamId, teamId), eq(p.awayTeamId, teamId))));
      return touched(result) > 0;
    }
    const result = prepared(
      db,
      `UPDATE h2h_pairings SET forfeited_by = ?
       WHERE league_id = ? AND round = ? AND forfeited_by IS NULL AND (home_team_id = ? OR away_team_id = ?)`,
    ).run(teamId, leagueId, round, teamId, teamId);
    return result.changes > 0;
  });
}

/** Records the moment a round was first found final; false when it already was. */
export async function markRoundFinal(db: Database, leagueId: string, round: number, at: string): Promise<boolean> {
  return writeTransaction(db, async (db) => {
    if (dialectOf(db) === 'postgres') {
      const { h2hRounds: r } = tablesOf(db);
      return touched(await db.update(r).set({ finalAt: at }).where(and(eq(r.leagueId, leagueId), eq(r.round, round), isNull(r.finalAt)))) === 1;
    }
    return prepared(db, 'UPDATE h2h_rounds SET final_at = ? WHERE league_id = ? AND round = ? AND final_at IS NULL').run(at, leagueId, round).changes === 1;
  });
}

export interface TeamRoundSpan {
  teamId: string;
  leagueId: string;
  round: number;
  /** the round's first and last day */
  startDate: string;
  endDate: string;
}

const REFRESH_TEAM_ROUND_SQL = `
  INSERT INTO h2h_team_rounds (team_id, round, league_id, points, days_scored)
  SELECT ?, ?, ?, total(points), count(*) FROM performances WHERE team_id = ? AND date BETWEEN ? AND ?
  ON CONFLICT (team_id, round) DO UPDATE SET points = excluded.points, days_scored = excluded.days_scored`;

/**
 * Re-sums each team's round from its performances over the covering (team, date, points)
 * index: a re-sent day replaces its points rather than adding to them.
 */
export async function refreshTeamRounds(db: Database, spans: readonly TeamRoundSpan[]): Promise<void> {
  return writeTransaction(db, async (db) => {
    if (dialectOf(db) === 'postgres') {
      if (spans.length === 0) return;
      const column = (key: keyof TeamRoundSpan, type: 'text' | 'int') => pgArray(spans.map((span) => span[key]), type);
      // the last span of a (team, round) wins, as when SQLite runs them one after another
      await execute(
        db,
        sql`INSERT INTO h2h_team_rounds (team_id, round, league_id, points, days_scored)
            SELECT s.team_id, s.round, s.league_id, ${pgExactSum(sql`p.points`)}, count(p.points)::int
            FROM (SELECT DISTINCT ON (u.team_id, u.round) u.*
                  FROM unnest(${column('teamId', 'text')}, ${column('round', 'int')}, ${column('leagueId', 'text')},
                    ${column('startDate', 'text')}, ${column('endDate', 'text')}) WITH ORDINALITY AS u(team_id, round, league_id, start_date, end_date, n)
                  ORDER BY u.team_id, u.round, u.n DESC) s
            LEFT JOIN performances p ON p.team_id = s.team_id AND p.date BETWEEN s.start_date AND s.end_date
            GROUP BY s.team_id, s.round, s.league_id, s.start_date, s.end_date
            ON CONFLICT (team_id, round) DO UPDATE SET points = excluded.points, days_scored = excluded.days_scored`,
      );
      return;
    }
    const refresh = prepared(db, REFRESH_TEAM_ROUND_SQL);
    for (const span of spans) refresh.run(span.teamId, span.round, span.leagueId, span.teamId, span.startDate, span.endDate);
  });
}

/**
 * How many teams are paired in the round, and how many teams of the league have at least
 * `days` of it scored: fewer of the latter means the round cannot be complete yet (counted by
 * SQLite, so an ingest chunk of a long day need not read the round's rows to learn it).
 */
export async function roundCompletion(db: Database, leagueId: string, round: number, days: number): Promise<{ paired: number; scored: number }> {
  if (dialectOf(db) === 'postgres') {
    const { h2hPairings: p, h2hTeamRounds: r } = tablesOf(db);
    const paired = await firstRow(
      db
        .select({ n: sql<number>`(count(*) + count(${p.awayTeamId}))::int`.mapWith(Number) })
        .from(p)
        .where(and(eq(p.leagueId, leagueId), eq(p.round, round))),
    );
    const scored = await firstRow(
      db
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(r)
        .where(and(eq(r.leagueId, leagueId), eq(r.round, round), gte(r.daysScored, days))),
    );
    return { paired: paired?.n ?? 0, scored: scored?.n ?? 0 };
  }
  const paired = prepared(db, 'SELECT count(*) + count(away_team_id) AS n FROM h2h_pairings WHERE league_id = ? AND round = ?').get(leagueId, round) as { n: number };
  const scored = prepared(db, 'SELECT count(*) AS n FROM h2h_team_rounds WHERE league_id = ? AND round = ? AND days_scored >= ?').get(leagueId, round, days) as { n: number };
  return { paired: paired.n, scored: scored.n };
}

/** Writes a final round's outcome on each paired team's round row. */
export async function writeRoundOutcomes(db: Database, round: number, outcomes: readonly TeamOutcome[]): Promise<void> {
  return writeTransaction(db, async (db) => {
    if (dialectOf(db) === 'postgres') {
      if (outcomes.length === 0) return;
      const teamIds = pgArray(outcomes.map((outcome) => outcome.teamId), 'text');
      const results = pgArray(outcomes.map((outcome) => outcome.result), 'text');
      const against = pgArray(outcomes.map((outcome) => outcome.pointsAgainst), 'float8');
      await execute(
        db,
        sql`UPDATE h2h_team_rounds r SET result = o.result, points_against = o.points_against
            FROM unnest(${teamIds}, ${results}, ${against}) AS o(team_id, result, points_against)
            WHERE r.team_id = o.team_id AND r.round = ${round}::int`,
      );
      return;
    }
    const write = prepared(db, 'UPDATE h2h_team_rounds SET result = ?, points_against = ? WHERE team_id = ? AND round = ?');
    for (const outcome of outcomes) write.run(outcome.result, outcome.pointsAgainst, outcome.teamId, round);
  });
}

const REFRESH_RECORDS_SQL = `
  INSERT INTO h2h_standings (team_id, league_id, played, won, drawn, lost, points_for, points_against)
  SELECT t.id, t.league_id, count(r.result), coalesce(sum(r.result = 'won'), 0), coalesce(sum(r.result = 'drawn'), 0),
    coalesce(sum(r.result = 'lost'), 0), total(r.points), total(r.points_against)
  FROM teams t LEFT JOIN h2h_team_rounds r ON r.league_id = t.league_id AND r.team_id = t.id AND r.result IS NOT NULL
  WHERE t.id IN (SELECT value FROM json_each(?))
  GROUP BY t.id
  ON CONFLICT (team_id) DO UPDATE SET played = excluded.played, won = excluded.won, drawn = excluded.drawn, lost = excluded.lost,
    points_for = excluded.points_for, points_against = excluded.points_against`;

/**
 * Re-sums the teams' records from their settled round rows (over the covering record index),
 * never adjusted by a difference: a re-sent day would otherwise leave float noise to order
 * teams whose points for are equal.
 */
export async function refreshTeamRecords(db: Database, teamIds: readonly string[]): Promise<void> {
  return writeTransaction(db, async (db) => {
    if (dialectOf(db) === 'postgres') {
      if (teamIds.length === 0) return;
      await execute(
        db,
        sql`INSERT INTO h2h_standings (team_id, league_id, played, won, drawn, lost, points_for, points_against)
            SELECT t.id, t.league_id, count(r.result)::int, (count(*) FILTER (WHERE r.result = 'won'))::int,
              (count(*) FILTER (WHERE r.result = 'drawn'))::int, (count(*) FILTER (WHERE r.result = 'lost'))::int,
              ${pgExactSum(sql`r.points`)}, ${pgExactSum(sql`r.points_against`)}
            FROM teams t LEFT JOIN h2h_team_rounds r ON r.league_id = t.league_id AND r.team_id = t.id AND r.result IS NOT NULL
            WHERE t.id = ANY(${pgArray([...new Set(teamIds)], 'text')})
            GROUP BY t.id
            ON CONFLICT (team_id) DO UPDATE SET played = excluded.played, won = excluded.won, drawn = excluded.drawn, lost = excluded.lost,
              points_for = excluded.points_for, points_against = excluded.points_against`,
      );
      return;
    }
    if (teamIds.length > 0) prepared(db, REFRESH_RECORDS_SQL).run(JSON.stringify([...new Set(teamIds)]));
  });
}

/** A team's kept record, with the rank and table points last written for it (null before the first). */
export interface KeptRecord extends TeamRecord {
  rank: number | null;
  tablePoints: number | null;
}

const RECORDS_SQL = `
  SELECT t.id AS teamId, t.joined_at AS joinedAt,
    coalesce(s.won, 0) AS won, coalesce(s.drawn, 0) AS drawn, coalesce(s.lost, 0) AS lost,
    coalesce(s.points_for, 0) AS pointsFor, coalesce(s.points_against, 0) AS pointsAgainst,
    s.rank AS rank, s.table_points AS tablePoints
  FROM teams t LEFT JOIN h2h_standings s ON s.team_id = t.id
  WHERE t.league_id = ?`;

/** Every team of the league (departed ones included) with its kept record: what the ranking reads. */
export async function keptRecords(db: Database, leagueId: string): Promise<KeptRecord[]> {
  if (dialectOf(db) === 'postgres') {
    const { teams: t, h2hStandings: s } = tablesOf(db);
    const orZero = (column: AnyColumn) => sql<number>`coalesce(${column}, 0)`.mapWith(Number);
    return db
      .select({
        teamId: t.id,
        joinedAt: t.joinedAt,
        won: orZero(s.won),
        drawn: orZero(s.drawn),
        lost: orZero(s.lost),
        pointsFor: orZero(s.pointsFor),
        pointsAgainst: orZero(s.pointsAgainst),
        rank: s.rank,
        tablePoints: s.tablePoints,
      })
      .from(t)
      .leftJoin(s, eq(s.teamId, t.id))
      .where(eq(t.leagueId, leagueId));
  }
  return prepared(db, RECORDS_SQL).all(leagueId) as KeptRecord[];
}

export interface TeamRoundPoints {
  points: number;
  daysScored: number;
}

/** Every team's points in rounds first..last, by round then team. */
export async function teamRoundPoints(db: Database, leagueId: string, first = 1, last = Number.MAX_SAFE_INTEGER): Promise<Map<number, Map<string, TeamRoundPoints>>> {
  let rows: ({ round: number; teamId: string } & TeamRoundPoints)[];
  if (dialectOf(db) === 'postgres') {
    const { h2hTeamRounds: r } = tablesOf(db);
    rows = await db
      .select({ round: r.round, teamId: r.teamId, points: r.points, daysScored: r.daysScored })
      .from(r)
      .where(and(eq(r.leagueId, leagueId), between(r.round, first, Math.min(last, INT4_MAX))));
  } else {
    rows = prepared(
      db,
      'SELECT round, team_id AS teamId, points, days_scored AS daysScored FROM h2h_team_rounds WHERE league_id = ? AND round BETWEEN ? AND ?',
    ).all(leagueId, first, last) as typeof rows;
  }
  const out = new Map<number, Map<string, TeamRoundPoints>>();
  for (const row of rows) {
    let round = out.get(row.round);
    if (!round) out.set(row.round, (round = new Map()));
    round.set(row.teamId, { points: row.points, daysScored: row.daysScored });
  }
  return out;
}

/** The table must be written again before it is read (round points, pairings or teams changed). */
export async function markTableStale(db: Database, leagueId: string): Promise<void> {
  return writeTransaction(db, async (db) => {
    if (dialectOf(db) === 'postgres') {
      const { leagues } = tablesOf(db);
      await db.update(leagues).set({ tableStale: true }).where(eq(leagues.id, leagueId));
      return;
    }
    prepared(db, 'UPDATE leagues SET table_stale = 1 WHERE id = ?').run(leagueId);
  });
}

export async function isTableStale(db: Database, leagueId: string): Promise<boolean> {
  if (dialectOf(db) === 'postgres') {
    const { leagues } = tablesOf(db);
    return (await firstRow(db.select({ stale: leagues.tableStale }).from(leagues).where(eq(leagues.id, leagueId))))?.stale === true;
  }
  const row = prepared(db, 'SELECT table_stale AS stale FROM leagues WHERE id = ?').get(leagueId) as { stale: number } | undefined;
  return row?.stale === 1;
}

/**
 * Writes the ranks and table points of `rows` (the ones that changed, ranked from records
 * read at `version`) if the league is still at that version, and clears the stale flag;
 * false when a write came in between.
 */
export async function writeRanksIfCurrent(db: Database, leagueId: string, version: number, rows: readonly TableRow[]): Promise<boolean> {
  return writeTransaction(db, async (tx) => {
    if (dialectOf(tx) === 'postgres') {
      const { leagues } = tablesOf(tx);
      const current = await firstRow(tx.select({ version: leagues.version }).from(leagues).where(eq(leagues.id, leagueId)));
      if (current?.version !== version) return false;
      if (rows.length > 0) {
        const teamIds = pgArray(rows.map((row) => row.teamId), 'text');
        const ranks = pgArray(rows.map((row) => row.rank), 'int');
        const points = pgArray(rows.map((row) => row.tablePoints), 'int');
        await execute(
          tx,
          sql`INSERT INTO h2h_standings (team_id, league_id, rank, table_points)
              SELECT r.team_id, ${leagueId}::text, r.rank, r.table_points
              FROM unnest(${teamIds}, ${ranks}, ${points}) AS r(team_id, rank, table_points)
              ON CONFLICT (team_id) DO UPDATE SET rank = excluded.rank, table_points = excluded.table_points`,
        );
      }
      await tx.update(leagues).set({ tableStale: false }).where(eq(leagues.id, leagueId));
      return true;
    }
    const current = prepared(tx, 'SELECT version FROM leagues WHERE id = ?').get(leagueId) as { version: number } | undefined;
    if (current?.version !== version) return false;
    const write = prepared(
      tx,
      `INSERT INTO h2h_standings (team_id, league_id, rank, table_points) VALUES (?, ?, ?, ?)
       ON CONFLICT (team_id) DO UPDATE SET rank = excluded.rank, table_points = excluded.table_points`,
    );
    for (const row of rows) write.run(row.teamId, leagueId, row.rank, row.tablePoints);
    prepared(tx, 'UPDATE leagues SET table_stale = 0 WHERE id = ?').run(leagueId);
    return true;
  });
}

export interface KeptTableRow extends TableRow {
  teamName: string;
}

const TABLE_SQL = `
  SELECT s.rank AS rank, s.team_id AS teamId, t.name AS teamName, s.played AS played, s.won AS won, s.drawn AS drawn,
         s.lost AS lost, s.points_for AS pointsFor, s.points_against AS pointsAgainst, s.table_points AS tablePoints
  FROM h2h_standings s JOIN teams t ON t.id = s.team_id
  WHERE s.league_id = ? AND s.rank IS NOT NULL
  ORDER BY s.rank`;

/** The kept table in rank order. */
export async function keptTable(db: Database, leagueId: string): Promise<KeptTableRow[]> {
  if (dialectOf(db) === 'postgres') {
    const { h2hStandings: s, teams: t } = tablesOf(db);
    const rows = await db
      .select({
        rank: s.rank,
        teamId: s.teamId,
        teamName: t.name,
        played: s.played,
        won: s.won,
        drawn: s.drawn,
        lost: s.lost,
        pointsFor: s.pointsFor,
        pointsAgainst: s.pointsAgainst,
        tablePoints: s.tablePoints,
      })
      .from(s)
      .innerJoin(t, eq(t.id, s.teamId))
      .where(and(eq(s.leagueId, leagueId), isNotNull(s.rank)))
      .orderBy(s.rank);
    // rank is not null here, and a ranked row has its table points written with it
    return rows as KeptTableRow[];
  }
  return prepared(db, TABLE_SQL).all(leagueId) as KeptTableRow[];
}
