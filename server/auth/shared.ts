/**
 * What the `/auth/v1` flows share: GoTrue-shaped errors, the request fields'
 * rules (email, password), the client address, session options and the mail
 * with a link.
 */
import type { Context } from 'hono';
import bcrypt from 'bcryptjs';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { isEmailAddress } from '../../shared/emailRule.ts';
import type { ApiEnv, BackendContext } from '../context.ts';
import type { BodyProblem } from '../jsonBody.ts';
import { allowedRedirect } from './redirect.ts';
import { runAsOwner } from '../db.ts';
import {
  alreadyRegisteredMail,
  authLinkMail,
  mailLocale,
  type MailLocale,
} from '../../supabase/functions/_shared/mailTexts.ts';

export type Ctx = Context<ApiEnv>;

/** GoTrue's default minimum password length. */
export const MIN_PASSWORD_LENGTH = 6;
/** bcrypt reads at most 72 bytes; a longer password would be cut off silently, so it is refused. */
export const MAX_PASSWORD_BYTES = 72;
/** bcrypt cost (GoTrue uses bcrypt's default cost 10). */
export const BCRYPT_COST = 10;
export const API_VERSION = '2024-01-01';

let dummyHash: Promise<string> | null = null;

/**
 * A bcrypt hash (cost {@link BCRYPT_COST}) of a random secret, made once per
 * process: a sign-in for an unknown email is compared with it, so it costs
 * the same time as a wrong password for a real account.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= bcrypt.hash(randomBytes(18).toString('base64'), BCRYPT_COST);
  return dummyHash;
}

/** A GoTrue error: `{code, error_code, msg, message}` with `X-Supabase-Api-Version`. */
export function authError(
  c: Ctx,
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
): Response {
  c.header('X-Supabase-Api-Version', API_VERSION);
  return c.json({ code, error_code: code, msg: message, message, ...extra }, status as 400);
}

/** A refused body as a GoTrue error. */
export function bodyFail(c: Ctx): (p: BodyProblem) => Response {
  return (p) =>
    authError(
      c,
      p.status,
      p.status === 413
        ? 'request_too_large'
        : p.kind === 'invalid_shape'
          ? 'validation_failed'
          : 'bad_json',
      p.message,
    );
}

const INVALID_EMAIL = 'Unable to validate email address: invalid format';

/** An email field: trimmed, lower-cased, the product's one email rule (length and NUL included). */
export const emailField = z
  .string({ invalid_type_error: INVALID_EMAIL })
  .transform((s) => s.trim().toLowerCase())
  .refine(isEmailAddress, INVALID_EMAIL);

/** User metadata: a JSON object. */
export const metadataField = z.record(z.unknown(), {
  invalid_type_error: 'data must be a JSON object',
});

/**
 * A password problem as GoTrue answers it, or null when the password is
 * acceptable: at least `min` characters (`[auth] minimum_password_length`),
 * at most {@link MAX_PASSWORD_BYTES} bytes.
 */
export function passwordProblem(
  c: Ctx,
  password: string,
  min = MIN_PASSWORD_LENGTH,
): Response | null {
  if (password.length < min) {
    return authError(c, 422, 'weak_password', `Password should be at least ${min} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    return authError(
      c,
      422,
      'weak_password',
      `Password cannot be longer than ${MAX_PASSWORD_BYTES} bytes.`,
      { weak_password: { reasons: ['length'] } },
    );
  }
  return null;
}

/** An email that failed the rule; never echoes what was sent. */
export function invalidEmail(c: Ctx): Response {
  return authError(c, 400, 'validation_failed', INVALID_EMAIL);
}

/** The TCP peer's address of the request (rate limits, local-only routes). */
export function clientAddress(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}

/** Options for signing a session's access token. */
export function sessionOpts(ctx: BackendContext, c: Ctx, method: string) {
  return {
    secret: ctx.keys.secret,
    ttlSeconds: ctx.accessTokenTtlSeconds,
    issuer: `${new URL(c.req.url).origin}/auth/v1`,
    method,
  };
}

/** Where a link of this request may lead: `redirect_to`, else the page's Origin, if allowed; else SITE_URL. */
export function redirectFor(ctx: BackendContext, c: Ctx, requested: string | undefined): string {
  const origin = c.req.header('origin');
  return allowedRedirect(
    ctx.redirectAllowList,
    new URL(c.req.url).origin,
    requested ?? (origin ? `${origin}/` : undefined),
  );
}

export type LinkType = 'signup' | 'recovery' | 'email_change';

/**
 * The language of mails to `email`: the account's `profiles.locale` (the person's choice, every
 * device follows it), else the `locale` the app put in the sign-up's metadata (the language it
 * showed then), else English. No account: English.
 */
export async function recipientLocale(ctx: BackendContext, email: string): Promise<MailLocale> {
  const tag = await runAsOwner(ctx.pg, async (tx) => {
    const user = await tx.query<{ id: string; locale: string | null }>(
      `select id, raw_user_meta_data->>'locale' as locale from auth.users
        where lower(email) = lower($1) and deleted_at is null order by created_at limit 1`,
      [email],
    );
    const found = user.rows[0];
    if (!found) return null;
    // A backend on migrations without profiles (a test fixture) has only the metadata.
    const hasColumn = await tx.query<{ yes: boolean }>(
      `select exists (select 1 from information_schema.columns where table_schema = 'public'
         and table_name = 'profiles' and column_name = 'locale') as yes`,
    );
    if (!hasColumn.rows[0]?.yes) return found.locale;
    const profile = await tx.query<{ locale: string | null }>(
      'select locale from public.profiles where id = $1',
      [found.id],
    );
    return profile.rows[0]?.locale ?? found.locale;
  });
  return mailLocale(tag);
}

/** Mail a verify link of `type` to `to` (the outbox and SMTP, as for every auth mail). */
export async function sendLink(
  ctx: BackendContext,
  c: Ctx,
  to: string,
  type: LinkType,
  token: string,
  redirectTo: string,
): Promise<void> {
  const origin = new URL(c.req.url).origin;
  const link = `${origin}/auth/v1/verify?token=${encodeURIComponent(token)}&type=${type}&redirect_to=${encodeURIComponent(redirectTo)}`;
  const mail = authLinkMail(type, link, await recipientLocale(ctx, to));
  await ctx.mailer.send({ to, ...mail, links: [link] });
}

/** Mail to the owner of an address someone tried to sign up with again (GoTrue answers alike and tells only the owner). */
export async function sendAlreadyRegistered(
  ctx: BackendContext,
  to: string,
  signInUrl: string,
): Promise<void> {
  const mail = alreadyRegisteredMail(signInUrl, await recipientLocale(ctx, to));
  await ctx.mailer.send({ to, ...mail, links: [signInUrl] });
}
