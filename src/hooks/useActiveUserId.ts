/** React binding of the active user (hooks re-query when the user changes). */
import { useSyncExternalStore } from 'react';
import { getActiveUserId, subscribeActiveUser } from '../data/activeUser';

/** Id of the user whose local database is open, or null. */
export function useActiveUserId(): string | null {
  return useSyncExternalStore(subscribeActiveUser, getActiveUserId, getActiveUserId);
}
