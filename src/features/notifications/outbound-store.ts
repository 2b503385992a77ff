/**
 * Issue 25's store: league webhooks, push subscriptions and choices, the outbox both channels
 * leave from, what `announce` has written per league and day, and the facts a morning message
 * is made of. Outbox rows are written by the caller's own transaction (a join, an announce).
 * SQLite keeps its prepared statements; PostgreSQL's variants sit in a branch before them.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { and, asc, count, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { type Database, preparedOnce, writeTransaction } from '../../platform/db/database';
import { dialectOf, execute, first, rowsOf, tablesOf, touched } from '../../platform/db/dialect';
import type { leagueWebhooks, outbox, pushSubscriptions } from '../../platform/db/schema/sqlite';

function prepared(db: Database, text: string): BetterSqlite3.Statement {
  return preparedOnce(db, text, () => db.$client.prepare(text));
}

export type WebhookRow = typeof leagueWebhooks.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

// ---- webhooks -------------------------------------------------------------------------------

export async function findWebhook(db: Database, leagueId: string): Promise<WebhookRow | undefined> {
  const { leagueWebhooks } = tablesOf(db);
  return first(db.select().from(leagueWebhooks).where(eq(leagueWebhooks.leagueId, leagueId)));
}

/** Sets the league's one hook; a new URL or format starts with a clean record. */
export async function putWebhook(db: Database, leagueId: string, url: string, format: WebhookRow['format'], at: string): Promise<WebhookRow> {
  return writeTransaction(db, async (db) => {
    const { leagueWebhooks } = tablesOf(db);
    const fresh = { url, format, createdAt: at, lastSuccessAt: null, failingSince: null, lastError: null };
    const written = await db
      .insert(leagueWebhooks)
      .values({ leagueId, ...fresh })
      .onConflictDoUpdate({ target: leagueWebhooks.leagueId, set: fresh })
      .returning();
    return written[0]!;
  });
}

export async function deleteWebhook(db: Database, leagueId: string): Promise<boolean> {
  return writeTransaction(db, async (db) => {
    const { leagueWebhooks } = tablesOf(db);
    return touched(await db.delete(leagueWebhooks).where(eq(leagueWebhooks.leagueId, leagueId))) > 0;
  });
}

export async function recordWebhookSuccess(db: Database, leagueId: string, at: string): Promise<void> {
  return writeTransaction(db, async (db) => {
    const { leagueWebhooks } = tablesOf(db);
    await db.update(leagueWebhooks).set({ lastSuccessAt: at, failingSince: null, lastError: null }).where(eq(leagueWebhooks.leagueId, leagueId));
  });
}

export async function recordWebhookFailure(db: Database, leagueId: string, at: string, error: string): Promise<void> {
  return writeTransaction(db, async (db) => {
    if (dialectOf(db) === 'postgres') {
      await execute(db, sql`UPDATE league_webhooks SET failing_since = coalesce(failing_since, ${at}), last_error = ${error} WHERE league_id = ${leagueId}`);
      return;
    }
    prepared(db, 'UPDATE league_webhooks SET failing_since = coalesce(failing_since, ?), last_error = ? WHERE league_id = ?').run(at, error, leagueId);
  });
}

export async function pendingWebhookMessages(db: Database, leagueId: string): Promise<number> {
  if (dialectOf(db) === 'postgres') {
    const rows = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM outbox WHERE channel = 'webhook' AND league_id = ${leagueId} AND status = 'pending'`);
    return Number(rows[0]?.n ?? 0);
  }
  const row = prepared(db, `SELECT count(*) AS n FROM outbox WHERE channel = 'webhook' AND league_id = ? AND status = 'pending'`).get(leagueId) as { n: number };
  return row.n;
}

// ---- push subscriptions and choices ---------------------------------------------------------

/** Keeps a browser's subscription for the player; the same endpoint again replaces its keys and owner. */
export async function upsertSubscription(db: Database, row: SubscriptionRow): Promise<SubscriptionRow> {
  return writeTransaction(db, async (db) => {
    const { pushSubscriptions } = tablesOf(db);
    const written = await db
      .insert(pushSubscriptions)
      .values(row)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { playerId: row.playerId, p256dh: row.p256dh, auth: row.auth } })
      .returning();
    return written[0]!;
  });
}

export async function deleteSubscriptionOf(db: Database, playerId: string, endpoint: string): Promise<boolean> {
  return writeTransaction(db, async (db) => {
    const { pushSubscriptions } = tablesOf(db);
    return touched(await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.playerId, playerId), eq(pushSubscriptions.endpoint, endpoint)))) > 0;
  });
}

export async function deleteSubscription(db: Database, id: string): Promise<void> {
  return writeTransaction(db, async (db) => {
    const { pushSubscriptions } = tablesOf(db);
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  });
}

export async function findSubscription(db: Database, id: string): Promise<SubscriptionRow | undefined> {
  const { pushSubscriptions } = tablesOf(db);
  return first(db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)));
}

export async function subscriptionCount(db: Database, playerId: string): Promise<number> {
  if (dialectOf(db) === 'postgres') {
    const rows = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM push_subscriptions WHERE player_id = ${playerId}`);
    return Number(rows[0]?.n ?? 0);
  }
  const row = prepared(db, 'SELECT count(*) AS n FROM push_subscriptions WHERE player_id = ?').get(playerId) as { n: number };
  return row.n;
}

export interface PushChoices {
  morningResult: boolean;
  contractExpiring: boolean;
  roundResult: boolean;
}

export async function readPushChoices(db: Database, playerId: string): Promise<PushChoices> {
  const { pushPreferences } = tablesOf(db);
  const row = await first(db.select().from(pushPreferences).where(eq(pushPreferences.playerId, playerId)));
  return row ? { morningResult: row.morningResult, contractExpiring: row.contractExpiring, roundResult: row.roundResult } : { morningResult: true, contractExpiring: true, roundResult: true };
}

export async function writePushChoices(db: Database, playerId: string, choices: PushChoices): Promise<void> {
  return writeTransaction(db, async (db) => {
    const { pushPreferences } = tablesOf(db);
    await db.insert(pushPreferences).values({ playerId, ...choices }).onConflictDoUpdate({ target: pushPreferences.playerId, set: choices });
  });
}

export type PushChoice = 'morning_result' | 'contract_expiring' | 'round_result';

/** The preference column of a choice, from a fixed list (never text a caller made up). */
const CHOICE_COLUMNS: Record<PushChoice, string> = {
  morning_result: 'morning_result',
  contract_expiring: 'contract_expiring',
  round_result: 'round_result',
};

/** PostgreSQL: whether the player of preference row `p` wants `choice` (no row: every choice on). */
function wantsOnPostgres(choice: PushChoice) {
  return sql`coalesce(${sql.identifier('p')}.${sql.identifier(CHOICE_COLUMNS[choice])}, true)`;
}

/**
 * Every subscription of a current member of the league who wants `choice`, with the team:
 * those a league-wide push goes to.
 */
export async function subscribersOfLeague(db: Database, leagueId: string, choice: PushChoice): Promise<{ subscriptionId: string; teamId: string; playerId: string }[]> {
  if (dialectOf(db) === 'postgres') {
    return rowsOf(
      db,
      sql`SELECT s.id AS "subscriptionId", t.id AS "teamId", t.player_id AS "playerId"
        FROM teams t JOIN push_subscriptions s ON s.player_id = t.player_id
        LEFT JOIN push_preferences p ON p.player_id = t.player_id
        WHERE t.league_id = ${leagueId} AND t.left_at IS NULL AND ${wantsOnPostgres(choice)}
        ORDER BY t.id, s.id`,
    );
  }
  const text = `SELECT s.id AS subscriptionId, t.id AS teamId, t.player_id AS playerId
    FROM teams t JOIN push_subscriptions s ON s.player_id = t.player_id
    LEFT JOIN push_preferences p ON p.player_id = t.player_id
    WHERE t.league_id = ? AND t.left_at IS NULL AND coalesce(p.${choice}, 1) = 1
    ORDER BY t.id, s.id`;
  return prepared(db, text).all(leagueId) as { subscriptionId: string; teamId: string; playerId: string }[];
}

// ---- outbox ---------------------------------------------------------------------------------

export interface NewOutboxRow {
  channel: OutboxRow['channel'];
  leagueId?: string | null;
  subscriptionId?: string | null;
  payload: object;
}

/** Call inside the transaction of what caused the message. */
export async function enqueue(db: Database, rows: readonly NewOutboxRow[], at: string): Promise<void> {
  return writeTransaction(db, async (db) => {
    if (dialectOf(db) === 'postgres') {
      if (rows.length === 0) return;
      const { outbox } = tablesOf(db);
      await db.insert(outbox).values(
        rows.map((row) => ({
          channel: row.channel,
          leagueId: row.leagueId ?? null,
          subscriptionId: row.subscriptionId ?? null,
          payload: JSON.stringify(row.payload),
          createdAt: at,
          nextAttemptAt: at,
        })),
      );
      return;
    }
    const insert = prepared(db, 'INSERT INTO outbox (channel, league_id, subscription_id, payload, created_at, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?)');
    for (const row of rows) insert.run(row.channel, row.leagueId ?? null, row.subscriptionId ?? null, JSON.stringify(row.payload), at, at);
  });
}

/** Where a reading of the due rows stopped: the last row it answered. */
export interface OutboxCursor {
  nextAttemptAt: string;
  id: number;
}

/** Pending rows due by `now` that no sender holds, oldest first; with `after`, those after that row. */
export async function dueOutboxRows(db: Database, now: string, limit: number, after?: OutboxCursor): Promise<OutboxRow[]> {
  if (dialectOf(db) === 'postgres') {
    const { outbox } = tablesOf(db);
    const later = after
      ? or(gt(outbox.nextAttemptAt, after.nextAttemptAt), and(eq(outbox.nextAttemptAt, after.nextAttemptAt), gt(outbox.id, after.id)))
      : undefined;
    return db
      .select()
      .from(outbox)
      .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now), or(isNull(outbox.claimedUntil), lt(outbox.claimedUntil, now)), later))
      .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
      .limit(limit);
  }
  const columns = `SELECT id, channel, league_id AS leagueId, subscription_id AS subscriptionId, payload, status, attempts,
      created_at AS createdAt, next_attempt_at AS nextAttemptAt, claimed_until AS claimedUntil, last_error AS lastError, done_at AS doneAt
    FROM outbox WHERE status = 'pending' AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until < ?)`;
  if (!after) return prepared(db, `${columns} ORDER BY next_attempt_at, id LIMIT ?`).all(now, now, limit) as OutboxRow[];
  const text = `${columns} AND (next_attempt_at > ? OR (next_attempt_at = ? AND id > ?)) ORDER BY next_attempt_at, id LIMIT ?`;
  return prepared(db, text).all(now, now, after.nextAttemptAt, after.nextAttemptAt, after.id, limit) as OutboxRow[];
}

/** Takes a row for one sender until `until`; false when another sender holds it or it is done. */
export async function claimOutboxRow(db: Database, id: number, now: string, until: string): Promise<boolean> {
  return writeTransaction(db, async (db) => {
    if (dialectOf(db) === 'postgres') {
      const text = sql`UPDATE outbox SET claimed_until = ${until} WHERE id = ${id} AND status = 'pending' AND (claimed_until IS NULL OR claimed_until < ${now})`;
      return (await execute(db, text)) === 1;
    }
    const text = `UPDATE outbox SET claimed_until = ? WHERE id = ? AND status = 'pending' AND (claimed_until IS NULL OR claimed_until < ?)`;
    return prepared(db, text).run(until, id, now).changes === 1;
  });
}

export async function markOutboxSent(db: Database, id: number, at: string): Promise<void> {
  return writeTransaction(db, async (db) => {
    if (dialectOf(db) === 'postgres') {
      await execute(db, sql`UPDATE outbox SET status = 'sent', done_at = ${at}, claimed_until = NULL, attempts = attempts + 1 WHERE id = ${id}`);
      return;
    }
    prepared(db, `UPDATE outbox SET status = 'sent', done_at = ?, claimed_until = NULL, attempts = attempts + 1 WHERE id = ?`).run(at, id);
  });
}

export async function markOutboxRetry(db: Database, id: number, nextAttemptAt: string, error: string): Promise<void> {
  return writeTransaction(db, async (db) => {
    if (dialectOf(db) === 'postgres') {
      await execute(db, sql`UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ${nextAttemptAt}, claimed_until = NULL, last_error = ${error} WHERE id = ${id}`);
      return;
    }
    prepared(db, 'UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, claimed_until = NULL, last_error = ? WHERE id = ?').run(nextAttemptAt, error, id);
  });
}

export async function markOutboxDropped(db: Database, id: number, at: string, error: string): Promise<void> {
  return writeTransaction(db, async (db) => {
    if (dialectOf(db) === 'postgres') {
      await execute(db, sql`UPDATE outbox SET status = 'dropped', attempts = attempts + 1, done_at = ${at}, claimed_until = NULL, last_error = ${error} WHERE id = ${id}`);
      return;
    }
    prepared(db, `UPDATE outbox SET status = 'dropped', attempts = attempts + 1, done_at = ?, claimed_until = NULL, last_error = ? WHERE id = ?`).run(at, error, id);
  });
}

export async function deleteOutboxRow(db: Database, id: number): Promise<void> {
  return writeTransaction(db, async (db) => {
    if (dialectOf(db) === 'postgres') {
      await execute(db, sql`DELETE FROM outbox WHERE id = ${id}`);
      return;
    }
    prepared(db, 'DELETE FROM outbox WHERE id = ?').run(id);
  });
}

/** Rows by channel and status: what /metrics shows. */
export async function outboxTallies(db: Database): Promise<{ channel: string; status: string; n: number }[]> {
  if (dialectOf(db) === 'postgres') {
    const { outbox } = tablesOf(db);
    return db.select({ channel: outbox.channel, status: outbox.status, n: count() }).from(outbox).groupBy(outbox.channel, outbox.status);
  }
  return prepared(db, 'SELECT channel, status, count(*) AS n FROM outbox GROUP BY channel, status').all() as { channel: string; status: string; n: number }[];
}

/**
 * Sent rows done before `before`: kept a while for the record, then pruned. Dropped rows stay:
 * /metrics counts them, and a counter never goes down.
 */
export async function pruneSentOutbox(db: Database, before: string): Promise<number> {
  return writeTransaction(db, async (db) => {
    if (dialectOf(db) === 'postgres') return execute(db, sql`DELETE FROM outbox WHERE status = 'sent' AND done_at < ${before}`);
    return prepared(db, `DELETE FROM outbox WHERE status = 'sent' AND done_at < ?`).run(before).changes;
  });
}

// ---- announce -------------------------------------------------------------------------------

/** Records that `announce` wrote (league, day, kind); false when it already had. */
export async function claimAnnounceRun(db: Database, leagueId: string, day: string, kind: 'morning' | 'expiry' | 'season-end', at: string): Promise<boolean> {
  return writeTransaction(db, async (db) => {
    const { announceRuns } = tablesOf(db);
    return touched(await db.insert(announceRuns).values({ leagueId, day, kind, at }).onConflictDoNothing()) === 1;
  });
}

/** The leagues worth a look: active ones, and those that ended or closed since `since`. */
export async function leaguesToAnnounce(db: Database, since: string): Promise<{ id: string }[]> {
  if (dialectOf(db) === 'postgres') {
    return rowsOf(db, sql`SELECT id FROM leagues WHERE (closed_at IS NULL AND end_date >= ${since}) OR closed_at >= ${since} ORDER BY id`);
  }
  const text = `SELECT id FROM leagues WHERE (closed_at IS NULL AND end_date >= ?) OR closed_at >= ? ORDER BY id`;
  return prepared(db, text).all(since, since) as { id: string }[];
}

/** The newest day any team of the league has a performance for. */
export async function latestScoredDay(db: Database, leagueId: string): Promise<string | null> {
  if (dialectOf(db) === 'postgres') {
    const rows = await rowsOf<{ day: string | null }>(db, sql`SELECT max(p.date) AS day FROM teams t JOIN performances p ON p.team_id = t.id WHERE t.league_id = ${leagueId}`);
    return rows[0]?.day ?? null;
  }
  const row = prepared(db, 'SELECT max(p.date) AS day FROM teams t JOIN performances p ON p.team_id = t.id WHERE t.league_id = ?').get(leagueId) as { day: string | null };
  return row.day;
}

export interface TeamTotalsOnDay {
  teamId: string;
  teamName: string;
  playerId: string;
  joinedAt: string;
  leftAt: string | null;
  /** Σ points of days up to and including the day */
  cumulativePoints: number;
  /** Σ points of days before it */
  previousPoints: number;
  dayPoints: number;
}

/** Every team's totals as they stood once `day` was scored (the standings of that morning). */
export async function totalsOnDay(db: Database, leagueId: string, day: string): Promise<TeamTotalsOnDay[]> {
  if (dialectOf(db) === 'postgres') {
    // points are double precision, so the sums come back as numbers (no bigint text)
    return rowsOf(
      db,
      sql`SELECT t.id AS "teamId", t.name AS "teamName", t.player_id AS "playerId", t.joined_at AS "joinedAt", t.left_at AS "leftAt",
          coalesce(sum(p.points), 0) AS "cumulativePoints",
          coalesce(sum(CASE WHEN p.date < ${day} THEN p.points END), 0) AS "previousPoints",
          coalesce(sum(CASE WHEN p.date = ${day} THEN p.points END), 0) AS "dayPoints"
        FROM teams t LEFT JOIN performances p ON p.team_id = t.id AND p.date <= ${day}
        WHERE t.league_id = ${leagueId} GROUP BY t.id`,
    );
  }
  const text = `SELECT t.id AS teamId, t.name AS teamName, t.player_id AS playerId, t.joined_at AS joinedAt, t.left_at AS leftAt,
      coalesce(sum(p.points), 0) AS cumulativePoints,
      coalesce(sum(CASE WHEN p.date < ? THEN p.points END), 0) AS previousPoints,
      coalesce(sum(CASE WHEN p.date = ? THEN p.points END), 0) AS dayPoints
    FROM teams t LEFT JOIN performances p ON p.team_id = t.id AND p.date <= ?
    WHERE t.league_id = ? GROUP BY t.id`;
  return prepared(db, text).all(day, day, day, leagueId) as TeamTotalsOnDay[];
}

/** Round results the feed recorded for rounds ending on `day`: what the morning names as finished. */
export async function roundResultsEndingOn(db: Database, leagueId: string, day: string): Promise<string[]> {
  if (dialectOf(db) === 'postgres') {
    const rows = await rowsOf<{ payload: string }>(
      db,
      sql`SELECT payload FROM league_activity WHERE league_id = ${leagueId} AND kind = 'round-result' AND payload::jsonb #>> '{round,endDate}' = ${day} ORDER BY id`,
    );
    return rows.map((row) => row.payload);
  }
  const text = `SELECT payload FROM league_activity WHERE league_id = ? AND kind = 'round-result' AND json_extract(payload, '$.round.endDate') = ? ORDER BY id`;
  return (prepared(db, text).all(leagueId, day) as { payload: string }[]).map((row) => row.payload);
}

/** Live contracts of the league ending on `expireDate`, with whose team and player holds them. */
export async function contractsExpiringOn(db: Database, leagueId: string, expireDate: string): Promise<{ contractId: string; articleId: string; teamId: string; playerId: string }[]> {
  if (dialectOf(db) === 'postgres') {
    return rowsOf(
      db,
      sql`SELECT c.id AS "contractId", c.article_id AS "articleId", c.team_id AS "teamId", t.player_id AS "playerId"
        FROM contracts c JOIN teams t ON t.id = c.team_id
        WHERE c.league_id = ${leagueId} AND c.status = 'live' AND c.expire_date = ${expireDate} AND NOT c.renewal_elected AND t.left_at IS NULL
        ORDER BY c.id`,
    );
  }
  const text = `SELECT c.id AS contractId, c.article_id AS articleId, c.team_id AS teamId, t.player_id AS playerId
    FROM contracts c JOIN teams t ON t.id = c.team_id
    WHERE c.league_id = ? AND c.status = 'live' AND c.expire_date = ? AND c.renewal_elected = 0 AND t.left_at IS NULL
    ORDER BY c.id`;
  return prepared(db, text).all(leagueId, expireDate) as { contractId: string; articleId: string; teamId: string; playerId: string }[];
}

/** The player's subscriptions, if the player wants `choice`. */
export async function subscriptionsWanting(db: Database, playerId: string, choice: PushChoice): Promise<string[]> {
  if (dialectOf(db) === 'postgres') {
    const rows = await rowsOf<{ id: string }>(
      db,
      sql`SELECT s.id AS id FROM push_subscriptions s LEFT JOIN push_preferences p ON p.player_id = s.player_id
        WHERE s.player_id = ${playerId} AND ${wantsOnPostgres(choice)} ORDER BY s.id`,
    );
    return rows.map((row) => row.id);
  }
  const text = `SELECT s.id AS id FROM push_subscriptions s LEFT JOIN push_preferences p ON p.player_id = s.player_id
    WHERE s.player_id = ? AND coalesce(p.${choice}, 1) = 1 ORDER BY s.id`;
  return (prepared(db, text).all(playerId) as { id: string }[]).map((row) => row.id);
}
