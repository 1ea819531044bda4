// The member app's service worker (decision 0150), built by vite-plugin-pwa's injectManifest
// from this file: Workbox precaches the shell and the build's hashed files, and the rules of
// `routing.ts` decide everything else. Money answers never pass through a cache: the worker
// does not answer API calls or any non-GET at all, and it never replays a request.
/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  getCacheKeyForURL,
  matchPrecache,
  precache,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { HOME_COOKIE_MARK, parsePushPayload } from '@wallet/contract/client';
import {
  decide,
  HOME_NETWORK_MS,
  notificationLang,
  notificationTarget,
  renewSubscription,
  type Rule,
} from './routing';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

precache(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker takes the open page at once (there is no older shell to disagree with); a
// later one waits for the member's Reload (SKIP_WAITING below).
clientsClaim();

const origin = self.location.origin;
const ruled =
  (rule: Rule) =>
  ({ request }: { request: Request }) =>
    decide({ method: request.method, url: request.url, mode: request.mode }, origin) === rule;

// The member home: the page the server renders for a remembered member (balance and banners
// in its first paint, decision 0159) when the network answers in time; else, and offline, the
// precached shell as for any page. Never kept: it holds the member's balance. Where the worker
// can see cookies (the Cookie Store API) and the home cookie is not there (no session, or one
// for the tab only), the server would send the shell too: the precached one, at once.
const shell = createHandlerBoundToURL('index.html');
/**
 * Whether the browser holds the home cookie, by its mark (the worker cannot read a cookie of a
 * narrower path than its scope); true where the worker cannot read cookies at all.
 */
async function remembered(): Promise<boolean> {
  if (!('cookieStore' in self)) return true;
  try {
    return Boolean(await self.cookieStore.get(HOME_COOKIE_MARK));
  } catch {
    return true;
  }
}
registerRoute(ruled('home'), async (options) => {
  if (self.navigator.onLine !== false && (await remembered())) {
    const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), HOME_NETWORK_MS));
    const page = await Promise.race([fetch(options.request).catch(() => null), late]);
    if (page?.ok) return page;
  }
  return shell(options);
});

// Any other page: the precached shell, so a second open renders without the network.
registerRoute(ruled('shell'), shell);

// A file of the build: from the precache when it is listed there, else the network (not kept).
registerRoute(
  ({ request }) => ruled('precache')({ request }) && getCacheKeyForURL(request.url) !== undefined,
  async ({ request }) => (await matchPrecache(request.url)) ?? fetch(request),
);

// Provider artwork: shown at once from the cache, refreshed behind.
registerRoute(
  ruled('static-cache'),
  new StaleWhileRevalidate({
    cacheName: 'artwork',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 }),
    ],
  }),
);

// A new version waits until the member presses Reload in the app ('a new version is ready'),
// so an open page never runs against a shell it was not built with.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Push (the payload is the contract's `PushPayload`; the server side sends it).
self.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json();
  } catch {
    data = null;
  }
  const payload = parsePushPayload(data);
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      lang: notificationLang(payload.lang),
      icon: '/brand/icon-192.png',
      badge: '/brand/icon-192.png',
      data: { url: payload.url },
    }),
  );
});

// The push service renewed or dropped this device's subscription: subscribed again with the
// same key; the app sends it to the server at its next start (routing.ts renewSubscription).
self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as PushSubscriptionChangeEvent;
  change.waitUntil(
    renewSubscription(self.registration.pushManager, change.oldSubscription).catch(() => false),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = notificationTarget(
    (event.notification.data as { url?: unknown } | null)?.url,
    origin,
  );
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === origin);
      if (open) {
        try {
          const focused = await open.focus();
          // navigate() works only on a window this worker controls.
          if (await focused.navigate(target)) return;
        } catch {
          /* not ours to steer: open a window instead */
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});
