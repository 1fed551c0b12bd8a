/**
 * Reading objects: download (`/object/<bucket>/…`, `/object/authenticated/…`),
 * info, and the signed-URL download (`GET /object/sign/…?token=`). Reads run
 * AS THE CALLER, so the bucket's RLS decides; a signed URL's token decides
 * for itself.
 */
import { jwtVerify } from 'jose';
import { runAs, runAsOwner } from '../db.ts';
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
  try {
    const { payload } = await jwtVerify(token, ctx.keys.secret, { algorithms: ['HS256'] });
    if (payload.url !== `${p.bucket}/${p.name}`)
      return fail(400, 'InvalidSignature', 'The url do not match the signature');
  } catch (e) {
    const expired = e instanceof Error && e.name === 'JWTExpired';
    return fail(400, 'InvalidJWT', expired ? 'jwt expired' : 'invalid signature');
  }
  const row = await runAsOwner(
    ctx.pg,
    async (tx) => (await tx.query<ObjectRow>(ROW_SQL, [p.bucket, p.name])).rows[0],
  );
  if (!row) return notFound();
  return serveFile(c, root, p.bucket, p.name, row);
}
