/**
 * Sending a stored object's bytes. A user's file is served on the app's
 * origin, so only types a browser cannot run are shown inline (raster images
 * and PDF); everything else, HTML and SVG included, is an attachment. Every
 * response carries `nosniff` and a sandboxing CSP, and the Content-Type is a
 * normalized `type/subtype` rather than whatever the uploader sent.
 */
import { readFile } from 'node:fs/promises';
import { fileUnder, notFound, type Ctx, type ObjectRow } from './shared.ts';

/** Types shown inline: raster images and PDF (no SVG: it can run script). */
const INLINE_TYPES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'application/pdf',
]);

/** `type/subtype` in lower case, parameters dropped; application/octet-stream when it is not a valid media type. */
export function normalizeContentType(raw: unknown): string {
  if (typeof raw !== 'string') return 'application/octet-stream';
  const base = raw.split(';')[0]!.trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/.test(base)
    ? base
    : 'application/octet-stream';
}

/** `attachment; filename=…` with the name percent-encoded (RFC 6266 `filename*`). */
function attachment(name: string): string {
  const safe = name.replace(/[^\w.-]/g, '_') || 'file';
  return `attachment; filename="${safe}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Send `bucket/name`'s bytes from `root` with `row`'s metadata. */
export async function serveFile(
  c: Ctx,
  root: string,
  bucket: string,
  name: string,
  row: ObjectRow,
): Promise<Response> {
  const path = fileUnder(root, bucket, name);
  if (!path) return notFound();
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch {
    return notFound();
  }
  const meta = row.metadata ?? {};
  const type = normalizeContentType(meta.mimetype);
  const headers: Record<string, string> = {
    'content-type': type,
    'cache-control': typeof meta.cacheControl === 'string' ? meta.cacheControl : 'no-cache',
    'content-length': String(bytes.byteLength),
    'x-content-type-options': 'nosniff',
    'content-security-policy':
      "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
  };
  if (typeof meta.eTag === 'string') headers.etag = meta.eTag;
  if (row.updated_at) headers['last-modified'] = row.updated_at.toUTCString();
  const dl = c.req.query('download');
  const fileName = name.split('/').pop() || 'file';
  if (dl !== undefined) headers['content-disposition'] = attachment(dl || fileName);
  else if (!INLINE_TYPES.has(type)) headers['content-disposition'] = attachment(fileName);
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(bytes), {
    status: 200,
    headers,
  });
}
