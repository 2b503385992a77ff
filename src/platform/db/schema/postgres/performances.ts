import { doublePrecision, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { leagues, teams } from './leagues';

export const performances = pgTable(
  'performances',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    points: doublePrecision('points').notNull(),
    formationSnapshot: text('formation_snapshot').notNull(),
    articleViews: text('article_views').notNull().default('[]'),
    chemistryLevels: text('chemistry_levels').notNull().default('[]'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.date] }), index('performances_team_points_idx').on(t.teamId, t.date, t.points)],
);

export const teamStandings = pgTable(
  'team_standings',
  {
    teamId: text('team_id')
      .primaryKey()
      .references(() => teams.id, { onDelete: 'cascade' }),
    leagueId: text('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    cumulativePoints: doublePrecision('cumulative_points').notNull().default(0),
    previousPoints: doublePrecision('previous_points').notNull().default(0),
    pointsSum: doublePrecision('points_sum'),
    pointsCarried: doublePrecision('points_carried'),
    latestDate: text('latest_date'),
    rank: integer('rank'),
    rankDelta: integer('rank_delta'),
  },
  (t) => [index('team_standings_rank_idx').on(t.leagueId, t.rank)],
);
