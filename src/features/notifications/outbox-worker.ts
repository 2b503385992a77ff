/** Delivery is at least once: leases keep two senders apart, and a message whose answer never came is sent again once its lease ends. */
import type { Clock } from '../../platform/clock';
import { type LeagueEvent, type PushMessage, webhookBody } from '../../domain/announcements';
import { errorFields, type Logger } from '../../platform/log';
import type { Database } from '../../platform/db/database';
import {
  claimOutboxRow,
  deleteOutboxRow,
  deleteSubscription,
  dueOutboxRows,
  findSubscription,
  findWebhook,
  markOutboxDropped,
  markOutboxRetry,
  markOutboxSent,
  type OutboxCursor,
  type OutboxRow,
  recordWebhookFailure,
  recordWebhookSuccess,
  type SubscriptionRow,
  type WebhookRow,
} from './outbound-store';
import { type OutboundAnswer, OutboundError, type OutboundPolicy, OUTBOUND_TIMEOUT_MS, sendOutbound } from '../../upstream/outbound-http';
import type { PushClient } from '../../upstream/push-service';

const GIVE_UP_AFTER_MS = 24 * 3_600_000;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 3_600_000;
const PARALLEL = 8;
/** A receiver that hangs holds only these for its deadline; to one hook or subscription they go one at a time, in order. */
const PER_DESTINATION = 2;
const BATCH = 50;
/** Beyond this the reading pauses. */
const MOST_WAITING = 1_000;
/** how much longer than one attempt's deadline a claim lasts */
const LEASE_MARGIN_MS = 5_000;

/** 30 s doubling, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

export interface OutboxWorkerDeps {
  db: Database;
  clock: Clock;
  log: Logger;
  policy: OutboundPolicy;
  push: PushClient;
  /** the product name sent as User-Agent with webhooks */
  userAgent?: string;
}

export interface DrainReport {
  sent: number;
  retried: number;
  dropped: number;
}

type Attempt = { ok: true } | { ok: false; error: string; gone?: true };

/** The destination is the host its sends share; the target is the one hook or subscription. */
type Addressed = { row: OutboxRow; destination: string; target: string } & (
  | { channel: 'webhook'; hook: WebhookRow }
  | { channel: 'push'; subscription: SubscriptionRow }
);

function describeAnswer(answer: OutboundAnswer): string {
  return answer.status >= 300 && answer.status < 400 ? `redirect ${answer.status}` : `status ${answer.status}`;
}

function describeFailure(error: unknown): string {
  return error instanceof OutboundError ? error.kind : 'network';
}

export function destinationOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

export class OutboxWorker {
  private inFlight: Promise<DrainReport> | null = null;

  constructor(private readonly deps: OutboxWorkerDeps) {}

  /** A run already going is joined, not doubled. */
  drain(): Promise<DrainReport> {
    this.inFlight ??= this.drainOnce().finally(() => (this.inFlight = null));
    return this.inFlight;
  }

  /** A message whose destination has its share waits while later ones go ahead; rows due meanwhile are read as slots free. */
  private async drainOnce(): Promise<DrainReport> {
    const { db, clock } = this.deps;
    const report: DrainReport = { sent: 0, retried: 0, dropped: 0 };
    const waiting: Addressed[] = [];
    const busy = new Map<string, number>();
    const sending = new Set<string>();
    const running = new Set<Promise<void>>();
    let after: OutboxCursor | undefined;
    let failure: unknown;

    const start = (message: Addressed) => {
      busy.set(message.destination, (busy.get(message.destination) ?? 0) + 1);
      sending.add(message.target);
      const task = this.attempt(message)
        .then(
          (outcome) => void (outcome && report[outcome]++),
          (error: unknown) => void (failure ??= error),
        )
        .finally(() => {
          busy.set(message.destination, busy.get(message.destination)! - 1);
          sending.delete(message.target);
          running.delete(task);
        });
      running.add(task);
    };
    const mayStart = (message: Addressed) => (busy.get(message.destination) ?? 0) < PER_DESTINATION && !sending.has(message.target);
    const startWhatMay = () => {
      for (let i = 0; i < waiting.length && running.size < PARALLEL; ) {
        if (mayStart(waiting[i]!)) start(waiting.splice(i, 1)[0]!);
        else i++;
      }
    };

    try {
      for (;;) {
        startWhatMay();
        // read on while a slot is free and nothing waiting may take it
        while (running.size < PARALLEL && waiting.length < MOST_WAITING) {
          const due = await dueOutboxRows(db, clock.now().toISOString(), BATCH, after);
          if (due.length === 0) break;
          const last = due.at(-1)!;
          after = { nextAttemptAt: last.nextAttemptAt, id: last.id };
          for (const row of due) {
            const addressed = await this.address(row);
            if (addressed) waiting.push(addressed);
          }
          startWhatMay();
        }
        // sends may have ended while rows were read: what waits for them starts on the next turn
        if (running.size === 0 && waiting.length === 0) break;
        if (running.size > 0) await Promise.race(running);
      }
    } catch (error) {
      failure ??= error;
    }
    // nothing left running behind the run's answer, whatever stopped it
    await Promise.allSettled([...running]);
    if (failure !== undefined) throw failure;
    return report;
  }

  /** Where `row` goes; undefined (and the row deleted) when its hook or subscription is gone. */
  private async address(row: OutboxRow): Promise<Addressed | undefined> {
    const { db } = this.deps;
    if (row.channel === 'webhook') {
      const hook = row.leagueId ? await findWebhook(db, row.leagueId) : undefined;
      if (hook) return { row, channel: 'webhook', hook, destination: destinationOf(hook.url), target: `webhook:${hook.leagueId}` };
    } else {
      const subscription = row.subscriptionId ? await findSubscription(db, row.subscriptionId) : undefined;
      if (subscription) return { row, channel: 'push', subscription, destination: destinationOf(subscription.endpoint), target: `push:${subscription.id}` };
    }
    await deleteOutboxRow(db, row.id);
    return undefined;
  }

  /** Claimed just before: a sender killed midway holds only those in flight. */
  private async attempt(message: Addressed): Promise<keyof DrainReport | null> {
    return (await this.claim(message.row.id)) ? this.deliver(message) : null;
  }

  private async claim(id: number): Promise<boolean> {
    const now = this.deps.clock.now();
    const lease = (this.deps.policy.timeoutMs ?? OUTBOUND_TIMEOUT_MS) + LEASE_MARGIN_MS;
    return claimOutboxRow(this.deps.db, id, now.toISOString(), new Date(now.getTime() + lease).toISOString());
  }

  private async deliver(message: Addressed): Promise<keyof DrainReport | null> {
    const { db, clock, log } = this.deps;
    const { row } = message;
    let attempt: Attempt;
    try {
      attempt = message.channel === 'webhook' ? await this.sendWebhook(row, message.hook) : await this.sendPush(message.subscription, row);
    } catch (error) {
      log.error('outbox delivery failed unexpectedly', { outboxId: row.id, ...errorFields(error) });
      attempt = { ok: false, error: 'internal' };
    }
    log.debug('outbound attempt', { outboxId: row.id, channel: row.channel, attempt: row.attempts + 1, outcome: attempt.ok ? 'sent' : attempt.error });
    if (!attempt.ok && attempt.gone) return null;
    const now = clock.now();
    const at = now.toISOString();
    if (attempt.ok) {
      await markOutboxSent(db, row.id, at);
      if (row.channel === 'webhook' && row.leagueId) await recordWebhookSuccess(db, row.leagueId, at);
      return 'sent';
    }
    if (row.channel === 'webhook' && row.leagueId) await recordWebhookFailure(db, row.leagueId, at, attempt.error);
    if (now.getTime() - Date.parse(row.createdAt) >= GIVE_UP_AFTER_MS) {
      await markOutboxDropped(db, row.id, at, attempt.error);
      log.warn('outbox message dropped after a day of failures', { outboxId: row.id, channel: row.channel, error: attempt.error });
      return 'dropped';
    }
    await markOutboxRetry(db, row.id, new Date(now.getTime() + retryDelayMs(row.attempts + 1)).toISOString(), attempt.error);
    return 'retried';
  }

  private async sendWebhook(row: OutboxRow, hook: WebhookRow): Promise<Attempt> {
    const event = JSON.parse(row.payload) as LeagueEvent;
    try {
      const answer = await sendOutbound(
        {
          url: hook.url,
          headers: { 'content-type': 'application/json', 'user-agent': this.deps.userAgent ?? 'ArticleFantasyLeague/1.0' },
          body: JSON.stringify(webhookBody(hook.format, event)),
        },
        this.deps.policy,
      );
      return answer.status >= 200 && answer.status < 300 ? { ok: true } : { ok: false, error: describeAnswer(answer) };
    } catch (error) {
      return { ok: false, error: describeFailure(error) };
    }
  }

  private async sendPush(subscription: SubscriptionRow, row: OutboxRow): Promise<Attempt> {
    const message = JSON.parse(row.payload) as PushMessage;
    try {
      const answer = await this.deps.push.send(subscription, JSON.stringify(message));
      if (answer.status >= 200 && answer.status < 300) return { ok: true };
      if (answer.status === 404 || answer.status === 410) {
        // RFC 8030: the subscription is gone for good; so are its messages (cascade)
        await deleteSubscription(this.deps.db, subscription.id);
        return { ok: false, error: describeAnswer(answer), gone: true };
      }
      return { ok: false, error: describeAnswer(answer) };
    } catch (error) {
      return { ok: false, error: describeFailure(error) };
    }
  }
}

export interface OutboxLoop {
  stop(): void;
  idle(): Promise<void>;
}

export function startOutboxLoop(worker: OutboxWorker, log: Logger, everyMs = 5_000): OutboxLoop {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = worker.drain().catch((error) => log.error('outbox run failed', errorFields(error)));
  }, everyMs);
  timer.unref();
  return {
    stop: () => clearInterval(timer),
    idle: async () => {
      await running;
    },
  };
}
