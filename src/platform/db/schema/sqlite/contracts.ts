import { sql } from 'drizzle-orm';
import { sqliteTable, text, integer, uniqueIndex, index } from 'drizzle-orm/sqlite-core';
import { leagues, teams } from './leagues';

/** Renewal rewrites the term in place; `heldSince` keeps the first day held so earlier days still score. */
export const contracts = sqliteTable(
  'contracts',
  {
    id: text('id').primaryKey(),
    leagueId: text('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    articleId: text('article_id').notNull(),
    domain: text('domain').notNull(),
    heldSince: text('held_since').notNull(),
    purchaseDate: text('purchase_date').notNull(),
    expireDate: text('expire_date').notNull(),
    purchasePrice: integer('purchase_price').notNull(),
    renewalCount: integer('renewal_count').notNull().default(0),
    renewalElected: integer('renewal_elected', { mode: 'boolean' }).notNull().default(false),
    status: text('status', { enum: ['live', 'sold', 'settled'] }).notNull().default('live'),
    salePayout: integer('sale_payout'),
    closedOn: text('closed_on'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    // An article is held at most once per league while live or expired-awaiting-sweep.
    uniqueIndex('contracts_live_article_uq').on(t.leagueId, t.articleId).where(sql`status = 'live'`),
    index('contracts_team_idx').on(t.teamId, t.status),
    index('contracts_expiry_idx').on(t.status, t.expireDate),
  ],
);

/** A team's credits are 1000 + the sum of its rows, never stored. */
export const ledgerEntries = sqliteTable(
  'ledger_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    contractId: text('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['purchase', 'renewal_purchase', 'sale_payout', 'settlement_payout'] }).notNull(),
    amount: integer('amount').notNull(),
    createdAt: text('created_at').notNull(),
  },
  // Covers credits (Σ amount per team), so a leaderboard of many teams never reads the table.
  (t) => [index('ledger_team_amount_idx').on(t.teamId, t.amount)],
);
