/**
 * Reading objects: download (`/object/<bucket>/…`, `/object/authenticated/…`),
 * info, and the signed-URL download (`GET /object/sign/…?token=`). Reads run
 * AS THE CALLER, so the bucket's RLS decides; a signed URL's download is
 * read as the user who signed it (its token's `sub` and `role`), so the
 * link works only while that user may still read the object: anything
 * else is a 404, as for an object that does not exist.
 */
import { jwtVerify } from 'jose';
import { runAs, UserGoneError, type ApiRole } from '../db.ts';
import type { BackendContext } from '../context.ts';
import { serveFile } from './serve.ts';
import {
  caller,
  errorResponse,
  fail,
  notFound,
  objectPath,
  OBJECT_COLUMNS,
  type Ctx,
  type ObjectRow,
} from './shared.ts';

const ROW_SQL = `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`;

/** The object's row as the caller sees it; a Response on a bad path or error. */
async function rowFor(
  ctx: BackendContext,
  c: Ctx,
  skip: number,
): Promise<{ bucket: string; name: string; row: ObjectRow } | Response> {
  const who = caller(c);
  if (!who.ok) return who.res;
  const p = objectPath(c, skip);
  if (!p) return fail(400, 'InvalidKey', 'Invalid key');
  try {
    const row = await runAs(
      ctx.pg,
      who.claims,
      async (tx) => (await tx.query<ObjectRow>(ROW_SQL, [p.bucket, p.name])).rows[0],
    );
    return row ? { ...p, row } : notFound();
  } catch (e) {
    return errorResponse(e, ctx.log);
  }
}

/** GET/HEAD an object's bytes. */
export async function download(
  ctx: BackendContext,
  root: string,
  c: Ctx,
  skip: number,
): Promise<Response> {
  const found = await rowFor(ctx, c, skip);
  if (found instanceof Response) return found;
  return serveFile(c, root, found.bucket, found.name, found.row);
}

/** GET an object's info (storage-js `info()`). */
export async function info(ctx: BackendContext, c: Ctx): Promise<Response> {
  const found = await rowFor(ctx, c, 2);
  if (found instanceof Response) return found;
  const { row } = found;
  const meta = row.metadata ?? {};
  return Response.json({
    id: row.id,
    name: row.name,
    bucket_id: found.bucket,
    version: row.id,
    size: meta.size ?? null,
    content_type: meta.mimetype ?? null,
    cache_control: meta.cacheControl ?? null,
    etag: meta.eTag ?? null,
    metadata: meta,
    created_at: row.created_at?.toISOString() ?? null,
    last_modified: row.updated_at?.toISOString() ?? null,
  });
}

/** GET/HEAD through a signed URL: the token names the object and its expiry. */
export async function signedDownload(ctx: BackendContext, root: string, c: Ctx): Promise<Response> {
  const p = objectPath(c, 2);
  if (!p) return fail(400, 'InvalidKey', 'Invalid key');
  const token = c.req.query('token');
  if (!token) return fail(400, 'InvalidJWT', 'Missing token');
  let signer: { role: ApiRole; sub?: string };
  try {
    const { payload } = await jwtVerify(token, ctx.keys.secret, { algorithms: ['HS256'] });
    if (payload.url !== `${p.bucket}/${p.name}`)
      return fail(400, 'InvalidSignature', 'The url do not match the signature');
    // A link signed before signers were named (no role) reads as nobody: sign it again.
    const role = payload.role === 'service_role' ? 'service_role' : 'authenticated';
    if (payload.role !== role || (role === 'authenticated' && typeof payload.sub !== 'string'))
      return notFound();
    signer = role === 'service_role' ? { role } : { role, sub: payload.sub };
  } catch (e) {
    const expired = e instanceof Error && e.name === 'JWTExpired';
    return fail(400, 'InvalidJWT', expired ? 'jwt expired' : 'invalid signature');
  }
  let row: ObjectRow | undefined;
  try {
    row = await runAs(
      ctx.pg,
      signer,
      async (tx) => (await tx.query<ObjectRow>(ROW_SQL, [p.bucket, p.name])).rows[0],
    );
  } catch (e) {
    if (e instanceof UserGoneError) return notFound();
    return errorResponse(e, ctx.log);
  }
  if (!row) return notFound();
  return serveFile(c, root, p.bucket, p.name, row);
}
