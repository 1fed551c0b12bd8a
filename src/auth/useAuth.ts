/**
 * The auth store (zustand): the session state every screen reads. It holds no
 * supabase-js import so the landing page's first JS stays small; the store is
 * fed by `localSession.ts` (the stored session at start-up, no supabase-js) and
 * by `startAuth()` (authLifecycle.ts, supabase-js), loaded right after first render.
 */
import type { Session, User } from '@supabase/supabase-js';
import { create } from 'zustand';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthState {
  status: AuthStatus;
  user: User | null;
  session: Session | null;
  /**
   * True when the access token has expired while the device is offline: the
   * user stays signed in for local data (docs/architecture.md "Auth offline"); sync
   * refreshes the token once back online.
   */
  offlineExpired: boolean;
  /** True after a PASSWORD_RECOVERY event: the reset-password screen may set a new password. */
  recovery: boolean;
}

/** The app's auth state: `{ status, user, session, offlineExpired, recovery }` (app-contracts.md). */
export const useAuth = create<AuthState>(() => ({
  status: 'loading',
  user: null,
  session: null,
  offlineExpired: false,
  recovery: false,
}));
