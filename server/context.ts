/**
 * What every route of the local backend shares: the database, keys, JWT
 * verifier, mailer, options, and how a request's token becomes claims.
 */
import type { MiddlewareHandler } from 'hono';
import type { Claims, SqlDatabase } from './db.ts';
import type { Keys, VerifyResult } from './jwt.ts';
import type { Mailer } from './mail.ts';
import type { Catalog } from './rest/catalog.ts';
import type { AuthRateLimits } from './auth/rateLimit.ts';
import type { RedirectAllowList } from './auth/redirect.ts';
import type { AuthSettings } from './projectConfig.ts';

/** The sign-up and password settings the auth routes read (see ./projectConfig.ts). */
export type SignupSettings = Pick<
  AuthSettings,
  'minimumPasswordLength' | 'enableSignup' | 'emailSignup' | 'enableConfirmations'
>;

export interface BackendContext {
  pg: SqlDatabase;
  keys: Keys;
  verify: (token: string) => Promise<VerifyResult>;
  mailer: Mailer;
  siteUrl: string | undefined;
  /** The server's own origin once it listens (`http://host:port`): where links lead without SITE_URL. Never taken from a request. */
  ownOrigin: () => string;
  storageDir: string;
  maxUploadBytes: number;
  /** Limit for JSON bodies of /rest and /auth. */
  maxJsonBytes: number;
  accessTokenTtlSeconds: number;
  /** Sign-up rules: who may create an account, whether it is confirmed by mail, password length. */
  auth: SignupSettings;
  /** Realtime's "Allow public access" off (hosted's `private_only`): only private channels may be joined. */
  realtimePrivateOnly: boolean;
  /** Per email and per client address: sign-in failures, signups and recovery mails. */
  rateLimits: AuthRateLimits;
  /** Where auth links may send the browser: SITE_URL's origin and the operator's list. */
  redirectAllowList: RedirectAllowList;
  catalog: Catalog;
  log: (line: string) => void;
}

export type TokenResult =
  { ok: true; claims: Claims; token: string } | { ok: false; message: string };

/**
 * The caller's claims from `Authorization: Bearer` (preferred) or `apikey`.
 * Missing or bad tokens are errors; supabase-js always sends at least the anon key.
 */
export async function claimsOf(ctx: BackendContext, req: Request): Promise<TokenResult> {
  const auth = req.headers.get('authorization');
  let token: string | null = null;
  if (auth && /^bearer /i.test(auth)) token = auth.slice(7).trim();
  if (!token) token = req.headers.get('apikey');
  if (!token) return { ok: false, message: 'No API key found in request' };
  const r = await ctx.verify(token);
  if (!r.ok) return { ok: false, message: r.error };
  return { ok: true, claims: r.claims, token };
}

/** Hono environment of the API groups: the caller's token, verified once by {@link claimsMiddleware}. */
export interface ApiEnv {
  Variables: { auth: TokenResult };
}

/**
 * The one claims middleware: turns the request's token into claims once and
 * keeps the result (good or not) on the context as `auth`; each route decides
 * what a missing or bad token means for it.
 */
export function claimsMiddleware(ctx: BackendContext): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    c.set('auth', await claimsOf(ctx, c.req.raw));
    await next();
  };
}
