import type { Clock } from '../../platform/clock';
import { type LeagueEvent, teamJoined, teamLeft, testMessage } from '../../domain/announcements';
import { accepted, type Checked } from '../../domain/checked';
import { fail } from '../../domain/errors';
import { maskedUrl, outboundUrlShape } from '../../domain/outbound-addresses';
import { type Database, writeTransaction } from '../../platform/db/database';
import { currentTeamCount, findLeague, type LeagueRow } from '../leagues/store';
import { deleteWebhook, enqueue, findWebhook, pendingWebhookMessages, putWebhook, type WebhookRow } from './outbound-store';
import { hostAllowed, OutboundError } from '../../upstream/outbound-http';
import type { Deleted, Queued, Webhook, WebhookRequest } from './wire-outbound';

export interface WebhookServiceDeps {
  db: Database;
  clock: Clock;
  allowPrivateAddresses: boolean;
  appUrl?: string;
}

/** Its shape, then every address its host resolves to. */
export async function urlAllowed(text: string, httpsOnly: boolean, allowPrivateAddresses: boolean): Promise<boolean> {
  const shape = outboundUrlShape(text, httpsOnly);
  if (!shape.ok) return false;
  try {
    return await hostAllowed(shape.url, { allowPrivateAddresses });
  } catch (error) {
    if (error instanceof OutboundError) return false;
    throw error;
  }
}

/** Call inside the transaction of what caused it. */
export async function queueLeagueEvent(tx: Database, leagueId: string, event: LeagueEvent, at: string): Promise<void> {
  if (!(await findWebhook(tx, leagueId))) return;
  await enqueue(tx, [{ channel: 'webhook', leagueId, payload: event }], at);
}

export async function queueJoin(tx: Database, league: Pick<LeagueRow, 'id' | 'name'>, teamName: string, at: string, appUrl?: string): Promise<void> {
  if (!(await findWebhook(tx, league.id))) return;
  await queueLeagueEvent(tx, league.id, teamJoined({ id: league.id, name: league.name }, teamName, await currentTeamCount(tx, league.id), appUrl), at);
}

export async function queueDeparture(tx: Database, league: Pick<LeagueRow, 'id' | 'name'>, teamName: string, forfeitedRound: number | null, at: string, appUrl?: string): Promise<void> {
  if (!(await findWebhook(tx, league.id))) return;
  await queueLeagueEvent(tx, league.id, teamLeft({ id: league.id, name: league.name }, teamName, await currentTeamCount(tx, league.id), forfeitedRound, appUrl), at);
}

export class WebhookService {
  constructor(private readonly deps: WebhookServiceDeps) {}

  /** The order of the league admin routes. */
  private async admin(leagueId: string, playerId: string): Promise<LeagueRow> {
    const league = await findLeague(this.deps.db, leagueId);
    if (!league) fail('LEAGUE_NOT_FOUND');
    if (league.adminId !== playerId) fail('NOT_ADMIN');
    return league;
  }

  /** An absent hook is no error: the admin's screen asks on every visit. */
  async get(leagueId: string, playerId: string): Promise<Webhook | null> {
    await this.admin(leagueId, playerId);
    const hook = await findWebhook(this.deps.db, leagueId);
    return hook ? this.view(hook) : null;
  }

  async put(leagueId: string, playerId: string, request: Checked<WebhookRequest>): Promise<Webhook> {
    await this.admin(leagueId, playerId);
    const { url, format } = accepted(request);
    if (!(await urlAllowed(url, false, this.deps.allowPrivateAddresses))) fail('WEBHOOK_URL_REFUSED');
    // the admin may have changed (or the league gone) while the name resolved: judged again with the write
    const { db, clock } = this.deps;
    const hook = await writeTransaction(db, async (tx) => {
      await this.admin(leagueId, playerId);
      return putWebhook(tx, leagueId, url, format, clock.now().toISOString());
    });
    return this.view(hook);
  }

  /** Through the outbox like any other, so the admin sees what the league's posts will do. */
  async sendTest(leagueId: string, playerId: string): Promise<Queued> {
    const league = await this.admin(leagueId, playerId);
    const at = this.deps.clock.now().toISOString();
    await writeTransaction(this.deps.db, async (tx) => {
      if (!(await findWebhook(tx, leagueId))) fail('WEBHOOK_NOT_FOUND');
      await enqueue(tx, [{ channel: 'webhook', leagueId, payload: testMessage({ id: league.id, name: league.name }, this.deps.appUrl) }], at);
    });
    return { queued: true };
  }

  async remove(leagueId: string, playerId: string): Promise<Deleted> {
    await this.admin(leagueId, playerId);
    if (!(await deleteWebhook(this.deps.db, leagueId))) fail('WEBHOOK_NOT_FOUND');
    return { deleted: true };
  }

  private async view(hook: WebhookRow): Promise<Webhook> {
    return {
      url: maskedUrl(hook.url),
      format: hook.format,
      createdAt: hook.createdAt,
      lastSuccessAt: hook.lastSuccessAt,
      status: hook.failingSince !== null ? 'failing' : hook.lastSuccessAt !== null ? 'ok' : 'new',
      failingSince: hook.failingSince,
      lastError: hook.lastError,
      pending: await pendingWebhookMessages(this.deps.db, hook.leagueId),
    };
  }
}
