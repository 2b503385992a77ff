/**
 * A phone's subscription made through the API, and the pushes the outbox holds for each
 * endpoint as a player would read them (`title: body (url)`), for the tables of the actions
 * that tell players on their phones.
 */
import crypto from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { tablesOf } from '../../../src/platform/db/dialect';
import type { TestApp, TestPlayer } from '../../support/app';

let counter = 0;

/** A browser's subscription on a public address, written as a literal (no DNS is asked). */
export async function subscribePhone(app: TestApp, as: TestPlayer): Promise<string> {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const endpoint = `https://93.184.215.14/push/${as.name}-${++counter}`;
  const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') };
  const res = await app.call('POST', '/api/v1/me/push-subscriptions', { as, body: { endpoint, keys } });
  expect(res.status).toBe(201);
  return endpoint;
}

export async function pushesWaiting(app: TestApp): Promise<Record<string, string[]>> {
  const { outbox, pushSubscriptions } = tablesOf(app.ctx.db);
  const rows = await app.ctx.db
    .select({ endpoint: pushSubscriptions.endpoint, payload: outbox.payload })
    .from(outbox)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, outbox.subscriptionId))
    .where(eq(outbox.channel, 'push'))
    .orderBy(asc(outbox.id));
  const out: Record<string, string[]> = {};
  for (const { endpoint, payload } of rows) {
    const message = JSON.parse(payload);
    (out[endpoint] ??= []).push(`${message.title}: ${message.body} (${message.url})`);
  }
  return out;
}
