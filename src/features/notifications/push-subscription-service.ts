import type { Clock } from '../../platform/clock';
import { accepted, type Checked } from '../../domain/checked';
import { fail } from '../../domain/errors';
import { type Database, writeTransaction } from '../../platform/db/database';
import { newId } from '../../platform/db/ids';
import { deleteSubscriptionOf, readPushChoices, upsertSubscription, writePushChoices } from './outbound-store';
import type { Deleted, PushPreferences, PushSubscription, PushSubscriptionRequest } from './wire-outbound';
import { urlAllowed } from './webhook-service';

export interface PushSubscriptionServiceDeps {
  db: Database;
  clock: Clock;
  /** the VAPID application server key, base64url */
  publicKey: string;
  allowPrivateAddresses: boolean;
}

export class PushSubscriptionService {
  constructor(private readonly deps: PushSubscriptionServiceDeps) {}

  publicKey(): { publicKey: string } {
    return { publicKey: this.deps.publicKey };
  }

  /** An endpoint comes from anyone: https only, and every resolved address public unless the deployment allows private ones. */
  async subscribe(playerId: string, request: Checked<PushSubscriptionRequest>): Promise<PushSubscription> {
    const { endpoint, keys } = accepted(request);
    if (!(await urlAllowed(endpoint, true, this.deps.allowPrivateAddresses))) fail('PUSH_ENDPOINT_REFUSED');
    const row = await upsertSubscription(this.deps.db, {
      id: newId('ps'),
      playerId,
      endpoint,
      p256dh: keys.p256dh,
      auth: keys.auth,
      createdAt: this.deps.clock.now().toISOString(),
    });
    return { id: row.id, endpoint: row.endpoint, createdAt: row.createdAt };
  }

  async unsubscribe(playerId: string, endpoint: string): Promise<Deleted> {
    if (!(await deleteSubscriptionOf(this.deps.db, playerId, endpoint))) fail('PUSH_SUBSCRIPTION_NOT_FOUND');
    return { deleted: true };
  }

  async preferences(playerId: string): Promise<PushPreferences> {
    return readPushChoices(this.deps.db, playerId);
  }

  async setPreferences(playerId: string, changes: Partial<PushPreferences>): Promise<PushPreferences> {
    const { db } = this.deps;
    return writeTransaction(db, async (tx) => {
      const next = { ...(await readPushChoices(tx, playerId)), ...changes };
      await writePushChoices(tx, playerId, next);
      return next;
    });
  }
}
