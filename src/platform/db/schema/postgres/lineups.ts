import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { teams } from './leagues';

export const lineupVersions = pgTable(
  'lineup_versions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    schema: text('schema').notNull(),
    positions: text('positions').notNull(),
    savedAt: text('saved_at').notNull(),
  },
  (t) => [index('lineup_versions_team_idx').on(t.teamId, t.savedAt)],
);
