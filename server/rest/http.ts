/**
 * What the `/rest/v1` handlers share: the result of a handler (`Out`),
 * PostgREST's error and Prefer handling, ranges, and the one query that turns
 * written rows (`with _w as (… returning _t.*)`) into the response's JSON.
 */
import type { Context } from 'hono';
import type { ApiEnv } from '../context.ts';
import { pgrst, type PgrstError } from '../pgError.ts';
import type { Queryable } from './catalog.ts';
import type { Parsed } from './query.ts';

export type Ctx = Context<ApiEnv>;
export type Tx = Queryable;

export interface Prefer {
  return: 'minimal' | 'representation' | 'headers-only';
  count: boolean;
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
}

/** What a handler produced inside the transaction. */
export interface Out {
  status: number;
  body?: string | null;
  headers?: Record<string, string>;
  /** Roll the transaction back (a 406 after a write, as PostgREST does). */
  rollback?: boolean;
}

/** A handler's early answer, thrown from deep inside and caught by the request runner. */
export class OutError extends Error {
  constructor(readonly out: Out) {
    super('out');
  }
}

export function parsePrefer(h: string | undefined): Prefer {
  const p: Prefer = { return: 'minimal', count: false };
  for (const raw of (h ?? '').split(',')) {
    const [k, v] = raw
      .trim()
      .split('=')
      .map((s) => s.trim());
    if (k === 'return' && (v === 'minimal' || v === 'representation' || v === 'headers-only'))
      p.return = v;
    else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated'))
      p.count = true;
    else if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates'))
      p.resolution = v;
  }
  return p;
}

export function errOut(status: number, e: PgrstError): Out {
  return { status, body: JSON.stringify(e), rollback: true };
}

export function wantsObject(c: Ctx): boolean {
  return (c.req.header('accept') ?? '').includes('application/vnd.pgrst.object+json');
}

/** Unwrap a parse step; a failure answers 400 with its PostgREST error. */
export function must<T>(r: Parsed<T>): T {
  if (!r.ok) throw new OutError(errOut(400, r.error));
  return r.value;
}

/**
 * `limit`/`offset` from the query string or a `Range: a-b` header, the limit
 * capped at `maxRows` when given (PostgREST's `db-max-rows`: a read answers at
 * most that many rows, and Content-Range tells the client where it stopped).
 */
export function rangeOf(
  c: Ctx,
  maxRows: number | null = null,
): { limit: number | null; offset: number } {
  let limit: number | null = null;
  let offset = 0;
  const range = c.req.header('range');
  const m = range ? /^(?:items=)?(\d+)-(\d*)$/.exec(range.trim()) : null;
  if (m) {
    offset = Number(m[1]);
    if (m[2]) limit = Math.max(0, Number(m[2]) - offset + 1);
  }
  const l = c.req.query('limit');
  const o = c.req.query('offset');
  if (l !== undefined) {
    if (!/^\d+$/.test(l))
      throw new OutError(
        errOut(400, pgrst('PGRST100', `"failed to parse limit (${l})" (line 1, column 1)`)),
      );
    limit = limit === null ? Number(l) : Math.min(limit, Number(l));
  }
  if (o !== undefined) {
    if (!/^\d+$/.test(o))
      throw new OutError(
        errOut(400, pgrst('PGRST100', `"failed to parse offset (${o})" (line 1, column 1)`)),
      );
    offset += Number(o);
  }
  if (maxRows !== null) limit = limit === null ? maxRows : Math.min(limit, maxRows);
  return { limit, offset };
}

/** PostgREST's Content-Range: `a-b/total`; the total `*` when unknown; no range (`*`) for no rows. */
export function contentRange(offset: number, n: number, total: number | null): string {
  const t = total === null ? '*' : String(total);
  return n === 0 ? `*/${t}` : `${offset}-${offset + n - 1}/${t}`;
}

/**
 * PostgREST's answer to a read of `n` rows from `offset` when the total is
 * known: 416 PGRST103 past the end, 206 for part of the rows, 200 for all.
 */
export function rangeStatus(offset: number, n: number, total: number | null): number {
  if (total === null) return 200;
  if (offset > total) return 416;
  return n < total ? 206 : 200;
}

/** 416 PGRST103, as PostgREST answers an offset past the last row of an exact count. */
export function rangeNotSatisfiable(offset: number, total: number): Out {
  return {
    status: 416,
    headers: { 'content-range': `*/${total}` },
    body: JSON.stringify(
      pgrst(
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${offset} was requested, but there are only ${total} rows.`,
      ),
    ),
  };
}

/** Shape a result set: single-object handling, Content-Range. */
export function shaped(
  c: Ctx,
  n: number,
  bodyText: string,
  status: number,
  offset: number,
  total: number | null,
  prefer: Prefer,
  write: boolean,
): Out {
  const headers: Record<string, string> = { 'content-range': contentRange(offset, n, total) };
  if (wantsObject(c)) {
    if (n !== 1)
      return errOut(
        406,
        pgrst(
          'PGRST116',
          'JSON object requested, multiple (or no) rows returned',
          `The result contains ${n} rows`,
        ),
      );
    if (write && prefer.return !== 'representation')
      return { status: status === 201 ? 201 : 204, headers };
    headers['content-type'] = 'application/vnd.pgrst.object+json; charset=utf-8';
    return { status, headers, body: bodyText.slice(1, -1) };
  }
  if (write && prefer.return !== 'representation')
    return { status: status === 201 ? 201 : 204, headers };
  return { status, headers, body: bodyText };
}

/**
 * Run a write statement (`insert … as _t`, `update … as _t`, `delete … as _t`)
 * and answer as PostgREST does: without a body (Content-Range only) unless the
 * client asked for the rows, then the rows as `select` shapes them, built as
 * JSON text by Postgres in the same statement.
 */
export async function runWrite(
  c: Ctx,
  tx: Tx,
  write: string,
  params: unknown[],
  sel: string,
  okStatus: 200 | 201 | 204,
  prefer: Prefer,
): Promise<Out> {
  const needRows = prefer.return === 'representation' || wantsObject(c);
  if (!needRows) {
    const r = await tx.query(write, params);
    const n = r.affectedRows ?? 0;
    const range =
      okStatus === 201
        ? `*/${prefer.count ? n : '*'}`
        : contentRange(0, n, prefer.count ? n : null);
    return { status: okStatus === 201 ? 201 : 204, headers: { 'content-range': range } };
  }
  const sql = `with _w as (${write} returning _t.*)
    select count(*)::int as n, coalesce(json_agg(_r), '[]')::text as body from (select ${sel} from _w _t) _r`;
  const r = await tx.query<{ n: number; body: string }>(sql, params);
  const row = r.rows[0]!;
  const out = shaped(
    c,
    row.n,
    row.body,
    okStatus === 201 ? 201 : 200,
    0,
    prefer.count ? row.n : null,
    prefer,
    true,
  );
  // PostgREST gives an insert no range, only its count.
  if (okStatus === 201 && out.status < 400 && out.headers)
    out.headers['content-range'] = `*/${prefer.count ? row.n : '*'}`;
  return out;
}
