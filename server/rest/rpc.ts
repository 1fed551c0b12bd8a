/**
 * `/rest/v1/rpc/<fn>`: call a function of `public` with named arguments from
 * the JSON body (POST) or the query string (GET), as PostgREST does; the
 * result is built as JSON by Postgres (set, composite, scalar or void).
 */
import type { BackendContext } from '../context.ts';
import { ident } from './catalog.ts';
import { rangeOf, shaped, type Ctx, type Out, type Tx } from './http.ts';
import { RESERVED } from './query.ts';
import { functionOf } from './schemaCache.ts';

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
  if (fn.returnsVoid) {
    await tx.query(`select ${call} from ${from}`, params);
    return { status: 204 };
  }
  if (fn.returnsSet) {
    const { limit, offset } = rangeOf(c);
    const paging = `${limit !== null ? ` limit ${limit}` : ''}${offset ? ` offset ${offset}` : ''}`;
    const r = await tx.query<{ n: number; body: string }>(
      `select count(*)::int as n, coalesce(json_agg(_r), '[]')::text as body
         from (select _f from ${from}, lateral ${call} _f${paging}) _s(_r)`,
      params,
    );
    const row = r.rows[0]!;
    return shaped(
      c,
      row.n,
      row.body,
      200,
      offset,
      null,
      { return: 'representation', count: false },
      false,
    );
  }
  if (fn.returnsComposite) {
    const r = await tx.query<{ body: string | null }>(
      `select to_json(_f)::text as body from ${from}, lateral ${call} _f`,
      params,
    );
    return { status: 200, body: r.rows[0]?.body ?? 'null' };
  }
  const r = await tx.query<{ body: string | null }>(
    `select to_json(${call})::text as body from ${from}`,
    params,
  );
  return { status: 200, body: r.rows[0]?.body ?? 'null' };
}
