/**
 * `/storage/v1`: the storage-js subset the app uses — upload (raw or
 * multipart, `x-upsert`), download, info, list, remove, signed URLs. Every
 * access does the matching select/insert/update/delete on `storage.objects`
 * AS THE CALLER in the request's transaction, so the bucket's RLS policies
 * decide. Bytes live under `<storageDir>/<bucket>/<name>`. Errors are
 * `{statusCode, error, message}` as storage-js expects. Each flow lives in
 * its own module.
 */
import { Hono } from 'hono';
import { join, resolve } from 'node:path';
import type { ApiEnv, BackendContext } from '../context.ts';
import { list } from './list.ts';
import { download, info, signedDownload } from './objects.ts';
import { remove } from './remove.ts';
import { fail } from './shared.ts';
import { signMany, signOne } from './sign.ts';
import { upload } from './upload.ts';

/** Build the `/storage/v1` routes (expects the claims middleware in front). */
export function storageRoutes(ctx: BackendContext): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const root = resolve(ctx.storageDir);
  app.post('/object/list/:bucket', (c) => list(ctx, c));
  app.post('/object/sign/:bucket', (c) => signMany(ctx, c));
  app.post('/object/sign/:bucket/*', (c) => signOne(ctx, c));
  app.on(['GET', 'HEAD'], '/object/sign/:bucket/*', (c) => signedDownload(ctx, root, c));
  app.on(['GET', 'HEAD'], '/object/authenticated/:bucket/*', (c) => download(ctx, root, c, 2));
  app.on(['GET', 'HEAD'], '/object/info/:bucket/*', (c) => info(ctx, c));
  app.post('/object/:bucket/*', (c) => upload(ctx, root, c, 1, 'POST'));
  app.put('/object/:bucket/*', (c) => upload(ctx, root, c, 1, 'PUT'));
  app.on(['GET', 'HEAD'], '/object/:bucket/*', (c) => download(ctx, root, c, 1));
  app.delete('/object/:bucket', (c) => remove(ctx, root, c));
  // Last, for every method: a mounted group's notFound is never reached (Hono's app.route does not carry it).
  // Storage's own answer to a route it does not have (its not-found handler), the path as
  // storage sees it (below /storage/v1).
  app.all('*', (c) => {
    const url = new URL(c.req.url);
    const at = url.pathname.indexOf('/storage/v1');
    const path = at < 0 ? url.pathname : url.pathname.slice(at + '/storage/v1'.length) || '/';
    return fail(404, 'Not Found', `Route ${c.req.method}:${path}${url.search} not found`);
  });
  return app;
}

/** Where an object's bytes live (for tests and tools). */
export function objectFile(storageDir: string, bucket: string, name: string): string {
  return join(storageDir, bucket, name);
}
