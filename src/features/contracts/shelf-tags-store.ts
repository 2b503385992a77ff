/**
 * What a market shelf's answer is tagged with (services/market-service.ts `shelfTag`): the
 * league's version, when the edition's list was stored and until when, and the viewer's team
 * when it holds one of the list's articles. Every shelf read asks for them. On PostgreSQL
 * each read is a trip to the server through the pool, and three trips per shelf read held
 * 200 connections to ~400 req/s (`npm run bench capacity`), so there they are one statement,
 * prepared once per connection.
 */
import type { Database } from '../../platform/db/database';
import { currentTeamHoldingAny } from './store';
import { dialectOf, preparedPgRows } from '../../platform/db/dialect';
import { findLeague } from '../leagues/store';
import { cachedEntryStamp } from '../../platform/db/upstream-cache';

export interface ShelfTagInputs {
  version: number;
  /** the list under the cache key: when it was stored, and whether it is still fresh */
  stamp: { fetchedAt: string; fresh: boolean } | undefined;
  /** the viewer's current team, when it holds one of `articleIds` live */
  viewerTeam: string | undefined;
}

/** PostgreSQL: the three in one statement ($1 league, $2 player, $3 cache key, $4 article ids). */
const SHELF_TAG_INPUTS_SQL = `
  SELECT l.version, u.fetched_at, u.expires_at,
         (SELECT t.id FROM teams t
           WHERE t.league_id = l.id AND t.player_id = $2 AND t.left_at IS NULL
             AND EXISTS (SELECT 1 FROM contracts c
                          WHERE c.team_id = t.id AND c.status = 'live' AND c.article_id = ANY($4::text[]))
           LIMIT 1) AS viewer_team
    FROM leagues l LEFT JOIN upstream_cache u ON u.key = $3
   WHERE l.id = $1`;

/** Undefined when there is no such league. */
export async function shelfTagInputs(
  db: Database,
  query: { leagueId: string; playerId: string; cacheKey: string; articleIds: readonly string[]; now: Date },
): Promise<ShelfTagInputs | undefined> {
  const { leagueId, playerId, cacheKey, articleIds, now } = query;
  if (dialectOf(db) === 'sqlite') {
    // in the process, each of these is a prepared statement's step
    const league = await findLeague(db, leagueId);
    if (!league) return undefined;
    return {
      version: league.version,
      stamp: await cachedEntryStamp(db, cacheKey, now),
      viewerTeam: await currentTeamHoldingAny(db, leagueId, playerId, articleIds),
    };
  }
  const [row] = await preparedPgRows<{ version: number; fetched_at: string | null; expires_at: string | null; viewer_team: string | null }>(
    db,
    'shelf_tag_inputs',
    SHELF_TAG_INPUTS_SQL,
    [leagueId, playerId, cacheKey, articleIds],
  );
  if (!row) return undefined;
  return {
    version: Number(row.version),
    stamp:
      row.fetched_at === null ? undefined : { fetchedAt: row.fetched_at, fresh: row.expires_at === null || Date.parse(row.expires_at) > now.getTime() },
    viewerTeam: row.viewer_team ?? undefined,
  };
}
