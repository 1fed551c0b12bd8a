/**
 * `GET /auth/v1/verify` (the mailed link: redirect with the session in the
 * fragment) and `POST /auth/v1/verify` (OTP / token hash): confirm a signup,
 * a recovery, or a change of email address, each single-use and time-limited.
 */
import { Hono } from 'hono';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { runAsOwner, type Tx } from '../db.ts';
import type { ApiEnv, BackendContext } from '../context.ts';
import { jsonBody } from '../jsonBody.ts';
import { authError, bodyFail, redirectFor, sessionOpts, type Ctx } from './shared.ts';
import { hashToken, sessionJson, storeRefreshToken } from './tokens.ts';
import { USER_COLUMNS, type UserRow } from './user.ts';

/** Confirmation and email-change links are valid for a day, recovery links for an hour (GoTrue defaults). */
const CONFIRM_TTL_MS = 24 * 3600_000;
const RECOVERY_TTL_MS = 3600_000;

const verifyBody = z
  .object({
    type: z.string().optional(),
    token_hash: z.string().optional(),
    token: z.string().optional(),
  })
  .passthrough();

type Verified = { user: UserRow; sessionId: string; refresh: string } | null;

/** The UPDATE that consumes a token of `type`; the token hash is $1, the lifetime in seconds $2. */
function consumeSql(type: string): string {
  if (type === 'email_change') {
    return `update auth.users set email = email_change, email_change = '', email_change_token_new = '',
        email_confirmed_at = coalesce(email_confirmed_at, now()), last_sign_in_at = now(), updated_at = now()
      where email_change_token_new = $1 and email_change_token_new <> '' and coalesce(email_change, '') <> ''
        and email_change_sent_at > now() - make_interval(secs => $2) and deleted_at is null
      returning ${USER_COLUMNS}`;
  }
  const column = type === 'recovery' ? 'recovery_token' : 'confirmation_token';
  const sent = type === 'recovery' ? 'recovery_sent_at' : 'confirmation_sent_at';
  return `update auth.users set ${column} = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
      last_sign_in_at = now(), updated_at = now()
    where ${column} = $1 and ${column} <> '' and ${sent} > now() - make_interval(secs => $2) and deleted_at is null
    returning ${USER_COLUMNS}`;
}

/** Consume a token of `type`: the user (now confirmed) with a new session, or null. */
async function consumeToken(ctx: BackendContext, type: string, token: string): Promise<Verified> {
  const ttl = type === 'recovery' ? RECOVERY_TTL_MS : CONFIRM_TTL_MS;
  try {
    return await runAsOwner(ctx.pg, async (tx: Tx) => {
      const r = await tx.query<UserRow>(consumeSql(type), [hashToken(token), ttl / 1000]);
      const user = r.rows[0];
      if (!user) return null;
      const sessionId = randomUUID();
      return { user, sessionId, refresh: await storeRefreshToken(tx, user.id, sessionId) };
    });
  } catch (e) {
    // The new address was taken by someone else meanwhile: the change cannot complete.
    if ((e as { code?: unknown }).code === '23505') return null;
    throw e;
  }
}

function linkType(type: string): 'signup' | 'recovery' | 'email_change' {
  return type === 'recovery' || type === 'email_change' ? type : 'signup';
}

/** The verify routes. */
export function verifyRoutes(ctx: BackendContext): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  app.get('/verify', async (c: Ctx) => {
    const type = linkType(c.req.query('type') ?? 'signup');
    const token = c.req.query('token') ?? '';
    const redirectTo = redirectFor(ctx, c, c.req.query('redirect_to') || undefined);
    const done = token ? await consumeToken(ctx, type, token) : null;
    if (!done) {
      const frag = new URLSearchParams({
        error: 'access_denied',
        error_code: 'otp_expired',
        error_description: 'Email link is invalid or has expired',
      });
      return c.redirect(`${redirectTo}#${frag.toString()}`, 303);
    }
    const s = await sessionJson(
      done.user,
      done.refresh,
      done.sessionId,
      sessionOpts(ctx, c, 'otp'),
    );
    const frag = new URLSearchParams({
      access_token: s.access_token,
      expires_at: String(s.expires_at),
      expires_in: String(s.expires_in),
      refresh_token: s.refresh_token,
      token_type: 'bearer',
      type,
    });
    return c.redirect(`${redirectTo}#${frag.toString()}`, 303);
  });

  app.post('/verify', async (c: Ctx) => {
    const b = await jsonBody(c.req.raw, ctx.maxJsonBytes, verifyBody.default({}), bodyFail(c));
    if (!b.ok) return b.res;
    const token = b.body.token_hash ?? b.body.token ?? '';
    const done = token ? await consumeToken(ctx, linkType(b.body.type ?? 'signup'), token) : null;
    if (!done) return authError(c, 403, 'otp_expired', 'Token has expired or is invalid');
    return c.json(
      await sessionJson(done.user, done.refresh, done.sessionId, sessionOpts(ctx, c, 'otp')),
    );
  });

  return app;
}
