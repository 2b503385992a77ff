/**
 * Standings kept in `team_standings`. Each performance write refreshes its team's
 * totals in the same transaction; ranks are written for the whole league at once, by the
 * rank keeper once the league's changes pause (a day arrives in many small ingest
 * transactions, and ranking a large league once per transaction would cost more than the day
 * itself). A leaderboard read is then one range read of the (league, rank) index.
 *
 * Ranking a 100,000-team league must not hold the write lock while it sorts (the retries and
 * batches are ./league-ranking.ts's; these are its statements): the totals are
 * read in one read transaction, ranked in memory, and only the ranks that changed are
 * written, a bounded batch per write transaction, each guarded by the league version read
 * with the totals. A write in between (an ingest chunk) moves the version: the stale ranking
 * is dropped and ranked again. Until the last batch clears `ranks_stale`, readers do not
 * trust the kept ranks (they rank in memory), so a half-written ranking is never served.
 */
import type { KeptRank, StandingEntry, TeamTotals } from '../../domain/standings';
import { STARTING_CREDITS } from '../../domain/pricing';
import { type Database, writeTransaction } from '../../platform/db/database';
import { compensatedSum, type RunningSum, runningSum, totalOf } from '../../platform/db/dialect';
import { readSnapshot } from '../../platform/db/reads';
import { boundList, indexedBy, jsonArrayOf, restatedKeys, rowsTable, runForEachRow, runStatement, selectRow, selectRows } from '../../platform/db/statements';

/*
 * The teams' totals. "Previous" is summed over the earlier days themselves, never taken as
 * total − latest: that subtraction leaves float noise (0.1 + 0.2 − 0.2 ≠ 0.1), and the noise,
 * not the leaderboard's tie-break, would then order teams whose earlier totals are equal. For the same
 * reason the totals are never adjusted by the difference a re-sent day makes: a day that is not
 * the team's new latest day re-sums all its days.
 *
 * A full re-sum sums the way SQLite's `total()` does, in node on both engines (platform/db/dialect.ts's
 * compensatedSum, over the days in date order), and keeps the sum's running state (`points_sum`,
 * `points_carried`) with the date of the latest day it covers. The usual write, each team's one
 * new latest day, then needs no re-sum: "previous" is the old total (the same days), and the
 * total is the running state extended by the new day, one summing step done in SQL on the same
 * doubles, bit for bit what summing every day again gives: a day's import then reads no
 * team's history, and on PostgreSQL no points travel back to node at all.
 */

/** A team's totals re-summed (teams that do not exist are skipped, as the ingest refuses them). */
const KEEP_TOTALS_SQL = `
  INSERT INTO team_standings (team_id, league_id, cumulative_points, previous_points, points_sum, points_carried, latest_date)
  SELECT t.id, t.league_id, ?, ?, ?, ?, ? FROM teams t /*, each row*/ WHERE t.id = ?
  ON CONFLICT (team_id) DO UPDATE SET
    cumulative_points = excluded.cumulative_points,
    previous_points = excluded.previous_points,
    points_sum = excluded.points_sum,
    points_carried = excluded.points_carried,
    latest_date = excluded.latest_date`;

/**
 * One step of the compensated sum in SQL, `s` the kept state and `d.points` the new day: the
 * very operations of platform/db/dialect.ts's extendedSum, on the same doubles (IEEE arithmetic on
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
const EXTENDS_WHEN = `
  s.points_sum IS NOT NULL AND s.points_carried IS NOT NULL
  AND abs(s.points_sum) < 1e300 AND abs(s.points_carried) < 1e300 AND abs(d.points) < 1e300
  AND d.before IS NOT DISTINCT FROM s.latest_date AND (s.latest_date IS NULL OR d.date > s.latest_date)`;

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

/**
 * Re-sums the teams' totals from all their performances (call after writing any of them): each
 * team's days' points in date order, one JSON array a team, summed in node the way SQLite's
 * `total` sums (see above), then written by runForEachRow (a day of 100,000 teams refreshes
 * 100,000 totals).
 */
export async function refreshTotalsOfTeams(db: Database, teamIds: readonly string[]): Promise<void> {
  return writeTransaction(db, async (db) => {
    if (teamIds.length === 0) return;
    const ids = teamIds.length === 1 ? teamIds : [...new Set(teamIds)];
    const teams = boundList(db, ids);
    const days = await selectRows<{ teamId: string; points: string; latestDate: string }>(
      db,
      `SELECT team_id AS "teamId", ${jsonArrayOf(db, 'points', 'date')} AS points, max(date) AS "latestDate"
         FROM performances WHERE team_id ${teams.in} GROUP BY team_id`,
      teams.value,
    );
    const daysOf = new Map(days.map((row) => [row.teamId, row]));
    await runForEachRow(
      db,
      KEEP_TOTALS_SQL,
      ['float8', 'float8', 'float8', 'float8', 'text', 'text'],
      ids.map((teamId) => {
        const team = daysOf.get(teamId);
        const row = keptTotals(teamId, team ? (JSON.parse(team.points) as number[]) : [], team?.latestDate ?? null);
        return [row.cumulative, row.previous, row.state?.sum ?? null, row.state?.carried ?? null, row.latestDate, teamId];
      }),
    );
  });
}

/** A day written for a team: what its totals need of the write. */
export interface DayOfTeam {
  teamId: string;
  date: string;
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
    const extended = new Set(single.length === 0 ? [] : await extendTotals(db, single));
    const resummed: string[] = [];
    for (const teamId of only.keys()) if (!extended.has(teamId)) resummed.push(teamId);
    await refreshTotalsOfTeams(db, resummed);
    return extended.size;
  });
}

/**
 * Extends the kept totals of the teams whose one written day is their new latest day, after it
 * was written; answers those teams. The day's points and the team's other days are both read off
 * the covering (team, date, points) index, one leaf for both (SQLite would take the key's index
 * and the table row for the points). PostgreSQL is told the teams again: its planner then reads
 * just those through the key instead of hashing all of team_standings.
 */
async function extendTotals(db: Database, days: readonly DayOfTeam[]): Promise<string[]> {
  const written = rowsTable(db, 'w', { team_id: 'text', date: 'text' }, days.map((day) => [day.teamId, day.date]));
  const teams = restatedKeys(db, 's.team_id', days.map((day) => day.teamId));
  const byPoints = indexedBy(db, 'performances_team_points_idx');
  const rows = await selectRows<{ teamId: string }>(
    db,
    `UPDATE team_standings AS s SET ${EXTENDED_COLUMNS}
       FROM (SELECT p.team_id AS team, p.date AS date, p.points AS points,
                    (SELECT max(q.date) FROM performances q ${byPoints} WHERE q.team_id = p.team_id AND q.date <> p.date) AS before
               FROM ${written.from} JOIN performances p ${byPoints} ON p.team_id = w.team_id AND p.date = w.date) AS d
      WHERE s.team_id = d.team ${teams.text} AND ${EXTENDS_WHEN}
     RETURNING team_id AS "teamId"`,
    ...written.values,
    ...teams.values,
  );
  return rows.map((row) => row.teamId);
}

/** A team's credits (ledger-store.ts's formula), summed over the covering ledger index: 100,000 rows are not copied to add them. */
const CREDITS = `CAST(${STARTING_CREDITS} + coalesce((SELECT sum(e.amount) FROM ledger_entries e WHERE e.team_id = t.id), 0) AS INTEGER)`;

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
  return readSnapshot(db, async (tx) => {
    const league = await selectRow<{ version: number; stale: boolean | number }>(tx, 'SELECT version, ranks_stale AS stale FROM leagues WHERE id = ?', leagueId);
    if (!league) return undefined;
    const teams = await selectRows<KeptTotals>(
      tx,
      `SELECT t.id AS "teamId", t.joined_at AS "joinedAt",
              coalesce(s.cumulative_points, 0) AS "cumulativePoints", coalesce(s.previous_points, 0) AS "previousPoints",
              s.rank AS rank, s.rank_delta AS "rankDelta"
         FROM teams t LEFT JOIN team_standings s ON s.team_id = t.id
        WHERE t.league_id = ?`,
      leagueId,
    );
    // SQLite keeps the flag as 0 or 1
    return { version: league.version, stale: Boolean(league.stale), teams };
  });
}

/** The league's version and whether its ranks are behind it (one row by key: a cheap read). */
export async function rankingState(db: Database, leagueId: string): Promise<{ version: number; stale: boolean } | undefined> {
  const row = await selectRow<{ version: number; stale: boolean | number }>(db, 'SELECT version, ranks_stale AS stale FROM leagues WHERE id = ?', leagueId);
  return row && { version: row.version, stale: Boolean(row.stale) };
}

/** Whether the league's ranks are behind its points or teams (the flag alone: a cheap read). */
export async function ranksStale(db: Database, leagueId: string): Promise<boolean> {
  return Boolean((await selectRow<{ stale: boolean | number }>(db, 'SELECT ranks_stale AS stale FROM leagues WHERE id = ?', leagueId))?.stale);
}

/** The league's version now, inside the caller's transaction. */
export async function currentLeagueVersion(db: Database, leagueId: string): Promise<number | undefined> {
  return (await selectRow<{ version: number }>(db, 'SELECT version FROM leagues WHERE id = ?', leagueId))?.version;
}

/** Writes one team's kept rank and rank change. */
export async function writeRank(db: Database, leagueId: string, entry: StandingEntry): Promise<void> {
  return writeRanks(db, leagueId, [entry]);
}

/**
 * Writes the teams' kept ranks and rank changes: row by row on SQLite, one statement for the set
 * on PostgreSQL, where a statement per team was a round trip per team, 100,000 of them for a
 * large league (runForEachRow). SQLite has no round trip, and one statement per 2,000 rows over
 * a JSON array (json_each) measured no faster there.
 */
export async function writeRanks(db: Database, leagueId: string, entries: readonly StandingEntry[]): Promise<void> {
  if (entries.length === 0) return;
  return writeTransaction(db, async (db) => {
    await runForEachRow(
      db,
      `INSERT INTO team_standings (team_id, league_id, rank, rank_delta) VALUES (?, ?, ?, ?)
       ON CONFLICT (team_id) DO UPDATE SET rank = excluded.rank, rank_delta = excluded.rank_delta`,
      ['text', 'text', 'int', 'int'],
      entries.map((entry) => [entry.teamId, leagueId, entry.rank, entry.rankDelta]),
    );
  });
}

/** The league's ranks are current again (with the last batch of a ranking). */
export async function clearRanksStale(db: Database, leagueId: string): Promise<void> {
  return writeTransaction(db, async (db) => {
    await runStatement(db, 'UPDATE leagues SET ranks_stale = false WHERE id = ?', leagueId);
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

/**
 * Every team of the league (departed ones included), unranked, with its totals, names and
 * credits, in the teams' own order (the league's index on teams, then one lookup per team): the
 * whole league in one statement, to be ranked in memory. Reading the kept ranks instead walks the
 * rank index and visits the teams in rank order, a random order over the teams' pages, which took
 * longer than this read and the ranking together.
 */
export async function leagueBoard(db: Database, leagueId: string): Promise<BoardTeam[]> {
  return selectRows<BoardTeam>(
    db,
    `SELECT t.id AS "teamId", t.joined_at AS "joinedAt", t.name AS "teamName", t.player_id AS "playerId", p.name AS "playerName",
            coalesce(s.cumulative_points, 0) AS "cumulativePoints", coalesce(s.previous_points, 0) AS "previousPoints", ${CREDITS} AS credits
       FROM teams t
       JOIN players p ON p.id = t.player_id
       LEFT JOIN team_standings s ON s.team_id = t.id
      WHERE t.league_id = ?`,
    leagueId,
  );
}

/** Ranks `first`..`last` (1-based, inclusive) of a league ranked by league-ranking.ts. */
export async function rankedTeams(db: Database, leagueId: string, first = 1, last = Number.MAX_SAFE_INTEGER): Promise<RankedTeam[]> {
  // the bounds cast to BIGINT: the default `last` is past PostgreSQL's integer
  return selectRows<RankedTeam>(
    db,
    `SELECT t.id AS "teamId", t.name AS "teamName", t.player_id AS "playerId", p.name AS "playerName",
            s.cumulative_points AS "cumulativePoints", s.rank AS rank, s.rank_delta AS "rankDelta", ${CREDITS} AS credits
       FROM team_standings s
       JOIN teams t ON t.id = s.team_id
       JOIN players p ON p.id = t.player_id
      WHERE s.league_id = ? AND s.rank > CAST(? AS BIGINT) AND s.rank <= CAST(? AS BIGINT)
      ORDER BY s.rank`,
    leagueId,
    first - 1,
    last,
  );
}

/** How many teams the league ranks (departed ones included). */
export async function rankedTeamCount(db: Database, leagueId: string): Promise<number> {
  const row = await selectRow<{ n: number }>(db, 'SELECT CAST(count(*) AS INTEGER) AS n FROM team_standings WHERE league_id = ? AND rank IS NOT NULL', leagueId);
  return row!.n;
}

/** The team's rank, if ranked. */
export async function rankOfTeam(db: Database, teamId: string): Promise<number | undefined> {
  return (await selectRow<{ rank: number | null }>(db, 'SELECT rank FROM team_standings WHERE team_id = ?', teamId))?.rank ?? undefined;
}
