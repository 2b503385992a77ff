import { pgTable, text } from 'drizzle-orm/pg-core';

/** Twin of the SQLite schema; test/unit/postgres-schema.test.ts keeps them equal. */
export const players = pgTable('players', {
  id: text('id').primaryKey(),
  subject: text('subject').notNull().unique(),
  username: text('username').notNull().unique(),
  usernameKey: text('username_key').notNull().unique(),
  name: text('name').notNull(),
  email: text('email').notNull().default(''),
  picture: text('picture').notNull().default(''),
  createdAt: text('created_at').notNull(),
});

export const passwordCredentials = pgTable('password_credentials', {
  playerId: text('player_id')
    .primaryKey()
    .references(() => players.id, { onDelete: 'cascade' }),
  record: text('record').notNull(),
  createdAt: text('created_at').notNull(),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
