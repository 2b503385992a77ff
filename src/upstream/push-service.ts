/** `web-push` encrypts and signs; the request goes through the guarded outbound sender, under the same rules as a webhook. */
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

/** A day, like the retries. */
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

export function generateVapidKeys(): VapidKeys {
  return webPush.generateVAPIDKeys();
}
