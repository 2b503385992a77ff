import { bigint, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** `at_ms` holds epoch milliseconds, past a 32-bit integer. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    bucket: text('bucket').notNull(),
    subject: text('subject').notNull(),
    atMs: bigint('at_ms', { mode: 'number' }).notNull(),
  },
  (t) => [index('rate_limit_hits_idx').on(t.bucket, t.subject, t.atMs)],
);

export const viewSeries = pgTable(
  'view_series',
  {
    domain: text('domain').notNull(),
    articleId: text('article_id').notNull(),
    snapshotDate: text('snapshot_date').notNull(),
    series: text('series').notNull(),
    fetchedAt: text('fetched_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.domain, t.articleId, t.snapshotDate] })],
);

export const upstreamCache = pgTable(
  'upstream_cache',
  {
    key: text('key').primaryKey(),
    value: text('value').notNull(),
    fetchedAt: text('fetched_at').notNull(),
    expiresAt: text('expires_at'),
  },
  (t) => [index('upstream_cache_expiry_idx').on(t.expiresAt)],
);
