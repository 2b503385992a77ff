/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payloads (RFC 8291): `web-push`
 * encrypts and signs; the request goes out through the guarded outbound sender, so a push
 * endpoint meets the same address rule, deadline and no-redirect rule as a webhook.
 */
import webPush from 'web-push';
import { type OutboundAnswer, type OutboundPolicy, sendOutbound } from './outbound-http';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushClient {
  send(target: PushTarget, payload: string): Promise<OutboundAnswer>;
}

/** How long a push service keeps a message for a device that is offline: a day, like the retries. */
const PUSH_TTL_SECONDS = 86_400;

export function createPushClient(vapid: VapidKeys, subject: string, policy: OutboundPolicy): PushClient {
  return {
    async send(target, payload) {
      const details = webPush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
        vapidDetails: { subject, ...vapid },
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
      });
      const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
      return sendOutbound({ url: details.endpoint, headers, body: details.body ?? Buffer.alloc(0) }, policy);
    },
  };
}

/** A fresh P-256 VAPID key pair, base64url. */
export function generateVapidKeys(): VapidKeys {
  return webPush.generateVAPIDKeys();
}
