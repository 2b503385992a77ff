import { bigint, boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { leagues } from './leagues';
import { players } from './players';

export const leagueWebhooks = pgTable('league_webhooks', {
  leagueId: text('league_id')
    .primaryKey()
    .references(() => leagues.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  format: text('format', { enum: ['discord', 'slack', 'json'] }).notNull(),
  createdAt: text('created_at').notNull(),
  lastSuccessAt: text('last_success_at'),
  failingSince: text('failing_since'),
  lastError: text('last_error'),
});

export const pushSubscriptions = pgTable(
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

export const pushPreferences = pgTable('push_preferences', {
  playerId: text('player_id')
    .primaryKey()
    .references(() => players.id, { onDelete: 'cascade' }),
  morningResult: boolean('morning_result').notNull().default(true),
  contractExpiring: boolean('contract_expiring').notNull().default(true),
  roundResult: boolean('round_result').notNull().default(true),
});

export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    channel: text('channel', { enum: ['webhook', 'push'] }).notNull(),
    leagueId: text('league_id').references(() => leagues.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id').references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    payload: text('payload').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'dropped'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: text('created_at').notNull(),
    nextAttemptAt: text('next_attempt_at').notNull(),
    claimedUntil: text('claimed_until'),
    lastError: text('last_error'),
    doneAt: text('done_at'),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

export const announceRuns = pgTable(
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
