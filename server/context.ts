/**
 * What every route of the local backend shares: the database, keys, JWT
 * verifier, mailer, options, and how a request's token becomes claims.
 */
import type { Claims, SqlDatabase } from './db.ts';
import type { Keys, VerifyResult } from './jwt.ts';
import type { Mailer } from './mail.ts';
import type { Catalog } from './rest/catalog.ts';

export interface BackendContext {
  pg: SqlDatabase;
  keys: Keys;
  verify: (token: string) => Promise<VerifyResult>;
  mailer: Mailer;
  siteUrl: string | undefined;
  storageDir: string;
  maxUploadBytes: number;
  /** Limit for JSON bodies of /rest and /auth. */
  maxJsonBytes: number;
  accessTokenTtlSeconds: number;
  signInRateLimit: { max: number; windowMs: number };
  catalog: Catalog;
  log: (line: string) => void;
}

export type TokenResult = { ok: true; claims: Claims; token: string } | { ok: false; message: string };

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
