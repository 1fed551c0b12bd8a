/**
 * `/auth/v1`: the GoTrue subset @supabase/auth-js uses — signup with email
 * confirmation, verify (link and OTP), password and refresh-token grants,
 * get/update user, logout, recover, admin delete, settings, health — plus the
 * local mail viewer's data. Errors are GoTrue-shaped
 * (`{code, error_code, msg, message}` with `X-Supabase-Api-Version: 2024-01-01`).
 */
import { Hono, type Context } from 'hono';
import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { runAsOwner } from '../db.ts';
import { parseJson, readBody } from '../body.ts';
import type { BackendContext } from '../context.ts';
import { claimsOf } from '../context.ts';
import { createRateLimiter } from './rateLimit.ts';
import { hashToken, randomToken, sessionJson, startSession, storeRefreshToken } from './tokens.ts';
import { userByEmail, userById, userJson, USER_COLUMNS, type UserRow } from './user.ts';

/** GoTrue's default minimum password length. */
const MIN_PASSWORD_LENGTH = 6;
/** bcrypt cost (GoTrue uses bcrypt's default cost 10). */
const BCRYPT_COST = 10;
/** Confirmation links are valid for a day, recovery links for an hour (GoTrue defaults). */
const CONFIRM_TTL_MS = 24 * 3600_000;
const RECOVERY_TTL_MS = 3600_000;
const API_VERSION = '2024-01-01';
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Ctx = Context;

function authError(c: Ctx, status: number, code: string, message: string, extra: Record<string, unknown> = {}): Response {
  c.header('X-Supabase-Api-Version', API_VERSION);
  return c.json({ code, error_code: code, msg: message, message, ...extra }, status as 400);
}

async function jsonBody(ctx: BackendContext, c: Ctx): Promise<{ ok: true; body: Record<string, unknown> } | { ok: false; res: Response }> {
  const raw = await readBody(c.req.raw, ctx.maxJsonBytes);
  if (!raw.ok) {
    return { ok: false, res: authError(c, raw.error === 'too_large' ? 413 : 400, raw.error === 'too_large' ? 'request_too_large' : 'bad_json', raw.error === 'too_large' ? 'Request body too large' : 'Request aborted') };
  }
  const parsed = parseJson(raw.bytes);
  if (!parsed.ok) return { ok: false, res: authError(c, 400, 'bad_json', `Could not parse request body as JSON: ${parsed.message}`) };
  const v = parsed.value ?? {};
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    return { ok: false, res: authError(c, 400, 'bad_json', 'Request body must be a JSON object') };
  }
  return { ok: true, body: v as Record<string, unknown> };
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** The TCP peer's address of the request (rate limits, local-only routes). */
export function clientAddress(c: Ctx): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}

/** Build the `/auth/v1` routes. */
export function authRoutes(ctx: BackendContext): Hono {
  const app = new Hono();
  const limiter = createRateLimiter(ctx.signInRateLimit.max, ctx.signInRateLimit.windowMs);

  function sessionOpts(c: Ctx, method: string) {
    return { secret: ctx.keys.secret, ttlSeconds: ctx.accessTokenTtlSeconds, issuer: `${new URL(c.req.url).origin}/auth/v1`, method };
  }

  function defaultRedirect(c: Ctx): string {
    return ctx.siteUrl ?? c.req.header('origin') ?? `${new URL(c.req.url).origin}/`;
  }

  async function sendLink(c: Ctx, to: string, type: 'signup' | 'recovery', token: string, redirectTo: string): Promise<void> {
    const origin = new URL(c.req.url).origin;
    const link = `${origin}/auth/v1/verify?token=${encodeURIComponent(token)}&type=${type}&redirect_to=${encodeURIComponent(redirectTo)}`;
    const subject = type === 'signup' ? 'Confirm your signup' : 'Reset your password';
    const text =
      type === 'signup'
        ? `Follow this link to confirm your email address:\n\n${link}\n`
        : `Follow this link to reset the password for your account:\n\n${link}\n`;
    await ctx.mailer.send({ to, subject, text, links: [link] });
  }

  /** The signed-in user of a request (user JWT required), or an error response. */
  async function currentUser(c: Ctx): Promise<{ ok: true; user: UserRow; sessionId: string | undefined } | { ok: false; res: Response }> {
    const t = await claimsOf(ctx, c.req.raw);
    if (!t.ok) return { ok: false, res: authError(c, 401, 'no_authorization', t.message === 'JWT expired' ? 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired' : 'This endpoint requires a valid Bearer token') };
    const sub = t.claims.sub;
    if (t.claims.role !== 'authenticated' || typeof sub !== 'string') {
      return { ok: false, res: authError(c, 403, 'bad_jwt', 'invalid claim: missing sub claim') };
    }
    const sessionId = typeof t.claims.session_id === 'string' ? t.claims.session_id : undefined;
    const found = await runAsOwner(ctx.pg, async (tx) => {
      const user = await userById(tx, sub);
      if (!user || !sessionId) return { user, live: true };
      const s = await tx.query('select 1 from _local.refresh_tokens where session_id = $1 and not revoked limit 1', [sessionId]);
      return { user, live: s.rows.length > 0 };
    });
    if (!found.user) return { ok: false, res: authError(c, 403, 'user_not_found', 'User from sub claim in JWT does not exist') };
    if (!found.live) return { ok: false, res: authError(c, 403, 'session_not_found', 'Session from session_id claim in JWT does not exist') };
    return { ok: true, user: found.user, sessionId };
  }

  app.get('/health', (c) => c.json({ version: 'local', name: 'GoTrue', description: 'Local GoTrue subset (server/auth)' }));

  app.get('/settings', (c) =>
    c.json({
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );

  app.post('/signup', async (c) => {
    const b = await jsonBody(ctx, c);
    if (!b.ok) return b.res;
    const email = str(b.body.email)?.trim().toLowerCase();
    const password = str(b.body.password);
    const data = b.body.data;
    if (!email || !EMAIL_RE.test(email)) return authError(c, 400, 'validation_failed', 'Unable to validate email address: invalid format');
    if (!password) return authError(c, 422, 'validation_failed', 'Signup requires a valid password');
    if (password.length < MIN_PASSWORD_LENGTH) {
      return authError(c, 422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
        weak_password: { reasons: ['length'] },
      });
    }
    if (data !== undefined && (typeof data !== 'object' || data === null || Array.isArray(data))) {
      return authError(c, 400, 'validation_failed', 'data must be a JSON object');
    }
    const hash = await bcrypt.hash(password, BCRYPT_COST);
    const token = randomToken();
    const redirectTo = c.req.query('redirect_to') ?? defaultRedirect(c);
    let result: { ok: true; user: UserRow } | { ok: false; exists: true };
    try {
      result = await runAsOwner(ctx.pg, async (tx) => {
        const existing = await userByEmail(tx, email);
        if (existing) return { ok: false, exists: true } as const;
        const r = await tx.query<UserRow>(
          `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, confirmation_token,
             confirmation_sent_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
           values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, $4, now(),
             '{"provider":"email","providers":["email"]}'::jsonb, $5::text::jsonb, now(), now())
           returning ${USER_COLUMNS}`,
          [randomUUID(), email, hash, hashToken(token), JSON.stringify(data ?? {})],
        );
        return { ok: true, user: r.rows[0]! } as const;
      });
    } catch (e) {
      ctx.log(`signup failed: ${e instanceof Error ? e.message : String(e)}`);
      return authError(c, 500, 'unexpected_failure', 'Database error saving new user');
    }
    if (!result.ok) return authError(c, 422, 'user_already_exists', 'User already registered');
    await sendLink(c, email, 'signup', token, redirectTo);
    return c.json(userJson(result.user));
  });

  /** Confirm a token of `type`; returns the user (now confirmed) or null. */
  async function consumeToken(type: string, token: string): Promise<{ user: UserRow; session: (c: Ctx) => Promise<Record<string, unknown>>; sessionId: string; refresh: string } | null> {
    const column = type === 'recovery' ? 'recovery_token' : 'confirmation_token';
    const sentColumn = type === 'recovery' ? 'recovery_sent_at' : 'confirmation_sent_at';
    const ttl = type === 'recovery' ? RECOVERY_TTL_MS : CONFIRM_TTL_MS;
    return runAsOwner(ctx.pg, async (tx) => {
      const r = await tx.query<UserRow>(
        `update auth.users set ${column} = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
           last_sign_in_at = now(), updated_at = now()
         where ${column} = $1 and ${column} <> '' and ${sentColumn} > now() - make_interval(secs => $2)
           and deleted_at is null
         returning ${USER_COLUMNS}`,
        [hashToken(token), ttl / 1000],
      );
      const user = r.rows[0];
      if (!user) return null;
      const sessionId = randomUUID();
      const refresh = await storeRefreshToken(tx, user.id, sessionId);
      return { user, sessionId, refresh, session: async () => ({}) };
    });
  }

  app.get('/verify', async (c) => {
    const type = c.req.query('type') ?? 'signup';
    const token = c.req.query('token') ?? '';
    const redirectTo = c.req.query('redirect_to') || ctx.siteUrl || `${new URL(c.req.url).origin}/`;
    const done = token ? await consumeToken(type, token) : null;
    if (!done) {
      const frag = new URLSearchParams({
        error: 'access_denied',
        error_code: 'otp_expired',
        error_description: 'Email link is invalid or has expired',
      });
      return c.redirect(`${redirectTo}#${frag.toString()}`, 303);
    }
    const s = await sessionJson(done.user, done.refresh, done.sessionId, sessionOpts(c, 'otp'));
    const frag = new URLSearchParams({
      access_token: s.access_token,
      expires_at: String(s.expires_at),
      expires_in: String(s.expires_in),
      refresh_token: s.refresh_token,
      token_type: 'bearer',
      type: type === 'recovery' ? 'recovery' : 'signup',
    });
    return c.redirect(`${redirectTo}#${frag.toString()}`, 303);
  });

  app.post('/verify', async (c) => {
    const b = await jsonBody(ctx, c);
    if (!b.ok) return b.res;
    const type = str(b.body.type) ?? 'signup';
    const token = str(b.body.token_hash) ?? str(b.body.token) ?? '';
    const done = token ? await consumeToken(type, token) : null;
    if (!done) return authError(c, 403, 'otp_expired', 'Token has expired or is invalid');
    return c.json(await sessionJson(done.user, done.refresh, done.sessionId, sessionOpts(c, 'otp')));
  });

  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type');
    const b = await jsonBody(ctx, c);
    if (!b.ok) return b.res;
    if (grant === 'password') {
      const email = str(b.body.email)?.trim().toLowerCase() ?? '';
      const password = str(b.body.password) ?? '';
      const addrKey = `addr:${clientAddress(c)}`;
      const emailKey = `email:${email}`;
      if (limiter.isLimited(emailKey) || limiter.isLimited(addrKey)) {
        return authError(c, 429, 'over_request_rate_limit', 'Request rate limit reached');
      }
      const user = await runAsOwner(ctx.pg, (tx) => userByEmail(tx, email));
      const good = !!user?.encrypted_password && (await bcrypt.compare(password, user.encrypted_password));
      if (!user || !good) {
        limiter.fail(emailKey);
        limiter.fail(addrKey);
        return authError(c, 400, 'invalid_credentials', 'Invalid login credentials');
      }
      if (!user.email_confirmed_at) return authError(c, 400, 'email_not_confirmed', 'Email not confirmed');
      if (user.banned_until && user.banned_until.getTime() > Date.now()) return authError(c, 400, 'user_banned', 'User is banned');
      const session = await runAsOwner(ctx.pg, async (tx) => {
        const r = await tx.query<UserRow>(
          `update auth.users set last_sign_in_at = now() where id = $1 returning ${USER_COLUMNS}`,
          [user.id],
        );
        return startSession(tx, r.rows[0]!, sessionOpts(c, 'password'));
      });
      return c.json(session);
    }
    if (grant === 'refresh_token') {
      const token = str(b.body.refresh_token) ?? '';
      if (!token) return authError(c, 400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      const out = await runAsOwner(ctx.pg, async (tx) => {
        const r = await tx.query<{ user_id: string; session_id: string; revoked: boolean }>(
          'select user_id, session_id, revoked from _local.refresh_tokens where token_hash = $1 for update',
          [hashToken(token)],
        );
        const row = r.rows[0];
        if (!row) return { error: 'not_found' as const };
        if (row.revoked) {
          // Reuse of a rotated or logged-out token: end the whole session.
          await tx.query('update _local.refresh_tokens set revoked = true where session_id = $1', [row.session_id]);
          return { error: 'revoked' as const };
        }
        const user = await userById(tx, row.user_id);
        if (!user) return { error: 'not_found' as const };
        await tx.query('update _local.refresh_tokens set revoked = true where token_hash = $1', [hashToken(token)]);
        const next = await storeRefreshToken(tx, user.id, row.session_id);
        return { user, next, sessionId: row.session_id };
      });
      if ('error' in out) {
        return out.error === 'revoked'
          ? authError(c, 400, 'refresh_token_not_found', 'Invalid Refresh Token: Already Used')
          : authError(c, 400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      }
      return c.json(await sessionJson(out.user, out.next, out.sessionId, sessionOpts(c, 'token_refresh')));
    }
    return authError(c, 400, 'validation_failed', 'unsupported_grant_type');
  });

  app.get('/user', async (c) => {
    const u = await currentUser(c);
    if (!u.ok) return u.res;
    return c.json(userJson(u.user));
  });

  app.put('/user', async (c) => {
    const b = await jsonBody(ctx, c);
    if (!b.ok) return b.res;
    const u = await currentUser(c);
    if (!u.ok) return u.res;
    const email = str(b.body.email)?.trim().toLowerCase();
    const password = str(b.body.password);
    const data = b.body.data;
    if (email !== undefined && !EMAIL_RE.test(email)) return authError(c, 400, 'validation_failed', 'Unable to validate email address: invalid format');
    if (password !== undefined && password.length < MIN_PASSWORD_LENGTH) {
      return authError(c, 422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, { weak_password: { reasons: ['length'] } });
    }
    if (data !== undefined && (typeof data !== 'object' || data === null || Array.isArray(data))) {
      return authError(c, 400, 'validation_failed', 'data must be a JSON object');
    }
    const hash = password !== undefined ? await bcrypt.hash(password, BCRYPT_COST) : null;
    try {
      const user = await runAsOwner(ctx.pg, async (tx) => {
        const r = await tx.query<UserRow>(
          `update auth.users set
             email = coalesce($2, email),
             encrypted_password = coalesce($3, encrypted_password),
             raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || coalesce($4::text::jsonb, '{}'::jsonb),
             updated_at = now()
           where id = $1 returning ${USER_COLUMNS}`,
          [u.user.id, email ?? null, hash, data === undefined ? null : JSON.stringify(data)],
        );
        return r.rows[0]!;
      });
      return c.json(userJson(user));
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === '23505') return authError(c, 422, 'email_exists', 'A user with this email address has already been registered');
      throw e;
    }
  });

  app.post('/logout', async (c) => {
    await readBody(c.req.raw, ctx.maxJsonBytes);
    const u = await currentUser(c);
    if (!u.ok) {
      // Logging out a session that is already gone is not an error for the client.
      return c.body(null, 204);
    }
    const scope = c.req.query('scope') ?? 'global';
    await runAsOwner(ctx.pg, async (tx) => {
      if (scope === 'local' && u.sessionId) {
        await tx.query('update _local.refresh_tokens set revoked = true where session_id = $1', [u.sessionId]);
      } else if (scope === 'others' && u.sessionId) {
        await tx.query('update _local.refresh_tokens set revoked = true where user_id = $1 and session_id <> $2', [u.user.id, u.sessionId]);
      } else {
        await tx.query('update _local.refresh_tokens set revoked = true where user_id = $1', [u.user.id]);
      }
    });
    return c.body(null, 204);
  });

  app.post('/recover', async (c) => {
    const b = await jsonBody(ctx, c);
    if (!b.ok) return b.res;
    const email = str(b.body.email)?.trim().toLowerCase();
    if (!email || !EMAIL_RE.test(email)) return authError(c, 400, 'validation_failed', 'Unable to validate email address: invalid format');
    const token = randomToken();
    const redirectTo = c.req.query('redirect_to') ?? defaultRedirect(c);
    const found = await runAsOwner(ctx.pg, async (tx) => {
      const r = await tx.query<{ email: string }>(
        `update auth.users set recovery_token = $2, recovery_sent_at = now()
         where lower(email) = $1 and deleted_at is null returning email`,
        [email, hashToken(token)],
      );
      return r.rows[0]?.email ?? null;
    });
    if (found) await sendLink(c, found, 'recovery', token, redirectTo);
    return c.json({});
  });

  async function requireService(c: Ctx): Promise<Response | null> {
    const t = await claimsOf(ctx, c.req.raw);
    if (!t.ok) return authError(c, 401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    if (t.claims.role !== 'service_role') return authError(c, 403, 'not_admin', 'User not allowed');
    return null;
  }

  app.post('/admin/users', async (c) => {
    const b = await jsonBody(ctx, c);
    if (!b.ok) return b.res;
    const denied = await requireService(c);
    if (denied) return denied;
    const email = str(b.body.email)?.trim().toLowerCase();
    const password = str(b.body.password);
    if (!email || !EMAIL_RE.test(email)) return authError(c, 400, 'validation_failed', 'Unable to validate email address: invalid format');
    const hash = password ? await bcrypt.hash(password, BCRYPT_COST) : null;
    const meta = b.body.user_metadata ?? b.body.data ?? {};
    try {
      const user = await runAsOwner(ctx.pg, async (tx) => {
        const r = await tx.query<UserRow>(
          `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
             raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
           values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
             case when $4 then now() end, '{"provider":"email","providers":["email"]}'::jsonb, $5::text::jsonb, now(), now())
           returning ${USER_COLUMNS}`,
          [randomUUID(), email, hash, b.body.email_confirm === true, JSON.stringify(meta)],
        );
        return r.rows[0]!;
      });
      return c.json(userJson(user));
    } catch (e) {
      if ((e as { code?: string }).code === '23505') return authError(c, 422, 'email_exists', 'A user with this email address has already been registered');
      throw e;
    }
  });

  app.get('/admin/users/:id', async (c) => {
    const denied = await requireService(c);
    if (denied) return denied;
    const user = await runAsOwner(ctx.pg, (tx) => userById(tx, c.req.param('id')));
    if (!user) return authError(c, 404, 'user_not_found', 'User not found');
    return c.json(userJson(user));
  });

  app.delete('/admin/users/:id', async (c) => {
    await readBody(c.req.raw, ctx.maxJsonBytes);
    const denied = await requireService(c);
    if (denied) return denied;
    const id = c.req.param('id');
    if (!/^[0-9a-f-]{36}$/i.test(id)) return authError(c, 404, 'user_not_found', 'User not found');
    const deleted = await runAsOwner(ctx.pg, async (tx) => {
      const r = await tx.query('delete from auth.users where id = $1 returning id', [id]);
      return r.rows.length > 0;
    });
    if (!deleted) return authError(c, 404, 'user_not_found', 'User not found');
    return c.json({});
  });

  app.notFound((c) => authError(c, 404, 'not_found', 'Not found'));
  return app;
}
