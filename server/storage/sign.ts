/**
 * Signed URLs: `POST /object/sign/<bucket>/<name>` (one) and
 * `POST /object/sign/<bucket>` (many). Only objects the caller can read are
 * signed; a URL lives 1 s to {@link MAX_SIGNED_URL_SECONDS} (another
 * `expiresIn` is a 400 in Storage's error shape). The token names the
 * signer (`sub`, `role`): a download through it is read again as the
 * signer, so a link stops working once the signer lost access to the file
 * (a removed member, a closed quote request, a deleted account).
 */
import { z } from 'zod';
import { runAs, type Claims } from '../db.ts';
import type { BackendContext } from '../context.ts';
import { jsonBody } from '../jsonBody.ts';
import { signJwt } from '../jwt.ts';
import { bodyFail, caller, errorResponse, fail, notFound, objectPath, type Ctx } from './shared.ts';

/** Longest life of a signed URL: 7 days (Supabase's dashboard offers at most a week too). */
export const MAX_SIGNED_URL_SECONDS = 7 * 24 * 3600;

const EXPIRES_IN = 'must be a whole number of seconds from 1 to 604800 (7 days)' as const;
/** Seconds the URL stays valid: a whole number from 1 to {@link MAX_SIGNED_URL_SECONDS}, else 400. */
const expiresIn = z
  .number({ invalid_type_error: EXPIRES_IN })
  .int(EXPIRES_IN)
  .min(1, EXPIRES_IN)
  .max(MAX_SIGNED_URL_SECONDS, EXPIRES_IN)
  .optional();
const oneBody = z.object({ expiresIn }).passthrough().default({});
const manyBody = z
  .object({ expiresIn, paths: z.array(z.string()).max(1000).optional() })
  .passthrough()
  .default({});

async function signedUrl(
  ctx: BackendContext,
  signer: Claims,
  bucket: string,
  name: string,
  seconds: number | undefined,
): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  const life = seconds ?? 60;
  const token = await signJwt(ctx.keys.secret, {
    url: `${bucket}/${name}`,
    iat,
    exp: iat + life,
    role: signer.role,
    ...(signer.sub ? { sub: signer.sub } : {}),
  });
  return `/object/sign/${bucket}/${name}?token=${token}`;
}

/** Sign one object. */
export async function signOne(ctx: BackendContext, c: Ctx): Promise<Response> {
  const b = await jsonBody(c.req.raw, ctx.maxJsonBytes, oneBody, bodyFail);
  if (!b.ok) return b.res;
  const who = caller(c);
  if (!who.ok) return who.res;
  const p = objectPath(c, 2);
  if (!p) return fail(400, 'InvalidKey', 'Invalid key');
  let found: boolean;
  try {
    found = await runAs(ctx.pg, who.claims, async (tx) => {
      const r = await tx.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
        p.bucket,
        p.name,
      ]);
      return r.rows.length > 0;
    });
  } catch (e) {
    return errorResponse(e, ctx.log);
  }
  if (!found) return notFound();
  return Response.json({
    signedURL: await signedUrl(ctx, who.claims, p.bucket, p.name, b.body.expiresIn),
  });
}

/** Sign many objects of one bucket; unreadable ones get an error entry. */
export async function signMany(ctx: BackendContext, c: Ctx): Promise<Response> {
  const b = await jsonBody(c.req.raw, ctx.maxJsonBytes, manyBody, bodyFail);
  if (!b.ok) return b.res;
  const who = caller(c);
  if (!who.ok) return who.res;
  const bucket = c.req.param('bucket')!;
  const paths = b.body.paths ?? [];
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
    return errorResponse(e, ctx.log);
  }
  const out = [];
  for (const path of paths) {
    out.push(
      visible.has(path)
        ? {
            error: null,
            path,
            signedURL: await signedUrl(ctx, who.claims, bucket, path, b.body.expiresIn),
          }
        : {
            error: 'Either the object does not exist or you do not have access to it',
            path,
            signedURL: null,
          },
    );
  }
  return Response.json(out);
}
