import { sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const players = sqliteTable('players', {
  id: text('id').primaryKey(),
  /** identity-provider subject (`idp:<sub>`), `password:<username>` or `dev:demo` */
  subject: text('subject').notNull().unique(),
  /** one username space for every kind of sign-in */
  username: text('username').notNull().unique(),
  usernameKey: text('username_key').notNull().unique(),
  name: text('name').notNull(),
  email: text('email').notNull().default(''),
  picture: text('picture').notNull().default(''),
  createdAt: text('created_at').notNull(),
});

/** One per player at most; the record describes its own algorithm. */
export const passwordCredentials = sqliteTable('password_credentials', {
  playerId: text('player_id')
    .primaryKey()
    .references(() => players.id, { onDelete: 'cascade' }),
  record: text('record').notNull(),
  createdAt: text('created_at').notNull(),
});

export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

