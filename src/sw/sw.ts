/**
 * The app's service worker (built by vite-plugin-pwa's injectManifest):
 * - the precache of the build (every route's chunks work offline), old
 *   precaches cleaned up;
 * - navigations answered with the precached index.html, except the
 *   backend's paths;
 * - `/local-config.js` (the local backend's anon key): the cached copy at
 *   once, refreshed from the server behind it for the next start;
 * - takes control on the first visit; an update waits until the user
 *   accepts "New version available" (the page posts SKIP_WAITING);
 * - Background Sync: pushes the outbox when the connection returns, and
 *   Periodic Background Sync pulls the user's projects, with no page open
 *   (backgroundJob.ts);
 * - a tap on a message notification brings the app forward (notificationClick.ts).
 */
/// <reference lib="webworker" />
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { clientsClaim } from 'workbox-core';
import {
  BACKGROUND_PULL_TAG,
  BACKGROUND_PUSH_TAG,
  SERVER_ANSWERED_MESSAGE,
} from '../../sync/backgroundTags';
import { backgroundJob } from './backgroundJob';
import './notificationClick';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

/** The Background Sync events (not in TypeScript's lib yet). */
interface TaggedSyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance?: boolean;
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/auth\//, /^\/rest\//, /^\/storage\//, /^\/_local\//],
  }),
);
// exceljs (about 256 kB gzipped) is left out of the precache: fetched when a workbook is first asked for, then kept.
registerRoute(
  /\/assets\/exceljs[^/]*\.js$/,
  new CacheFirst({ cacheName: 'exceljs', plugins: [new ExpirationPlugin({ maxEntries: 2 })] }),
);
// The page runs this script before the app, so a start never waits on the network for it: on a
// weak signal that wait was up to seconds before anything showed. The key changes only with a new
// data folder (a new backend, whose accounts are new too); the refreshed copy serves the next start.
registerRoute(
  /\/local-config\.js$/,
  new StaleWhileRevalidate({ cacheName: 'local-config' }),
  'GET',
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

/** Runs `kind`, then tells the open pages the server answered (see SERVER_ANSWERED_MESSAGE). */
async function runAndTell(kind: 'push' | 'pull'): Promise<void> {
  const record = await backgroundJob(kind);
  if (!record) return;
  for (const page of await self.clients.matchAll({ type: 'window' }))
    page.postMessage({ type: SERVER_ANSWERED_MESSAGE });
}

self.addEventListener('sync', (event) => {
  const e = event as TaggedSyncEvent;
  // A rejected promise tells the browser the push failed: it tries again later, with its own backoff.
  if (e.tag === BACKGROUND_PUSH_TAG) e.waitUntil(runAndTell('push'));
});
self.addEventListener('periodicsync', (event) => {
  const e = event as TaggedSyncEvent;
  if (e.tag === BACKGROUND_PULL_TAG) e.waitUntil(runAndTell('pull'));
});
