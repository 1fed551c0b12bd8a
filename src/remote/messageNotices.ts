/**
 * Messages and the world outside the local database (read markers are
 * synced rows, messagesRepo.markRead): asking for
 * permission to show system notifications after the user's first message
 * (never on load), and showing one for a new message while the app is in
 * the background.
 */
import { plural, t } from '@lingui/core/macro';

/** Remembers on this device that the permission was asked after a first message (asked once). */
const ASKED_KEY = 'refacing:notificationsAsked';

/** After the user sent a message: asks once for permission to show system notifications. */
export function askNotificationsAfterFirstMessage(): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  try {
    if (localStorage.getItem(ASKED_KEY)) return;
    localStorage.setItem(ASKED_KEY, '1');
  } catch {
    return;
  }
  void Notification.requestPermission().catch(() => undefined);
}

/** The one system notification for new messages: a newer one replaces it. */
const NOTICE_TAG = 'refacing-messages';

/**
 * Shows a system notification for `count` new messages when the page is
 * hidden and the user allowed notifications; otherwise nothing (the top
 * bar's count is the in-app notice). Shown through the service worker's
 * registration, which every browser accepts (Chrome on Android refuses
 * `new Notification` in a page) and which lets a tap bring the app forward
 * (src/sw/notificationClick.ts); the page's own Notification only where no
 * worker runs (the dev server).
 */
export function notifyNewMessages(count: number): void {
  if (count <= 0 || typeof Notification === 'undefined') return;
  if (Notification.permission !== 'granted' || document.visibilityState !== 'hidden') return;
  const body = plural(count, { one: 'You have a new message', other: 'You have # new messages' });
  void showNotice(t`Refacing`, { body, tag: NOTICE_TAG });
}

async function showNotice(title: string, options: NotificationOptions): Promise<void> {
  try {
    const registration =
      'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
    if (registration?.active) await registration.showNotification(title, options);
    else new Notification(title, options);
  } catch {
    // Not shown (the browser refused): the top bar still counts.
  }
}
