/**
 * Messages and the world outside the local database: telling the server how
 * far the user has read a thread (so the other side sees "Seen"), asking for
 * permission to show system notifications after the user's first message
 * (never on load), and showing one for a new message while the app is in
 * the background.
 */
import { plural, t } from '@lingui/core/macro';

/** Remembers on this device that the permission was asked after a first message (asked once). */
const ASKED_KEY = 'refacing:notificationsAsked';

/**
 * Sends one read marker to the server (`mark_messages_read`; the server keeps
 * it forward-only and never past its clock). Resolves true when the server
 * took it; offline or refused, false (it stays pending on the device).
 */
async function sendReadMarker(projectId: string, upToIso: string): Promise<boolean> {
  try {
    const { supabase } = await import('../auth/supabase');
    const { error } = await supabase.rpc('mark_messages_read', {
      p_project_id: projectId,
      p_up_to: upToIso,
    });
    return !error;
  } catch {
    // Offline or out of reach: still pending, sent after the next sync that reaches the server.
    return false;
  }
}

/**
 * Markers the server took from this page, by user and project: until the
 * server's row comes back with the next pull, the device still sees them as
 * pending, and they are not sent again meanwhile.
 */
const sentMarkers = new Map<string, string>();

/**
 * The one way read markers reach the server: sends every marker this device
 * has and the server lacks, so the other side sees "Seen" and this user's
 * other devices drop the count. Called when a thread is read, and after each
 * sync that reached the server (a thread read offline, or whose send failed,
 * goes then, without being opened again). Best effort: what fails stays
 * pending on the device.
 */
export async function sendPendingReadMarkers(): Promise<void> {
  try {
    const { getActiveUserId, messagesRepo } = await import('../data');
    const userId = getActiveUserId();
    for (const { projectId, upTo } of await messagesRepo.markersAheadOfServer()) {
      const key = `${userId}:${projectId}`;
      if (sentMarkers.get(key) === upTo) continue;
      if (await sendReadMarker(projectId, upTo)) sentMarkers.set(key, upTo);
    }
  } catch {
    // No database open (signed out meanwhile): nothing to send.
  }
}

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
