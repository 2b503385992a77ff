import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { teams } from './leagues';

/** Day D is scored with the version that stood at its end (UTC), so a later edit never rewrites a past day. */
export const lineupVersions = sqliteTable(
  'lineup_versions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    schema: text('schema').notNull(),
    /** JSON object position → contract id */
    positions: text('positions').notNull(),
    savedAt: text('saved_at').notNull(),
  },
  (t) => [index('lineup_versions_team_idx').on(t.teamId, t.savedAt)],
);
