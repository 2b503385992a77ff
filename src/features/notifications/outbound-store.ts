/** Outbox rows are written by the caller's own transaction (a join, an announce). */
import { and, asc, eq } from 'drizzle-orm';
import { type Database, writeTransaction } from '../../platform/db/database';
import { first, tablesOf, touched } from '../../platform/db/dialect';
import { insertInOrder } from '../../platform/db/insert-in-order';
import { jsonText, runStatement, selectRow, selectRows } from '../../platform/db/statements';
import type { leagueWebhooks, outbox, pushSubscriptions } from '../../platform/db/schema/sqlite';

export type WebhookRow = typeof leagueWebhooks.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

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
    await runStatement(db, 'UPDATE league_webhooks SET failing_since = coalesce(failing_since, ?), last_error = ? WHERE league_id = ?', at, error, leagueId);
  });
}

export async function pendingWebhookMessages(db: Database, leagueId: string): Promise<number> {
  const text = `SELECT CAST(count(*) AS INTEGER) AS n FROM outbox WHERE channel = 'webhook' AND league_id = ? AND status = 'pending'`;
  return (await selectRow<{ n: number }>(db, text, leagueId))?.n ?? 0;
}

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
  return (await selectRow<{ n: number }>(db, 'SELECT CAST(count(*) AS INTEGER) AS n FROM push_subscriptions WHERE player_id = ?', playerId))?.n ?? 0;
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

const CHOICE_COLUMNS: Record<PushChoice, string> = {
  morning_result: 'morning_result',
  contract_expiring: 'contract_expiring',
  round_result: 'round_result',
};

/** Whether the player of preference row `p` wants `choice` (no row: every choice on). */
function wants(choice: PushChoice): string {
  return `coalesce(p.${CHOICE_COLUMNS[choice]}, true)`;
}

/** Subscriptions of current members who want `choice`. */
export async function subscribersOfLeague(db: Database, leagueId: string, choice: PushChoice): Promise<{ subscriptionId: string; teamId: string; playerId: string }[]> {
  const text = `SELECT s.id AS "subscriptionId", t.id AS "teamId", t.player_id AS "playerId"
    FROM teams t JOIN push_subscriptions s ON s.player_id = t.player_id
    LEFT JOIN push_preferences p ON p.player_id = t.player_id
    WHERE t.league_id = ? AND t.left_at IS NULL AND ${wants(choice)}
    ORDER BY t.id, s.id`;
  return selectRows(db, text, leagueId);
}

export interface NewOutboxRow {
  channel: OutboxRow['channel'];
  leagueId?: string | null;
  subscriptionId?: string | null;
  payload: object;
}

export async function enqueue(db: Database, rows: readonly NewOutboxRow[], at: string): Promise<void> {
  return writeTransaction(db, (db) =>
    insertInOrder(
      db,
      'outbox',
      { channel: 'text', league_id: 'text', subscription_id: 'text', payload: 'text', created_at: 'text', next_attempt_at: 'text' },
      rows.map((row) => [row.channel, row.leagueId ?? null, row.subscriptionId ?? null, JSON.stringify(row.payload), at, at]),
    ),
  );
}

/** Where a reading of the due rows stopped: the last row it answered. */
export interface OutboxCursor {
  nextAttemptAt: string;
  id: number;
}

/** Pending rows due by `now` that no sender holds, oldest first; with `after`, those after that row. */
export async function dueOutboxRows(db: Database, now: string, limit: number, after?: OutboxCursor): Promise<OutboxRow[]> {
  // PostgreSQL's driver hands a bigint over as text; ordering by o.id lets the due index serve it
  const columns = `SELECT CAST(o.id AS DOUBLE PRECISION) AS id, o.channel, o.league_id AS "leagueId", o.subscription_id AS "subscriptionId",
      o.payload, o.status, o.attempts, o.created_at AS "createdAt", o.next_attempt_at AS "nextAttemptAt", o.claimed_until AS "claimedUntil",
      o.last_error AS "lastError", o.done_at AS "doneAt"
    FROM outbox o WHERE o.status = 'pending' AND o.next_attempt_at <= ? AND (o.claimed_until IS NULL OR o.claimed_until < ?)`;
  if (!after) return selectRows<OutboxRow>(db, `${columns} ORDER BY o.next_attempt_at, o.id LIMIT ?`, now, now, limit);
  const text = `${columns} AND (o.next_attempt_at > ? OR (o.next_attempt_at = ? AND o.id > ?)) ORDER BY o.next_attempt_at, o.id LIMIT ?`;
  return selectRows<OutboxRow>(db, text, now, now, after.nextAttemptAt, after.nextAttemptAt, after.id, limit);
}

/** Takes a row for one sender until `until`; false when another sender holds it or it is done. */
export async function claimOutboxRow(db: Database, id: number, now: string, until: string): Promise<boolean> {
  return writeTransaction(db, async (db) => {
    const text = `UPDATE outbox SET claimed_until = ? WHERE id = ? AND status = 'pending' AND (claimed_until IS NULL OR claimed_until < ?)`;
    return (await runStatement(db, text, until, id, now)) === 1;
  });
}

export async function markOutboxSent(db: Database, id: number, at: string): Promise<void> {
  return writeTransaction(db, async (db) => {
    await runStatement(db, `UPDATE outbox SET status = 'sent', done_at = ?, claimed_until = NULL, attempts = attempts + 1 WHERE id = ?`, at, id);
  });
}

export async function markOutboxRetry(db: Database, id: number, nextAttemptAt: string, error: string): Promise<void> {
  return writeTransaction(db, async (db) => {
    await runStatement(db, 'UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, claimed_until = NULL, last_error = ? WHERE id = ?', nextAttemptAt, error, id);
  });
}

export async function markOutboxDropped(db: Database, id: number, at: string, error: string): Promise<void> {
  return writeTransaction(db, async (db) => {
    const text = `UPDATE outbox SET status = 'dropped', attempts = attempts + 1, done_at = ?, claimed_until = NULL, last_error = ? WHERE id = ?`;
    await runStatement(db, text, at, error, id);
  });
}

export async function deleteOutboxRow(db: Database, id: number): Promise<void> {
  return writeTransaction(db, async (db) => {
    await runStatement(db, 'DELETE FROM outbox WHERE id = ?', id);
  });
}

export async function outboxTallies(db: Database): Promise<{ channel: string; status: string; n: number }[]> {
  return selectRows(db, 'SELECT channel, status, CAST(count(*) AS INTEGER) AS n FROM outbox GROUP BY channel, status');
}

/** Dropped rows stay: /metrics counts them, and a counter never goes down. */
export async function pruneSentOutbox(db: Database, before: string): Promise<number> {
  return writeTransaction(db, (db) => runStatement(db, `DELETE FROM outbox WHERE status = 'sent' AND done_at < ?`, before));
}

/** Records that `announce` wrote (league, day, kind); false when it already had. */
export async function claimAnnounceRun(db: Database, leagueId: string, day: string, kind: 'morning' | 'expiry' | 'season-end', at: string): Promise<boolean> {
  return writeTransaction(db, async (db) => {
    const { announceRuns } = tablesOf(db);
    return touched(await db.insert(announceRuns).values({ leagueId, day, kind, at }).onConflictDoNothing()) === 1;
  });
}

/** The leagues worth a look: active ones, and those that ended or closed since `since`. */
export async function leaguesToAnnounce(db: Database, since: string): Promise<{ id: string }[]> {
  return selectRows(db, 'SELECT id FROM leagues WHERE (closed_at IS NULL AND end_date >= ?) OR closed_at >= ? ORDER BY id', since, since);
}

export async function latestScoredDay(db: Database, leagueId: string): Promise<string | null> {
  const text = 'SELECT max(p.date) AS day FROM teams t JOIN performances p ON p.team_id = t.id WHERE t.league_id = ?';
  return (await selectRow<{ day: string | null }>(db, text, leagueId))?.day ?? null;
}

export interface TeamTotalsOnDay {
  teamId: string;
  teamName: string;
  playerId: string;
  joinedAt: string;
  leftAt: string | null;
  cumulativePoints: number;
  previousPoints: number;
  dayPoints: number;
}

/** Every team's totals as they stood once `day` was scored (the standings of that morning). */
export async function totalsOnDay(db: Database, leagueId: string, day: string): Promise<TeamTotalsOnDay[]> {
  // points are double precision, so the sums come back as numbers on both engines
  const text = `SELECT t.id AS "teamId", t.name AS "teamName", t.player_id AS "playerId", t.joined_at AS "joinedAt", t.left_at AS "leftAt",
      coalesce(sum(p.points), 0) AS "cumulativePoints",
      coalesce(sum(CASE WHEN p.date < ? THEN p.points END), 0) AS "previousPoints",
      coalesce(sum(CASE WHEN p.date = ? THEN p.points END), 0) AS "dayPoints"
    FROM teams t LEFT JOIN performances p ON p.team_id = t.id AND p.date <= ?
    WHERE t.league_id = ? GROUP BY t.id`;
  return selectRows<TeamTotalsOnDay>(db, text, day, day, day, leagueId);
}

/** Round results the feed recorded for rounds ending on `day`: what the morning names as finished. */
export async function roundResultsEndingOn(db: Database, leagueId: string, day: string): Promise<string[]> {
  const { leagueActivity: a } = tablesOf(db);
  const rows = await db
    .select({ payload: a.payload })
    .from(a)
    .where(and(eq(a.leagueId, leagueId), eq(a.kind, 'round-result'), eq(jsonText(db, a.payload, ['round', 'endDate']), day)))
    .orderBy(asc(a.id));
  return rows.map((row) => row.payload);
}

export async function contractsExpiringOn(db: Database, leagueId: string, expireDate: string): Promise<{ contractId: string; articleId: string; teamId: string; playerId: string }[]> {
  const text = `SELECT c.id AS "contractId", c.article_id AS "articleId", c.team_id AS "teamId", t.player_id AS "playerId"
    FROM contracts c JOIN teams t ON t.id = c.team_id
    WHERE c.league_id = ? AND c.status = 'live' AND c.expire_date = ? AND NOT c.renewal_elected AND t.left_at IS NULL
    ORDER BY c.id`;
  return selectRows(db, text, leagueId, expireDate);
}

/** The player's subscriptions, if the player wants `choice`. */
export async function subscriptionsWanting(db: Database, playerId: string, choice: PushChoice): Promise<string[]> {
  const text = `SELECT s.id AS id FROM push_subscriptions s LEFT JOIN push_preferences p ON p.player_id = s.player_id
    WHERE s.player_id = ? AND ${wants(choice)} ORDER BY s.id`;
  return (await selectRows<{ id: string }>(db, text, playerId)).map((row) => row.id);
}

/** Every subscription of the league's current members, whatever their choices: none of them covers news of the member's own team. */
export async function subscriptionsOfMembers(db: Database, leagueId: string): Promise<string[]> {
  const text = `SELECT s.id AS id FROM teams t JOIN push_subscriptions s ON s.player_id = t.player_id
    WHERE t.league_id = ? AND t.left_at IS NULL ORDER BY t.id, s.id`;
  return (await selectRows<{ id: string }>(db, text, leagueId)).map((row) => row.id);
}

export async function subscriptionsOfPlayer(db: Database, playerId: string): Promise<string[]> {
  return (await selectRows<{ id: string }>(db, 'SELECT id FROM push_subscriptions WHERE player_id = ? ORDER BY id', playerId)).map((row) => row.id);
}
