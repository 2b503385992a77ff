/**
 * This device's Web Push subscription (issue 25): the service worker at /sw.js, the browser's
 * PushManager, and the service's subscription routes. Permission is asked only from `switchOn`,
 * which the settings screen calls when the player taps the switch.
 */
import { ApiError, api } from './api';

export type DeviceState = 'unsupported' | 'blocked' | 'off' | 'on';

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration('/');
}

/** Where this device stands, without asking the player anything. */
export async function deviceState(): Promise<DeviceState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const subscription = await (await registration())?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Asks permission (the browser's own prompt), subscribes this device and tells the service. */
export async function switchOn(): Promise<DeviceState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const worker = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  await navigator.serviceWorker.ready;
  const { publicKey } = await api.pushPublicKey();
  let subscription = await worker.pushManager.getSubscription();
  // a subscription made for another server key cannot carry this service's messages
  if (subscription && !sameKey(subscription, publicKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  const json = subscription.toJSON();
  await api.addPushSubscription({ endpoint: json.endpoint!, keys: { p256dh: json.keys!.p256dh, auth: json.keys!.auth } });
  return 'on';
}

function sameKey(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options.applicationServerKey;
  if (!key) return false;
  const mine = keyBytes(publicKey);
  const theirs = new Uint8Array(key);
  return theirs.length === mine.length && theirs.every((byte, i) => byte === mine[i]);
}

/** Unsubscribes this device here and on the service. */
export async function switchOff(): Promise<DeviceState> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (subscription) {
    try {
      await api.removePushSubscription(subscription.endpoint);
    } catch (error) {
      // already forgotten by the service: the device still unsubscribes
      if (!(error instanceof ApiError && error.code === 'PUSH_SUBSCRIPTION_NOT_FOUND')) throw error;
    }
    await subscription.unsubscribe();
  }
  return 'off';
}

/** The service worker asks the open tab to show a screen when a notification is tapped. */
export function followNotificationTaps(open: (path: string) => void): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: string; url?: string } | null;
    if (data?.type === 'open' && typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//')) open(data.url);
  });
}
