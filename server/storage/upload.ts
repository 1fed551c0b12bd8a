/**
 * Uploads: `POST /object/<bucket>/<name>` (insert; `x-upsert: true` replaces)
 * and `PUT` (update), raw bytes or multipart. The row is inserted AS THE
 * CALLER first (the bucket's RLS decides), then the bytes are written; a
 * failed write rolls the row back.
 */
import { randomUUID, createHash } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { runAs, runAsOwner } from '../db.ts';
import { readBody } from '../body.ts';
import type { BackendContext } from '../context.ts';
import { normalizeContentType } from './serve.ts';
import {
  caller,
  errorResponse,
  fail,
  fileUnder,
  notFound,
  objectPath,
  type Ctx,
} from './shared.ts';

interface Upload {
  bytes: Uint8Array;
  contentType: string;
  cacheControl: string;
}

/** The bytes and their type from a raw or multipart body; a Response when the body is refused. */
async function uploadOf(c: Ctx, maxBytes: number): Promise<Upload | Response> {
  const raw = await readBody(c.req.raw, maxBytes);
  if (!raw.ok) {
    return raw.error === 'too_large'
      ? fail(413, 'Payload too large', 'The object exceeded the maximum allowed size')
      : fail(400, 'InvalidRequest', 'request.body_aborted');
  }
  const declared = c.req.header('content-type') ?? 'application/octet-stream';
  const cacheControl = (c.req.header('cache-control') ?? 'max-age=3600').replace(/^max-age=/, '');
  if (!declared.startsWith('multipart/form-data'))
    return { bytes: raw.bytes, contentType: normalizeContentType(declared), cacheControl };
  let form: FormData;
  try {
    form = await new Request('http://local/', {
      method: 'POST',
      headers: { 'content-type': declared },
      body: raw.bytes as Uint8Array<ArrayBuffer>,
    }).formData();
  } catch {
    return fail(400, 'InvalidRequest', 'storage.multipart_invalid');
  }
  let file: File | null = null;
  for (const [, v] of form) if (typeof v !== 'string') file = v;
  if (!file) return fail(400, 'InvalidRequest', 'storage.file_missing');
  const cc = form.get('cacheControl');
  return {
    bytes: new Uint8Array(await file.arrayBuffer()),
    contentType: normalizeContentType(file.type),
    cacheControl: typeof cc === 'string' ? cc : cacheControl,
  };
}

/** Handle an upload; `skip` = path segments before the bucket. */
export async function upload(
  ctx: BackendContext,
  root: string,
  c: Ctx,
  skip: number,
  method: 'POST' | 'PUT',
): Promise<Response> {
  const who = caller(c);
  if (!who.ok) return who.res;
  const p = objectPath(c, skip);
  if (!p) return fail(400, 'InvalidKey', 'Invalid key');
  const up = await uploadOf(c, ctx.maxUploadBytes);
  if (up instanceof Response) return up;
  const target = fileUnder(root, p.bucket, p.name);
  if (!target) return fail(400, 'InvalidKey', 'Invalid key');
  const upsert = method === 'PUT' || c.req.header('x-upsert') === 'true';
  const id = randomUUID();
  const metadata = {
    eTag: `"${createHash('md5').update(up.bytes).digest('hex')}"`,
    size: up.bytes.byteLength,
    mimetype: up.contentType,
    cacheControl: `max-age=${up.cacheControl}`,
    lastModified: new Date().toISOString(),
    contentLength: up.bytes.byteLength,
    httpStatusCode: 200,
  };
  const owner = typeof who.claims.sub === 'string' ? who.claims.sub : null;
  // As the owner: bucket rows are not readable by API roles.
  const bucket = await runAsOwner(ctx.pg, (tx) =>
    tx.query('select 1 from storage.buckets where id = $1', [p.bucket]),
  );
  if (bucket.rows.length === 0) return fail(404, 'Bucket not found', 'Bucket not found');
  try {
    const found = await runAs(ctx.pg, who.claims, async (tx) => {
      if (method === 'PUT') {
        const r = await tx.query(
          `update storage.objects set metadata = $3::text::jsonb, updated_at = now(), version = $4 where bucket_id = $1 and name = $2`,
          [p.bucket, p.name, JSON.stringify(metadata), id],
        );
        if ((r.affectedRows ?? 0) === 0) return 'no_object' as const;
      } else {
        await tx.query(
          `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, version)
           values ($1, $2, $3, $4::uuid, $4, $5::text::jsonb, $6)
           ${
             upsert
               ? `on conflict (bucket_id, name) do update set metadata = excluded.metadata, updated_at = now(),
               owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version`
               : ''
           }`,
          [id, p.bucket, p.name, owner, JSON.stringify(metadata), id],
        );
      }
      // The row is in; now the bytes. A failure here throws and rolls the row back.
      await mkdir(dirname(target), { recursive: true });
      const tmp = `${target}.${id}.part`;
      try {
        await writeFile(tmp, up.bytes);
        await rename(tmp, target);
      } catch (e) {
        await rm(tmp, { force: true });
        throw e;
      }
      return 'stored' as const;
    });
    if (found === 'no_object') return notFound();
  } catch (e) {
    return errorResponse(e, ctx.log);
  }
  return Response.json({ Id: id, Key: `${p.bucket}/${p.name}` });
}
