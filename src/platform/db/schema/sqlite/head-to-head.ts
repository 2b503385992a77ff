import { sqliteTable, text, real, integer, primaryKey, index } from 'drizzle-orm/sqlite-core';
import { leagues, teams } from './leagues';

/** Pairings fixed at the end of its first day; `finalAt` is when its results went into the activity feed. */
export const h2hRounds = sqliteTable(
  'h2h_rounds',
  {
    leagueId: text('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    fixedAt: text('fixed_at').notNull(),
    finalAt: text('final_at'),
    /** regular, or the playoff stage the round is, kept with the pairings */
    stage: text('stage', { enum: ['regular', 'quarter-final', 'semi-final', 'final'] }).notNull().default('regular'),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.round] })],
);

/** `awayTeamId` null is the league average. */
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

/** Re-summed with every ingest, with the outcome once final, so the table is one aggregate over these rows. */
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
    /** the league average's for the odd team out */
    pointsAgainst: real('points_against'),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.round] }),
    // days_scored answers "is the round complete" from the index
    index('h2h_team_rounds_round_idx').on(t.leagueId, t.round, t.daysScored),
    // covers the table's sums, in team order
    index('h2h_team_rounds_record_idx').on(t.leagueId, t.teamId, t.result, t.points, t.pointsAgainst),
  ],
);

/** Each team's record, re-summed when a round settles; the table is ranked from it on read. */
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
  },
  (t) => [index('h2h_standings_league_idx').on(t.leagueId)],
);
