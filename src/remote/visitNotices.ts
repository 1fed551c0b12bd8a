/**
 * Telling a person that a visit is new or changed: the top bar's count of
 * visits changed since the person last saw them (kept per device in
 * localStorage: visit id → the version seen), and a system notification
 * while the app is in the background, as for new messages
 * (messageNotices.ts). A visit reaches the device by the realtime poke the
 * server sends its readers (private.realtime_poke_visits) and the pull that
 * follows.
 */
import { plural, t } from '@lingui/core/macro';
import type { VisitRow } from '../data/types';

const SEEN_KEY = 'refacing:visitsSeen';
/** The one system notification for visits: a newer one replaces it. */
const NOTICE_TAG = 'refacing-visits';

function readSeen(): Record<string, number> {
  try {
    const raw = JSON.parse(localStorage.getItem(SEEN_KEY) ?? '{}') as unknown;
    return raw && typeof raw === 'object' ? (raw as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** The visits the person has not seen at their current server version (never sent ones are their own). */
export function unseenVisits(visits: readonly VisitRow[]): VisitRow[] {
  const seen = readSeen();
  return visits.filter((v) => v.version > 0 && (seen[v.id] ?? 0) < v.version);
}

/** Records `visits` as seen at their current versions (a job page showed them). */
export function markVisitsSeen(visits: readonly VisitRow[]): void {
  const seen = readSeen();
  let changed = false;
  for (const v of visits) {
    if (v.version > 0 && (seen[v.id] ?? 0) < v.version) {
      seen[v.id] = v.version;
      changed = true;
    }
  }
  if (!changed) return;
  try {
    localStorage.setItem(SEEN_KEY, JSON.stringify(seen));
    window.dispatchEvent(new Event('refacing:visits-seen'));
  } catch {
    // No storage: the count stays until the next visit of the page.
  }
}

/**
 * A system notification for `count` new or changed visits when the page is
 * hidden and the person allowed notifications; otherwise nothing (the top
 * bar's count is the in-app notice).
 */
export function notifyVisitChanges(count: number): void {
  if (count <= 0 || typeof Notification === 'undefined') return;
  if (Notification.permission !== 'granted' || document.visibilityState !== 'hidden') return;
  const body = plural(count, {
    one: 'A visit was scheduled or changed',
    other: '# visits were scheduled or changed',
  });
  void (async () => {
    try {
      const registration =
        'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
      if (registration?.active)
        await registration.showNotification(t`Refacing`, { body, tag: NOTICE_TAG });
      else new Notification(t`Refacing`, { body, tag: NOTICE_TAG });
    } catch {
      // Not shown (the browser refused): the top bar still counts.
    }
  })();
}
