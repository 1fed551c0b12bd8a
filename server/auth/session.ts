/**
 * Who is calling `/auth/v1`: the signed-in user of a user JWT (with a live
 * session), or the service role for the admin API.
 */
import { runAsOwner } from '../db.ts';
import type { BackendContext } from '../context.ts';
import { authError, type Ctx } from './shared.ts';
import { userById, type UserRow } from './user.ts';

export type CurrentUser =
  { ok: true; user: UserRow; sessionId: string | undefined } | { ok: false; res: Response };

/** The signed-in user of a request (user JWT required, session not logged out), or an error response. */
export async function currentUser(ctx: BackendContext, c: Ctx): Promise<CurrentUser> {
  const t = c.get('auth');
  if (!t.ok) {
    const msg =
      t.message === 'JWT expired'
        ? 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired'
        : 'This endpoint requires a valid Bearer token';
    return { ok: false, res: authError(c, 401, 'no_authorization', msg) };
  }
  const sub = t.claims.sub;
  if (t.claims.role !== 'authenticated' || typeof sub !== 'string') {
    return { ok: false, res: authError(c, 403, 'bad_jwt', 'invalid claim: missing sub claim') };
  }
  const sessionId = typeof t.claims.session_id === 'string' ? t.claims.session_id : undefined;
  const found = await runAsOwner(ctx.pg, async (tx) => {
    const user = await userById(tx, sub);
    if (!user || !sessionId) return { user, live: true };
    const s = await tx.query(
      'select 1 from _local.refresh_tokens where session_id = $1 and not revoked limit 1',
      [sessionId],
    );
    return { user, live: s.rows.length > 0 };
  });
  if (!found.user)
    return {
      ok: false,
      res: authError(c, 403, 'user_not_found', 'User from sub claim in JWT does not exist'),
    };
  if (!found.live)
    return {
      ok: false,
      res: authError(
        c,
        403,
        'session_not_found',
        'Session from session_id claim in JWT does not exist',
      ),
    };
  return { ok: true, user: found.user, sessionId };
}

/** Null when the caller holds the service role, else the error response. */
export function requireService(c: Ctx): Response | null {
  const t = c.get('auth');
  if (!t.ok)
    return authError(c, 401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  if (t.claims.role !== 'service_role') return authError(c, 403, 'not_admin', 'User not allowed');
  return null;
}
