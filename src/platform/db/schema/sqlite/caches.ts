import { sqliteTable, text, primaryKey, index, integer } from 'drizzle-orm/sqlite-core';

/** Survives restarts. */
export const rateLimitHits = sqliteTable(
  'rate_limit_hits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    bucket: text('bucket').notNull(),
    subject: text('subject').notNull(),
    atMs: integer('at_ms').notNull(),
  },
  (t) => [index('rate_limit_hits_idx').on(t.bucket, t.subject, t.atMs)],
);

/** Fetched at most once per day server-wide. */
export const viewSeries = sqliteTable(
  'view_series',
  {
    domain: text('domain').notNull(),
    articleId: text('article_id').notNull(),
    snapshotDate: text('snapshot_date').notNull(),
    /** `[]` records "the encyclopedia has no pageviews" */
    series: text('series').notNull(),
    fetchedAt: text('fetched_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.domain, t.articleId, t.snapshotDate] })],
);

export const upstreamCache = sqliteTable(
  'upstream_cache',
  {
    key: text('key').primaryKey(),
    value: text('value').notNull(),
    fetchedAt: text('fetched_at').notNull(),
    expiresAt: text('expires_at'),
  },
  (t) => [index('upstream_cache_expiry_idx').on(t.expiresAt)],
);
