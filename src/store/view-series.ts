/**
 * The per-article pageview series cache (table view_series): one row per
 * (edition, article, snapshot day), shared by every league, the market, buys, sells and the
 * sweep, so each article's series is fetched from the encyclopedia at most once per day.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ViewPoint } from '../domain/pricing';
import { type Database, IN_BATCH, preparedOnce } from './database';
import { viewSeries } from './schema';

/** `[]` means the encyclopedia answered that the article has no pageviews at all. */
export function findCachedSeries(db: Database, domain: string, articleId: string, snapshotDate: string): ViewPoint[] | undefined {
  const query = preparedOnce(db, 'findCachedSeries', () =>
    db
      .select({ series: viewSeries.series })
      .from(viewSeries)
      .where(
        and(
          eq(viewSeries.domain, sql.placeholder('domain')),
          eq(viewSeries.articleId, sql.placeholder('articleId')),
          eq(viewSeries.snapshotDate, sql.placeholder('snapshotDate')),
        ),
      )
      .prepare(),
  );
  const row = query.get({ domain, articleId, snapshotDate });
  return row ? (JSON.parse(row.series) as ViewPoint[]) : undefined;
}

/** Cached series of many articles for one snapshot day, keyed by article id. */
export function findCachedSeriesOf(db: Database, domain: string, articleIds: string[], snapshotDate: string): Map<string, ViewPoint[]> {
  const out = new Map<string, ViewPoint[]>();
  for (let i = 0; i < articleIds.length; i += IN_BATCH) {
    const rows = db
      .select({ articleId: viewSeries.articleId, series: viewSeries.series })
      .from(viewSeries)
      .where(
        and(eq(viewSeries.domain, domain), eq(viewSeries.snapshotDate, snapshotDate), inArray(viewSeries.articleId, articleIds.slice(i, i + IN_BATCH))),
      )
      .all();
    for (const row of rows) out.set(row.articleId, JSON.parse(row.series) as ViewPoint[]);
  }
  return out;
}

/**
 * How many of the articles have a series stored for the snapshot day: read from the key's
 * index, never the series; one prepared statement, the ids passed as one JSON array.
 */
export function countCachedSeries(db: Database, domain: string, articleIds: readonly string[], snapshotDate: string): number {
  const statement = preparedOnce(db, 'countCachedSeries', () =>
    db.$client.prepare(
      'SELECT count(*) AS n FROM view_series WHERE domain = ? AND snapshot_date = ? AND article_id IN (SELECT value FROM json_each(?))',
    ),
  );
  return (statement.get(domain, snapshotDate, JSON.stringify(articleIds)) as { n: number }).n;
}

/** First answer wins: two requests that fetched the same series concurrently store one row. */
export function storeSeries(db: Database, domain: string, articleId: string, snapshotDate: string, series: ViewPoint[], fetchedAt: string): void {
  db.insert(viewSeries)
    .values({ domain, articleId, snapshotDate, series: JSON.stringify(series), fetchedAt })
    .onConflictDoNothing()
    .run();
}
