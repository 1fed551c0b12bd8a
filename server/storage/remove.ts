/**
 * `DELETE /object/<bucket>` with `{prefixes}`: delete the rows AS THE CALLER
 * (RLS decides which go), then the bytes of exactly the rows deleted.
 */
import { rm } from 'node:fs/promises';
import { z } from 'zod';
import { runAs } from '../db.ts';
import type { BackendContext } from '../context.ts';
import { jsonBody } from '../jsonBody.ts';
import {
  bodyFail,
  caller,
  errorResponse,
  fileUnder,
  OBJECT_COLUMNS,
  type Ctx,
  type ObjectRow,
} from './shared.ts';

const removeBody = z
  .object({ prefixes: z.array(z.string()).max(1000).optional() })
  .passthrough()
  .default({});

/** Delete objects. */
export async function remove(ctx: BackendContext, root: string, c: Ctx): Promise<Response> {
  const b = await jsonBody(c.req.raw, ctx.maxJsonBytes, removeBody, bodyFail);
  if (!b.ok) return b.res;
  const who = caller(c);
  if (!who.ok) return who.res;
  const bucket = c.req.param('bucket')!;
  let deleted: ObjectRow[];
  try {
    deleted = await runAs(ctx.pg, who.claims, async (tx) => {
      // Storage's delete guard refuses DELETE on storage tables unless this is set; the Storage
      // API sets it for its own transaction because it removes the bytes too (below).
      await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`);
      const r = await tx.query<ObjectRow>(
        `delete from storage.objects where bucket_id = $1 and name in (select jsonb_array_elements_text($2::text::jsonb))
         returning ${OBJECT_COLUMNS}`,
        [bucket, JSON.stringify(b.body.prefixes ?? [])],
      );
      return r.rows;
    });
  } catch (e) {
    return errorResponse(e, ctx.log);
  }
  for (const row of deleted) {
    const path = fileUnder(root, bucket, row.name);
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
}
