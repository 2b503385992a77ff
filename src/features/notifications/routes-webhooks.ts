import { Elysia } from 'elysia';
import type { AppContext } from '../../platform/app-context';
import type { Services } from '../../platform/composition-root';
import { DeletedSchema, QueuedSchema, WebhookRequestSchema, WebhookSchema } from './wire-outbound';
import { playerSession } from '../../platform/http/plugins/guards';
import { heldBackBody, judged } from '../../platform/http/route-options';
import { answer } from '../../platform/http/route-schemas';
import { docs } from '../../platform/http/route-docs';

const doc = docs('Leagues', 'session');

export function webhookRoutes(ctx: AppContext, services: Services) {
  return new Elysia({ prefix: '/api/v1' })
    .use(playerSession(ctx, services))
    .get('/leagues/:id/webhook', ({ player, params }) => services.webhooks.get(params.id, player.id), {
      response: answer(WebhookSchema.nullable()),
      ...doc({ id: 'getLeagueWebhook', summary: 'The league’s webhook with its path masked, and whether it is failing, or null; the admin only' }),
    })
    .put(
      '/leagues/:id/webhook',
      // the league, then the admin, then the body (the service judges it in turn)
      ({ player, params, body }) => services.webhooks.put(params.id, player.id, judged(WebhookRequestSchema, body, 'INVALID_REQUEST')),
      {
        ...heldBackBody(WebhookRequestSchema, { malformed: 'MALFORMED_JSON' }),
        response: answer(WebhookSchema),
        ...doc({
          id: 'setLeagueWebhook',
          summary: 'Set the league’s one webhook: discord, slack or json; http(s) to public addresses only; the admin only',
        }),
      },
    )
    .post('/leagues/:id/webhook/test', ({ player, params }) => services.webhooks.sendTest(params.id, player.id), {
      response: answer(QueuedSchema),
      ...doc({ id: 'testLeagueWebhook', summary: 'Send a test message to the league’s webhook, to see it reach the chat; the admin only' }),
    })
    .delete('/leagues/:id/webhook', ({ player, params }) => services.webhooks.remove(params.id, player.id), {
      response: answer(DeletedSchema),
      ...doc({ id: 'deleteLeagueWebhook', summary: 'Remove the league’s webhook; messages not yet sent are dropped; the admin only' }),
    });
}
