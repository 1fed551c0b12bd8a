/**
 * JWTs of the local backend (HS256, like Supabase): the anon and service keys,
 * user access tokens, and verification with a small cache so the hot path does
 * not re-verify the same token on every request.
 */
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { ApiRole, Claims } from './db.ts';

/** The Supabase CLI's well-known local JWT secret (not a secret: local only). */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
/** Expiry of the Supabase CLI demo keys (2032-11-12). */
const DEMO_KEY_EXP = 1983812996;

export interface Keys {
  secret: Uint8Array;
  anonKey: string;
  serviceKey: string;
}

/** Sign a payload (kept in the given key order) with HS256. */
export async function signJwt(
  secret: Uint8Array,
  payload: Record<string, unknown>,
): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
}

/**
 * The anon and service keys for `jwtSecret`. With the default secret they are
 * byte-for-byte the Supabase CLI's demo keys.
 */
export async function makeKeys(jwtSecret: string): Promise<Keys> {
  const secret = new TextEncoder().encode(jwtSecret);
  const anonKey = await signJwt(secret, { iss: 'supabase-demo', role: 'anon', exp: DEMO_KEY_EXP });
  const serviceKey = await signJwt(secret, {
    iss: 'supabase-demo',
    role: 'service_role',
    exp: DEMO_KEY_EXP,
  });
  return { secret, anonKey, serviceKey };
}

export type VerifyResult =
  | { ok: true; claims: Claims }
  | { ok: false; error: 'JWT expired' | 'JWSInvalidSignature' | 'JWSError' | 'JWTInvalidRole' };

const API_ROLES: ReadonlySet<string> = new Set<ApiRole>(['anon', 'authenticated', 'service_role']);
/** Verified tokens, by token string; bounded so a flood of tokens cannot grow memory. */
const CACHE_MAX = 2000;

/** Verifies tokens with one secret and caches good results until their `exp`. */
export function makeVerifier(secret: Uint8Array): (token: string) => Promise<VerifyResult> {
  const cache = new Map<string, Claims>();
  return async function verify(token: string): Promise<VerifyResult> {
    const hit = cache.get(token);
    const nowSec = Date.now() / 1000;
    if (hit) {
      if (typeof hit.exp !== 'number' || hit.exp > nowSec) return { ok: true, claims: hit };
      cache.delete(token);
      return { ok: false, error: 'JWT expired' };
    }
    try {
      const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
      const role = typeof payload.role === 'string' ? payload.role : 'anon';
      if (!API_ROLES.has(role)) return { ok: false, error: 'JWTInvalidRole' };
      const claims = { ...payload, role } as Claims;
      if (cache.size >= CACHE_MAX) cache.clear();
      cache.set(token, claims);
      return { ok: true, claims };
    } catch (e) {
      if (e instanceof joseErrors.JWTExpired) return { ok: false, error: 'JWT expired' };
      if (e instanceof joseErrors.JWSSignatureVerificationFailed)
        return { ok: false, error: 'JWSInvalidSignature' };
      return { ok: false, error: 'JWSError' };
    }
  };
}
