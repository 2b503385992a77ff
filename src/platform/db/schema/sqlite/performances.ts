import { sqliteTable, text, real, integer, primaryKey, index } from 'drizzle-orm/sqlite-core';
import { leagues, teams } from './leagues';

/** Upserted by (team, date). */
export const performances = sqliteTable(
  'performances',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    points: real('points').notNull(),
    formationSnapshot: text('formation_snapshot').notNull(),
    /** the raw facts, kept for audit */
    articleViews: text('article_views').notNull().default('[]'),
    chemistryLevels: text('chemistry_levels').notNull().default('[]'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    // Every read names the team.
    primaryKey({ columns: [t.teamId, t.date] }),
    // Covers the standings sums so they never read the table itself.
    index('performances_team_points_idx').on(t.teamId, t.date, t.points),
  ],
);

/** Kept, not recomputed: totals refreshed with every performance, ranks by the rank keeper after points or teams change. */
export const teamStandings = sqliteTable(
  'team_standings',
  {
    teamId: text('team_id')
      .primaryKey()
      .references(() => teams.id, { onDelete: 'cascade' }),
    leagueId: text('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    cumulativePoints: real('cumulative_points').notNull().default(0),
    /** Σ points of the days before the team's own latest scored day */
    previousPoints: real('previous_points').notNull().default(0),
    /** Compensated-sum state (dialect.ts) of `cumulative_points`, so a new latest day extends it exactly; null until the first full re-sum. */
    pointsSum: real('points_sum'),
    pointsCarried: real('points_carried'),
    latestDate: text('latest_date'),
    rank: integer('rank'),
    rankDelta: integer('rank_delta'),
  },
  (t) => [index('team_standings_rank_idx').on(t.leagueId, t.rank)],
);
