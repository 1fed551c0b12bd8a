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

/** localStorage key of what the waiting invitation needs: the email and role it fixes. */
const PENDING_FOR_KEY = 'refacing:pendingInviteFor';

/**
 * What a waiting invitation needs of the account that takes it: a
 * contractor account with the invited email (from the link; the server
 * checks both again when it is accepted). `team`: an organization admin's
 * team invitation; `project`: a project invitation as "Contractor (edits)".
 */
export interface PendingInviteFor {
  kind: 'team' | 'project';
  email: string;
  role: 'contractor';
}

/** Keeps what the waiting invitation needs (null: an invitation that needs no particular account). */
export function savePendingInviteFor(value: PendingInviteFor | null): void {
  try {
    if (value) localStorage.setItem(PENDING_FOR_KEY, JSON.stringify(value));
    else localStorage.removeItem(PENDING_FOR_KEY);
  } catch {
    // Storage unavailable: sign-up then opens without the invitation's fields.
  }
}

/**
 * What an invitation link's fragment says it needs: a team invitation
 * (/invite/team) with its email, or a project invitation whose fragment
 * names role=contractor and the email. Null for any other invitation.
 */
export function inviteNeedsFromLink(
  team: boolean,
  role: string | null,
  email: string | null,
): PendingInviteFor | null {
  const address = email?.trim().toLowerCase();
  if (!address) return null;
  if (team) return { kind: 'team', email: address, role: 'contractor' };
  if (role === 'contractor') return { kind: 'project', email: address, role: 'contractor' };
  return null;
}

/** What the waiting invitation needs, or null (none waiting, one that needs no particular account, or unreadable). */
export function pendingInviteFor(): PendingInviteFor | null {
  try {
    if (!localStorage.getItem(PENDING_KEY)) return null;
    const raw = JSON.parse(localStorage.getItem(PENDING_FOR_KEY) ?? 'null') as unknown;
    if (!raw || typeof raw !== 'object') return null;
    const { kind, email } = raw as Partial<PendingInviteFor>;
    if ((kind === 'team' || kind === 'project') && typeof email === 'string')
      return { kind, email, role: 'contractor' };
    return null;
  } catch {
    return null;
  }
}
