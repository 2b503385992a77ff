import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { players } from './players';

/** Kept where no issue tracker is configured, for `fantasy reports`; the id is the report's number. */
export const problemReports = sqliteTable(
  'problem_reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    playerId: text('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    contactConsent: integer('contact_consent', { mode: 'boolean' }).notNull(),
    /** route, locale, viewport, user agent */
    diagnostics: text('diagnostics').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('problem_reports_created_idx').on(t.createdAt)],
);
