/**
 * `POST /auth/v1/signup` and `POST /auth/v1/recover`. With confirmations on
 * (the default; `[auth.email] enable_confirmations` in supabase/config.toml)
 * both answer the same whether the address has an account or not, as GoTrue
 * does, so neither tells a stranger who is registered: the owner of a taken
 * address gets a mail instead. With confirmations off the new account is
 * confirmed at once and the answer is a session, and a taken address is
 * refused (`user_already_exists`), as GoTrue does then. `enable_signup` off
 * refuses every sign-up.
 */
import { Hono } from 'hono';
import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { z } from 'zod';
import { runAsOwner } from '../db.ts';
import type { ApiEnv, BackendContext } from '../context.ts';
import { jsonBody } from '../jsonBody.ts';
import { createRateLimiter } from './rateLimit.ts';
import {
  BCRYPT_COST,
  sessionOpts,
  authError,
  bodyFail,
  clientAddress,
  emailField,
  invalidEmail,
  metadataField,
  passwordProblem,
  redirectFor,
  sendAlreadyRegistered,
  sendLink,
} from './shared.ts';
import { hashToken, randomToken, startSession } from './tokens.ts';
import { USER_COLUMNS, userByEmail, userJson, type UserRow } from './user.ts';

const signupBody = z
  .object({ email: z.unknown(), password: z.string().optional(), data: metadataField.optional() })
  .passthrough();
const recoverBody = z.object({ email: z.unknown() }).passthrough();

/** The signup and recovery routes. */
export function signupRoutes(ctx: BackendContext): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const signupLimit = createRateLimiter(ctx.rateLimits.signUp);
  const recoverLimit = createRateLimiter(ctx.rateLimits.recover);

  app.post('/signup', async (c) => {
    if (!ctx.auth.enableSignup)
      return authError(c, 422, 'signup_disabled', 'Signups not allowed for this instance');
    if (!ctx.auth.emailSignup)
      return authError(c, 400, 'email_provider_disabled', 'Email signups are disabled');
    const b = await jsonBody(
      c.req.raw,
      ctx.maxJsonBytes,
      signupBody.default({ email: undefined }),
      bodyFail(c),
    );
    if (!b.ok) return b.res;
    const email = emailField.safeParse(b.body.email);
    if (!email.success) return invalidEmail(c);
    const password = b.body.password;
    if (!password)
      return authError(c, 422, 'validation_failed', 'Signup requires a valid password');
    const weak = passwordProblem(c, password, ctx.auth.minimumPasswordLength);
    if (weak) return weak;
    if (!(await signupLimit.attempt(email.data, clientAddress(c)))) {
      return authError(c, 429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
    }
    const hash = await bcrypt.hash(password, BCRYPT_COST);
    const token = randomToken();
    const redirectTo = redirectFor(ctx, c, c.req.query('redirect_to'));
    const confirm = ctx.auth.enableConfirmations;
    const result = await runAsOwner(ctx.pg, async (tx) => {
      const existing = await userByEmail(tx, email.data);
      if (existing) return { user: existing, isNew: false, session: null };
      const r = await tx.query<UserRow>(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, confirmation_token,
           confirmation_sent_at, email_confirmed_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data,
           created_at, updated_at)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, $4,
           case when $6 then now() end, case when not $6 then now() end, case when not $6 then now() end,
           '{"provider":"email","providers":["email"]}'::jsonb, $5::text::jsonb, now(), now())
         returning ${USER_COLUMNS}`,
        [
          randomUUID(),
          email.data,
          hash,
          confirm ? hashToken(token) : '',
          JSON.stringify(b.body.data ?? {}),
          confirm,
        ],
      );
      const user = r.rows[0]!;
      const session = confirm
        ? null
        : await startSession(tx, user, sessionOpts(ctx, c, 'password'));
      return { user, isNew: true, session };
    });
    if (!confirm) {
      if (!result.session)
        return authError(c, 422, 'user_already_exists', 'User already registered');
      return c.json(result.session);
    }
    if (!result.isNew) {
      // Same answer as for a new address; only the owner learns of the attempt.
      await sendAlreadyRegistered(ctx, email.data, redirectTo);
      const now = new Date();
      return c.json(
        userJson({
          ...result.user,
          id: randomUUID(),
          email: email.data,
          email_confirmed_at: null,
          confirmation_sent_at: now,
          recovery_sent_at: null,
          last_sign_in_at: null,
          raw_user_meta_data: b.body.data ?? {},
          created_at: now,
          updated_at: now,
        }),
      );
    }
    await sendLink(ctx, c, email.data, 'signup', token, redirectTo);
    return c.json(userJson(result.user));
  });

  app.post('/recover', async (c) => {
    const b = await jsonBody(
      c.req.raw,
      ctx.maxJsonBytes,
      recoverBody.default({ email: undefined }),
      bodyFail(c),
    );
    if (!b.ok) return b.res;
    const email = emailField.safeParse(b.body.email);
    if (!email.success) return invalidEmail(c);
    if (!(await recoverLimit.attempt(email.data, clientAddress(c)))) {
      return authError(c, 429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
    }
    const token = randomToken();
    const redirectTo = redirectFor(ctx, c, c.req.query('redirect_to'));
    const found = await runAsOwner(ctx.pg, async (tx) => {
      const r = await tx.query<{ email: string }>(
        `update auth.users set recovery_token = $2, recovery_sent_at = now()
         where lower(email) = $1 and deleted_at is null returning email`,
        [email.data, hashToken(token)],
      );
      return r.rows[0]?.email ?? null;
    });
    if (found) await sendLink(ctx, c, found, 'recovery', token, redirectTo);
    return c.json({});
  });

  return app;
}
