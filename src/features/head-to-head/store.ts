/**
 * Head-to-head leagues kept: each round's pairings once fixed, each team's
 * round points (re-summed from its performances with every ingest, like `team_standings`),
 * and each team's record over the settled rounds, which the table is ranked from.
 */
import type { KeptPairing, TeamOutcome, TeamRecord } from '../../domain/head-to-head';
import type { RoundStage } from '../../domain/playoff-format';
import { type Database, writeTransaction } from '../../platform/db/database';
import { boundList, exactSum, runForEachRow, runStatement, selectRow, selectRows } from '../../platform/db/statements';

/** PostgreSQL compares a bound with an integer column as an integer: the open-ended last round is its largest. */
const INT4_MAX = 2_147_483_647;

/** The highest round whose pairings are kept (0 before the first is fixed). */
export async function fixedRoundCount(db: Database, leagueId: string): Promise<number> {
  return (await selectRow<{ n: number | null }>(db, 'SELECT max(round) AS n FROM h2h_rounds WHERE league_id = ?', leagueId))?.n ?? 0;
}

/** Keeps a round's pairings; a round already kept is left as it was. */
export async function keepRoundPairings(
  db: Database,
  leagueId: string,
  round: number,
  fixedAt: string,
  pairings: readonly { home: string; away: string | null }[],
  stage: RoundStage = 'regular',
): Promise<void> {
  return writeTransaction(db, async (db) => {
    const text = 'INSERT INTO h2h_rounds (league_id, round, fixed_at, stage) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING';
    if ((await runStatement(db, text, leagueId, round, fixedAt, stage)) === 0) return;
    await runForEachRow(
      db,
      'INSERT INTO h2h_pairings (league_id, round, slot, home_team_id, away_team_id) VALUES (?, ?, ?, ?, ?)',
      ['text', 'int', 'int', 'text', 'text'],
      pairings.map((pairing, slot) => [leagueId, round, slot, pairing.home, pairing.away]),
    );
  });
}

export interface KeptRound {
  round: number;
  finalAt: string | null;
  pairings: KeptPairing[];
}

const PAIRINGS_SQL = `
  SELECT r.round AS round, r.final_at AS "finalAt", p.home_team_id AS home, p.away_team_id AS away, p.forfeited_by AS "forfeitedBy"
  FROM h2h_rounds r LEFT JOIN h2h_pairings p ON p.league_id = r.league_id AND p.round = r.round
  WHERE r.league_id = ? AND r.round BETWEEN ? AND ?
  ORDER BY r.round, p.slot`;

/** The kept rounds first..last with their pairings in slot order. */
export async function keptRounds(db: Database, leagueId: string, first = 1, last = Number.MAX_SAFE_INTEGER): Promise<KeptRound[]> {
  const rows = await selectRows<{ round: number; finalAt: string | null; home: string | null; away: string | null; forfeitedBy: string | null }>(
    db,
    PAIRINGS_SQL,
    leagueId,
    first,
    Math.min(last, INT4_MAX),
  );
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
  const text = `UPDATE h2h_pairings SET forfeited_by = ?
    WHERE league_id = ? AND round = ? AND forfeited_by IS NULL AND (home_team_id = ? OR away_team_id = ?)`;
  return writeTransaction(db, async (db) => (await runStatement(db, text, teamId, leagueId, round, teamId, teamId)) > 0);
}

/** Records the moment a round was first found final; false when it already was. */
export async function markRoundFinal(db: Database, leagueId: string, round: number, at: string): Promise<boolean> {
  const text = 'UPDATE h2h_rounds SET final_at = ? WHERE league_id = ? AND round = ? AND final_at IS NULL';
  return writeTransaction(db, async (db) => (await runStatement(db, text, at, leagueId, round)) === 1);
}

export interface TeamRoundSpan {
  teamId: string;
  leagueId: string;
  round: number;
  /** the round's first and last day */
  startDate: string;
  endDate: string;
}

/** A span's performances, for a subquery of each span (SQLite sorts to GROUP BY even a single span). */
const SPAN_PERFORMANCES = 'FROM performances p WHERE p.team_id = s.team_id AND p.date BETWEEN s.start_date AND s.end_date';

/**
 * Re-sums each team's round from its performances over the covering (team, date, points)
 * index: a re-sent day replaces its points rather than adding to them.
 */
export async function refreshTeamRounds(db: Database, spans: readonly TeamRoundSpan[]): Promise<void> {
  // the last span of a (team, round) wins, as if each were re-summed in turn
  const last = new Map(spans.map((span) => [`${span.teamId} ${span.round}`, span]));
  await writeTransaction(db, (db) =>
    runForEachRow(
      db,
      `INSERT INTO h2h_team_rounds (team_id, round, league_id, points, days_scored)
        SELECT s.team_id, s.round, s.league_id, (SELECT ${exactSum(db, 'p.points')} ${SPAN_PERFORMANCES}), (SELECT CAST(count(*) AS INTEGER) ${SPAN_PERFORMANCES})
        FROM (SELECT ? AS team_id, ? AS round, ? AS league_id, ? AS start_date, ? AS end_date /*FROM each row*/) AS s WHERE true
        ON CONFLICT (team_id, round) DO UPDATE SET points = excluded.points, days_scored = excluded.days_scored`,
      ['text', 'int', 'text', 'text', 'text'],
      [...last.values()].map((span) => [span.teamId, span.round, span.leagueId, span.startDate, span.endDate]),
    ),
  );
}

/**
 * How many teams are paired in the round, and how many teams of the league have at least
 * `days` of it scored: fewer of the latter means the round cannot be complete yet (counted by
 * SQLite, so an ingest chunk of a long day need not read the round's rows to learn it).
 */
export async function roundCompletion(db: Database, leagueId: string, round: number, days: number): Promise<{ paired: number; scored: number }> {
  const paired = await selectRow<{ n: number }>(db, 'SELECT CAST(count(*) + count(away_team_id) AS INTEGER) AS n FROM h2h_pairings WHERE league_id = ? AND round = ?', leagueId, round);
  const scored = await selectRow<{ n: number }>(
    db,
    'SELECT CAST(count(*) AS INTEGER) AS n FROM h2h_team_rounds WHERE league_id = ? AND round = ? AND days_scored >= ?',
    leagueId,
    round,
    days,
  );
  return { paired: paired?.n ?? 0, scored: scored?.n ?? 0 };
}

/** Writes a final round's outcome on each paired team's round row. */
export async function writeRoundOutcomes(db: Database, round: number, outcomes: readonly TeamOutcome[]): Promise<void> {
  await writeTransaction(db, (db) =>
    runForEachRow(
      db,
      'UPDATE h2h_team_rounds AS r SET result = ?, points_against = ? /*FROM each row*/ WHERE r.team_id = ? AND r.round = ?',
      ['text', 'float8', 'text', 'int'],
      outcomes.map((outcome) => [outcome.result, outcome.pointsAgainst, outcome.teamId, round]),
    ),
  );
}

/**
 * Re-sums the teams' records from their settled round rows (over the covering record index),
 * never adjusted by a difference: a re-sent day would otherwise leave float noise to order
 * teams whose points for are equal.
 */
export async function refreshTeamRecords(db: Database, teamIds: readonly string[]): Promise<void> {
  const count = (result: string) => `CAST(count(*) FILTER (WHERE r.result = '${result}') AS INTEGER)`;
  return writeTransaction(db, async (db) => {
    if (teamIds.length === 0) return;
    const teams = boundList(db, [...new Set(teamIds)]);
    const text = `INSERT INTO h2h_standings (team_id, league_id, played, won, drawn, lost, points_for, points_against)
      SELECT t.id, t.league_id, CAST(count(r.result) AS INTEGER), ${count('won')}, ${count('drawn')}, ${count('lost')},
        ${exactSum(db, 'r.points')}, ${exactSum(db, 'r.points_against')}
      FROM teams t LEFT JOIN h2h_team_rounds r ON r.league_id = t.league_id AND r.team_id = t.id AND r.result IS NOT NULL
      WHERE t.id ${teams.in}
      GROUP BY t.id
      ON CONFLICT (team_id) DO UPDATE SET played = excluded.played, won = excluded.won, drawn = excluded.drawn, lost = excluded.lost,
        points_for = excluded.points_for, points_against = excluded.points_against`;
    await runStatement(db, text, teams.value);
  });
}

/** A team's kept record and name: what the table is ranked from. */
export interface KeptRecord extends TeamRecord {
  teamName: string;
}

const RECORDS_SQL = `
  SELECT t.id AS "teamId", t.name AS "teamName", t.joined_at AS "joinedAt",
    coalesce(s.won, 0) AS won, coalesce(s.drawn, 0) AS drawn, coalesce(s.lost, 0) AS lost,
    coalesce(s.points_for, 0) AS "pointsFor", coalesce(s.points_against, 0) AS "pointsAgainst"
  FROM teams t LEFT JOIN h2h_standings s ON s.team_id = t.id
  WHERE t.league_id = ?`;

/** Every team of the league (departed ones included) with its kept record: what the ranking reads. */
export async function keptRecords(db: Database, leagueId: string): Promise<KeptRecord[]> {
  return selectRows<KeptRecord>(db, RECORDS_SQL, leagueId);
}

export interface TeamRoundPoints {
  points: number;
  daysScored: number;
}

/** Every team's points in rounds first..last, by round then team. */
export async function teamRoundPoints(db: Database, leagueId: string, first = 1, last = Number.MAX_SAFE_INTEGER): Promise<Map<number, Map<string, TeamRoundPoints>>> {
  const rows = await selectRows<{ round: number; teamId: string } & TeamRoundPoints>(
    db,
    'SELECT round, team_id AS "teamId", points, days_scored AS "daysScored" FROM h2h_team_rounds WHERE league_id = ? AND round BETWEEN ? AND ?',
    leagueId,
    first,
    Math.min(last, INT4_MAX),
  );
  const out = new Map<number, Map<string, TeamRoundPoints>>();
  for (const row of rows) {
    let round = out.get(row.round);
    if (!round) out.set(row.round, (round = new Map()));
    round.set(row.teamId, { points: row.points, daysScored: row.daysScored });
  }
  return out;
}

/** Each team's day points over from..to, by team then date (days not scored are absent). */
export async function dayPoints(db: Database, teamIds: readonly string[], from: string, to: string): Promise<Map<string, Map<string, number>>> {
  const out = new Map<string, Map<string, number>>();
  if (teamIds.length === 0) return out;
  const teams = boundList(db, [...new Set(teamIds)]);
  const rows = await selectRows<{ teamId: string; date: string; points: number }>(
    db,
    `SELECT team_id AS "teamId", date, points FROM performances WHERE team_id ${teams.in} AND date BETWEEN ? AND ?`,
    teams.value,
    from,
    to,
  );
  for (const row of rows) {
    let team = out.get(row.teamId);
    if (!team) out.set(row.teamId, (team = new Map()));
    team.set(row.date, row.points);
  }
  return out;
}
