/**
 * `/rest/v1`: the PostgREST subset the app and the sync engine use, with
 * PostgREST's semantics, status codes and error JSON. Every request: token
 * verified, body read completely, then ONE transaction as the caller's role
 * with the claims set; responses are built as JSON text by Postgres
 * (`json_agg`), so jsonb round-trips exactly as PostgREST returns it.
 */
import { Hono, type Context } from 'hono';
import { queryAsPrepared, runAs, type Claims } from '../db.ts';
import { parseJson, readBody } from '../body.ts';
import { claimsOf, type BackendContext } from '../context.ts';
import { ident, loadCatalog, type FunctionInfo, type Queryable, type TableInfo } from './catalog.ts';

type Tx = Queryable;
import { isPgError, pgErrorBody, pgrst, statusForSqlState, type PgrstError } from '../pgError.ts';
import { parseFilters, parseOrder, parseSelect, RESERVED, selectSql, whereSql, orderSql, type Parsed } from './query.ts';

interface Prefer {
  return: 'minimal' | 'representation' | 'headers-only';
  count: boolean;
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
}

/** What a handler produced inside the transaction. */
interface Out {
  status: number;
  body?: string | null;
  headers?: Record<string, string>;
  /** Roll the transaction back (a 406 after a write, as PostgREST does). */
  rollback?: boolean;
}

function parsePrefer(h: string | undefined): Prefer {
  const p: Prefer = { return: 'minimal', count: false };
  for (const raw of (h ?? '').split(',')) {
    const [k, v] = raw.trim().split('=').map((s) => s.trim());
    if (k === 'return' && (v === 'minimal' || v === 'representation' || v === 'headers-only')) p.return = v;
    else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) p.count = true;
    else if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates')) p.resolution = v;
  }
  return p;
}

function errOut(status: number, e: PgrstError): Out {
  return { status, body: JSON.stringify(e), rollback: true };
}

function wantsObject(c: Context): boolean {
  return (c.req.header('accept') ?? '').includes('application/vnd.pgrst.object+json');
}

function notFoundTable(name: string): Out {
  return errOut(404, pgrst('PGRST205', `Could not find the table 'public.${name}' in the schema cache`));
}

/** Run a parsed step; a parse failure becomes a 400 (or 404 for PGRST205). */
function must<T>(r: Parsed<T>): T {
  if (!r.ok) throw new OutError(errOut(r.error.code === '42703' ? 400 : 400, r.error));
  return r.value;
}

class OutError extends Error {
  constructor(readonly out: Out) {
    super('out');
  }
}

/** `limit`/`offset` from the query string or a `Range: a-b` header. */
function rangeOf(c: Context): { limit: number | null; offset: number } {
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
    if (!/^\d+$/.test(l)) throw new OutError(errOut(400, pgrst('PGRST100', `"failed to parse limit (${l})" (line 1, column 1)`)));
    limit = limit === null ? Number(l) : Math.min(limit, Number(l));
  }
  if (o !== undefined) {
    if (!/^\d+$/.test(o)) throw new OutError(errOut(400, pgrst('PGRST100', `"failed to parse offset (${o})" (line 1, column 1)`)));
    offset += Number(o);
  }
  return { limit, offset };
}

function contentRange(offset: number, n: number, total: number | null): string {
  const t = total === null ? '*' : String(total);
  return n === 0 ? `*/${t}` : `${offset}-${offset + n - 1}/${t}`;
}

/** Build the `/rest/v1` routes. */
export function restRoutes(ctx: BackendContext): Hono {
  const app = new Hono();

  async function tableOf(tx: Tx, name: string): Promise<TableInfo> {
    let t = ctx.catalog.tables.get(name);
    if (!t) {
      await loadCatalog(tx, ctx.catalog);
      t = ctx.catalog.tables.get(name);
    }
    if (!t) throw new OutError(notFoundTable(name));
    return t;
  }

  async function functionOf(tx: Tx, name: string, argNames: string[]): Promise<FunctionInfo> {
    const pick = (): FunctionInfo | undefined =>
      (ctx.catalog.functions.get(name) ?? []).find((f) => {
        const names = new Set(f.args.map((a) => a.name));
        if (!argNames.every((a) => names.has(a))) return false;
        const required = f.args.slice(0, f.args.length - f.defaults);
        return required.every((a) => argNames.includes(a.name));
      });
    let f = pick();
    if (!f) {
      await loadCatalog(tx, ctx.catalog);
      f = pick();
    }
    if (!f) {
      const sig = argNames.length ? `(${argNames.join(', ')})` : ' without parameters';
      throw new OutError(
        errOut(404, pgrst('PGRST202', `Could not find the function public.${name}${sig} in the schema cache`, `Searched for the function public.${name}${sig}, but no matches were found in the schema cache.`)),
      );
    }
    return f;
  }

  /** Everything but the table work: token, body, transaction, error mapping, response. */
  async function handle(c: Context, work: (tx: Tx, body: unknown, claims: Claims) => Promise<Out>, single = false): Promise<Response> {
    const t = await claimsOf(ctx, c.req.raw);
    if (!t.ok) {
      return new Response(JSON.stringify(pgrst('PGRST301', t.message)), {
        status: 401,
        headers: { 'content-type': 'application/json; charset=utf-8', 'www-authenticate': `Bearer error="invalid_token", error_description="${t.message}"` },
      });
    }
    let body: unknown = undefined;
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      const raw = await readBody(c.req.raw, ctx.maxJsonBytes);
      if (!raw.ok) {
        const status = raw.error === 'too_large' ? 413 : 400;
        return c.json(pgrst(raw.error === 'too_large' ? 'PGRST413' : 'PGRST102', raw.error === 'too_large' ? 'Payload Too Large' : 'Request body aborted'), status);
      }
      const parsed = parseJson(raw.bytes);
      if (!parsed.ok) return c.json(pgrst('PGRST102', 'Empty or invalid json', parsed.message), 400);
      body = parsed.value;
    }
    let out: Out;
    try {
      if (single) {
        // Reads: each statement is its own implicit transaction with the role and claims (one round trip).
        const runner: Tx = { query: (sql, params) => queryAsPrepared(ctx.pg, t.claims, sql, params) };
        try {
          out = await work(runner, body, t.claims);
        } catch (e) {
          if (e instanceof OutError) out = e.out;
          else throw e;
        }
      } else out = await runAs(ctx.pg, t.claims, async (tx) => {
        let o: Out;
        try {
          o = await work(tx, body, t.claims);
        } catch (e) {
          if (e instanceof OutError) o = e.out;
          else throw e;
        }
        if (o.rollback) await tx.rollback();
        return o;
      });
    } catch (e) {
      if (isPgError(e)) {
        out = { status: statusForSqlState(e.code, t.claims.role === 'anon'), body: JSON.stringify(pgErrorBody(e)) };
      } else {
        ctx.log(`rest error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
        out = { status: 500, body: JSON.stringify(pgrst('PGRST000', e instanceof Error ? e.message : 'internal error')) };
      }
    }
    const headers: Record<string, string> = { ...(out.headers ?? {}) };
    if (out.body !== undefined && out.body !== null) headers['content-type'] = 'application/json; charset=utf-8';
    const sendBody = c.req.method === 'HEAD' || out.status === 204 ? null : (out.body ?? null);
    return new Response(sendBody, { status: out.status, headers });
  }

  /** Shape a result set: single-object handling, Content-Range. */
  function shaped(c: Context, n: number, bodyText: string, status: number, offset: number, total: number | null, prefer: Prefer, write: boolean): Out {
    const headers: Record<string, string> = { 'content-range': contentRange(offset, n, total) };
    if (wantsObject(c)) {
      if (n !== 1) {
        return errOut(406, pgrst('PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${n} rows`));
      }
      if (write && prefer.return !== 'representation') return { status: status === 201 ? 201 : 204, headers };
      return { status, headers, body: bodyText.slice(1, -1) };
    }
    if (write && prefer.return !== 'representation') return { status: status === 201 ? 201 : 204, headers };
    return { status, headers, body: bodyText };
  }

  async function read(c: Context, tx: Tx, tableName: string): Promise<Out> {
    const table = await tableOf(tx, tableName);
    const prefer = parsePrefer(c.req.header('prefer'));
    const params: unknown[] = [];
    const url = new URL(c.req.url);
    const sel = must(selectSql(must(parseSelect(url.searchParams.get('select'))), table));
    const where = must(whereSql(must(parseFilters(url.searchParams)), table, params));
    const order = must(orderSql(must(parseOrder(url.searchParams.get('order'))), table));
    const { limit, offset } = rangeOf(c);
    const tableSql = `public.${ident(table.name)}`;
    // Limit and offset as parameters too, so every page shares one prepared statement.
    let paging = '';
    if (limit !== null) {
      params.push(String(limit));
      paging += ` limit cast($${params.length}::text as bigint)`;
    }
    if (offset) {
      params.push(String(offset));
      paging += ` offset cast($${params.length}::text as bigint)`;
    }
    const totalSql = prefer.count ? `, (select count(*)::int from ${tableSql} _t ${where}) as total` : '';
    const sql = `select count(*)::int as n, coalesce(json_agg(_r), '[]')::text as body${totalSql}
      from (select ${sel} from ${tableSql} _t ${where} ${order}${paging}) _r`;
    const r = await tx.query<{ n: number; body: string; total?: number }>(sql, params);
    const row = r.rows[0]!;
    const total = prefer.count ? (row.total ?? 0) : null;
    const partial = total !== null && (offset > 0 || offset + row.n < total);
    return shaped(c, row.n, row.body, partial ? 206 : 200, offset, total, { ...prefer, return: 'representation' }, false);
  }

  function columnsOf(table: TableInfo, rows: Record<string, unknown>[], explicit: string | undefined): string[] {
    const cols: string[] = [];
    const seen = new Set<string>();
    const add = (k: string): void => {
      if (seen.has(k)) return;
      if (!table.columns.has(k)) {
        throw new OutError(errOut(400, pgrst('PGRST204', `Could not find the '${k}' column of '${table.name}' in the schema cache`)));
      }
      seen.add(k);
      cols.push(k);
    };
    if (explicit) for (const k of explicit.split(',')) add(k.trim().replace(/^"|"$/g, ''));
    else for (const r of rows) for (const k of Object.keys(r)) add(k);
    return cols;
  }

  async function insert(c: Context, tx: Tx, tableName: string, body: unknown): Promise<Out> {
    const table = await tableOf(tx, tableName);
    const prefer = parsePrefer(c.req.header('prefer'));
    const rows = Array.isArray(body) ? body : [body];
    if (body === undefined || rows.some((r) => typeof r !== 'object' || r === null || Array.isArray(r))) {
      return errOut(400, pgrst('PGRST102', 'Empty or invalid json'));
    }
    const objs = rows as Record<string, unknown>[];
    const cols = columnsOf(table, objs, c.req.query('columns'));
    const tableSql = `public.${ident(table.name)}`;
    const url = new URL(c.req.url);
    const sel = must(selectSql(must(parseSelect(url.searchParams.get('select'))), table));
    let conflict = '';
    if (prefer.resolution) {
      const onConflict = c.req.query('on_conflict');
      const keys = onConflict ? onConflict.split(',').map((s) => s.trim()) : table.primaryKey;
      for (const k of keys) if (!table.columns.has(k)) return errOut(400, pgrst('42703', `column ${table.name}.${k} does not exist`));
      if (keys.length === 0) return errOut(400, pgrst('PGRST000', `table ${table.name} has no primary key; give on_conflict`));
      const updates = cols.filter((k) => !keys.includes(k));
      conflict =
        prefer.resolution === 'ignore-duplicates' || updates.length === 0
          ? ` on conflict (${keys.map(ident).join(', ')}) do nothing`
          : ` on conflict (${keys.map(ident).join(', ')}) do update set ${updates.map((k) => `${ident(k)} = excluded.${ident(k)}`).join(', ')}`;
    }
    if (objs.length === 0) return { status: 201, headers: { 'content-range': '*/*' }, body: prefer.return === 'representation' ? '[]' : null };
    const colList = cols.map(ident).join(', ');
    const ins =
      cols.length === 0
        ? `insert into ${tableSql} as _t default values${conflict}`
        : `insert into ${tableSql} as _t (${colList}) select ${colList} from json_populate_recordset(null::${tableSql}, $1::text::json)${conflict}`;
    const params = cols.length === 0 ? [] : [JSON.stringify(objs)];
    const needRows = prefer.return === 'representation' || wantsObject(c);
    if (!needRows) {
      const r = await tx.query(ins, params);
      const n = r.affectedRows ?? 0;
      return { status: 201, headers: { 'content-range': contentRange(0, n, prefer.count ? n : null) } };
    }
    const sql = `with _w as (${ins} returning _t.*)
      select count(*)::int as n, coalesce(json_agg(_r), '[]')::text as body from (select ${sel} from _w _t) _r`;
    const r = await tx.query<{ n: number; body: string }>(sql, params);
    const row = r.rows[0]!;
    return shaped(c, row.n, row.body, 201, 0, prefer.count ? row.n : null, prefer, true);
  }

  async function update(c: Context, tx: Tx, tableName: string, body: unknown): Promise<Out> {
    const table = await tableOf(tx, tableName);
    const prefer = parsePrefer(c.req.header('prefer'));
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return errOut(400, pgrst('PGRST102', 'Empty or invalid json'));
    const cols = columnsOf(table, [body as Record<string, unknown>], c.req.query('columns'));
    const url = new URL(c.req.url);
    const params: unknown[] = [JSON.stringify(body)];
    const where = must(whereSql(must(parseFilters(url.searchParams)), table, params));
    const sel = must(selectSql(must(parseSelect(url.searchParams.get('select'))), table));
    const tableSql = `public.${ident(table.name)}`;
    if (cols.length === 0) {
      return prefer.return === 'representation' ? { status: 200, body: '[]' } : { status: 204, headers: { 'content-range': '*/*' } };
    }
    const upd = `update ${tableSql} as _t set ${cols.map((k) => `${ident(k)} = _s.${ident(k)}`).join(', ')}
      from json_populate_record(null::${tableSql}, $1::text::json) _s ${where}`;
    const needRows = prefer.return === 'representation' || wantsObject(c);
    if (!needRows) {
      const r = await tx.query(upd, params);
      const n = r.affectedRows ?? 0;
      return { status: 204, headers: { 'content-range': contentRange(0, n, prefer.count ? n : null) } };
    }
    const sql = `with _w as (${upd} returning _t.*)
      select count(*)::int as n, coalesce(json_agg(_r), '[]')::text as body from (select ${sel} from _w _t) _r`;
    const r = await tx.query<{ n: number; body: string }>(sql, params);
    const row = r.rows[0]!;
    return shaped(c, row.n, row.body, 200, 0, prefer.count ? row.n : null, prefer, true);
  }

  async function remove(c: Context, tx: Tx, tableName: string): Promise<Out> {
    const table = await tableOf(tx, tableName);
    const prefer = parsePrefer(c.req.header('prefer'));
    const url = new URL(c.req.url);
    const params: unknown[] = [];
    const where = must(whereSql(must(parseFilters(url.searchParams)), table, params));
    const sel = must(selectSql(must(parseSelect(url.searchParams.get('select'))), table));
    const tableSql = `public.${ident(table.name)}`;
    const del = `delete from ${tableSql} as _t ${where}`;
    const needRows = prefer.return === 'representation' || wantsObject(c);
    if (!needRows) {
      const r = await tx.query(del, params);
      const n = r.affectedRows ?? 0;
      return { status: 204, headers: { 'content-range': contentRange(0, n, prefer.count ? n : null) } };
    }
    const sql = `with _w as (${del} returning _t.*)
      select count(*)::int as n, coalesce(json_agg(_r), '[]')::text as body from (select ${sel} from _w _t) _r`;
    const r = await tx.query<{ n: number; body: string }>(sql, params);
    const row = r.rows[0]!;
    return shaped(c, row.n, row.body, 200, 0, prefer.count ? row.n : null, prefer, true);
  }

  async function rpc(c: Context, tx: Tx, name: string, body: unknown): Promise<Out> {
    let args: Record<string, unknown>;
    if (c.req.method === 'GET' || c.req.method === 'HEAD') {
      args = {};
      for (const [k, v] of new URL(c.req.url).searchParams) if (!RESERVED.has(k)) args[k] = v;
    } else {
      if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
        return errOut(400, pgrst('PGRST102', 'Empty or invalid json'));
      }
      args = (body ?? {}) as Record<string, unknown>;
    }
    const names = Object.keys(args);
    const fn = await functionOf(tx, name, names);
    const params: unknown[] = [];
    let from = '(select 1) _a';
    const callArgs: string[] = [];
    if (names.length) {
      params.push(JSON.stringify(args));
      const defs = names.map((n) => `${ident(n)} ${fn.args.find((a) => a.name === n)!.type}`);
      from = `json_to_record($1::text::json) as _a(${defs.join(', ')})`;
      for (const n of names) callArgs.push(`${ident(n)} := _a.${ident(n)}`);
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
      return shaped(c, row.n, row.body, 200, offset, null, { return: 'representation', count: false }, false);
    }
    if (fn.returnsComposite) {
      const r = await tx.query<{ body: string | null }>(`select to_json(_f)::text as body from ${from}, lateral ${call} _f`, params);
      return { status: 200, body: r.rows[0]?.body ?? 'null' };
    }
    const r = await tx.query<{ body: string | null }>(`select to_json(${call})::text as body from ${from}`, params);
    return { status: 200, body: r.rows[0]?.body ?? 'null' };
  }

  app.on(['GET', 'HEAD', 'POST'], '/rpc/:fn', (c) => handle(c, (tx, body) => rpc(c, tx, c.req.param('fn'), body)));
  app.on(['GET', 'HEAD'], '/:table', (c) => handle(c, (tx) => read(c, tx, c.req.param('table')), true));
  app.post('/:table', (c) => handle(c, (tx, body) => insert(c, tx, c.req.param('table'), body)));
  app.patch('/:table', (c) => handle(c, (tx, body) => update(c, tx, c.req.param('table'), body)));
  app.delete('/:table', (c) => handle(c, (tx) => remove(c, tx, c.req.param('table'))));
  app.get('/', (c) => c.json({ swagger: '2.0', info: { title: 'local PostgREST subset' } }));
  app.notFound((c) => c.json(pgrst('PGRST125', `Invalid path specified in request URL`), 404));
  return app;
}
