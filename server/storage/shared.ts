/**
 * What the `/storage/v1` flows share: storage-js's error shape
 * (`{statusCode, error, message}`), the object path of a URL, the caller's
 * claims, and where an object's bytes live. Errors never carry a server path.
 */
import type { Context } from 'hono';
import { resolve, sep } from 'node:path';
import { UserGoneError, type Claims } from '../db.ts';
import type { ApiEnv } from '../context.ts';
import type { BodyProblem } from '../jsonBody.ts';
import { isPgError, isRetryableSqlState, RETRY_AFTER_SECONDS } from '../pgError.ts';

export type Ctx = Context<ApiEnv>;

export interface ObjectRow {
  id: string;
  name: string;
  metadata: Record<string, unknown> | null;
  updated_at: Date | null;
  created_at: Date | null;
  last_accessed_at: Date | null;
}

export const OBJECT_COLUMNS = 'id, name, metadata, updated_at, created_at, last_accessed_at';

/**
 * A storage-js error response `{statusCode, error, message}`. `message` is hosted Storage's own
 * words where it has an answer for the case (storage-js shows them as they come), else a stable
 * dotted code (`storage.name_conflict`) that src/remote/errorCodes.ts words.
 */
export function fail(status: number, error: string, message: string): Response {
  return new Response(JSON.stringify({ statusCode: String(status), error, message }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

export const notFound = (): Response => fail(404, 'not_found', 'Object not found');

/** A refused JSON body as a storage error. */
export function bodyFail(p: BodyProblem): Response {
  return p.status === 413
    ? fail(413, 'Payload too large', 'The object exceeded the maximum allowed size')
    : fail(
        400,
        'InvalidRequest',
        p.kind === 'aborted' ? 'request.body_aborted' : 'request.body_invalid',
      );
}

/**
 * Map an error to storage's error response. Postgres errors keep their
 * message (it names no server path); anything else, such as a filesystem
 * error (ENAMETOOLONG, EEXIST), is logged and answered without its text.
 */
export function errorResponse(e: unknown, log: (line: string) => void): Response {
  if (e instanceof UserGoneError) return fail(401, 'Unauthorized', e.message);
  if (isPgError(e)) {
    if (e.code === '42501')
      return fail(403, 'Unauthorized', 'new row violates row-level security policy');
    if (e.code === '23505') return fail(409, 'Duplicate', 'The resource already exists');
    if (e.code === '23503') return fail(404, 'Bucket not found', 'Bucket not found');
    if (isRetryableSqlState(e.code)) {
      const busy = fail(503, 'DatabaseTimeout', 'storage.busy');
      busy.headers.set('retry-after', String(RETRY_AFTER_SECONDS));
      return busy;
    }
    return fail(400, 'DatabaseError', String(e.message));
  }
  const code = (e as { code?: unknown } | null)?.code;
  log(`storage error: ${e instanceof Error ? e.message : String(e)}`);
  if (code === 'ENAMETOOLONG') return fail(400, 'InvalidKey', 'storage.name_too_long');
  if (code === 'EEXIST' || code === 'ENOTDIR' || code === 'EISDIR')
    return fail(409, 'InvalidKey', 'storage.name_conflict');
  return fail(500, 'InternalError', 'storage.write_failed');
}

/** Segments after `/storage/v1/<skip…>`, decoded; null when the path is unsafe. */
export function objectPath(c: Context, skip: number): { bucket: string; name: string } | null {
  const pathname = new URL(c.req.url).pathname;
  const at = pathname.indexOf('/storage/v1/');
  const parts = pathname
    .slice(at + '/storage/v1/'.length)
    .split('/')
    .slice(skip);
  let decoded: string[];
  try {
    decoded = parts.map((p) => decodeURIComponent(p));
  } catch {
    return null;
  }
  const [bucket, ...restRaw] = decoded;
  const rest = restRaw.join('/').split('/');
  if (!bucket || restRaw.length === 0 || bucket.includes('/')) return null;
  if (rest.some((s) => s === '' || s === '.' || s === '..' || s.includes('\0') || s.includes('\\')))
    return null;
  return { bucket, name: rest.join('/') };
}

/** The caller's claims (set by the claims middleware), or the storage error for a missing or bad token. */
export function caller(c: Ctx): { ok: true; claims: Claims } | { ok: false; res: Response } {
  const t = c.get('auth');
  if (t.ok) return { ok: true, claims: t.claims };
  const status = t.message === 'No API key found in request' ? 401 : 403;
  return {
    ok: false,
    res: fail(status, 'Unauthorized', t.message === 'JWT expired' ? 'jwt expired' : t.message),
  };
}

/** Where `bucket/name` lives under `root`, or null when it would leave it. */
export function fileUnder(root: string, bucket: string, name: string): string | null {
  const p = resolve(root, bucket, name);
  return p.startsWith(root + sep) ? p : null;
}
