import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { leagues } from './leagues';

/** Written in the transaction of the action it records; `payload` never carries credits; the id orders the feed and is its cursor. */
export const leagueActivity = sqliteTable(
  'league_activity',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    leagueId: text('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    at: text('at').notNull(),
    kind: text('kind', { enum: ['join', 'departure', 'removal', 'buy', 'early-sale', 'renewal', 'expiry', 'round-result', 'season-started'] }).notNull(),
    payload: text('payload').notNull(),
  },
  (t) => [index('league_activity_feed_idx').on(t.leagueId, t.id)],
);
