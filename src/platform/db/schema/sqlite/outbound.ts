import { sqliteTable, text, integer, index, primaryKey, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { leagues } from './leagues';
import { players } from './players';

/** Its URL is a secret (answers mask its path). */
export const leagueWebhooks = sqliteTable('league_webhooks', {
  leagueId: text('league_id')
    .primaryKey()
    .references(() => leagues.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  format: text('format', { enum: ['discord', 'slack', 'json'] }).notNull(),
  createdAt: text('created_at').notNull(),
  lastSuccessAt: text('last_success_at'),
  /** the hook is failing while this is set */
  failingSince: text('failing_since'),
  /** in a word the admin can act on, never the URL */
  lastError: text('last_error'),
});

/** One row per endpoint. */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    playerId: text('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint), index('push_subscriptions_player_idx').on(t.playerId)],
);

/** No row means every choice on. */
export const pushPreferences = sqliteTable('push_preferences', {
  playerId: text('player_id')
    .primaryKey()
    .references(() => players.id, { onDelete: 'cascade' }),
  morningResult: integer('morning_result', { mode: 'boolean' }).notNull().default(true),
  contractExpiring: integer('contract_expiring', { mode: 'boolean' }).notNull().default(true),
  roundResult: integer('round_result', { mode: 'boolean' }).notNull().default(true),
});

/** Written in the transaction of what caused it; retried with backoff for 24 h, then dropped and counted. */
export const outbox = sqliteTable(
  'outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    channel: text('channel', { enum: ['webhook', 'push'] }).notNull(),
    /** webhook: read at send time */
    leagueId: text('league_id').references(() => leagues.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id').references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** never credits, never a code */
    payload: text('payload').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'dropped'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: text('created_at').notNull(),
    nextAttemptAt: text('next_attempt_at').notNull(),
    /** a sender's lease */
    claimedUntil: text('claimed_until'),
    lastError: text('last_error'),
    doneAt: text('done_at'),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/** Once per (league, day, kind), in the outbox rows' transaction. */
export const announceRuns = sqliteTable(
  'announce_runs',
  {
    leagueId: text('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    kind: text('kind', { enum: ['morning', 'expiry', 'season-end'] }).notNull(),
    at: text('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.day, t.kind] })],
);
