import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { players } from './players';
import { leagues, teams } from './leagues';
import { contracts } from './contracts';

/** Written only after the money moved. */
export const notifications = sqliteTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    playerId: text('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    leagueId: text('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    contractId: text('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    date: text('date').notNull(),
    isRead: integer('is_read', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('notifications_player_idx').on(t.playerId, t.date, t.createdAt)],
);
