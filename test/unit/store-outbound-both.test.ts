/**
 * The outbound family of repositories (webhooks, push, the outbox, announce's facts), the
 * notification in-box, the rate limiters, housekeeping and the status reads answer the same on
 * SQLite and on PostgreSQL: what is written is read back, the guards refuse what they must
 * (also when callers race), and sums, counts and orders come out the same.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FailureThrottle, RateLimit } from '../../src/domain/rate-limits';
import { type Database, type Dialect, isUniqueViolation, writeTransaction } from '../../src/platform/db/database';
import { tablesOf } from '../../src/platform/db/dialect';
import { pruneStaleRows } from '../../src/features/operations/housekeeping-store';
import {
  findNotification,
  insertNotification,
  insertNotifications,
  markNotificationRead,
  notificationsOfPlayer,
  notificationsOfTeam,
} from '../../src/features/notifications/store';
import { databaseBytes, firstTeamsOfLeagues, liveContractsExpiredBy, scoredDaysOfTeam } from '../../src/features/operations/store';
import {
  claimAnnounceRun,
  claimOutboxRow,
  contractsExpiringOn,
  deleteOutboxRow,
  deleteSubscription,
  deleteSubscriptionOf,
  deleteWebhook,
  dueOutboxRows,
  enqueue,
  findSubscription,
  findWebhook,
  latestScoredDay,
  leaguesToAnnounce,
  markOutboxDropped,
  markOutboxRetry,
  markOutboxSent,
  outboxTallies,
  pendingWebhookMessages,
  pruneSentOutbox,
  putWebhook,
  readPushChoices,
  recordWebhookFailure,
  recordWebhookSuccess,
  roundResultsEndingOn,
  subscribersOfLeague,
  subscriptionCount,
  subscriptionsWanting,
  totalsOnDay,
  upsertSubscription,
  writePushChoices,
} from '../../src/features/notifications/outbound-store';
import { clearSignInFailures, forgetRateLimitHit, recordSignInFailure, signInWait, takeRateLimit } from '../../src/platform/db/rate-limits';
import { ENGINES, useBothStores } from '../support/both-stores';

const stores = useBothStores();

const AT = '2026-05-01T08:00:00.000Z';

/** Players pl_a, pl_b, pl_c; leagues lg_1 (teams tm_a1 of pl_a, tm_b1 of pl_b, tm_c1 of pl_c who left) and lg_2 (tm_a2). */
async function seed(engine: Dialect): Promise<Database> {
  const db = await stores.fresh(engine);
  await writeTransaction(db, async (tx) => {
    const { players, leagues, teams } = tablesOf(tx);
    await tx.insert(players).values(
      ['a', 'b', 'c'].map((who) => ({ id: `pl_${who}`, subject: `password:${who}`, username: who, usernameKey: who, name: who, createdAt: AT })),
    );
    const league = (id: string, endDate: string, closedAt: string | null = null) => ({
      id,
      name: id,
      domain: 'en',
      languageScale: 1,
      icon: 'x',
      durationDays: 30,
      startDate: '2026-04-01',
      endDate,
      visibility: 'public' as const,
      invitePolicy: 'members' as const,
      adminId: 'pl_a',
      closedAt,
      createdAt: AT,
    });
    await tx.insert(leagues).values([league('lg_1', '2026-05-30'), league('lg_2', '2026-05-30')]);
    const team = (id: string, leagueId: string, playerId: string, joinedAt: string, leftAt: string | null = null) => ({
      id,
      leagueId,
      playerId,
      name: id,
      nameKey: id,
      joinedAt,
      leftAt,
    });
    await tx
      .insert(teams)
      .values([
        team('tm_b1', 'lg_1', 'pl_b', '2026-04-02T00:00:00.000Z'),
        team('tm_a1', 'lg_1', 'pl_a', '2026-04-01T00:00:00.000Z'),
        team('tm_c1', 'lg_1', 'pl_c', '2026-04-03T00:00:00.000Z', '2026-04-20T00:00:00.000Z'),
        team('tm_a2', 'lg_2', 'pl_a', '2026-04-05T00:00:00.000Z'),
      ]);
  });
  return db;
}

async function addPerformances(db: Database, rows: { teamId: string; date: string; points: number }[]): Promise<void> {
  await writeTransaction(db, async (tx) => {
    const { performances } = tablesOf(tx);
    await tx.insert(performances).values(rows.map((row) => ({ ...row, formationSnapshot: '[]', createdAt: AT, updatedAt: AT })));
  });
}

async function addContracts(
  db: Database,
  rows: { id: string; teamId: string; leagueId?: string; expireDate: string; status?: 'live' | 'sold' | 'settled'; renewalElected?: boolean }[],
): Promise<void> {
  await writeTransaction(db, async (tx) => {
    const { contracts } = tablesOf(tx);
    await tx.insert(contracts).values(
      rows.map((row) => ({
        leagueId: 'lg_1',
        articleId: `Article_${row.id}`,
        domain: 'en',
        heldSince: '2026-04-10',
        purchaseDate: '2026-04-10',
        purchasePrice: 100,
        createdAt: AT,
        ...row,
      })),
    );
  });
}

const subscription = (id: string, playerId: string, endpoint = `https://push.example/${id}`) => ({
  id,
  playerId,
  endpoint,
  p256dh: `key-${id}`,
  auth: `auth-${id}`,
  createdAt: AT,
});

const notice = (id: string, over: Partial<{ playerId: string; teamId: string; date: string; createdAt: string; contractId: string }> = {}) => ({
  id,
  playerId: 'pl_a',
  leagueId: 'lg_1',
  teamId: 'tm_a1',
  contractId: 'ct_1',
  message: `message ${id}`,
  date: '2026-05-01',
  isRead: false,
  createdAt: AT,
  ...over,
});

describe.each(ENGINES)('on %s', (engine) => {
  // ---- webhooks ---------------------------------------------------------------------------

  it('reads a webhook back as written, and a new URL starts with a clean record', async () => {
    const db = await seed(engine);
    expect(await findWebhook(db, 'lg_1')).toBeUndefined();
    const written = await putWebhook(db, 'lg_1', 'https://hooks.example/one', 'discord', AT);
    expect(written).toEqual({
      leagueId: 'lg_1',
      url: 'https://hooks.example/one',
      format: 'discord',
      createdAt: AT,
      lastSuccessAt: null,
      failingSince: null,
      lastError: null,
    });
    expect(await findWebhook(db, 'lg_1')).toEqual(written);
    await recordWebhookFailure(db, 'lg_1', '2026-05-02T00:00:00.000Z', 'timeout');
    const replaced = await putWebhook(db, 'lg_1', 'https://hooks.example/two', 'slack', '2026-05-03T00:00:00.000Z');
    expect(replaced).toMatchObject({ url: 'https://hooks.example/two', format: 'slack', failingSince: null, lastError: null });
    expect(await findWebhook(db, 'lg_1')).toEqual(replaced);
  });

  it('keeps the first failure of a run of failures and clears it on a success', async () => {
    const db = await seed(engine);
    await putWebhook(db, 'lg_1', 'https://hooks.example/one', 'json', AT);
    await recordWebhookFailure(db, 'lg_1', '2026-05-02T00:00:00.000Z', 'timeout');
    await recordWebhookFailure(db, 'lg_1', '2026-05-02T01:00:00.000Z', 'status 500');
    expect(await findWebhook(db, 'lg_1')).toMatchObject({ failingSince: '2026-05-02T00:00:00.000Z', lastError: 'status 500' });
    await recordWebhookSuccess(db, 'lg_1', '2026-05-02T02:00:00.000Z');
    expect(await findWebhook(db, 'lg_1')).toMatchObject({ lastSuccessAt: '2026-05-02T02:00:00.000Z', failingSince: null, lastError: null });
  });

  it('deletes a webhook once, saying whether there was one', async () => {
    const db = await seed(engine);
    await putWebhook(db, 'lg_1', 'https://hooks.example/one', 'json', AT);
    expect(await deleteWebhook(db, 'lg_1')).toBe(true);
    expect(await deleteWebhook(db, 'lg_1')).toBe(false);
    expect(await findWebhook(db, 'lg_1')).toBeUndefined();
  });

  it('counts only the league’s pending webhook messages', async () => {
    const db = await seed(engine);
    await upsertSubscription(db, subscription('ps_1', 'pl_a'));
    await enqueue(
      db,
      [
        { channel: 'webhook', leagueId: 'lg_1', payload: { n: 1 } },
        { channel: 'webhook', leagueId: 'lg_1', payload: { n: 2 } },
        { channel: 'webhook', leagueId: 'lg_1', payload: { n: 3 } },
        { channel: 'webhook', leagueId: 'lg_2', payload: { n: 4 } },
        { channel: 'push', leagueId: 'lg_1', subscriptionId: 'ps_1', payload: { n: 5 } },
      ],
      AT,
    );
    const [sent] = await dueOutboxRows(db, AT, 1);
    await markOutboxSent(db, sent!.id, AT);
    const pending = await pendingWebhookMessages(db, 'lg_1');
    expect(pending).toBe(2);
    expect(typeof pending).toBe('number');
    expect(await pendingWebhookMessages(db, 'lg_9')).toBe(0);
  });

  // ---- push subscriptions and choices -------------------------------------------------------

  it('keeps one subscription per endpoint: the same endpoint again takes the new keys and owner', async () => {
    const db = await seed(engine);
    const first = await upsertSubscription(db, subscription('ps_1', 'pl_a', 'https://push.example/shared'));
    expect(first).toEqual(subscription('ps_1', 'pl_a', 'https://push.example/shared'));
    const again = await upsertSubscription(db, { ...subscription('ps_2', 'pl_b', 'https://push.example/shared'), p256dh: 'new-key', auth: 'new-auth' });
    expect(again).toEqual({ ...first, playerId: 'pl_b', p256dh: 'new-key', auth: 'new-auth' });
    expect(await findSubscription(db, 'ps_1')).toEqual(again);
    expect(await findSubscription(db, 'ps_2')).toBeUndefined();
    expect(await subscriptionCount(db, 'pl_a')).toBe(0);
    expect(await subscriptionCount(db, 'pl_b')).toBe(1);
  });

  it('deletes a subscription only for its owner', async () => {
    const db = await seed(engine);
    await upsertSubscription(db, subscription('ps_1', 'pl_a'));
    await upsertSubscription(db, subscription('ps_2', 'pl_a'));
    expect(await deleteSubscriptionOf(db, 'pl_b', 'https://push.example/ps_1')).toBe(false);
    expect(await deleteSubscriptionOf(db, 'pl_a', 'https://push.example/ps_1')).toBe(true);
    expect(await findSubscription(db, 'ps_1')).toBeUndefined();
    await deleteSubscription(db, 'ps_2');
    expect(await subscriptionCount(db, 'pl_a')).toBe(0);
  });

  it('answers every push choice on until the player writes them, then the choices written', async () => {
    const db = await seed(engine);
    expect(await readPushChoices(db, 'pl_a')).toEqual({ morningResult: true, contractExpiring: true, roundResult: true });
    await writePushChoices(db, 'pl_a', { morningResult: false, contractExpiring: true, roundResult: false });
    expect(await readPushChoices(db, 'pl_a')).toEqual({ morningResult: false, contractExpiring: true, roundResult: false });
    await writePushChoices(db, 'pl_a', { morningResult: true, contractExpiring: false, roundResult: false });
    expect(await readPushChoices(db, 'pl_a')).toEqual({ morningResult: true, contractExpiring: false, roundResult: false });
  });

  it('sends a league-wide push to current members who want it, ordered by team then subscription', async () => {
    const db = await seed(engine);
    for (const [id, player] of [
      ['ps_b2', 'pl_b'],
      ['ps_a1', 'pl_a'],
      ['ps_b1', 'pl_b'],
      ['ps_c1', 'pl_c'],
    ] as const) {
      await upsertSubscription(db, subscription(id, player));
    }
    await writePushChoices(db, 'pl_b', { morningResult: false, contractExpiring: true, roundResult: true });
    expect(await subscribersOfLeague(db, 'lg_1', 'morning_result')).toEqual([{ subscriptionId: 'ps_a1', teamId: 'tm_a1', playerId: 'pl_a' }]);
    expect(await subscribersOfLeague(db, 'lg_1', 'round_result')).toEqual([
      { subscriptionId: 'ps_a1', teamId: 'tm_a1', playerId: 'pl_a' },
      { subscriptionId: 'ps_b1', teamId: 'tm_b1', playerId: 'pl_b' },
      { subscriptionId: 'ps_b2', teamId: 'tm_b1', playerId: 'pl_b' },
    ]);
  });

  it('lists a player’s subscriptions only for the choices the player wants', async () => {
    const db = await seed(engine);
    await upsertSubscription(db, subscription('ps_2', 'pl_b'));
    await upsertSubscription(db, subscription('ps_1', 'pl_b'));
    expect(await subscriptionsWanting(db, 'pl_b', 'contract_expiring')).toEqual(['ps_1', 'ps_2']);
    await writePushChoices(db, 'pl_b', { morningResult: true, contractExpiring: false, roundResult: true });
    expect(await subscriptionsWanting(db, 'pl_b', 'contract_expiring')).toEqual([]);
    expect(await subscriptionsWanting(db, 'pl_b', 'morning_result')).toEqual(['ps_1', 'ps_2']);
  });

  // ---- outbox ---------------------------------------------------------------------------------

  it('hands out due rows oldest first, as written, up to the limit', async () => {
    const db = await seed(engine);
    await enqueue(db, [{ channel: 'webhook', leagueId: 'lg_1', payload: { text: 'later' } }], '2026-05-01T09:00:00.000Z');
    await enqueue(
      db,
      [
        { channel: 'webhook', leagueId: 'lg_1', payload: { text: 'first' } },
        { channel: 'webhook', leagueId: 'lg_2', payload: { text: 'second' } },
      ],
      '2026-05-01T08:00:00.000Z',
    );
    const due = await dueOutboxRows(db, '2026-05-01T08:30:00.000Z', 10);
    expect(due.map((row) => JSON.parse(row.payload))).toEqual([{ text: 'first' }, { text: 'second' }]);
    expect(due[0]).toEqual({
      id: due[0]!.id,
      channel: 'webhook',
      leagueId: 'lg_1',
      subscriptionId: null,
      payload: '{"text":"first"}',
      status: 'pending',
      attempts: 0,
      createdAt: '2026-05-01T08:00:00.000Z',
      nextAttemptAt: '2026-05-01T08:00:00.000Z',
      claimedUntil: null,
      lastError: null,
      doneAt: null,
    });
    expect(typeof due[0]!.id).toBe('number');
    expect((await dueOutboxRows(db, '2026-05-01T09:00:00.000Z', 2)).map((row) => JSON.parse(row.payload).text)).toEqual(['first', 'second']);
    expect(await dueOutboxRows(db, '2026-05-01T09:00:00.000Z', 10)).toHaveLength(3);
  });

  it('writes no outbox row when the transaction that caused it fails', async () => {
    const db = await seed(engine);
    await expect(
      writeTransaction(db, async (tx) => {
        await enqueue(tx, [{ channel: 'webhook', leagueId: 'lg_1', payload: { text: 'lost' } }], AT);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await dueOutboxRows(db, AT, 10)).toEqual([]);
  });

  it('lets one sender hold a row until its lease ends, and none once it is done', async () => {
    const db = await seed(engine);
    await enqueue(db, [{ channel: 'webhook', leagueId: 'lg_1', payload: {} }], AT);
    const [row] = await dueOutboxRows(db, AT, 1);
    const now = '2026-05-01T08:01:00.000Z';
    const until = '2026-05-01T08:02:00.000Z';
    expect(await claimOutboxRow(db, row!.id, now, until)).toBe(true);
    expect(await claimOutboxRow(db, row!.id, now, until)).toBe(false);
    expect(await dueOutboxRows(db, now, 10)).toEqual([]);
    expect(await claimOutboxRow(db, row!.id, '2026-05-01T08:02:00.001Z', '2026-05-01T08:03:00.000Z')).toBe(true);
    await markOutboxSent(db, row!.id, '2026-05-01T08:02:30.000Z');
    expect(await claimOutboxRow(db, row!.id, '2026-05-01T09:00:00.000Z', '2026-05-01T09:01:00.000Z')).toBe(false);
  });

  it('gives a row to exactly one of several senders racing for it', async () => {
    const db = await seed(engine);
    await enqueue(db, [{ channel: 'webhook', leagueId: 'lg_1', payload: {} }], AT);
    const [row] = await dueOutboxRows(db, AT, 1);
    const claims = await Promise.all(Array.from({ length: 5 }, () => claimOutboxRow(db, row!.id, AT, '2026-05-01T08:05:00.000Z')));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('records a retry, a send and a drop, and tallies rows by channel and status', async () => {
    const db = await seed(engine);
    await upsertSubscription(db, subscription('ps_1', 'pl_a'));
    await enqueue(
      db,
      [
        { channel: 'webhook', leagueId: 'lg_1', payload: { n: 1 } },
        { channel: 'webhook', leagueId: 'lg_1', payload: { n: 2 } },
        { channel: 'push', subscriptionId: 'ps_1', payload: { n: 3 } },
        { channel: 'push', subscriptionId: 'ps_1', payload: { n: 4 } },
      ],
      AT,
    );
    const [retried, sent, dropped] = await dueOutboxRows(db, AT, 3);
    await claimOutboxRow(db, retried!.id, AT, '2026-05-01T08:05:00.000Z');
    await markOutboxRetry(db, retried!.id, '2026-05-01T08:10:00.000Z', 'timeout');
    await markOutboxSent(db, sent!.id, '2026-05-01T08:01:00.000Z');
    await markOutboxDropped(db, dropped!.id, '2026-05-02T08:00:00.000Z', 'gone');
    const due = await dueOutboxRows(db, '2026-05-01T08:10:00.000Z', 10);
    expect(due.find((row) => row.id === retried!.id)).toMatchObject({
      attempts: 1,
      nextAttemptAt: '2026-05-01T08:10:00.000Z',
      claimedUntil: null,
      lastError: 'timeout',
      status: 'pending',
    });
    expect(due.map((row) => row.id)).not.toContain(sent!.id);
    expect(due.map((row) => row.id)).not.toContain(dropped!.id);
    const tallies = (await outboxTallies(db)).sort((a, b) => `${a.channel}${a.status}`.localeCompare(`${b.channel}${b.status}`));
    expect(tallies).toEqual([
      { channel: 'push', status: 'dropped', n: 1 },
      { channel: 'push', status: 'pending', n: 1 },
      { channel: 'webhook', status: 'pending', n: 1 },
      { channel: 'webhook', status: 'sent', n: 1 },
    ]);
  });

  it('prunes only sent rows done before the cut, and deletes a row by id', async () => {
    const db = await seed(engine);
    await enqueue(
      db,
      [1, 2, 3, 4].map((n) => ({ channel: 'webhook' as const, leagueId: 'lg_1', payload: { n } })),
      AT,
    );
    const [old, recent, dropped, kept] = await dueOutboxRows(db, AT, 4);
    await markOutboxSent(db, old!.id, '2026-05-01T00:00:00.000Z');
    await markOutboxSent(db, recent!.id, '2026-05-08T00:00:00.000Z');
    await markOutboxDropped(db, dropped!.id, '2026-05-01T00:00:00.000Z', 'gone');
    expect(await pruneSentOutbox(db, '2026-05-05T00:00:00.000Z')).toBe(1);
    expect(await pruneSentOutbox(db, '2026-05-05T00:00:00.000Z')).toBe(0);
    await deleteOutboxRow(db, kept!.id);
    expect(await outboxTallies(db)).toEqual(
      expect.arrayContaining([
        { channel: 'webhook', status: 'sent', n: 1 },
        { channel: 'webhook', status: 'dropped', n: 1 },
      ]),
    );
    expect(await outboxTallies(db)).toHaveLength(2);
  });

  // ---- announce -------------------------------------------------------------------------------

  it('claims an announce run once per league, day and kind', async () => {
    const db = await seed(engine);
    expect(await claimAnnounceRun(db, 'lg_1', '2026-05-01', 'morning', AT)).toBe(true);
    expect(await claimAnnounceRun(db, 'lg_1', '2026-05-01', 'morning', AT)).toBe(false);
    expect(await claimAnnounceRun(db, 'lg_1', '2026-05-01', 'expiry', AT)).toBe(true);
    expect(await claimAnnounceRun(db, 'lg_2', '2026-05-01', 'morning', AT)).toBe(true);
  });

  it('gives an announce run to exactly one of several callers racing for it', async () => {
    const db = await seed(engine);
    const claims = await Promise.all(Array.from({ length: 5 }, () => claimAnnounceRun(db, 'lg_1', '2026-05-02', 'morning', AT)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('announces active leagues and those ended or closed since, by id', async () => {
    const db = await seed(engine);
    await writeTransaction(db, async (tx) => {
      const { leagues } = tablesOf(tx);
      const base = { domain: 'en', languageScale: 1, icon: 'x', durationDays: 30, startDate: '2026-04-01', visibility: 'public' as const, invitePolicy: 'members' as const, adminId: 'pl_a', createdAt: AT };
      await tx.insert(leagues).values([
        { ...base, id: 'lg_ended_before', name: 'a', endDate: '2026-04-25' },
        { ...base, id: 'lg_ended_since', name: 'b', endDate: '2026-04-30' },
        { ...base, id: 'lg_closed_before', name: 'c', endDate: '2026-05-30', closedAt: '2026-04-20T00:00:00.000Z' },
        { ...base, id: 'lg_closed_since', name: 'd', endDate: '2026-05-30', closedAt: '2026-04-30T12:00:00.000Z' },
      ]);
    });
    expect((await leaguesToAnnounce(db, '2026-04-30')).map((row) => row.id)).toEqual(['lg_1', 'lg_2', 'lg_closed_since', 'lg_ended_since']);
  });

  it('finds a league’s newest scored day over all its teams, none when nothing is scored', async () => {
    const db = await seed(engine);
    expect(await latestScoredDay(db, 'lg_1')).toBeNull();
    await addPerformances(db, [
      { teamId: 'tm_a1', date: '2026-04-28', points: 1 },
      { teamId: 'tm_b1', date: '2026-04-29', points: 1 },
      { teamId: 'tm_a2', date: '2026-04-30', points: 1 },
    ]);
    expect(await latestScoredDay(db, 'lg_1')).toBe('2026-04-29');
  });

  it('sums every team’s points up to, before and on a day, zero for a team without performances', async () => {
    const db = await seed(engine);
    await addPerformances(db, [
      { teamId: 'tm_a1', date: '2026-04-28', points: 1.5 },
      { teamId: 'tm_a1', date: '2026-04-29', points: 2.25 },
      { teamId: 'tm_a1', date: '2026-04-30', points: 100 },
      { teamId: 'tm_b1', date: '2026-04-29', points: 0.125 },
      { teamId: 'tm_a2', date: '2026-04-29', points: 7 },
    ]);
    const totals = (await totalsOnDay(db, 'lg_1', '2026-04-29')).sort((a, b) => a.teamId.localeCompare(b.teamId));
    expect(totals).toEqual([
      { teamId: 'tm_a1', teamName: 'tm_a1', playerId: 'pl_a', joinedAt: '2026-04-01T00:00:00.000Z', leftAt: null, cumulativePoints: 3.75, previousPoints: 1.5, dayPoints: 2.25 },
      { teamId: 'tm_b1', teamName: 'tm_b1', playerId: 'pl_b', joinedAt: '2026-04-02T00:00:00.000Z', leftAt: null, cumulativePoints: 0.125, previousPoints: 0, dayPoints: 0.125 },
      { teamId: 'tm_c1', teamName: 'tm_c1', playerId: 'pl_c', joinedAt: '2026-04-03T00:00:00.000Z', leftAt: '2026-04-20T00:00:00.000Z', cumulativePoints: 0, previousPoints: 0, dayPoints: 0 },
    ]);
  });

  it('finds the round results of rounds ending on a day, in the order recorded', async () => {
    const db = await seed(engine);
    const round = (endDate: string, n: number) => JSON.stringify({ round: { number: n, endDate }, results: [] });
    await writeTransaction(db, async (tx) => {
      const { leagueActivity } = tablesOf(tx);
      await tx.insert(leagueActivity).values([
        { leagueId: 'lg_1', at: AT, kind: 'round-result', payload: round('2026-05-01', 2) },
        { leagueId: 'lg_1', at: AT, kind: 'round-result', payload: round('2026-04-24', 1) },
        { leagueId: 'lg_1', at: AT, kind: 'buy', payload: JSON.stringify({ round: { endDate: '2026-05-01' } }) },
        { leagueId: 'lg_2', at: AT, kind: 'round-result', payload: round('2026-05-01', 9) },
        { leagueId: 'lg_1', at: AT, kind: 'round-result', payload: round('2026-05-01', 3) },
      ]);
    });
    expect(await roundResultsEndingOn(db, 'lg_1', '2026-05-01')).toEqual([round('2026-05-01', 2), round('2026-05-01', 3)]);
  });

  it('lists live contracts expiring on a day of current teams that did not elect renewal, by id', async () => {
    const db = await seed(engine);
    await addContracts(db, [
      { id: 'ct_2', teamId: 'tm_b1', expireDate: '2026-05-01' },
      { id: 'ct_1', teamId: 'tm_a1', expireDate: '2026-05-01' },
      { id: 'ct_renewing', teamId: 'tm_a1', expireDate: '2026-05-01', renewalElected: true },
      { id: 'ct_sold', teamId: 'tm_a1', expireDate: '2026-05-01', status: 'sold' },
      { id: 'ct_later', teamId: 'tm_a1', expireDate: '2026-05-02' },
      { id: 'ct_left', teamId: 'tm_c1', expireDate: '2026-05-01' },
      { id: 'ct_other', teamId: 'tm_a2', leagueId: 'lg_2', expireDate: '2026-05-01' },
    ]);
    expect(await contractsExpiringOn(db, 'lg_1', '2026-05-01')).toEqual([
      { contractId: 'ct_1', articleId: 'Article_ct_1', teamId: 'tm_a1', playerId: 'pl_a' },
      { contractId: 'ct_2', articleId: 'Article_ct_2', teamId: 'tm_b1', playerId: 'pl_b' },
    ]);
  });

  // ---- notifications -----------------------------------------------------------------------

  it('reads a notification back as written, unread', async () => {
    const db = await seed(engine);
    await addContracts(db, [{ id: 'ct_1', teamId: 'tm_a1', expireDate: '2026-05-01' }]);
    const written = await insertNotification(db, notice('nt_1'));
    expect(written).toEqual(notice('nt_1'));
    expect(await findNotification(db, 'nt_1')).toEqual(notice('nt_1'));
    expect(await findNotification(db, 'nt_missing')).toBeUndefined();
  });

  it('orders the in-box newest day first, then newest written, a set newest row first, also after one is read', async () => {
    const db = await seed(engine);
    await addContracts(db, [{ id: 'ct_1', teamId: 'tm_a1', expireDate: '2026-05-01' }]);
    await insertNotification(db, notice('nt_0old', { date: '2026-04-30', createdAt: '2026-04-30T08:00:00.000Z' }));
    // a sweep set: one millisecond, ids made in the order written (newOrderedIds)
    await insertNotifications(db, [notice('nt_00001'), notice('nt_00002'), notice('nt_00003')]);
    await insertNotification(db, notice('nt_0new', { createdAt: '2026-05-01T09:00:00.000Z' }));
    await insertNotification(db, notice('nt_other', { playerId: 'pl_b', teamId: 'tm_b1' }));
    const expected = ['nt_0new', 'nt_00003', 'nt_00002', 'nt_00001', 'nt_0old'];
    expect((await notificationsOfPlayer(db, 'pl_a')).map((row) => row.id)).toEqual(expected);
    expect(await markNotificationRead(db, 'nt_00002', 'pl_a')).toBe(true);
    const after = await notificationsOfPlayer(db, 'pl_a');
    expect(after.map((row) => row.id)).toEqual(expected);
    expect(after.map((row) => row.isRead)).toEqual([false, false, true, false, false]);
  });

  it('lists a team’s notifications only', async () => {
    const db = await seed(engine);
    await addContracts(db, [{ id: 'ct_1', teamId: 'tm_a1', expireDate: '2026-05-01' }]);
    await insertNotifications(db, [notice('nt_1'), notice('nt_2', { teamId: 'tm_a2' }), notice('nt_3', { playerId: 'pl_b', teamId: 'tm_b1' })]);
    expect((await notificationsOfTeam(db, 'tm_a1')).map((row) => row.id)).toEqual(['nt_1']);
    expect((await notificationsOfTeam(db, 'tm_a2')).map((row) => row.id)).toEqual(['nt_2']);
  });

  it('writes a large set whole and an empty set as nothing', async () => {
    const db = await seed(engine);
    await addContracts(db, [{ id: 'ct_1', teamId: 'tm_a1', expireDate: '2026-05-01' }]);
    await insertNotifications(db, []);
    expect(await notificationsOfPlayer(db, 'pl_a')).toEqual([]);
    const ids = Array.from({ length: 2_100 }, (_, i) => `nt_${String(i).padStart(5, '0')}`);
    await insertNotifications(
      db,
      ids.map((id) => notice(id)),
    );
    const read = await notificationsOfPlayer(db, 'pl_a');
    expect(read.map((row) => row.id)).toEqual([...ids].reverse());
    expect(read[0]).toEqual(notice(ids.at(-1)!));
  });

  it('refuses a set holding a taken id as a unique violation, writing none of it', async () => {
    const db = await seed(engine);
    await addContracts(db, [{ id: 'ct_1', teamId: 'tm_a1', expireDate: '2026-05-01' }]);
    await insertNotification(db, notice('nt_taken'));
    const refused = await insertNotifications(db, [notice('nt_new1'), notice('nt_taken'), notice('nt_new2')]).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isUniqueViolation(refused)).toBe(true);
    expect((await notificationsOfPlayer(db, 'pl_a')).map((row) => row.id)).toEqual(['nt_taken']);
  });

  it('marks a notification read only for its owner', async () => {
    const db = await seed(engine);
    await addContracts(db, [{ id: 'ct_1', teamId: 'tm_a1', expireDate: '2026-05-01' }]);
    await insertNotification(db, notice('nt_1'));
    expect(await markNotificationRead(db, 'nt_1', 'pl_b')).toBe(false);
    expect((await findNotification(db, 'nt_1'))?.isRead).toBe(false);
    expect(await markNotificationRead(db, 'nt_missing', 'pl_a')).toBe(false);
    expect(await markNotificationRead(db, 'nt_1', 'pl_a')).toBe(true);
    expect((await findNotification(db, 'nt_1'))?.isRead).toBe(true);
  });

  // ---- rate limits ---------------------------------------------------------------------------

  const rule: RateLimit = { bucket: 'test', limit: 3, windowMs: 60_000 };

  it('allows the budget in the window, refuses beyond it with the wait, and frees up as attempts age out', async () => {
    const db = await seed(engine);
    const t0 = 1_780_000_000_000; // past 2^32: epoch milliseconds as the service writes them
    const answers = [];
    for (const i of [0, 1, 2, 3]) answers.push(await takeRateLimit(db, rule, 'ana', t0 + i * 1000));
    expect(answers).toEqual([
      { allowed: true, retryAfterMs: 0 },
      { allowed: true, retryAfterMs: 0 },
      { allowed: true, retryAfterMs: 0 },
      { allowed: false, retryAfterMs: 57_000 },
    ]);
    expect(await takeRateLimit(db, rule, 'bob', t0 + 3000)).toEqual({ allowed: true, retryAfterMs: 0 });
    expect(await takeRateLimit(db, rule, 'ana', t0 + 59_999)).toEqual({ allowed: false, retryAfterMs: 1 });
    expect(await takeRateLimit(db, rule, 'ana', t0 + 60_000)).toEqual({ allowed: true, retryAfterMs: 0 });
  });

  it('allows no more than the budget to callers racing for it', async () => {
    const db = await seed(engine);
    const t0 = 1_780_000_000_000;
    const answers = await Promise.all(Array.from({ length: 6 }, () => takeRateLimit(db, rule, 'ana', t0)));
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(3);
  });

  const throttle: FailureThrottle = { bucket: 'login', freeFailures: 2, windowMs: 3_600_000, firstDelayMs: 1000, maxDelayMs: 60_000 };

  it('slows sign-ins after the free failures, takes back a counted attempt, and forgives on success', async () => {
    const db = await seed(engine);
    const t0 = 1_780_000_000_000;
    expect(await signInWait(db, throttle, 'ana', t0)).toBe(0);
    await recordSignInFailure(db, throttle, 'ana', t0);
    const second = await recordSignInFailure(db, throttle, 'ana', t0 + 100);
    expect(typeof second).toBe('number');
    // two failures, both free: the next waits 1 s after the last
    expect(await signInWait(db, throttle, 'ana', t0 + 200)).toBe(900);
    await recordSignInFailure(db, throttle, 'ana', t0 + 200);
    expect(await signInWait(db, throttle, 'ana', t0 + 200)).toBe(2000);
    expect(await signInWait(db, throttle, 'bob', t0 + 200)).toBe(0);
    await forgetRateLimitHit(db, second);
    expect(await signInWait(db, throttle, 'ana', t0 + 200)).toBe(1000);
    await clearSignInFailures(db, throttle, 'ana');
    expect(await signInWait(db, throttle, 'ana', t0 + 200)).toBe(0);
  });

  it('forgets sign-in failures older than the window when counting one more', async () => {
    const db = await seed(engine);
    const t0 = 1_780_000_000_000;
    await recordSignInFailure(db, throttle, 'ana', t0);
    await recordSignInFailure(db, throttle, 'ana', t0 + 1);
    const later = t0 + throttle.windowMs + 10;
    await recordSignInFailure(db, throttle, 'ana', later);
    expect(await signInWait(db, throttle, 'ana', later)).toBe(0);
    await writeTransaction(db, async (tx) => {
      const { rateLimitHits } = tablesOf(tx);
      expect((await tx.select().from(rateLimitHits)).map((row) => row.atMs)).toEqual([later]);
    });
  });

  // ---- housekeeping --------------------------------------------------------------------------

  it('prunes old series, long-expired answers and old limiter hits, keeping what is still read', async () => {
    const db = await seed(engine);
    const now = new Date('2026-05-20T06:30:00Z');
    await writeTransaction(db, async (tx) => {
      const { viewSeries, upstreamCache, rateLimitHits } = tablesOf(tx);
      const series = (articleId: string, snapshotDate: string) => ({ domain: 'en', articleId, snapshotDate, series: '[]', fetchedAt: AT });
      await tx.insert(viewSeries).values([series('Old', '2026-05-12'), series('Edge', '2026-05-13'), series('Fresh', '2026-05-19')]);
      await tx.insert(upstreamCache).values([
        { key: 'long-expired', value: '1', fetchedAt: AT, expiresAt: '2026-05-02T00:00:00.000Z' },
        { key: 'recently-expired', value: '2', fetchedAt: AT, expiresAt: '2026-05-19T00:00:00.000Z' },
        { key: 'never-expires', value: '3', fetchedAt: AT, expiresAt: null },
      ]);
      await tx.insert(rateLimitHits).values([
        { bucket: 'genie', subject: 'ana', atMs: now.getTime() - 2 * 86_400_000 },
        { bucket: 'genie', subject: 'bob', atMs: now.getTime() - 1000 },
      ]);
    });
    expect(await pruneStaleRows(db, now)).toEqual({ viewSeries: 1, upstreamCache: 1, rateLimitHits: 1 });
    await writeTransaction(db, async (tx) => {
      const { viewSeries, upstreamCache, rateLimitHits } = tablesOf(tx);
      expect((await tx.select().from(viewSeries)).map((row) => row.articleId).sort()).toEqual(['Edge', 'Fresh']);
      expect((await tx.select().from(upstreamCache)).map((row) => row.key).sort()).toEqual(['never-expires', 'recently-expired']);
      expect((await tx.select().from(rateLimitHits)).map((row) => row.subject)).toEqual(['bob']);
    });
    expect(await pruneStaleRows(db, now)).toEqual({ viewSeries: 0, upstreamCache: 0, rateLimitHits: 0 });
  });

  // ---- status reads --------------------------------------------------------------------------

  it('finds each league’s first team, none for a league without teams', async () => {
    const db = await seed(engine);
    const first = await firstTeamsOfLeagues(db, ['lg_1', 'lg_2', 'lg_none']);
    expect([...first.entries()].sort()).toEqual([
      ['lg_1', { teamId: 'tm_a1', joinedAt: '2026-04-01T00:00:00.000Z' }],
      ['lg_2', { teamId: 'tm_a2', joinedAt: '2026-04-05T00:00:00.000Z' }],
    ]);
    expect((await firstTeamsOfLeagues(db, [])).size).toBe(0);
  });

  it('reads a team’s scored days in a range and its newest scored day of all', async () => {
    const db = await seed(engine);
    expect(await scoredDaysOfTeam(db, 'tm_a1', '2026-04-01', '2026-04-30')).toEqual({ days: new Set(), last: null });
    await addPerformances(db, [
      { teamId: 'tm_a1', date: '2026-04-27', points: 1 },
      { teamId: 'tm_a1', date: '2026-04-28', points: 1 },
      { teamId: 'tm_a1', date: '2026-04-30', points: 1 },
      { teamId: 'tm_a1', date: '2026-05-03', points: 1 },
      { teamId: 'tm_b1', date: '2026-04-29', points: 1 },
    ]);
    expect(await scoredDaysOfTeam(db, 'tm_a1', '2026-04-28', '2026-04-30')).toEqual({ days: new Set(['2026-04-28', '2026-04-30']), last: '2026-05-03' });
  });

  it('counts live contracts the sweep has still to settle, by expiry day, oldest first', async () => {
    const db = await seed(engine);
    await addContracts(db, [
      { id: 'ct_1', teamId: 'tm_a1', expireDate: '2026-04-30' },
      { id: 'ct_2', teamId: 'tm_b1', expireDate: '2026-04-28' },
      { id: 'ct_3', teamId: 'tm_a2', leagueId: 'lg_2', expireDate: '2026-04-30' },
      { id: 'ct_4', teamId: 'tm_a1', expireDate: '2026-04-29', status: 'settled' },
      { id: 'ct_5', teamId: 'tm_a1', expireDate: '2026-05-01' },
    ]);
    expect(await liveContractsExpiredBy(db, '2026-04-30')).toEqual([
      { expireDate: '2026-04-28', n: 1 },
      { expireDate: '2026-04-30', n: 2 },
    ]);
  });

  it('answers the bytes the database occupies as a number, growing with its rows', async () => {
    const db = await seed(engine);
    const before = await databaseBytes(db);
    expect(typeof before).toBe('number');
    expect(before).toBeGreaterThan(0);
    await writeTransaction(db, async (tx) => {
      const { upstreamCache } = tablesOf(tx);
      // random, so that neither engine can compress it away
      await tx.insert(upstreamCache).values(Array.from({ length: 500 }, (_, i) => ({ key: `k${i}`, value: crypto.randomBytes(2000).toString('hex'), fetchedAt: AT })));
    });
    expect(await databaseBytes(db)).toBeGreaterThan(before);
  });
});
