/**
 * Table requests of `/rest/v1/<table>`: read (GET/HEAD), insert (POST, with
 * upsert by `Prefer: resolution=…`), update (PATCH) and delete (DELETE), with
 * PostgREST's filters, select, order, ranges, Prefer and Content-Range.
 */
import type { BackendContext } from '../context.ts';
import { pgrst } from '../pgError.ts';
import { ident, type Catalog, type TableInfo } from './catalog.ts';
import {
  contentRange,
  errOut,
  must,
  OutError,
  parsePrefer,
  rangeNotSatisfiable,
  rangeOf,
  rangeStatus,
  runWrite,
  shaped,
  type Ctx,
  type Out,
  type Tx,
} from './http.ts';
import { parseFilters, parseOrder } from './query.ts';
import { parseSelect } from './selectParse.ts';
import { orderSql, selectSql, whereSql } from './querySql.ts';
import { tableOf } from './schemaCache.ts';
import { apiSettings } from './apiConfig.ts';

type Row = Record<string, unknown>;

function selectOf(c: Ctx, table: TableInfo, catalog: Catalog): string {
  return must(
    selectSql(must(parseSelect(new URL(c.req.url).searchParams.get('select'))), table, catalog),
  );
}

function whereOf(c: Ctx, table: TableInfo, params: unknown[]): string {
  return must(whereSql(must(parseFilters(new URL(c.req.url).searchParams)), table, params));
}

/**
 * A CSV body as PostgREST 12 builds it: the column names of the first row,
 * then each row as its record text without the parentheses (Postgres quotes
 * what needs quoting; a null is empty).
 */
const CSV_BODY = `coalesce((select string_agg(a.k, ',') from (select json_object_keys(r)::text as k
    from (select row_to_json(hh) as r from _src hh limit 1) s) a), '') || E'\\n' ||
  coalesce(string_agg(substring(_r::text, 2, length(_r::text) - 2), E'\\n'), '') as body`;

/** `Accept: text/csv` (supabase-js `.csv()`). */
function wantsCsv(c: Ctx): boolean {
  return /(^|,)\s*text\/csv\b/i.test(c.req.header('accept') ?? '');
}

/** GET/HEAD rows. */
export async function read(ctx: BackendContext, c: Ctx, tx: Tx, tableName: string): Promise<Out> {
  const table = await tableOf(ctx, tx, tableName);
  const prefer = parsePrefer(c.req.header('prefer'));
  const params: unknown[] = [];
  const sel = selectOf(c, table, ctx.catalog);
  const where = whereOf(c, table, params);
  const order = must(
    orderSql(must(parseOrder(new URL(c.req.url).searchParams.get('order'))), table),
  );
  const { limit, offset } = rangeOf(c, apiSettings().maxRows);
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
  const totalSql = prefer.count
    ? `, (select count(*)::int from ${tableSql} _t ${where}) as total`
    : '';
  const rows = `select ${sel} from ${tableSql} _t ${where} ${order}${paging}`;
  const csv = wantsCsv(c);
  const sql = csv
    ? `with _src as (${rows}) select count(*)::int as n, ${CSV_BODY}${totalSql} from _src _r`
    : `select count(*)::int as n, coalesce(json_agg(_r), '[]')::text as body${totalSql} from (${rows}) _r`;
  const r = await tx.query<{ n: number; body: string; total?: number }>(sql, params);
  const row = r.rows[0]!;
  const total = prefer.count ? (row.total ?? 0) : null;
  const status = rangeStatus(offset, row.n, total);
  if (status === 416) return rangeNotSatisfiable(offset, total!);
  if (csv)
    return {
      status,
      body: row.body,
      headers: {
        'content-range': contentRange(offset, row.n, total),
        'content-type': 'text/csv; charset=utf-8',
      },
    };
  return shaped(
    c,
    row.n,
    row.body,
    status,
    offset,
    total,
    { ...prefer, return: 'representation' },
    false,
  );
}

/** The columns written: `?columns=` or every key of every row, each checked against the table. */
function columnsOf(table: TableInfo, rows: Row[], explicit: string | undefined): string[] {
  const cols: string[] = [];
  const seen = new Set<string>();
  const add = (k: string): void => {
    if (seen.has(k)) return;
    if (!table.columns.has(k))
      throw new OutError(
        errOut(
          400,
          pgrst(
            'PGRST204',
            `Could not find the '${k}' column of '${table.name}' in the schema cache`,
          ),
        ),
      );
    seen.add(k);
    cols.push(k);
  };
  if (explicit) for (const k of explicit.split(',')) add(k.trim().replace(/^"|"$/g, ''));
  else for (const r of rows) for (const k of Object.keys(r)) add(k);
  return cols;
}

/** The `on conflict` clause of an upsert, or '' without `Prefer: resolution`. */
function conflictClause(
  c: Ctx,
  table: TableInfo,
  cols: string[],
  resolution: 'merge-duplicates' | 'ignore-duplicates' | undefined,
): string {
  if (!resolution) return '';
  const onConflict = c.req.query('on_conflict');
  const keys = onConflict ? onConflict.split(',').map((s) => s.trim()) : table.primaryKey;
  for (const k of keys)
    if (!table.columns.has(k))
      throw new OutError(errOut(400, pgrst('42703', `column ${table.name}.${k} does not exist`)));
  if (keys.length === 0)
    throw new OutError(
      errOut(400, pgrst('PGRST000', `table ${table.name} has no primary key; give on_conflict`)),
    );
  const updates = cols.filter((k) => !keys.includes(k));
  const target = keys.map(ident).join(', ');
  return resolution === 'ignore-duplicates' || updates.length === 0
    ? ` on conflict (${target}) do nothing`
    : ` on conflict (${target}) do update set ${updates.map((k) => `${ident(k)} = excluded.${ident(k)}`).join(', ')}`;
}

/** POST rows (one object or an array of objects). */
export async function insert(
  ctx: BackendContext,
  c: Ctx,
  tx: Tx,
  tableName: string,
  body: Row | Row[],
): Promise<Out> {
  const table = await tableOf(ctx, tx, tableName);
  const prefer = parsePrefer(c.req.header('prefer'));
  const rows = Array.isArray(body) ? body : [body];
  const cols = columnsOf(table, rows, c.req.query('columns'));
  const sel = selectOf(c, table, ctx.catalog);
  const conflict = conflictClause(c, table, cols, prefer.resolution);
  if (rows.length === 0)
    return {
      status: 201,
      headers: { 'content-range': '*/*' },
      body: prefer.return === 'representation' ? '[]' : null,
    };
  const tableSql = `public.${ident(table.name)}`;
  const colList = cols.map(ident).join(', ');
  const ins =
    cols.length === 0
      ? `insert into ${tableSql} as _t default values${conflict}`
      : `insert into ${tableSql} as _t (${colList}) select ${colList} from json_populate_recordset(null::${tableSql}, $1::text::json)${conflict}`;
  return runWrite(c, tx, ins, cols.length === 0 ? [] : [JSON.stringify(rows)], sel, 201, prefer);
}

/** PATCH the rows the filters select. */
export async function update(
  ctx: BackendContext,
  c: Ctx,
  tx: Tx,
  tableName: string,
  body: Row,
): Promise<Out> {
  const table = await tableOf(ctx, tx, tableName);
  const prefer = parsePrefer(c.req.header('prefer'));
  const cols = columnsOf(table, [body], c.req.query('columns'));
  const params: unknown[] = [JSON.stringify(body)];
  const where = whereOf(c, table, params);
  const sel = selectOf(c, table, ctx.catalog);
  if (cols.length === 0)
    return prefer.return === 'representation'
      ? { status: 200, body: '[]' }
      : { status: 204, headers: { 'content-range': '*/*' } };
  const tableSql = `public.${ident(table.name)}`;
  const upd = `update ${tableSql} as _t set ${cols.map((k) => `${ident(k)} = _s.${ident(k)}`).join(', ')}
    from json_populate_record(null::${tableSql}, $1::text::json) _s ${where}`;
  return runWrite(c, tx, upd, params, sel, 200, prefer);
}

/** DELETE the rows the filters select. */
export async function remove(ctx: BackendContext, c: Ctx, tx: Tx, tableName: string): Promise<Out> {
  const table = await tableOf(ctx, tx, tableName);
  const prefer = parsePrefer(c.req.header('prefer'));
  const params: unknown[] = [];
  const where = whereOf(c, table, params);
  const sel = selectOf(c, table, ctx.catalog);
  return runWrite(
    c,
    tx,
    `delete from public.${ident(table.name)} as _t ${where}`,
    params,
    sel,
    200,
    prefer,
  );
}
