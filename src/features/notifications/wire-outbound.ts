import { z } from 'zod';
import { named } from '../../platform/http/wire/registry';

export const WebhookRequestSchema = z.object({
  url: z
    .string('WEBHOOK_URL_REFUSED')
    .describe('http: or https:, at most 500 characters, resolving to public addresses only (unless the deployment allows private ones)'),
  format: z.enum(['discord', 'slack', 'json']).describe('discord posts {content}, slack posts {text}, json posts the event object'),
});
export type WebhookRequest = z.infer<typeof WebhookRequestSchema>;

export const WebhookSchema = named(
  'Webhook',
  z.object({
    url: z.string().describe('scheme, host and port; the path (the hook’s secret) masked as /…'),
    format: z.enum(['discord', 'slack', 'json']),
    createdAt: z.string(),
    lastSuccessAt: z.string().nullable().describe('the last message the hook accepted'),
    status: z.enum(['new', 'ok', 'failing']).describe('failing: the last attempt was refused or unanswered; messages are retried for 24 h'),
    failingSince: z.string().nullable(),
    lastError: z.string().nullable().describe('what the last failure was: "timeout", "status 500", "redirect 301", "refused-address"…'),
    pending: z.number().int().describe('messages waiting to be sent or retried'),
  }),
);
export type Webhook = z.infer<typeof WebhookSchema>;

export const DeletedSchema = named('Deleted', z.object({ deleted: z.literal(true) }));

export const QueuedSchema = named('Queued', z.object({ queued: z.literal(true).describe('the message is in the outbox; the worker sends it within seconds') }));
export type Queued = z.infer<typeof QueuedSchema>;
export type Deleted = z.infer<typeof DeletedSchema>;

export const PushPublicKeySchema = named(
  'PushPublicKey',
  z.object({ publicKey: z.string().describe('the VAPID application server key, base64url (the browser’s applicationServerKey)') }),
);

export const PushSubscriptionRequestSchema = z.object({
  endpoint: z.string('PUSH_ENDPOINT_REFUSED').describe('https:, at most 500 characters, resolving to public addresses only'),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'PUSH_KEYS_INVALID').describe('the browser’s P-256 public key, base64url'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, 'PUSH_KEYS_INVALID').describe('the 16-byte auth secret, base64url'),
  }, 'PUSH_KEYS_INVALID'),
});
export type PushSubscriptionRequest = z.infer<typeof PushSubscriptionRequestSchema>;

export const PushSubscriptionSchema = named(
  'PushSubscription',
  z.object({ id: z.string(), endpoint: z.string(), createdAt: z.string() }),
);
export type PushSubscription = z.infer<typeof PushSubscriptionSchema>;

export const PushSubscriptionQuerySchema = z.object({
  endpoint: z.preprocess((value) => (Array.isArray(value) ? value[0] : value), z.string().min(1)).describe('the endpoint of the subscription to remove'),
});

export const PushPreferencesSchema = named(
  'PushPreferences',
  z.object({
    morningResult: z.boolean().describe('the latest scored day: your team’s points and place'),
    contractExpiring: z.boolean().describe('a contract of yours expires tomorrow'),
    roundResult: z.boolean().describe('your head-to-head matchup’s result when a round ends'),
  }),
);
export type PushPreferences = z.infer<typeof PushPreferencesSchema>;

export const PushPreferencesRequestSchema = PushPreferencesSchema.partial().strict();
