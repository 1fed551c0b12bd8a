/**
 * The signed-in state on this device, without supabase-js: feeds `useAuth`
 * from the session supabase-js stored, so a cold start can open the
 * dashboard from IndexedDB before supabase-js (its own ~50 KB gzipped chunk)
 * has even loaded. Opening the user's database and starting sync follow the
 * auth store in one place: `src/app/session.ts`.
 */
import type { Session } from '@supabase/supabase-js';
import { useAuth } from './useAuth';
import { isExpired, readStoredSession } from './storedSession';
import { syncStatus } from '../../sync/status';

/** True when the last request to the server was answered (the connection state, not `navigator.onLine`). */
export function serverReachable(): boolean {
  return syncStatus.get().connection === 'online';
}

/** Marks `session`'s user signed in (`offlineExpired`: kept past its expiry while the server cannot be reached). */
export function setSignedIn(session: Session, offlineExpired: boolean): void {
  useAuth.setState({ status: 'signedIn', user: session.user, session, offlineExpired });
}

/** Marks nobody signed in. */
export function setSignedOut(): void {
  useAuth.setState({
    status: 'signedOut',
    user: null,
    session: null,
    offlineExpired: false,
    recovery: false,
  });
}

/**
 * Cold start on a protected screen: signs in from the session supabase-js
 * stored on this device when it is still valid, or when the server cannot be
 * reached (offline, or online without an answer): an expired one then keeps
 * the user signed in for local data (docs/architecture.md "Auth offline"). With
 * the server answering and the session expired, nothing is assumed: the
 * refresh decides. supabase-js confirms or corrects this when it starts.
 * Returns true when it signed the user in.
 */
export function signInFromStoredSession(): boolean {
  if (useAuth.getState().status !== 'loading') return false;
  const stored = readStoredSession();
  if (!stored) return false;
  const expired = isExpired(stored, Date.now());
  if (expired && serverReachable()) return false;
  setSignedIn(stored, expired);
  return true;
}
