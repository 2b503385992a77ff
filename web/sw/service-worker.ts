/**
 * The app's service worker (issue 25): shows a pushed message as a notification and, when
 * the player taps it, opens the screen the message names, in the app's open tab if there is
 * one. It caches nothing: the app works as it always did, with or without it.
 *
 * The payload is the service's `{kind, title, body, url}`; `url` is one of the app's own paths.
 */
export {};
declare const self: ServiceWorkerGlobalScope;

interface PushMessage {
  kind?: string;
  title?: string;
  body?: string;
  url?: string;
}

function readMessage(data: PushMessageData | null): PushMessage {
  try {
    return (data?.json() as PushMessage) ?? {};
  } catch {
    return { body: data?.text() };
  }
}

/** Only a path of this origin is opened: a message never sends the player elsewhere. */
function appUrl(url: unknown): string {
  const target = new URL(typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/home', self.location.origin);
  return target.origin === self.location.origin ? target.href : new URL('/home', self.location.origin).href;
}

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  const message = readMessage(event.data);
  const url = appUrl(message.url);
  event.waitUntil(
    self.registration.showNotification(message.title || 'Article Fantasy League', {
      body: message.body ?? '',
      // a newer message of the same kind about the same screen replaces the older one
      tag: `${message.kind ?? 'message'} ${url}`,
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appUrl((event.notification.data as { url?: string } | null)?.url?.replace(self.location.origin, ''));
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        // the app's own router moves to the screen, keeping the tab's session and state
        open.postMessage({ type: 'open', url: new URL(url).pathname + new URL(url).search });
        // a platform may refuse focus outside a real tap: the tab has moved all the same
        await open.focus().catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
