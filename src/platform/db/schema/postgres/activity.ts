import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { leagues } from './leagues';

export const leagueActivity = pgTable(
  'league_activity',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    leagueId: text('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    at: text('at').notNull(),
    kind: text('kind', { enum: ['join', 'departure', 'removal', 'buy', 'early-sale', 'renewal', 'expiry', 'round-result', 'season-started'] }).notNull(),
    payload: text('payload').notNull(),
  },
  (t) => [index('league_activity_feed_idx').on(t.leagueId, t.id)],
);
