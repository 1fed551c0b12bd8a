/**
 * `POST /auth/v1/token`: the password grant (rate-limited per email and per
 * address, the attempt counted before the password is hashed) and the
 * refresh-token grant (rotation; reuse of a spent token ends the session,
 * except within GoTrue's reuse interval, below).
 */
import { Hono } from 'hono';
import bcrypt from 'bcryptjs';
import { z } from 'zod';
import { runAsOwner } from '../db.ts';
import type { ApiEnv, BackendContext } from '../context.ts';
import { jsonBody } from '../jsonBody.ts';
import { createRateLimiter } from './rateLimit.ts';
import {
  authError,
  bodyFail,
  clientAddress,
  dummyPasswordHash,
  sessionOpts,
  MAX_PASSWORD_BYTES,
  type Ctx,
} from './shared.ts';
import { hashToken, sessionJson, startSession, storeRefreshToken } from './tokens.ts';
import { USER_COLUMNS, userByEmail, userById, type UserRow } from './user.ts';

/**
 * Seconds after its rotation in which a spent refresh token still refreshes
 * its session, as GoTrue's `refresh_token_reuse_interval` (hosted Supabase's
 * default, 10): a page and its service worker, or two tabs, that refresh at
 * once send the same token, and the later one must not end the session the
 * earlier one just renewed. It gets a new token of the same session. After
 * the interval, or for a token revoked by a logout, reuse ends the session.
 */
const REUSE_INTERVAL_SECONDS = 10;

const tokenBody = z
  .object({
    email: z.string().optional(),
    password: z.string().optional(),
    refresh_token: z.string().optional(),
  })
  .passthrough();

/** The token route. */
export function tokenRoutes(ctx: BackendContext): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const limiter = createRateLimiter(ctx.rateLimits.signIn);

  async function passwordGrant(c: Ctx, body: z.output<typeof tokenBody>): Promise<Response> {
    const email = body.email?.trim().toLowerCase() ?? '';
    const password = body.password ?? '';
    const address = clientAddress(c);
    // Counted before anything else is awaited, so parallel attempts see each other.
    if (!(await limiter.attempt(email, address)))
      return authError(c, 429, 'over_request_rate_limit', 'Request rate limit reached');
    const user =
      email.length <= 254 && !email.includes('\0')
        ? await runAsOwner(ctx.pg, (tx) => userByEmail(tx, email))
        : null;
    const fits = Buffer.byteLength(password, 'utf8') <= MAX_PASSWORD_BYTES;
    // An unknown email (or one without a password) is compared with a dummy hash of the same cost,
    // so the answer takes as long as a wrong password and does not tell which emails have accounts.
    const good =
      fits &&
      (await bcrypt.compare(password, user?.encrypted_password || (await dummyPasswordHash()))) &&
      !!user?.encrypted_password;
    if (!user || !good)
      return authError(c, 400, 'invalid_credentials', 'Invalid login credentials');
    await limiter.refund(email, address);
    if (!user.email_confirmed_at)
      return authError(c, 400, 'email_not_confirmed', 'Email not confirmed');
    if (user.banned_until && user.banned_until.getTime() > Date.now())
      return authError(c, 400, 'user_banned', 'User is banned');
    const session = await runAsOwner(ctx.pg, async (tx) => {
      const r = await tx.query<UserRow>(
        `update auth.users set last_sign_in_at = now() where id = $1 returning ${USER_COLUMNS}`,
        [user.id],
      );
      return startSession(tx, r.rows[0]!, sessionOpts(ctx, c, 'password'));
    });
    return c.json(session);
  }

  async function refreshGrant(c: Ctx, token: string): Promise<Response> {
    if (!token)
      return authError(
        c,
        400,
        'refresh_token_not_found',
        'Invalid Refresh Token: Refresh Token Not Found',
      );
    const out = await runAsOwner(ctx.pg, async (tx) => {
      const r = await tx.query<{
        user_id: string;
        session_id: string;
        revoked: boolean;
        reusable: boolean;
      }>(
        `select t.user_id, t.session_id, t.revoked,
           (t.revoked_at > now() - make_interval(secs => $2)
            and exists (select 1 from _local.refresh_tokens s
                         where s.session_id = t.session_id and not s.revoked)) as reusable
           from _local.refresh_tokens t where t.token_hash = $1 for update`,
        [hashToken(token), REUSE_INTERVAL_SECONDS],
      );
      const row = r.rows[0];
      if (!row) return { error: 'not_found' as const };
      if (row.revoked && !row.reusable) {
        // Reuse of a rotated token past the interval, or of a logged-out one: end the whole session.
        await tx.query('update _local.refresh_tokens set revoked = true where session_id = $1', [
          row.session_id,
        ]);
        return { error: 'revoked' as const };
      }
      const user = await userById(tx, row.user_id);
      if (!user) return { error: 'not_found' as const };
      if (!row.revoked) {
        await tx.query(
          'update _local.refresh_tokens set revoked = true, revoked_at = now() where token_hash = $1',
          [hashToken(token)],
        );
      }
      const next = await storeRefreshToken(tx, user.id, row.session_id);
      return { user, next, sessionId: row.session_id };
    });
    if ('error' in out) {
      return authError(
        c,
        400,
        'refresh_token_not_found',
        out.error === 'revoked'
          ? 'Invalid Refresh Token: Already Used'
          : 'Invalid Refresh Token: Refresh Token Not Found',
      );
    }
    return c.json(
      await sessionJson(out.user, out.next, out.sessionId, sessionOpts(ctx, c, 'token_refresh')),
    );
  }

  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type');
    const b = await jsonBody(c.req.raw, ctx.maxJsonBytes, tokenBody.default({}), bodyFail(c));
    if (!b.ok) return b.res;
    if (grant === 'password') return passwordGrant(c, b.body);
    if (grant === 'refresh_token') return refreshGrant(c, b.body.refresh_token ?? '');
    return authError(c, 400, 'validation_failed', 'unsupported_grant_type');
  });

  return app;
}
