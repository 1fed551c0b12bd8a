/**
 * `POST /object/list/<bucket>`: one folder level under `prefix`, as
 * storage-js's `list()` returns it (folders as entries with null ids).
 */
import { z } from 'zod';
import { runAs } from '../db.ts';
import type { BackendContext } from '../context.ts';
import { jsonBody } from '../jsonBody.ts';
import {
  bodyFail,
  caller,
  errorResponse,
  OBJECT_COLUMNS,
  type Ctx,
  type ObjectRow,
} from './shared.ts';

const SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const;

const listBody = z
  .object({
    prefix: z.string().optional(),
    limit: z.number().int().nonnegative().optional(),
    offset: z.number().int().nonnegative().optional(),
    search: z.string().optional(),
    sortBy: z
      .object({ column: z.string().optional(), order: z.string().optional() })
      .passthrough()
      .optional(),
  })
  .passthrough()
  .default({});

type Entry = Record<string, unknown> & { name: string };

/** A listed entry's value as text that sorts right: names as they are, timestamps as ISO 8601. */
function sortKey(v: unknown): string {
  if (v instanceof Date) return v.toISOString();
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** Folder entries and files directly under `prefix`, filtered by `search` (a name prefix). */
function entriesOf(rows: ObjectRow[], prefix: string, search: string): Entry[] {
  const items = new Map<string, Entry>();
  for (const r of rows) {
    const rest = r.name.slice(prefix.length);
    const slash = rest.indexOf('/');
    const itemName = slash >= 0 ? rest.slice(0, slash) : rest;
    if (search && !itemName.toLowerCase().startsWith(search)) continue;
    if (slash >= 0) {
      if (!items.has(itemName))
        items.set(itemName, {
          name: itemName,
          id: null,
          updated_at: null,
          created_at: null,
          last_accessed_at: null,
          metadata: null,
        });
      continue;
    }
    items.set(itemName, {
      name: itemName,
      id: r.id,
      updated_at: r.updated_at?.toISOString() ?? null,
      created_at: r.created_at?.toISOString() ?? null,
      last_accessed_at: r.last_accessed_at?.toISOString() ?? null,
      metadata: r.metadata,
    });
  }
  return [...items.values()];
}

/** List a bucket folder. */
export async function list(ctx: BackendContext, c: Ctx): Promise<Response> {
  const b = await jsonBody(c.req.raw, ctx.maxJsonBytes, listBody, bodyFail);
  if (!b.ok) return b.res;
  const who = caller(c);
  if (!who.ok) return who.res;
  const bucket = c.req.param('bucket')!;
  let prefix = b.body.prefix ?? '';
  if (prefix && !prefix.endsWith('/')) prefix += '/';
  if (prefix === '/') prefix = '';
  const limit = b.body.limit ?? 100;
  const offset = b.body.offset ?? 0;
  const search = (b.body.search ?? '').toLowerCase();
  const wanted = b.body.sortBy?.column;
  const column = SORT_COLUMNS.find((k) => k === wanted) ?? 'name';
  const desc = b.body.sortBy?.order === 'desc';
  let rows: ObjectRow[];
  try {
    rows = await runAs(ctx.pg, who.claims, async (tx) => {
      const r = await tx.query<ObjectRow>(
        `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and left(name, length($2)) = $2`,
        [bucket, prefix],
      );
      return r.rows;
    });
  } catch (e) {
    return errorResponse(e, ctx.log);
  }
  const sorted = entriesOf(rows, prefix, search).sort((x, y) => {
    const a = sortKey(x[column] ?? x.name);
    const z2 = sortKey(y[column] ?? y.name);
    const cmp = a < z2 ? -1 : a > z2 ? 1 : 0;
    return desc ? -cmp : cmp;
  });
  return Response.json(sorted.slice(offset, offset + limit));
}
