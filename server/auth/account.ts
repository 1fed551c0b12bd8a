/**
 * The signed-in user's own account: `GET /auth/v1/user`, `PUT /auth/v1/user`
 * (password, metadata, and a change of email address that takes effect only
 * when the new address confirms it by mail, as Supabase's email change does),
 * and `POST /auth/v1/logout`. A new password needs the current one or a
 * recent sign-in, and signs out the other sessions (passwordChange.ts).
 */
import { Hono } from 'hono';
import bcrypt from 'bcryptjs';
import { z } from 'zod';
import { runAsOwner } from '../db.ts';
import { readBody } from '../body.ts';
import type { ApiEnv, BackendContext } from '../context.ts';
import { jsonBody } from '../jsonBody.ts';
import { currentUser } from './session.ts';
import {
  BCRYPT_COST,
  authError,
  bodyFail,
  emailField,
  invalidEmail,
  metadataField,
  passwordProblem,
  redirectFor,
  sendLink,
} from './shared.ts';
import { mayChangePassword, revokeOtherSessions } from './passwordChange.ts';
import { hashToken, randomToken } from './tokens.ts';
import { USER_COLUMNS, userByEmail, userJson, type UserRow } from './user.ts';

const updateBody = z
  .object({
    email: z.unknown().optional(),
    password: z.string().optional(),
    /** The current password, which a password change needs unless the session signed in a moment ago. */
    current_password: z.unknown().optional(),
    data: metadataField.optional(),
  })
  .passthrough();

/** The account routes. */
export function accountRoutes(ctx: BackendContext): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  app.get('/user', async (c) => {
    const u = await currentUser(ctx, c);
    if (!u.ok) return u.res;
    return c.json(userJson(u.user));
  });

  app.put('/user', async (c) => {
    const b = await jsonBody(c.req.raw, ctx.maxJsonBytes, updateBody.default({}), bodyFail(c));
    if (!b.ok) return b.res;
    const u = await currentUser(ctx, c);
    if (!u.ok) return u.res;
    let newEmail: string | undefined;
    if (b.body.email !== undefined) {
      const e = emailField.safeParse(b.body.email);
      if (!e.success) return invalidEmail(c);
      if (e.data !== u.user.email?.toLowerCase()) newEmail = e.data;
    }
    const password = b.body.password;
    if (password !== undefined) {
      const weak = passwordProblem(c, password, ctx.auth.minimumPasswordLength);
      if (weak) return weak;
    }
    const hash = password !== undefined ? await bcrypt.hash(password, BCRYPT_COST) : null;
    const changeToken = newEmail ? randomToken() : null;
    const out = await runAsOwner(ctx.pg, async (tx) => {
      if (hash && !(await mayChangePassword(tx, u.user.id, u.sessionId, b.body.current_password)))
        return { reauth: true as const };
      if (newEmail && (await userByEmail(tx, newEmail))) return { taken: true as const };
      if (hash) await revokeOtherSessions(tx, u.user.id, u.sessionId);
      const r = await tx.query<UserRow & { email_change: string | null }>(
        `update auth.users set
           encrypted_password = coalesce($2, encrypted_password),
           raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || coalesce($3::text::jsonb, '{}'::jsonb),
           email_change = coalesce($4, email_change),
           email_change_token_new = coalesce($5, email_change_token_new),
           email_change_sent_at = case when $4::text is null then email_change_sent_at else now() end,
           updated_at = now()
         where id = $1 returning ${USER_COLUMNS}, email_change`,
        [
          u.user.id,
          hash,
          b.body.data === undefined ? null : JSON.stringify(b.body.data),
          newEmail ?? null,
          changeToken ? hashToken(changeToken) : null,
        ],
      );
      return { user: r.rows[0]! };
    });
    if ('reauth' in out)
      return authError(
        c,
        400,
        'reauthentication_needed',
        'Enter your current password (or sign in again) to set a new one',
      );
    if ('taken' in out)
      return authError(
        c,
        422,
        'email_exists',
        'A user with this email address has already been registered',
      );
    if (newEmail && changeToken) {
      await sendLink(
        ctx,
        c,
        newEmail,
        'email_change',
        changeToken,
        redirectFor(ctx, c, c.req.query('redirect_to')),
      );
    }
    const json = userJson(out.user);
    return c.json(
      out.user.email_change
        ? {
            ...json,
            new_email: out.user.email_change,
            email_change_sent_at: new Date().toISOString(),
          }
        : json,
    );
  });

  app.post('/logout', async (c) => {
    await readBody(c.req.raw, ctx.maxJsonBytes);
    const u = await currentUser(ctx, c);
    // Logging out a session that is already gone is not an error for the client.
    if (!u.ok) return c.body(null, 204);
    const scope = c.req.query('scope') ?? 'global';
    await runAsOwner(ctx.pg, async (tx) => {
      if (scope === 'local' && u.sessionId) {
        await tx.query('update _local.refresh_tokens set revoked = true where session_id = $1', [
          u.sessionId,
        ]);
      } else if (scope === 'others' && u.sessionId) {
        await tx.query(
          'update _local.refresh_tokens set revoked = true where user_id = $1 and session_id <> $2',
          [u.user.id, u.sessionId],
        );
      } else {
        await tx.query('update _local.refresh_tokens set revoked = true where user_id = $1', [
          u.user.id,
        ]);
      }
    });
    return c.body(null, 204);
  });

  return app;
}
