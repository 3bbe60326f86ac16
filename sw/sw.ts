// The service worker: precaches the app shell, answers navigations with it (never /api or /ws),
// keeps restaurant, menu, banner, offer and search GETs stale-while-revalidate and images cache-first,
// shows Web Push notifications (staff: new orders; customers: their order's status), and opens or
// focuses the page a notification names when it is clicked (the live-orders tab, an order's tracking).
/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { isServerOnlyPath } from '../src/shared/canonical-path.ts';
import { isCachedApiPath } from '../src/shared/offline-cache.ts';
import { parsePushMessage } from '../src/shared/push-notifications.ts';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

registerRoute(
  // Navigations get the shell unless the server answers them itself: the same rule, on the same
  // canonical path, as the server's shell fallback (src/server/http/spa.ts).
  ({ request, url }) => request.mode === 'navigate' && !isServerOnlyPath(url.pathname),
  createHandlerBoundToURL('/index.html'),
);

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && isCachedApiPath(url.pathname),
  new StaleWhileRevalidate({
    cacheName: 'api-browse',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 }),
    ],
  }),
);

registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin === self.location.origin,
  new CacheFirst({
    cacheName: 'images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 }),
    ],
  }),
);

// The update prompt asks the waiting worker to take over; it never happens on its own mid-checkout.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Web Push (issue 14): the server's payload (src/shared/push-notifications.ts) as it is; its tag is per
// order, so a push and the open tab's own alert for the same news replace each other, never stack.
self.addEventListener('push', (event) => {
  const m = parsePushMessage(event.data?.text());
  const options = {
    body: m.body,
    tag: m.tag,
    renotify: m.renotify ?? false,
    icon: '/icons/icon-192.png',
    data: { url: m.url },
  } as NotificationOptions;
  event.waitUntil(self.registration.showNotification(m.title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = (event.notification.data as { url?: string } | null)?.url ?? '/partner/orders';
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const tab = tabs.find((c) =>
        new URL(c.url).pathname.startsWith(new URL(target, self.location.origin).pathname),
      );
      if (tab) return tab.focus();
      return self.clients.openWindow(target);
    })(),
  );
});
