/**
 * §4.5 standings kept in `team_standings`. Each performance write refreshes its team's
 * totals in the same transaction; ranks are written for the whole league at once, by the
 * first read after a change (a day arrives in many small ingest transactions, and ranking a
 * large league once per transaction would cost more than the day itself). A leaderboard
 * read is then one range read of the (league, rank) index.
 *
 * Ranking a 100,000-team league must not hold the write lock while it sorts (the retries and
 * batches are services/league-ranking.ts's; these are its statements): the totals are
 * read in one read transaction, ranked in memory, and only the ranks that changed are
 * written, a bounded batch per write transaction, each guarded by the league version read
 * with the totals. A write in between (an ingest chunk) moves the version: the stale ranking
 * is dropped and ranked again. Until the last batch clears `ranks_stale`, readers do not
 * trust the kept ranks (they rank first), so a half-written ranking is never served.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { eq, isNotNull, and, count, sql } from 'drizzle-orm';
import type { KeptRank, StandingEntry, TeamTotals } from '../../domain/standings';
import { STARTING_CREDITS } from '../../domain/pricing';
import { type Database, preparedOnce, readTransaction, writeTransaction } from '../../platform/db/database';
import { compensatedSum, dialectOf, execute, first, pgArray, type RunningSum, rowsOf, runningSum, tablesOf, totalOf } from '../../platform/db/dialect';

/*
 * The teams' totals. "Previous" is summed over the earlier days themselves, never taken as
 * total − latest: that subtraction leaves float noise (0.1 + 0.2 − 0.2 ≠ 0.1), and the noise,
 * not the §4.5 tie-break, would then order teams whose earlier totals are equal. For the same
 * reason the totals are never adjusted by the difference a re-sent day makes: a day that is not
 * the team's new latest day re-sums all its days.
 *
 * A full re-sum sums the way SQLite's `total()` does, in node on both engines (store/dialect.ts's
 * compensatedSum, over the days in date order), and keeps the sum's running state (`points_sum`,
 * `points_carried`) with the date of the latest day it covers. The usual write, each team's one
 * new latest day, then needs no re-sum: "previous" is the old total (the same days), and the
 * total is the running state extended by the new day, one summing step done in SQL on the same
 * doubles, bit for bit what summing every day again gives: a day's import then reads no
 * team's history, and on PostgreSQL no points travel back to node at all.
 */

/** Each team's days' points in date order (the covering (team, date, points) index). */
const POINTS_OF_TEAMS_SQL = `
  SELECT p.team_id, p.date, p.points FROM performances p
  WHERE p.team_id IN (SELECT value FROM json_each(?))
  ORDER BY p.team_id, p.date`;

/** A team's totals re-summed (teams that do not exist are skipped, as the ingest refuses them). */
const KEEP_TOTALS_SQL = `
  INSERT INTO team_standings (team_id, league_id, cumulative_points, previous_points, points_sum, points_carried, latest_date)
  SELECT t.id, t.league_id, ?, ?, ?, ?, ? FROM teams t WHERE t.id = ?
  ON CONFLICT (team_id) DO UPDATE SET
    cumulative_points = excluded.cumulative_points,
    previous_points = excluded.previous_points,
    points_sum = excluded.points_sum,
    points_carried = excluded.points_carried,
    latest_date = excluded.latest_date`;

/**
 * One step of the compensated sum in SQL, `s` the kept state and `d.points` the new day: the
 * very operations of store/dialect.ts's extendedSum, on the same doubles (IEEE arithmetic on
 * both engines), so the result is bit for bit the one node computes.
 */
const CARRIED_STEP = `(CASE WHEN abs(s.points_sum) > abs(d.points)
  THEN (s.points_sum - (s.points_sum + d.points)) + d.points
  ELSE (d.points - (s.points_sum + d.points)) + s.points_sum END)`;

/** The columns an extension by the day `d` sets (SET reads the row as it was before). */
const EXTENDED_COLUMNS = `
  previous_points = s.points_sum + s.points_carried,
  cumulative_points = (s.points_sum + d.points) + (s.points_carried + ${CARRIED_STEP}),
  points_sum = s.points_sum + d.points,
  points_carried = s.points_carried + ${CARRIED_STEP},
  latest_date = d.date`;

/**
 * Which kept states extend by the day `d`: a state is kept, far from overflowing (a sum that
 * overflows is re-summed, where node leaves such a compensation out as SQLite does), and the
 * day is after the latest day it covers, which is still the team's latest other day (`d.before`:
 * a day written around the ingest, say by hand, makes the team re-sum).
 */
const EXTENDS_WHEN = (same: string) => `
  s.points_sum IS NOT NULL AND s.points_carried IS NOT NULL
  AND abs(s.points_sum) < 1e300 AND abs(s.points_carried) < 1e300 AND abs(d.points) < 1e300
  AND d.before ${same} s.latest_date AND (s.latest_date IS NULL OR d.date > s.latest_date)`;

/**
 * Extends the kept totals of the teams whose one written day (a JSON array of [team, date]) is
 * their new latest day, after it was written; answers those teams. The day's points and the
 * team's other days are both read off the covering (team, date, points) index, one leaf for
 * both (SQLite would take the key's index and the table row for the points).
 */
const EXTEND_TOTALS_SQL = `
  UPDATE team_standings AS s SET ${EXTENDED_COLUMNS}
  FROM (SELECT p.team_id AS team_id, p.date AS date, p.points AS points,
               (SELECT max(q.date) FROM performances q INDEXED BY performances_team_points_idx
                 WHERE q.team_id = p.team_id AND q.date <> p.date) AS before
          FROM json_each(?) w JOIN performances p INDEXED BY performances_team_points_idx
            ON p.team_id = w.value ->> 0 AND p.date = w.value ->> 1) AS d
  WHERE s.team_id = d.team_id AND ${EXTENDS_WHEN('IS')}
  RETURNING team_id`;

/** One team's totals, and the running state they come from. */
interface KeptTotalsRow {
  teamId: string;
  cumulative: number;
  previous: number;
  /** null when a sum overflowed: such a team is always re-summed */
  state: RunningSum | null;
  latestDate: string | null;
}

function keptTotals(teamId: string, points: readonly number[], latestDate: string | null): KeptTotalsRow {
  const state = runningSum(points);
  return {
    teamId,
    cumulative: totalOf(state),
    // the team's latest day is the last element: (team, date) is the key
    previous: compensatedSum(points, points.length - 1),
    state: Number.isFinite(state.sum) && Number.isFinite(state.carried) ? state : null,
    latestDate,
  };
}

/** Prepared once per connection: a day of 100,000 teams refreshes 100,000 totals. */
function prepared(db: Database, text: string): BetterSqlite3.Statement {
  return preparedOnce(db, text, () => db.$client.prepare(text));
}

/** Re-sums the teams' totals from all their performances (call after writing any of them). */
export async function refreshTotalsOfTeams(db: Database, teamIds: readonly string[]): Promise<void> {
  return writeTransaction(db, async (db) => {
    if (teamIds.length === 0) return;
    const ids = teamIds.length === 1 ? teamIds : [...new Set(teamIds)];
    if (dialectOf(db) === 'postgres') return refreshTotalsOnPostgres(db, ids);
    const pointsOf = new Map<string, { points: number[]; latestDate: string }>();
    for (const [teamId, date, points] of prepared(db, POINTS_OF_TEAMS_SQL).raw().iterate(JSON.stringify(ids)) as Iterable<[string, string, number]>) {
      const days = pointsOf.get(teamId);
      if (days) {
        days.points.push(points);
        days.latestDate = date;
      } else pointsOf.set(teamId, { points: [points], latestDate: date });
    }
    const keep = prepared(db, KEEP_TOTALS_SQL);
    for (const teamId of ids) {
      const days = pointsOf.get(teamId);
      const row = keptTotals(teamId, days?.points ?? [], days?.latestDate ?? null);
      keep.run(row.cumulative, row.previous, row.state?.sum ?? null, row.state?.carried ?? null, row.latestDate, teamId);
    }
  });
}

/**
 * PostgreSQL's `sum` of doubles adds them one after another, SQLite's `total` compensates the
 * rounding (Kahan-Babuska-Neumaier): 0.1 + 0.2 + 0.3 is 0.6000000000000001 on one and 0.6 on
 * the other, and such noise would break §4.5 ties the other way on the other engine, or after
 * `copy-to-postgres`. So PostgreSQL hands over each team's points in date order, one array per
 * team (SQLite's order: its covering index), and they are summed here the way SQLite sums.
 */
async function refreshTotalsOnPostgres(db: Database, teamIds: readonly string[]): Promise<void> {
  const days = await rowsOf<{ teamId: string; points: number[]; latestDate: string }>(
    db,
    sql`SELECT team_id AS "teamId", array_agg(points ORDER BY date) AS points, max(date) AS "latestDate"
          FROM performances WHERE team_id = ANY(${pgArray(teamIds)}) GROUP BY team_id`,
  );
  const daysOf = new Map(days.map((row) => [row.teamId, row]));
  await writeTotalsOnPostgres(
    db,
    teamIds.map((teamId) => {
      const team = daysOf.get(teamId);
      return keptTotals(teamId, team?.points ?? [], team?.latestDate ?? null);
    }),
  );
}

/** The teams' totals and running state, in one statement (teams that do not exist are skipped). */
async function writeTotalsOnPostgres(db: Database, rows: readonly KeptTotalsRow[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <T>(pick: (row: KeptTotalsRow) => T): T[] => rows.map(pick);
  await execute(
    db,
    sql`INSERT INTO team_standings (team_id, league_id, cumulative_points, previous_points, points_sum, points_carried, latest_date)
        SELECT t.id, t.league_id, s.cumulative, s.previous, s.sum, s.carried, s.latest_date
          FROM unnest(${pgArray(column((row) => row.teamId))}, ${pgArray(column((row) => row.cumulative), 'float8')},
                      ${pgArray(column((row) => row.previous), 'float8')}, ${pgArray(column((row) => row.state?.sum ?? null), 'float8')},
                      ${pgArray(column((row) => row.state?.carried ?? null), 'float8')}, ${pgArray(column((row) => row.latestDate))})
            AS s(team_id, cumulative, previous, sum, carried, latest_date)
          JOIN teams t ON t.id = s.team_id
        ON CONFLICT (team_id) DO UPDATE SET
          cumulative_points = excluded.cumulative_points,
          previous_points = excluded.previous_points,
          points_sum = excluded.points_sum,
          points_carried = excluded.points_carried,
          latest_date = excluded.latest_date`,
  );
}

/** A day written for a team: what its totals need of the write. */
export interface DayOfTeam {
  teamId: string;
  date: string;
  /**
   * the points written (PostgreSQL takes them from here: bound the same way as by the upsert,
   * they are the very doubles it stored; SQLite reads them back, its JSON numbers being text)
   */
  points: number;
}

/**
 * Keeps the totals of the teams whose days were just written, in the write's transaction: a
 * team's one written day that is its new latest day extends its kept sum in SQL (one statement
 * for the whole write, nothing read back into node); the other teams (a re-sent or back-filled
 * day, several days of one team, no kept sum yet) re-sum all their days. Answers how many
 * teams were extended.
 */
export async function keepTotalsOfWrite(db: Database, days: readonly DayOfTeam[]): Promise<number> {
  return writeTransaction(db, async (db) => {
    // the one day of each team written once; null for a team written more than once
    const only = new Map<string, DayOfTeam | null>();
    for (const day of days) only.set(day.teamId, only.has(day.teamId) ? null : day);
    const single: DayOfTeam[] = [];
    for (const day of only.values()) if (day) single.push(day);
    let extended: Set<string> = new Set();
    if (single.length > 0) {
      if (dialectOf(db) === 'postgres') {
        const teamIds = single.map((day) => day.teamId);
        // the teams named again as a constant list: the planner then reads just those through
        // the key (5,000 probes) instead of hashing all of team_standings for every chunk, which
        // cost 80-170 ms of each 5,000-row chunk at 100,000 teams (auto_explain, capacity bench)
        const rows = await rowsOf<{ teamId: string }>(
          db,
          sql`UPDATE team_standings AS s SET ${sql.raw(EXTENDED_COLUMNS)}
                FROM (SELECT w.team_id, w.date, w.points,
                             (SELECT max(q.date) FROM performances q WHERE q.team_id = w.team_id AND q.date <> w.date) AS before
                        FROM unnest(${pgArray(teamIds)}, ${pgArray(single.map((day) => day.date))},
                                    ${pgArray(single.map((day) => day.points), 'float8')}) AS w(team_id, date, points)) AS d
               WHERE s.team_id = d.team_id AND s.team_id = ANY(${pgArray(teamIds)})
                 AND ${sql.raw(EXTENDS_WHEN('IS NOT DISTINCT FROM'))}
              RETURNING s.team_id AS "teamId"`,
        );
        extended = new Set(rows.map((row) => row.teamId));
      } else {
        const teams = prepared(db, EXTEND_TOTALS_SQL).pluck().all(JSON.stringify(single.map((day) => [day.teamId, day.date]))) as string[];
        extended = new Set(teams);
      }
    }
    const resummed: string[] = [];
    for (const teamId of only.keys()) if (!extended.has(teamId)) resummed.push(teamId);
    await refreshTotalsOfTeams(db, resummed);
    return extended.size;
  });
}

const TOTALS_OF_LEAGUE_SQL = `
  SELECT t.id AS teamId, t.joined_at AS joinedAt,
         coalesce(s.cumulative_points, 0) AS cumulativePoints, coalesce(s.previous_points, 0) AS previousPoints,
         s.rank AS rank, s.rank_delta AS rankDelta
  FROM teams t LEFT JOIN team_standings s ON s.team_id = t.id
  WHERE t.league_id = ?`;

const WRITE_RANK_SQL = `
  INSERT INTO team_standings (team_id, league_id, rank, rank_delta) VALUES (?, ?, ?, ?)
  ON CONFLICT (team_id) DO UPDATE SET rank = excluded.rank, rank_delta = excluded.rank_delta`;

/** Ranked rows with what a LeaderboardEntry shows; credits summed over the covering ledger index. */
const RANKED_SQL = `
  SELECT t.id AS teamId, t.name AS teamName, t.player_id AS playerId, p.name AS playerName,
         s.cumulative_points AS cumulativePoints, s.rank AS rank, s.rank_delta AS rankDelta,
         (SELECT total(e.amount) FROM ledger_entries e WHERE e.team_id = t.id) AS spent
  FROM team_standings s
  JOIN teams t ON t.id = s.team_id
  JOIN players p ON p.id = t.player_id
  WHERE s.league_id = ? AND s.rank > ? AND s.rank <= ?
  ORDER BY s.rank`;

/**
 * Every team of the league with its totals, names and the ledger's sum, in the teams' own
 * order (the league's index on teams, then one lookup per team): the whole league in one
 * statement, to be ranked in memory. Reading the kept ranks instead walks the rank index and
 * visits the teams in rank order, a random order over the teams' pages, which took longer
 * than this read and the ranking together.
 */
const BOARD_SQL = `
  SELECT t.id AS teamId, t.joined_at AS joinedAt, t.name AS teamName, t.player_id AS playerId, p.name AS playerName,
         coalesce(s.cumulative_points, 0) AS cumulativePoints, coalesce(s.previous_points, 0) AS previousPoints,
         ${STARTING_CREDITS} + (SELECT total(e.amount) FROM ledger_entries e WHERE e.team_id = t.id) AS credits
  FROM teams t
  JOIN players p ON p.id = t.player_id
  LEFT JOIN team_standings s ON s.team_id = t.id
  WHERE t.league_id = ?`;


/** Re-sums one team's totals; see refreshTotalsOfTeams. */
export async function refreshTeamTotals(db: Database, teamId: string): Promise<void> {
  return refreshTotalsOfTeams(db, [teamId]);
}

type KeptTotals = TeamTotals & KeptRank;

export interface LeagueTotals {
  /** the league version these totals were read at */
  version: number;
  /** ranks not written since the last change */
  stale: boolean;
  teams: KeptTotals[];
}

/** The league's version, staleness, and every team's totals and kept rank, from one snapshot. */
export async function readLeagueTotals(db: Database, leagueId: string): Promise<LeagueTotals | undefined> {
  if (dialectOf(db) === 'postgres') {
    // readTransaction runs in a PostgreSQL transaction handed in, or joins the write under way
    return readTransaction(db, async (tx) => {
      const { leagues } = tablesOf(tx);
      const league = await first(tx.select({ version: leagues.version, stale: leagues.ranksStale }).from(leagues).where(eq(leagues.id, leagueId)));
      if (!league) return undefined;
      const teams = await rowsOf<KeptTotals>(
        tx,
        sql`SELECT t.id AS "teamId", t.joined_at AS "joinedAt",
                   coalesce(s.cumulative_points, 0) AS "cumulativePoints", coalesce(s.previous_points, 0) AS "previousPoints",
                   s.rank AS rank, s.rank_delta AS "rankDelta"
              FROM teams t LEFT JOIN team_standings s ON s.team_id = t.id
             WHERE t.league_id = ${leagueId}`,
      );
      return { version: league.version, stale: league.stale, teams };
    });
  }
  const read = () => {
    const league = prepared(db, 'SELECT version, ranks_stale AS stale FROM leagues WHERE id = ?').get(leagueId) as
      | { version: number; stale: number }
      | undefined;
    if (!league) return undefined;
    const teams = prepared(db, TOTALS_OF_LEAGUE_SQL).all(leagueId) as KeptTotals[];
    return { version: league.version, stale: league.stale === 1, teams };
  };
  return db.$client.inTransaction ? read() : db.$client.transaction(read).deferred();
}

/** Whether the league's ranks are behind its points or teams (the flag alone: a cheap read). */
export async function ranksStale(db: Database, leagueId: string): Promise<boolean> {
  if (dialectOf(db) === 'postgres') {
    const { leagues } = tablesOf(db);
    return (await first(db.select({ stale: leagues.ranksStale }).from(leagues).where(eq(leagues.id, leagueId))))?.stale === true;
  }
  return (prepared(db, 'SELECT ranks_stale AS stale FROM leagues WHERE id = ?').get(leagueId) as { stale: number } | undefined)?.stale === 1;
}

/** The league's version now, inside the caller's transaction. */
export async function currentLeagueVersion(db: Database, leagueId: string): Promise<number | undefined> {
  if (dialectOf(db) === 'postgres') {
    const { leagues } = tablesOf(db);
    return (await first(db.select({ version: leagues.version }).from(leagues).where(eq(leagues.id, leagueId))))?.version;
  }
  return (prepared(db, 'SELECT version FROM leagues WHERE id = ?').get(leagueId) as { version: number } | undefined)?.version;
}

/** Writes one team's kept rank and rank change. */
export async function writeRank(db: Database, leagueId: string, entry: StandingEntry): Promise<void> {
  return writeRanks(db, leagueId, [entry]);
}

/**
 * Writes the teams' kept ranks and rank changes. On PostgreSQL one statement for the whole
 * set (the columns bound as arrays and unnested): a statement per team was a round trip per
 * team, 100,000 of them for a large league. SQLite keeps its prepared statement per row: it has
 * no round trip, and one statement per 2,000 rows over a JSON array (json_each) measured no
 * faster there (100,000 ranks: 0.83-1.09 s per row, 0.91-1.18 s in sets, three rounds each).
 */
export async function writeRanks(db: Database, leagueId: string, entries: readonly StandingEntry[]): Promise<void> {
  if (entries.length === 0) return;
  return writeTransaction(db, async (db) => {
    if (dialectOf(db) === 'postgres') {
      await execute(
        db,
        sql`INSERT INTO team_standings (team_id, league_id, rank, rank_delta)
            SELECT r.team_id, ${leagueId}::text, r.rank, r.rank_delta
              FROM unnest(${pgArray(entries.map((entry) => entry.teamId))}, ${pgArray(entries.map((entry) => entry.rank), 'int')},
                          ${pgArray(entries.map((entry) => entry.rankDelta), 'int')}) AS r(team_id, rank, rank_delta)
            ON CONFLICT (team_id) DO UPDATE SET rank = excluded.rank, rank_delta = excluded.rank_delta`,
      );
      return;
    }
    const statement = prepared(db, WRITE_RANK_SQL);
    for (const entry of entries) statement.run(entry.teamId, leagueId, entry.rank, entry.rankDelta);
  });
}

/** The league's ranks are current again (with the last batch of a ranking). */
export async function clearRanksStale(db: Database, leagueId: string): Promise<void> {
  return writeTransaction(db, async (db) => {
    if (dialectOf(db) === 'postgres') {
      const { leagues } = tablesOf(db);
      await db.update(leagues).set({ ranksStale: false }).where(eq(leagues.id, leagueId));
      return;
    }
    prepared(db, 'UPDATE leagues SET ranks_stale = 0 WHERE id = ?').run(leagueId);
  });
}

export interface RankedTeam extends StandingEntry {
  teamName: string;
  playerId: string;
  playerName: string;
  credits: number;
}

export interface BoardTeam extends TeamTotals {
  teamName: string;
  playerId: string;
  playerName: string;
  credits: number;
}

/** Every team of the league (departed ones included), unranked: see BOARD_SQL. */
export async function leagueBoard(db: Database, leagueId: string): Promise<BoardTeam[]> {
  // credits summed in SQL (store/ledger.ts's formula): 100,000 rows are not copied to add them
  if (dialectOf(db) === 'postgres') {
    return rowsOf<BoardTeam>(
      db,
      sql`SELECT t.id AS "teamId", t.joined_at AS "joinedAt", t.name AS "teamName", t.player_id AS "playerId", p.name AS "playerName",
                 coalesce(s.cumulative_points, 0) AS "cumulativePoints", coalesce(s.previous_points, 0) AS "previousPoints",
                 (${STARTING_CREDITS} + coalesce((SELECT sum(e.amount) FROM ledger_entries e WHERE e.team_id = t.id), 0))::float8 AS credits
            FROM teams t
            JOIN players p ON p.id = t.player_id
            LEFT JOIN team_standings s ON s.team_id = t.id
           WHERE t.league_id = ${leagueId}`,
    );
  }
  return prepared(db, BOARD_SQL).all(leagueId) as BoardTeam[];
}

/** Ranks `first`..`last` (1-based, inclusive) of a league ranked by services/league-ranking. */
export async function rankedTeams(db: Database, leagueId: string, first = 1, last = Number.MAX_SAFE_INTEGER): Promise<RankedTeam[]> {
  if (dialectOf(db) === 'postgres') {
    // bound as bigint: the default `last` is past PostgreSQL's integer
    return rowsOf<RankedTeam>(
      db,
      sql`SELECT t.id AS "teamId", t.name AS "teamName", t.player_id AS "playerId", p.name AS "playerName",
                 s.cumulative_points AS "cumulativePoints", s.rank AS rank, s.rank_delta AS "rankDelta",
                 (${STARTING_CREDITS} + coalesce((SELECT sum(e.amount) FROM ledger_entries e WHERE e.team_id = t.id), 0))::float8 AS credits
            FROM team_standings s
            JOIN teams t ON t.id = s.team_id
            JOIN players p ON p.id = t.player_id
           WHERE s.league_id = ${leagueId} AND s.rank > ${first - 1}::bigint AND s.rank <= ${last}::bigint
           ORDER BY s.rank`,
    );
  }
  const rows = prepared(db, RANKED_SQL).all(leagueId, first - 1, last) as (Omit<RankedTeam, 'credits'> & { spent: number })[];
  return rows.map(({ spent, ...row }) => ({ ...row, credits: STARTING_CREDITS + spent }));
}

/** How many teams the league ranks (departed ones included). */
export async function rankedTeamCount(db: Database, leagueId: string): Promise<number> {
  if (dialectOf(db) === 'postgres') {
    const { teamStandings } = tablesOf(db);
    const row = await first(
      db
        .select({ n: count() })
        .from(teamStandings)
        .where(and(eq(teamStandings.leagueId, leagueId), isNotNull(teamStandings.rank))),
    );
    return row?.n ?? 0;
  }
  const row = prepared(db, 'SELECT count(*) AS n FROM team_standings WHERE league_id = ? AND rank IS NOT NULL').get(leagueId) as { n: number };
  return row.n;
}

/** The team's rank, if ranked. */
export async function rankOfTeam(db: Database, teamId: string): Promise<number | undefined> {
  if (dialectOf(db) === 'postgres') {
    const { teamStandings } = tablesOf(db);
    return (await first(db.select({ rank: teamStandings.rank }).from(teamStandings).where(eq(teamStandings.teamId, teamId))))?.rank ?? undefined;
  }
  const row = prepared(db, 'SELECT rank FROM team_standings WHERE team_id = ?').get(teamId) as { rank: number | null } | undefined;
  return row?.rank ?? undefined;
}
