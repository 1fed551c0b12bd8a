/**
 * `/rest/v1/rpc/<fn>`: call a function of `public` with named arguments from
 * the JSON body (POST) or the query string (GET), as PostgREST does; the
 * result is built as JSON by Postgres (set, composite, scalar or void).
 */
import type { BackendContext } from '../context.ts';
import { ident } from './catalog.ts';
import {
  parsePrefer,
  rangeNotSatisfiable,
  rangeOf,
  rangeStatus,
  shaped,
  type Ctx,
  type Out,
  type Tx,
} from './http.ts';
import { apiSettings } from './apiConfig.ts';
import { RESERVED } from './query.ts';
import { functionOf } from './schemaCache.ts';

/** PostgREST's Content-Range for a function's single (scalar, row or void) result: counted, a total of 1. */
function oneRow(c: Ctx): Record<string, string> {
  return { 'content-range': parsePrefer(c.req.header('prefer')).count ? '0-0/1' : '0-0/*' };
}

/** Call `name` with `body` (POST) or the query string's arguments (GET/HEAD). */
export async function rpc(
  ctx: BackendContext,
  c: Ctx,
  tx: Tx,
  name: string,
  body: Record<string, unknown> | undefined,
): Promise<Out> {
  let args: Record<string, unknown>;
  if (c.req.method === 'GET' || c.req.method === 'HEAD') {
    args = {};
    for (const [k, v] of new URL(c.req.url).searchParams) if (!RESERVED.has(k)) args[k] = v;
  } else args = body ?? {};
  const names = Object.keys(args);
  const fn = await functionOf(ctx, tx, name, names);
  const params: unknown[] = [];
  let from = '(select 1) _a';
  const callArgs: string[] = [];
  // A `json` argument goes as its own text: json_to_record unescapes every
  // string of the document it reads, so one \u0000 anywhere (which text cannot
  // hold) would fail the whole call with 22P05, while `json` keeps it as
  // written and the function can refuse just the part that has it.
  const typeOf = (n: string): string => fn.args.find((a) => a.name === n)!.type;
  const viaRecord = names.filter((n) => typeOf(n) !== 'json');
  if (viaRecord.length) {
    params.push(JSON.stringify(Object.fromEntries(viaRecord.map((n) => [n, args[n]]))));
    const defs = viaRecord.map((n) => `${ident(n)} ${typeOf(n)}`);
    from = `json_to_record($1::text::json) as _a(${defs.join(', ')})`;
  }
  for (const n of names) {
    if (typeOf(n) !== 'json') callArgs.push(`${ident(n)} := _a.${ident(n)}`);
    else {
      params.push(args[n] === null || args[n] === undefined ? null : JSON.stringify(args[n]));
      callArgs.push(`${ident(n)} := $${params.length}::text::json`);
    }
  }

  const call = `public.${ident(fn.name)}(${callArgs.join(', ')})`;
  // As PostgREST: a GET, or a call of a STABLE/IMMUTABLE function, runs in a read-only transaction
  // (a write there fails with 25006, answered 405), so what works here works on hosted.
  const get = c.req.method === 'GET' || c.req.method === 'HEAD';
  if (get || !fn.volatile) await tx.query('set transaction read only');
  if (fn.returnsVoid) {
    await tx.query(`select ${call} from ${from}`, params);
    return { status: 204, headers: oneRow(c) };
  }
  if (fn.returnsSet) {
    const prefer = parsePrefer(c.req.header('prefer'));
    const { limit, offset } = rangeOf(c, apiSettings().maxRows);
    const paging = `${limit !== null ? ` limit ${limit}` : ''}${offset ? ` offset ${offset}` : ''}`;
    // One evaluation of the call (a CTE read twice is materialized): the page and, asked for, the total.
    const r = await tx.query<{ n: number; body: string; total: number | null }>(
      `with _src as (select _f from ${from}, lateral ${call} _f),
            _page as (select _f from _src${paging})
       select (select count(*)::int from _page) as n,
              (select coalesce(json_agg(_f), '[]')::text from _page) as body,
              ${prefer.count ? '(select count(*)::int from _src)' : 'null::int'} as total`,
      params,
    );
    const row = r.rows[0]!;
    const total = prefer.count ? (row.total ?? 0) : null;
    const status = rangeStatus(offset, row.n, total);
    if (status === 416) return rangeNotSatisfiable(offset, total!);
    return shaped(
      c,
      row.n,
      row.body,
      status,
      offset,
      total,
      { return: 'representation', count: prefer.count },
      false,
    );
  }
  if (fn.returnsComposite) {
    const r = await tx.query<{ body: string | null }>(
      `select to_json(_f)::text as body from ${from}, lateral ${call} _f`,
      params,
    );
    return { status: 200, body: r.rows[0]?.body ?? 'null', headers: oneRow(c) };
  }
  const r = await tx.query<{ body: string | null }>(
    `select to_json(${call})::text as body from ${from}`,
    params,
  );
  return { status: 200, body: r.rows[0]?.body ?? 'null', headers: oneRow(c) };
}
