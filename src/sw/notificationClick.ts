/**
 * A tap on a message notification (shown by the page through this worker's
 * registration, src/remote/messageNotices.ts): closes it and brings the app to
 * the front as it is (never navigated: the user may be mid-measurement), or
 * opens the dashboard when no window of the app is open. The top bar's count
 * then leads to the thread.
 */
/// <reference lib="webworker" />

declare const self: ServiceWorkerGlobalScope;

// A module (its own `self` declaration), imported by sw.ts for its listener.
export {};

async function bringAppForward(): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows[0];
  if (open) await open.focus();
  else await self.clients.openWindow('/dashboard');
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(bringAppForward());
});
