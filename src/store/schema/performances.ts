import { sqliteTable, text, real, primaryKey, index } from 'drizzle-orm/sqlite-core';
import { teams } from './leagues';

/** One scored day of one team (§4.4), upserted by (team, date). */
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
    primaryKey({ columns: [t.teamId, t.date] }),
    index('performances_date_idx').on(t.date),
    // Covers the standings sums so they never read the table itself.
    index('performances_team_points_idx').on(t.teamId, t.date, t.points),
  ],
);
