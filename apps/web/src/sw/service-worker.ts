/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import type { PushPayload } from '@roundtable/protocol';

/**
 * The service worker: the whole client on the device, and the notifications that call a player back.
 *
 * Precache: vite-plugin-pwa writes the list of every built file (with a revision each) into `__WB_MANIFEST`, so one
 * visit puts the shell, every table, the engines, the bot worker, the lessons and the rules on the device; a later
 * version is fetched in the background and waits until the page accepts it (src/pwa/update.ts).
 *
 * Push: the server sends each device its words already in that device's language (protocol `PushPayload`); a
 * click opens the match in a window of the app (an open one if there is one).
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Every page is the one page of the app (hash routes): any navigation gets it, from the precache when offline.
// The server's own pages (the API, health, debug) are never answered by the app.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/\/api\//, /\/healthz/, /\/debug\//, /\/ws$/],
  }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string } | null;
  // The page accepted the new version (between games): it takes over now, and the page reloads.
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

const FALLBACK = {
  en: { title: 'Round Table', body: 'Something is waiting for you in one of your matches.' },
  fr: { title: 'Table Ronde', body: 'Une de vos parties vous attend.' },
};

/** The payload of a push, or words of our own when it is missing or unreadable (a push must show something). */
function readPush(data: PushMessageData | null): PushPayload {
  const lang = (self.navigator.language ?? 'en').toLowerCase().startsWith('fr') ? 'fr' : 'en';
  const fallback: PushPayload = {
    v: 1,
    kind: 'test',
    match: null,
    url: './',
    tag: 'roundtable',
    lang,
    ...FALLBACK[lang],
  };
  if (!data) return fallback;
  try {
    const p = data.json() as Partial<PushPayload>;
    if (typeof p.title !== 'string' || typeof p.body !== 'string') return fallback;
    return {
      ...fallback,
      ...p,
      url: typeof p.url === 'string' && p.url.startsWith('./') ? p.url : './',
    } as PushPayload;
  } catch {
    return fallback;
  }
}

self.addEventListener('push', (event: PushEvent) => {
  const note = readPush(event.data);
  event.waitUntil(
    self.registration.showNotification(note.title, {
      body: note.body,
      // One notification per match: a newer one about it replaces the older, and rings again.
      tag: note.tag,
      renotify: true,
      lang: note.lang,
      icon: 'icons/icon-192.png',
      badge: 'icons/maskable-192.png',
      data: { url: note.url, kind: note.kind, match: note.match },
    } as NotificationOptions),
  );
});

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? './', self.registration.scope);
  event.waitUntil(openInWindow(url.href));
});

/** Shows `url` in a window of the app already open (it moves there by itself), else in a new one. */
async function openInWindow(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: false });
  const open = windows.find((w) => w.url.startsWith(self.registration.scope));
  if (open) {
    open.postMessage({ type: 'OPEN', url });
    // Focus needs the click's permission; a synthetic event has none, and the page moved anyway.
    await open.focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(url);
}
