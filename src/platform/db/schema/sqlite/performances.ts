import { sqliteTable, text, real, integer, primaryKey, index } from 'drizzle-orm/sqlite-core';
import { leagues, teams } from './leagues';

/** One scored day of one team, upserted by (team, date). */
export const performances = sqliteTable(
  'performances',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    points: real('points').notNull(),
    formationSnapshot: text('formation_snapshot').notNull(),
    /** the raw facts the points were computed from, kept for audit (JSON) */
    articleViews: text('article_views').notNull().default('[]'),
    chemistryLevels: text('chemistry_levels').notNull().default('[]'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    // Every read of this table names the team; an index on the date alone was only written.
    primaryKey({ columns: [t.teamId, t.date] }),
    // Covers the standings sums so they never read the table itself.
    index('performances_team_points_idx').on(t.teamId, t.date, t.points),
  ],
);

/**
 * Kept, not recomputed: each team's totals, refreshed with every performance written for
 * it, and its rank, written for the whole league at once after its points or teams change (the rank keeper).
 */
export const teamStandings = sqliteTable(
  'team_standings',
  {
    teamId: text('team_id')
      .primaryKey()
      .references(() => teams.id, { onDelete: 'cascade' }),
    leagueId: text('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    /** Σ points of every scored day */
    cumulativePoints: real('cumulative_points').notNull().default(0),
    /** Σ points of the days before the team's own latest scored day */
    previousPoints: real('previous_points').notNull().default(0),
    /**
     * The running state of the compensated sum behind `cumulative_points` (its sum and carried
     * rounding error, store/dialect.ts's compensatedSum) and the date of the team's latest scored
     * day it covers: a new latest day extends the sum exactly instead of re-summing every day.
     * Null until the first full re-sum (rows older than the columns).
     */
    pointsSum: real('points_sum'),
    pointsCarried: real('points_carried'),
    latestDate: text('latest_date'),
    rank: integer('rank'),
    rankDelta: integer('rank_delta'),
  },
  (t) => [index('team_standings_rank_idx').on(t.leagueId, t.rank)],
);
