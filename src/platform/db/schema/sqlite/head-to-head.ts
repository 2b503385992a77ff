import { sqliteTable, text, real, integer, primaryKey, index } from 'drizzle-orm/sqlite-core';
import { leagues, teams } from './leagues';

/**
 * A head-to-head round whose pairings are fixed (at the end of its first day, from the teams
 * in the league then). `finalAt` records when every paired team's days were first all scored:
 * the moment its results went into the activity feed.
 */
export const h2hRounds = sqliteTable(
  'h2h_rounds',
  {
    leagueId: text('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    fixedAt: text('fixed_at').notNull(),
    finalAt: text('final_at'),
    /** regular, or the playoff stage the round is (issue 39), kept with the pairings */
    stage: text('stage', { enum: ['regular', 'quarter-final', 'semi-final', 'final'] }).notNull().default('regular'),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.round] })],
);

/** One fixed matchup; `awayTeamId` null is the league average. */
export const h2hPairings = sqliteTable(
  'h2h_pairings',
  {
    leagueId: text('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    slot: integer('slot').notNull(),
    homeTeamId: text('home_team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    awayTeamId: text('away_team_id').references(() => teams.id, { onDelete: 'cascade' }),
    /** the first of the two to leave the league mid-round: it loses the matchup */
    forfeitedBy: text('forfeited_by'),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.round, t.slot] })],
);

/**
 * A team's points in one round and how many of the round's days are scored, re-summed with
 * every ingest; once the round is final, its matchup's outcome for the team, so the table is
 * one aggregate over these rows rather than every round's matchups played again.
 */
export const h2hTeamRounds = sqliteTable(
  'h2h_team_rounds',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    leagueId: text('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    points: real('points').notNull(),
    daysScored: integer('days_scored').notNull(),
    /** null until the round is final (and for a team not paired in it) */
    result: text('result', { enum: ['won', 'drawn', 'lost'] }),
    /** the opponent's round points (the league average's for the odd team out), once final */
    pointsAgainst: real('points_against'),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.round] }),
    // a round's rows (fixtures, settling a round); days_scored answers "is it complete" from the index
    index('h2h_team_rounds_round_idx').on(t.leagueId, t.round, t.daysScored),
    // covers the table's sums, in team order: the first read after a change reads no table row
    index('h2h_team_rounds_record_idx').on(t.leagueId, t.teamId, t.result, t.points, t.pointsAgainst),
  ],
);

/**
 * The head-to-head table kept like `team_standings`: each team's record re-summed from its
 * settled round rows when a round it played settles, and the ranks (with the table points)
 * written for the whole league by the first read after a change.
 */
export const h2hStandings = sqliteTable(
  'h2h_standings',
  {
    teamId: text('team_id')
      .primaryKey()
      .references(() => teams.id, { onDelete: 'cascade' }),
    leagueId: text('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    played: integer('played').notNull().default(0),
    won: integer('won').notNull().default(0),
    drawn: integer('drawn').notNull().default(0),
    lost: integer('lost').notNull().default(0),
    pointsFor: real('points_for').notNull().default(0),
    pointsAgainst: real('points_against').notNull().default(0),
    /** written with the rank */
    tablePoints: integer('table_points'),
    rank: integer('rank'),
  },
  (t) => [index('h2h_standings_rank_idx').on(t.leagueId, t.rank)],
);
