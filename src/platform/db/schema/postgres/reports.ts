import { bigint, boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { players } from './players';

export const problemReports = pgTable(
  'problem_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    playerId: text('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    contactConsent: boolean('contact_consent').notNull(),
    diagnostics: text('diagnostics').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('problem_reports_created_idx').on(t.createdAt)],
);
