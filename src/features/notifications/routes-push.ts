import { Elysia } from 'elysia';
import type { AppContext } from '../../platform/app-context';
import type { Services } from '../../platform/composition-root';
import {
  DeletedSchema,
  PushPreferencesRequestSchema,
  PushPreferencesSchema,
  PushPublicKeySchema,
  PushSubscriptionQuerySchema,
  PushSubscriptionRequestSchema,
  PushSubscriptionSchema,
} from './wire-outbound';
import { playerSession } from '../../platform/http/plugins/guards';
import { checkedQuery, jsonBody } from '../../platform/http/route-options';
import { answer, checkedValue } from '../../platform/http/route-schemas';
import { docs } from '../../platform/http/route-docs';

const doc = docs('Push', 'session');

export function pushRoutes(ctx: AppContext, services: Services) {
  // read per request: the document is built from these routes with no services behind them
  const push = () => services.pushSubscriptions;
  return new Elysia({ prefix: '/api/v1' })
    .use(playerSession(ctx, services))
    .get('/push/public-key', () => push().publicKey(), {
      response: answer(PushPublicKeySchema),
      ...doc({ id: 'getPushPublicKey', summary: 'The VAPID public key a browser subscribes with (applicationServerKey)' }),
    })
    .post(
      '/me/push-subscriptions',
      async ({ player, body, set }) => {
        set.status = 201;
        return push().subscribe(player.id, { ok: true, value: checkedValue(PushSubscriptionRequestSchema, body) });
      },
      {
        ...jsonBody(PushSubscriptionRequestSchema, { malformed: 'MALFORMED_JSON', invalid: 'INVALID_REQUEST' }),
        response: { 201: answer(PushSubscriptionSchema) },
        ...doc({ id: 'addPushSubscription', summary: 'Keep this browser’s push subscription (https endpoints to public addresses only)' }),
      },
    )
    .delete(
      '/me/push-subscriptions',
      ({ player, query }) => push().unsubscribe(player.id, checkedValue(PushSubscriptionQuerySchema, query).endpoint),
      {
        ...checkedQuery(PushSubscriptionQuerySchema),
        response: answer(DeletedSchema),
        ...doc({ id: 'removePushSubscription', summary: 'Forget a subscription of the caller’s, by its endpoint (?endpoint=…)' }),
      },
    )
    .get('/me/push-preferences', ({ player }) => push().preferences(player.id), {
      response: answer(PushPreferencesSchema),
      ...doc({ id: 'getPushPreferences', summary: 'What the caller wants pushed: all on until changed' }),
    })
    .put('/me/push-preferences', ({ player, body }) => push().setPreferences(player.id, checkedValue(PushPreferencesRequestSchema, body)), {
      ...jsonBody(PushPreferencesRequestSchema, { malformed: 'MALFORMED_JSON', invalid: 'INVALID_REQUEST' }),
      response: answer(PushPreferencesSchema),
      ...doc({ id: 'setPushPreferences', summary: 'Change some or all of the caller’s push choices' }),
    });
}
