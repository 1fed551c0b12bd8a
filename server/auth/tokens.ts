/**
 * Sessions of the local GoTrue: access tokens (HS256 JWTs with Supabase's
 * claims) and refresh tokens (random, stored as SHA-256 in `_local`, rotated
 * on use, revoked on logout).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Tx } from '../db.ts';
import { signJwt } from '../jwt.ts';
import { userJson, type UserRow } from './user.ts';

/** SHA-256 hex of a token (what is stored; the token itself never is). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A random URL-safe token. */
export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

/** Store a new refresh token for `sessionId` (a new session when undefined). */
export async function storeRefreshToken(
  tx: Tx,
  userId: string,
  sessionId: string,
): Promise<string> {
  const token = randomToken();
  await tx.query(
    'insert into _local.refresh_tokens (token_hash, user_id, session_id) values ($1, $2, $3)',
    [hashToken(token), userId, sessionId],
  );
  return token;
}

/** Start a session for `user`: refresh token stored, access token signed. */
export async function startSession(
  tx: Tx,
  user: UserRow,
  opts: { secret: Uint8Array; ttlSeconds: number; issuer: string; method: string },
  sessionId: string = randomUUID(),
): Promise<SessionJson> {
  const refresh = await storeRefreshToken(tx, user.id, sessionId);
  return sessionJson(user, refresh, sessionId, opts);
}

/** Sign the access token and shape the session as GoTrue returns it. */
export async function sessionJson(
  user: UserRow,
  refreshToken: string,
  sessionId: string,
  opts: { secret: Uint8Array; ttlSeconds: number; issuer: string; method: string },
): Promise<SessionJson> {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + opts.ttlSeconds;
  const u = userJson(user);
  const access = await signJwt(opts.secret, {
    aud: 'authenticated',
    exp,
    iat,
    iss: opts.issuer,
    sub: user.id,
    email: user.email ?? '',
    phone: '',
    app_metadata: u.app_metadata,
    user_metadata: u.user_metadata,
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: opts.method, timestamp: iat }],
    session_id: sessionId,
    is_anonymous: false,
  });
  return {
    access_token: access,
    token_type: 'bearer',
    expires_in: opts.ttlSeconds,
    expires_at: exp,
    refresh_token: refreshToken,
    user: u,
  };
}
