/**
 * What a market shelf's answer is tagged with (market-service.ts `shelfTag`): the league's
 * version, when the edition's list was stored and until when, and the viewer's team when it holds
 * one of the list's articles. Every shelf read asks for them, so they are one statement, prepared
 * once per connection: on PostgreSQL each statement is a trip to the server through the pool.
 */
import type { Database } from '../../platform/db/database';
import { boundList, selectHotRows } from '../../platform/db/statements';

export interface ShelfTagInputs {
  version: number;
  /** the list under the cache key: when it was stored, and whether it is still fresh */
  stamp: { fetchedAt: string; fresh: boolean } | undefined;
  /** the viewer's current team, when it holds one of `articleIds` live */
  viewerTeam: string | undefined;
}

/** Undefined when there is no such league. */
export async function shelfTagInputs(
  db: Database,
  query: { leagueId: string; playerId: string; cacheKey: string; articleIds: readonly string[]; now: Date },
): Promise<ShelfTagInputs | undefined> {
  const { leagueId, playerId, cacheKey, articleIds, now } = query;
  const articles = boundList(db, articleIds);
  const [row] = await selectHotRows<{ version: number; fetchedAt: string | null; expiresAt: string | null; viewerTeam: string | null }>(
    db,
    'shelf_tag_inputs',
    `SELECT l.version, u.fetched_at AS "fetchedAt", u.expires_at AS "expiresAt",
            (SELECT t.id FROM teams t
              WHERE t.league_id = l.id AND t.player_id = ? AND t.left_at IS NULL
                AND EXISTS (SELECT 1 FROM contracts c WHERE c.team_id = t.id AND c.status = 'live' AND c.article_id ${articles.in})
              LIMIT 1) AS "viewerTeam"
       FROM leagues l LEFT JOIN upstream_cache u ON u.key = ?
      WHERE l.id = ?`,
    playerId,
    articles.value,
    cacheKey,
    leagueId,
  );
  if (!row) return undefined;
  return {
    version: row.version,
    stamp: row.fetchedAt === null ? undefined : { fetchedAt: row.fetchedAt, fresh: row.expiresAt === null || Date.parse(row.expiresAt) > now.getTime() },
    viewerTeam: row.viewerTeam ?? undefined,
  };
}
