/**
 * Push notifications in the app (issue 25 §2), in a browser against the built binary: the
 * settings screen asks for permission only when the switch is tapped, subscribes the device
 * and keeps each choice; `fantasy announce` sends the morning result to a loopback push
 * service over TLS (trusted by the binary through NODE_EXTRA_CA_CERTS), which decrypts it with
 * the subscription's keys and checks the VAPID signature; the decrypted message is handed to
 * the app's service worker, which shows the notification; tapping it opens the league.
 *
 * What headless chromium cannot do here, and how the test stands in:
 * - Chromium's PushManager subscribes only with its built-in push service (Google's FCM), out
 *   of reach of a test that never leaves the machine, and no flag points it elsewhere. So the
 *   page's PushManager.subscribe/getSubscription are replaced (before any script runs) by a
 *   stand-in answering the subscription the loopback push service made, as the browser's would:
 *   endpoint and keys. Everything from the app's POST onwards is real.
 * - The push service cannot push into the browser for the same reason: the payload it decrypted
 *   is delivered to the service worker with the DevTools protocol's
 *   ServiceWorker.deliverPushMessage, the same `push` event a real one raises.
 * - There is no way to click a system notification from a test: the worker receives the
 *   `notificationclick` event the platform would send, with the notification it showed.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePushService, startFakePushService } from '../fakes/push-service';
import { newPlayer, SERVICE_TOKEN, today, type Service, useServiceAndBrowser } from './harness';

let service: Service;
let browser: Browser;
let push: FakePushService;

beforeAll(async () => {
  push = await startFakePushService();
}, 60_000);

// registered first, so it runs after the service and browser have stopped
afterAll(async () => {
  await push?.close();
});

useServiceAndBrowser(() => ({ notifications: true, env: { NODE_EXTRA_CA_CERTS: push.certificateFile, FANTASY_OUTBOUND_ALLOW_PRIVATE_ADDRESSES: 'true' } }), async (started, launched) => {
  [service, browser] = [started, launched];
  expect((await service.fantasy('seed-global')).status).toBe(0);
});

/** The browser's PushManager as this test's stand-in (see the file's comment), and a count of permission asks. */
function pushManagerStandIn(subscription: { endpoint: string; keys: { p256dh: string; auth: string } }): string {
  return `(() => {
    const subscription = ${JSON.stringify(subscription)};
    const STORE = 'test-push-subscription';
    window.__permissionAsks = 0;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (...args) => { window.__permissionAsks++; return ask(...args); };
    const toBytes = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const made = () => {
      const key = localStorage.getItem(STORE);
      if (key === null) return null;
      return {
        endpoint: subscription.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: toBytes(key).buffer },
        toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
        unsubscribe: async () => { localStorage.removeItem(STORE); return true; },
      };
    };
    PushManager.prototype.getSubscription = async function () { return made(); };
    PushManager.prototype.subscribe = async function (options) {
      if (Notification.permission !== 'granted') throw new DOMException('permission not granted', 'NotAllowedError');
      const key = new Uint8Array(options.applicationServerKey);
      localStorage.setItem(STORE, btoa(String.fromCharCode(...key)));
      return made();
    };
  })();`;
}

describe('push notifications in the app', () => {
  it('switched on from settings, a morning result arrives through the service worker and opens the league', async () => {
    const subscription = push.subscribe();
    const player = await newPlayer(browser, service.base, 'push');
    const { page, context } = player;
    await context.grantPermissions(['notifications'], { origin: service.base });
    await context.addInitScript(pushManagerStandIn(subscription));

    await page.goto(`${service.base}/signin`);
    await page.getByRole('button', { name: 'I am new here' }).click();
    await page.getByLabel('Username').fill('push_reader');
    await page.getByLabel('Password', { exact: true }).fill('push_reader-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome to the league' }).waitFor();
    await page.getByLabel(/Your team name in/).first().fill('Push Readers');
    await page.getByRole('button', { name: /^Join Global/ }).click();
    await page.getByRole('heading', { name: 'Push Readers' }).waitFor();

    // from the in-box, as a player finds it
    await page.getByRole('link', { name: /In-box/ }).click();
    await page.getByRole('link', { name: 'Notifications on this device' }).click();
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    const toggle = page.getByRole('switch', { name: /Notifications on this device/ });
    await page.getByText('Off: this device shows no notifications.').waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await page.evaluate('window.__permissionAsks')).toBe(0);
    await player.screen('notification-settings-off');

    await toggle.click();
    await page.getByText('On: this device shows the league’s notifications.').waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    expect(await page.evaluate('window.__permissionAsks')).toBe(1);
    expect(await page.evaluate(`navigator.serviceWorker.getRegistration('/').then((r) => r && r.active && new URL(r.active.scriptURL).pathname)`)).toBe('/sw.js');

    // one choice off, kept by the service
    await page.getByRole('checkbox', { name: /A contract expires tomorrow/ }).uncheck();
    await expect.poll(async () => (await (await page.request.get(`${service.base}/api/v1/me/push-preferences`)).json()) as unknown).toEqual({
      morningResult: true,
      contractExpiring: false,
      roundResult: true,
    });
    await player.screen('notification-settings-on');

    // the day is scored, and the morning announced
    const team = (await (await page.request.get(`${service.base}/api/v1/leagues/global/my-team`)).json()) as { id: string };
    const ingest = await page.request.post(`${service.base}/internal/v1/performances`, {
      headers: { authorization: `Bearer ${SERVICE_TOKEN}` },
      data: { date: today, results: [{ teamId: team.id, articleViews: [2000 * 2 ** 4.2], chemistryLevels: [], formationSnapshot: '{}' }] },
    });
    expect(ingest.status()).toBe(200);
    const announced = await service.fantasy('announce');
    expect(announced.status).toBe(0);
    expect(push.refusals).toEqual([]);
    const [message] = push.messages.filter((m) => subscription.endpoint.endsWith(m.subscription));
    expect(message.payload).toMatchObject({ kind: 'morning-digest', title: 'Global League', url: '/leagues/global' });
    expect(message.payload.body).toMatch(/^Push Readers scored 4\.2 on .+: you are 1st\.$/);

    // elsewhere in the app, the message reaches the service worker as a push event
    await page.goto(`${service.base}/inbox`);
    await page.getByRole('heading', { level: 1, name: 'In-box' }).waitFor();
    const cdp = await context.newCDPSession(page);
    const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => resolve(event.registrations as { registrationId: string; scopeURL: string }[])),
    );
    await cdp.send('ServiceWorker.enable');
    const [registration] = (await registrations).filter((r) => r.scopeURL === `${service.base}/`);
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: service.base, registrationId: registration.registrationId, data: JSON.stringify(message.payload) });
    const shown = `navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((list) => list.map((n) => ({ title: n.title, body: n.body, url: n.data && n.data.url })))`;
    await expect.poll(async () => page.evaluate(shown)).toEqual([{ title: 'Global League', body: message.payload.body, url: `${service.base}/leagues/global` }]);

    // tapped: the open tab moves to the league
    const [worker] = context.serviceWorkers();
    await worker.evaluate(`self.registration.getNotifications().then(([shown]) => self.dispatchEvent(new NotificationEvent('notificationclick', { notification: shown })))`);
    await page.waitForURL(`${service.base}/leagues/global`);
    await page.getByRole('heading', { level: 1, name: /Global League/ }).waitFor();
    expect(await page.evaluate(shown)).toEqual([]);

    // and off again: this device is forgotten by the service
    await page.goto(`${service.base}/notification-settings`);
    await toggle.click();
    await page.getByText('Off: this device shows no notifications.').waitFor();
    const forgotten = await page.request.delete(`${service.base}/api/v1/me/push-subscriptions?endpoint=${encodeURIComponent(subscription.endpoint)}`, { headers: { origin: service.base } });
    expect(forgotten.status()).toBe(404);

    expect(player.foreignRequests).toEqual([]);
    expect(player.consoleErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
