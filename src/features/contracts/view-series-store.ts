/**
 * The per-article pageview series cache (table view_series): one row per
 * (edition, article, snapshot day), shared by every league, the market, buys, sells and the
 * sweep, so each article's series is fetched from the encyclopedia at most once per day.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { ViewPoint } from '../../domain/pricing';
import { type Database, preparedOnce, writeTransaction } from '../../platform/db/database';
import { dialectOf, first, pgArray, rowsOf, tablesOf } from '../../platform/db/dialect';

/** `[]` means the encyclopedia answered that the article has no pageviews at all. */
export async function findCachedSeries(db: Database, domain: string, articleId: string, snapshotDate: string): Promise<ViewPoint[] | undefined> {
  const { viewSeries } = tablesOf(db);
  if (dialectOf(db) === 'postgres') {
    const row = await first(
      db
        .select({ series: viewSeries.series })
        .from(viewSeries)
        .where(and(eq(viewSeries.domain, domain), eq(viewSeries.articleId, articleId), eq(viewSeries.snapshotDate, snapshotDate))),
    );
    return row ? (JSON.parse(row.series) as ViewPoint[]) : undefined;
  }
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

/**
 * Cached series of many articles for one snapshot day, keyed by article id: one prepared
 * statement, the ids as one JSON array (the sweep reads thousands at a time; drizzle's
 * IN lists of IN_BATCH ids cost more in building and mapping than the reads themselves).
 */
export async function findCachedSeriesOf(db: Database, domain: string, articleIds: string[], snapshotDate: string): Promise<Map<string, ViewPoint[]>> {
  const out = new Map<string, ViewPoint[]>();
  if (articleIds.length === 0) return out;
  if (dialectOf(db) === 'postgres') {
    const rows = await rowsOf<{ articleId: string; series: string }>(
      db,
      sql`SELECT article_id AS "articleId", series FROM view_series
           WHERE domain = ${domain} AND snapshot_date = ${snapshotDate} AND article_id = ANY(${pgArray(articleIds)})`,
    );
    for (const row of rows) out.set(row.articleId, JSON.parse(row.series) as ViewPoint[]);
    return out;
  }
  const statement = preparedOnce(db, 'findCachedSeriesOf', () =>
    db.$client.prepare(
      `SELECT v.article_id AS articleId, v.series AS series
         FROM json_each(?) AS j CROSS JOIN view_series v
        WHERE v.domain = ? AND v.article_id = j.value AND v.snapshot_date = ?`,
    ),
  );
  // in key order: each lookup lands on or next to the index page of the one before
  for (const row of statement.all(JSON.stringify([...articleIds].sort()), domain, snapshotDate) as { articleId: string; series: string }[]) {
    out.set(row.articleId, JSON.parse(row.series) as ViewPoint[]);
  }
  return out;
}

/**
 * How many of the articles have a series stored for the snapshot day: read from the key's
 * index, never the series; one prepared statement, the ids passed as one JSON array.
 */
export async function countCachedSeries(db: Database, domain: string, articleIds: readonly string[], snapshotDate: string): Promise<number> {
  if (dialectOf(db) === 'postgres') {
    const { viewSeries } = tablesOf(db);
    const row = await first(
      db
        .select({ n: count() })
        .from(viewSeries)
        .where(and(eq(viewSeries.domain, domain), eq(viewSeries.snapshotDate, snapshotDate), sql`${viewSeries.articleId} = ANY(${pgArray(articleIds)})`)),
    );
    return row?.n ?? 0;
  }
  const statement = preparedOnce(db, 'countCachedSeries', () =>
    db.$client.prepare(
      'SELECT count(*) AS n FROM view_series WHERE domain = ? AND snapshot_date = ? AND article_id IN (SELECT value FROM json_each(?))',
    ),
  );
  return (statement.get(domain, snapshotDate, JSON.stringify(articleIds)) as { n: number }).n;
}

/** First answer wins: two requests that fetched the same series concurrently store one row. */
export async function storeSeries(db: Database, domain: string, articleId: string, snapshotDate: string, series: ViewPoint[], fetchedAt: string): Promise<void> {
  return writeTransaction(db, async (tx) => {
    const { viewSeries } = tablesOf(tx);
    await tx.insert(viewSeries).values({ domain, articleId, snapshotDate, series: JSON.stringify(series), fetchedAt }).onConflictDoNothing();
  });
}
