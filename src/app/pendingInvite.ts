/**
 * The invitation token that waits in this browser while the invited person
 * signs in or signs up (the /invite link stores it; the dashboard accepts it).
 * Apart from the invitation API so the dashboard can check for one without
 * loading that API on its first screen.
 */

/** localStorage key of an invitation token waiting for the person to sign in. */
export const PENDING_KEY = 'refacing:pendingInvite';

/** Keeps the token until the person is signed in. */
export function savePendingInvite(token: string): void {
  try {
    localStorage.setItem(PENDING_KEY, token);
  } catch {
    // Storage unavailable (private mode): the link can be opened again after signing in.
  }
}

/** The waiting token, or null. */
export function pendingInviteToken(): string | null {
  try {
    return localStorage.getItem(PENDING_KEY);
  } catch {
    return null;
  }
}
