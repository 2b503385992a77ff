import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { leagues, teams } from './leagues';

/** Credits fit an integer, as in SQLite. */
export const contracts = pgTable(
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
    renewalElected: boolean('renewal_elected').notNull().default(false),
    status: text('status', { enum: ['live', 'sold', 'settled'] }).notNull().default('live'),
    salePayout: integer('sale_payout'),
    closedOn: text('closed_on'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('contracts_live_article_uq').on(t.leagueId, t.articleId).where(sql`status = 'live'`),
    index('contracts_team_idx').on(t.teamId, t.status),
    index('contracts_expiry_idx').on(t.status, t.expireDate),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    // SQLite's rowid is 64-bit: an identity of bigint keeps the same range
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
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
  (t) => [index('ledger_team_amount_idx').on(t.teamId, t.amount)],
);
