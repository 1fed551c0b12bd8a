/**
 * Who may set a new password, and what a new password ends. Like GoTrue's
 * `secure_password_change`: a signed-in user changes its password only with
 * its current password (`current_password` in the PUT /user body) or from a
 * session that signed in a moment ago (the recovery link's session, or a
 * fresh sign-in), so a stolen access token alone cannot take the account
 * over. A new password revokes every other session's refresh tokens, as a
 * password reset should: a device someone else holds is signed out at its
 * next refresh.
 */
import bcrypt from 'bcryptjs';
import type { Tx } from '../db.ts';

/** How recent a sign-in lets a session change the password without the current one: 10 minutes. */
export const RECENT_SIGN_IN_MS = 10 * 60_000;

/**
 * True when the session `sessionId` of user `userId` may set a new password:
 * `currentPassword` matches the stored hash, or the session's first refresh
 * token (its sign-in) is at most {@link RECENT_SIGN_IN_MS} old.
 */
export async function mayChangePassword(
  tx: Tx,
  userId: string,
  sessionId: string | undefined,
  currentPassword: unknown,
): Promise<boolean> {
  if (typeof currentPassword === 'string' && currentPassword !== '') {
    const r = await tx.query<{ h: string | null }>(
      'select encrypted_password h from auth.users where id = $1',
      [userId],
    );
    const hash = r.rows[0]?.h;
    return typeof hash === 'string' && (await bcrypt.compare(currentPassword, hash));
  }
  if (!sessionId) return false;
  const s = await tx.query<{ recent: boolean }>(
    `select min(created_at) > now() - make_interval(secs => $2) as recent
       from _local.refresh_tokens where session_id = $1 and user_id = $3`,
    [sessionId, RECENT_SIGN_IN_MS / 1000, userId],
  );
  return s.rows[0]?.recent === true;
}

/** Revokes the refresh tokens of every session of `userId` but `keepSessionId`. */
export async function revokeOtherSessions(
  tx: Tx,
  userId: string,
  keepSessionId: string | undefined,
): Promise<void> {
  await tx.query(
    `update _local.refresh_tokens set revoked = true
      where user_id = $1 and not revoked and session_id is distinct from $2::uuid`,
    [userId, keepSessionId ?? null],
  );
}
