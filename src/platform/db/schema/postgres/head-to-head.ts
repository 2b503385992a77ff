import { doublePrecision, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { leagues, teams } from './leagues';

export const h2hRounds = pgTable(
  'h2h_rounds',
  {
    leagueId: text('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    fixedAt: text('fixed_at').notNull(),
    finalAt: text('final_at'),
    stage: text('stage', { enum: ['regular', 'quarter-final', 'semi-final', 'final'] }).notNull().default('regular'),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.round] })],
);

export const h2hPairings = pgTable(
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
    forfeitedBy: text('forfeited_by'),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.round, t.slot] })],
);

export const h2hTeamRounds = pgTable(
  'h2h_team_rounds',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    leagueId: text('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    points: doublePrecision('points').notNull(),
    daysScored: integer('days_scored').notNull(),
    result: text('result', { enum: ['won', 'drawn', 'lost'] }),
    pointsAgainst: doublePrecision('points_against'),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.round] }),
    index('h2h_team_rounds_round_idx').on(t.leagueId, t.round, t.daysScored),
    index('h2h_team_rounds_record_idx').on(t.leagueId, t.teamId, t.result, t.points, t.pointsAgainst),
  ],
);

export const h2hStandings = pgTable(
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
    pointsFor: doublePrecision('points_for').notNull().default(0),
    pointsAgainst: doublePrecision('points_against').notNull().default(0),
  },
  (t) => [index('h2h_standings_league_idx').on(t.leagueId)],
);
