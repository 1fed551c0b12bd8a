/**
 * `/storage/v1`: the storage-js subset the app uses — upload (raw or
 * multipart, `x-upsert`), download, list, remove, signed URLs. Every access
 * does the matching select/insert/update/delete on `storage.objects` AS THE
 * CALLER in the request's transaction, so the bucket's RLS policies decide.
 * Bytes live under `<storageDir>/<bucket>/<name>`; a file is written only
 * after its row was inserted, and a failed write rolls the row back.
 * Errors are `{statusCode, error, message}` as storage-js expects.
 */
import { Hono, type Context } from 'hono';
import { randomUUID, createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { jwtVerify } from 'jose';
import { runAs, type Claims } from '../db.ts';
import { readBody } from '../body.ts';
import { claimsOf, type BackendContext } from '../context.ts';
import { isPgError } from '../pgError.ts';
import { signJwt } from '../jwt.ts';

interface StorageError {
  statusCode: string;
  error: string;
  message: string;
}

function fail(status: number, error: string, message: string): Response {
  const body: StorageError = { statusCode: String(status), error, message };
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

const NOT_FOUND = (): Response => fail(404, 'not_found', 'Object not found');

/** Map a Postgres error to storage's error response. */
function pgFail(e: unknown): Response {
  if (isPgError(e)) {
    if (e.code === '42501') return fail(403, 'Unauthorized', 'new row violates row-level security policy');
    if (e.code === '23505') return fail(409, 'Duplicate', 'The resource already exists');
    if (e.code === '23503') return fail(404, 'Bucket not found', 'Bucket not found');
    return fail(400, 'DatabaseError', String(e.message));
  }
  return fail(500, 'InternalError', e instanceof Error ? e.message : String(e));
}

/** Segments after `/storage/v1/<skip…>`, decoded; null when the path is unsafe. */
function objectPath(c: Context, skip: number): { bucket: string; name: string } | null {
  const pathname = new URL(c.req.url).pathname;
  const at = pathname.indexOf('/storage/v1/');
  const parts = pathname.slice(at + '/storage/v1/'.length).split('/').slice(skip);
  let decoded: string[];
  try {
    decoded = parts.map((p) => decodeURIComponent(p));
  } catch {
    return null;
  }
  const [bucket, ...restRaw] = decoded;
  const rest = restRaw.join('/').split('/');
  if (!bucket || restRaw.length === 0 || bucket.includes('/')) return null;
  if (rest.some((s) => s === '' || s === '.' || s === '..' || s.includes('\0') || s.includes('\\'))) return null;
  return { bucket, name: rest.join('/') };
}

interface ObjectRow {
  id: string;
  name: string;
  metadata: Record<string, unknown> | null;
  updated_at: Date | null;
  created_at: Date | null;
  last_accessed_at: Date | null;
}

/** Build the `/storage/v1` routes. */
export function storageRoutes(ctx: BackendContext): Hono {
  const app = new Hono();
  const root = resolve(ctx.storageDir);

  function filePath(bucket: string, name: string): string | null {
    const p = resolve(root, bucket, name);
    return p.startsWith(root + sep) ? p : null;
  }

  async function caller(c: Context): Promise<{ ok: true; claims: Claims } | { ok: false; res: Response }> {
    const t = await claimsOf(ctx, c.req.raw);
    if (!t.ok) return { ok: false, res: fail(t.message === 'No API key found in request' ? 401 : 403, 'Unauthorized', t.message === 'JWT expired' ? 'jwt expired' : t.message) };
    return { ok: true, claims: t.claims };
  }

  async function bucketExists(bucket: string): Promise<boolean> {
    const r = await ctx.pg.query('select 1 from storage.buckets where id = $1', [bucket]);
    return r.rows.length > 0;
  }

  async function upload(c: Context, skip: number, method: 'POST' | 'PUT'): Promise<Response> {
    const who = await caller(c);
    if (!who.ok) return who.res;
    const p = objectPath(c, skip);
    if (!p) return fail(400, 'InvalidKey', 'Invalid key');
    const raw = await readBody(c.req.raw, ctx.maxUploadBytes);
    if (!raw.ok) {
      return raw.error === 'too_large'
        ? fail(413, 'Payload too large', 'The object exceeded the maximum allowed size')
        : fail(400, 'InvalidRequest', 'Request body aborted');
    }
    let bytes = raw.bytes;
    let contentType = c.req.header('content-type') ?? 'application/octet-stream';
    let cacheControl = (c.req.header('cache-control') ?? 'max-age=3600').replace(/^max-age=/, '');
    if (contentType.startsWith('multipart/form-data')) {
      let form: FormData;
      try {
        form = await new Request('http://local/', { method: 'POST', headers: { 'content-type': contentType }, body: bytes as Uint8Array<ArrayBuffer> }).formData();
      } catch {
        return fail(400, 'InvalidRequest', 'Malformed multipart body');
      }
      let file: File | null = null;
      for (const [, v] of form) if (typeof v !== 'string') file = v;
      if (!file) return fail(400, 'InvalidRequest', 'No file in the multipart body');
      bytes = new Uint8Array(await file.arrayBuffer());
      contentType = file.type || 'application/octet-stream';
      const cc = form.get('cacheControl');
      if (typeof cc === 'string') cacheControl = cc;
    }
    if (!(await bucketExists(p.bucket))) return fail(404, 'Bucket not found', 'Bucket not found');
    const upsert = method === 'PUT' || c.req.header('x-upsert') === 'true';
    const target = filePath(p.bucket, p.name);
    if (!target) return fail(400, 'InvalidKey', 'Invalid key');
    const id = randomUUID();
    const metadata = {
      eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
      size: bytes.byteLength,
      mimetype: contentType,
      cacheControl: `max-age=${cacheControl}`,
      lastModified: new Date().toISOString(),
      contentLength: bytes.byteLength,
      httpStatusCode: 200,
    };
    const owner = typeof who.claims.sub === 'string' ? who.claims.sub : null;
    try {
      await runAs(ctx.pg, who.claims, async (tx) => {
        if (method === 'PUT') {
          const r = await tx.query(
            `update storage.objects set metadata = $3::text::jsonb, updated_at = now(), version = $4
              where bucket_id = $1 and name = $2`,
            [p.bucket, p.name, JSON.stringify(metadata), id],
          );
          if ((r.affectedRows ?? 0) === 0) throw Object.assign(new Error('not found'), { notFound: true });
        } else {
          await tx.query(
            `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, version)
             values ($1, $2, $3, $4::uuid, $4, $5::text::jsonb, $6)
             ${upsert ? `on conflict (bucket_id, name) do update set metadata = excluded.metadata, updated_at = now(),
                 owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version` : ''}`,
            [id, p.bucket, p.name, owner, JSON.stringify(metadata), id],
          );
        }
        // The row is in; now the bytes. A failure here throws and rolls the row back.
        await mkdir(dirname(target), { recursive: true });
        const tmp = `${target}.${id}.part`;
        try {
          await writeFile(tmp, bytes);
          await rename(tmp, target);
        } catch (e) {
          await rm(tmp, { force: true });
          throw e;
        }
      });
    } catch (e) {
      if ((e as { notFound?: boolean }).notFound) return NOT_FOUND();
      return pgFail(e);
    }
    return Response.json({ Id: id, Key: `${p.bucket}/${p.name}` });
  }

  async function download(c: Context, skip: number): Promise<Response> {
    const who = await caller(c);
    if (!who.ok) return who.res;
    const p = objectPath(c, skip);
    if (!p) return fail(400, 'InvalidKey', 'Invalid key');
    let row: ObjectRow | undefined;
    try {
      row = await runAs(ctx.pg, who.claims, async (tx) => {
        const r = await tx.query<ObjectRow>(
          'select id, name, metadata, updated_at, created_at, last_accessed_at from storage.objects where bucket_id = $1 and name = $2',
          [p.bucket, p.name],
        );
        return r.rows[0];
      });
    } catch (e) {
      return pgFail(e);
    }
    if (!row) return NOT_FOUND();
    return serveFile(c, p.bucket, p.name, row);
  }

  async function serveFile(c: Context, bucket: string, name: string, row: ObjectRow): Promise<Response> {
    const path = filePath(bucket, name);
    if (!path) return NOT_FOUND();
    let bytes: Buffer;
    try {
      bytes = await readFile(path);
    } catch {
      return NOT_FOUND();
    }
    const meta = row.metadata ?? {};
    const headers: Record<string, string> = {
      'content-type': typeof meta.mimetype === 'string' ? meta.mimetype : 'application/octet-stream',
      'cache-control': typeof meta.cacheControl === 'string' ? meta.cacheControl : 'no-cache',
      'content-length': String(bytes.byteLength),
    };
    if (typeof meta.eTag === 'string') headers.etag = meta.eTag;
    if (row.updated_at) headers['last-modified'] = row.updated_at.toUTCString();
    const dl = c.req.query('download');
    if (dl !== undefined) headers['content-disposition'] = `attachment; filename="${encodeURIComponent(dl || name.split('/').pop() || 'file')}"`;
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(bytes), { status: 200, headers });
  }

  async function jsonOf(c: Context): Promise<{ ok: true; body: Record<string, unknown> } | { ok: false; res: Response }> {
    const raw = await readBody(c.req.raw, ctx.maxJsonBytes);
    if (!raw.ok) return { ok: false, res: raw.error === 'too_large' ? fail(413, 'Payload too large', 'The object exceeded the maximum allowed size') : fail(400, 'InvalidRequest', 'Request body aborted') };
    try {
      const v = raw.bytes.byteLength ? (JSON.parse(new TextDecoder().decode(raw.bytes)) as unknown) : {};
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return { ok: false, res: fail(400, 'InvalidRequest', 'Body must be a JSON object') };
      return { ok: true, body: v as Record<string, unknown> };
    } catch {
      return { ok: false, res: fail(400, 'InvalidRequest', 'Body is not valid JSON') };
    }
  }

  app.post('/object/list/:bucket', async (c) => {
    const b = await jsonOf(c);
    if (!b.ok) return b.res;
    const who = await caller(c);
    if (!who.ok) return who.res;
    const bucket = c.req.param('bucket');
    let prefix = typeof b.body.prefix === 'string' ? b.body.prefix : '';
    if (prefix && !prefix.endsWith('/')) prefix += '/';
    if (prefix === '/') prefix = '';
    const limit = typeof b.body.limit === 'number' ? b.body.limit : 100;
    const offset = typeof b.body.offset === 'number' ? b.body.offset : 0;
    const search = typeof b.body.search === 'string' ? b.body.search.toLowerCase() : '';
    const sortBy = (b.body.sortBy ?? {}) as { column?: string; order?: string };
    const column = ['name', 'updated_at', 'created_at', 'last_accessed_at'].includes(sortBy.column ?? '') ? sortBy.column! : 'name';
    const desc = sortBy.order === 'desc';
    let rows: ObjectRow[];
    try {
      rows = await runAs(ctx.pg, who.claims, async (tx) => {
        const r = await tx.query<ObjectRow>(
          `select id, name, metadata, updated_at, created_at, last_accessed_at from storage.objects
            where bucket_id = $1 and left(name, length($2)) = $2`,
          [bucket, prefix],
        );
        return r.rows;
      });
    } catch (e) {
      return pgFail(e);
    }
    const items = new Map<string, Record<string, unknown>>();
    for (const r of rows) {
      const rest = r.name.slice(prefix.length);
      const slash = rest.indexOf('/');
      const itemName = slash >= 0 ? rest.slice(0, slash) : rest;
      if (search && !itemName.toLowerCase().startsWith(search)) continue;
      if (slash >= 0) {
        if (!items.has(itemName)) items.set(itemName, { name: itemName, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
      } else {
        items.set(itemName, {
          name: itemName,
          id: r.id,
          updated_at: r.updated_at?.toISOString() ?? null,
          created_at: r.created_at?.toISOString() ?? null,
          last_accessed_at: r.last_accessed_at?.toISOString() ?? null,
          metadata: r.metadata,
        });
      }
    }
    const list = [...items.values()].sort((x, y) => {
      const a = String(x[column] ?? x.name ?? '');
      const z = String(y[column] ?? y.name ?? '');
      const cmp = a < z ? -1 : a > z ? 1 : 0;
      return desc ? -cmp : cmp;
    });
    return Response.json(list.slice(offset, offset + limit));
  });

  async function signedUrl(bucket: string, name: string, expiresIn: number): Promise<string> {
    const iat = Math.floor(Date.now() / 1000);
    const token = await signJwt(ctx.keys.secret, { url: `${bucket}/${name}`, iat, exp: iat + Math.floor(expiresIn) });
    return `/object/sign/${bucket}/${name}?token=${token}`;
  }

  app.post('/object/sign/:bucket', async (c) => {
    const b = await jsonOf(c);
    if (!b.ok) return b.res;
    const who = await caller(c);
    if (!who.ok) return who.res;
    const bucket = c.req.param('bucket');
    const paths = Array.isArray(b.body.paths) ? b.body.paths.filter((x): x is string => typeof x === 'string') : [];
    const expiresIn = typeof b.body.expiresIn === 'number' ? b.body.expiresIn : 60;
    let visible: Set<string>;
    try {
      visible = await runAs(ctx.pg, who.claims, async (tx) => {
        const r = await tx.query<{ name: string }>(
          `select name from storage.objects where bucket_id = $1 and name in (select jsonb_array_elements_text($2::text::jsonb))`,
          [bucket, JSON.stringify(paths)],
        );
        return new Set(r.rows.map((x) => x.name));
      });
    } catch (e) {
      return pgFail(e);
    }
    const out = [];
    for (const path of paths) {
      out.push(
        visible.has(path)
          ? { error: null, path, signedURL: await signedUrl(bucket, path, expiresIn) }
          : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
      );
    }
    return Response.json(out);
  });

  app.post('/object/sign/:bucket/*', async (c) => {
    const b = await jsonOf(c);
    if (!b.ok) return b.res;
    const who = await caller(c);
    if (!who.ok) return who.res;
    const p = objectPath(c, 2);
    if (!p) return fail(400, 'InvalidKey', 'Invalid key');
    const expiresIn = typeof b.body.expiresIn === 'number' ? b.body.expiresIn : 60;
    let found: boolean;
    try {
      found = await runAs(ctx.pg, who.claims, async (tx) => {
        const r = await tx.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [p.bucket, p.name]);
        return r.rows.length > 0;
      });
    } catch (e) {
      return pgFail(e);
    }
    if (!found) return NOT_FOUND();
    return Response.json({ signedURL: await signedUrl(p.bucket, p.name, expiresIn) });
  });

  app.on(['GET', 'HEAD'], '/object/sign/:bucket/*', async (c) => {
    const p = objectPath(c, 2);
    if (!p) return fail(400, 'InvalidKey', 'Invalid key');
    const token = c.req.query('token');
    if (!token) return fail(400, 'InvalidJWT', 'Missing token');
    try {
      const { payload } = await jwtVerify(token, ctx.keys.secret, { algorithms: ['HS256'] });
      if (payload.url !== `${p.bucket}/${p.name}`) return fail(400, 'InvalidSignature', 'The url do not match the signature');
    } catch (e) {
      const expired = e instanceof Error && e.name === 'JWTExpired';
      return fail(400, 'InvalidJWT', expired ? 'jwt expired' : 'invalid signature');
    }
    const r = await ctx.pg.query<ObjectRow>(
      'select id, name, metadata, updated_at, created_at, last_accessed_at from storage.objects where bucket_id = $1 and name = $2',
      [p.bucket, p.name],
    );
    const row = r.rows[0];
    if (!row) return NOT_FOUND();
    return serveFile(c, p.bucket, p.name, row);
  });

  app.on(['GET', 'HEAD'], '/object/authenticated/:bucket/*', (c) => download(c, 2));
  app.on(['GET', 'HEAD'], '/object/info/:bucket/*', async (c) => {
    const who = await caller(c);
    if (!who.ok) return who.res;
    const p = objectPath(c, 2);
    if (!p) return fail(400, 'InvalidKey', 'Invalid key');
    const row = await runAs(ctx.pg, who.claims, async (tx) => {
      const r = await tx.query<ObjectRow>(
        'select id, name, metadata, updated_at, created_at, last_accessed_at from storage.objects where bucket_id = $1 and name = $2',
        [p.bucket, p.name],
      );
      return r.rows[0];
    });
    if (!row) return NOT_FOUND();
    const meta = row.metadata ?? {};
    return Response.json({
      id: row.id,
      name: row.name,
      bucket_id: p.bucket,
      version: row.id,
      size: meta.size ?? null,
      content_type: meta.mimetype ?? null,
      cache_control: meta.cacheControl ?? null,
      etag: meta.eTag ?? null,
      metadata: meta,
      created_at: row.created_at?.toISOString() ?? null,
      last_modified: row.updated_at?.toISOString() ?? null,
    });
  });
  app.post('/object/:bucket/*', (c) => upload(c, 1, 'POST'));
  app.put('/object/:bucket/*', (c) => upload(c, 1, 'PUT'));
  app.on(['GET', 'HEAD'], '/object/:bucket/*', (c) => download(c, 1));

  app.delete('/object/:bucket', async (c) => {
    const b = await jsonOf(c);
    if (!b.ok) return b.res;
    const who = await caller(c);
    if (!who.ok) return who.res;
    const bucket = c.req.param('bucket');
    const prefixes = Array.isArray(b.body.prefixes) ? b.body.prefixes.filter((x): x is string => typeof x === 'string') : [];
    let deleted: ObjectRow[];
    try {
      deleted = await runAs(ctx.pg, who.claims, async (tx) => {
        // Storage's delete guard refuses DELETE on storage tables unless this is set; the Storage
        // API sets it for its own transaction because it removes the bytes too (below).
        await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`);
        const r = await tx.query<ObjectRow>(
          `delete from storage.objects where bucket_id = $1 and name in (select jsonb_array_elements_text($2::text::jsonb))
           returning id, name, metadata, updated_at, created_at, last_accessed_at`,
          [bucket, JSON.stringify(prefixes)],
        );
        return r.rows;
      });
    } catch (e) {
      return pgFail(e);
    }
    for (const row of deleted) {
      const path = filePath(bucket, row.name);
      if (path) await rm(path, { force: true });
    }
    return Response.json(
      deleted.map((r) => ({
        bucket_id: bucket,
        name: r.name,
        id: r.id,
        updated_at: r.updated_at?.toISOString() ?? null,
        created_at: r.created_at?.toISOString() ?? null,
        last_accessed_at: r.last_accessed_at?.toISOString() ?? null,
        metadata: r.metadata,
      })),
    );
  });

  app.notFound(() => fail(404, 'not_found', 'Not found'));
  return app;
}

/** Where an object's bytes live (for tests and tools). */
export function objectFile(storageDir: string, bucket: string, name: string): string {
  return join(storageDir, bucket, name);
}
