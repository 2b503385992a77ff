/**
 * The per-article pageview series cache (table view_series): one row per
 * (edition, article, snapshot day), shared by every league, the market, buys, sells and the
 * sweep, so each article's series is fetched from the encyclopedia at most once per day.
 */
import type { ViewPoint } from '../../domain/pricing';
import { type Database, writeTransaction } from '../../platform/db/database';
import { tablesOf } from '../../platform/db/dialect';
import { boundList, selectRow, selectRows } from '../../platform/db/statements';

/** `[]` means the encyclopedia answered that the article has no pageviews at all. */
export async function findCachedSeries(db: Database, domain: string, articleId: string, snapshotDate: string): Promise<ViewPoint[] | undefined> {
  const row = await selectRow<{ series: string }>(
    db,
    'SELECT series FROM view_series WHERE domain = ? AND article_id = ? AND snapshot_date = ?',
    domain,
    articleId,
    snapshotDate,
  );
  return row ? (JSON.parse(row.series) as ViewPoint[]) : undefined;
}

/**
 * Cached series of many articles for one snapshot day, keyed by article id: one statement, the
 * ids as one parameter (the sweep reads thousands at a time; drizzle's IN lists of IN_BATCH ids
 * cost more in building and mapping than the reads themselves).
 */
export async function findCachedSeriesOf(db: Database, domain: string, articleIds: string[], snapshotDate: string): Promise<Map<string, ViewPoint[]>> {
  const out = new Map<string, ViewPoint[]>();
  if (articleIds.length === 0) return out;
  const articles = boundList(db, articleIds);
  const rows = await selectRows<{ articleId: string; series: string }>(
    db,
    `SELECT article_id AS "articleId", series FROM view_series WHERE domain = ? AND snapshot_date = ? AND article_id ${articles.in}`,
    domain,
    snapshotDate,
    articles.value,
  );
  for (const row of rows) out.set(row.articleId, JSON.parse(row.series) as ViewPoint[]);
  return out;
}

/**
 * How many of the articles have a series stored for the snapshot day: read from the key's
 * index, never the series; one statement, the ids as one parameter.
 */
export async function countCachedSeries(db: Database, domain: string, articleIds: readonly string[], snapshotDate: string): Promise<number> {
  const articles = boundList(db, articleIds);
  const row = await selectRow<{ n: number }>(
    db,
    `SELECT CAST(count(*) AS INTEGER) AS n FROM view_series WHERE domain = ? AND snapshot_date = ? AND article_id ${articles.in}`,
    domain,
    snapshotDate,
    articles.value,
  );
  return row!.n;
}

/** First answer wins: two requests that fetched the same series concurrently store one row. */
export async function storeSeries(db: Database, domain: string, articleId: string, snapshotDate: string, series: ViewPoint[], fetchedAt: string): Promise<void> {
  return writeTransaction(db, async (tx) => {
    const { viewSeries } = tablesOf(tx);
    await tx.insert(viewSeries).values({ domain, articleId, snapshotDate, series: JSON.stringify(series), fetchedAt }).onConflictDoNothing();
  });
}
