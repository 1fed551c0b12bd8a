/**
 * SQL from parsed PostgREST query parts, over the table alias `_t`: every
 * identifier checked against the table (42703 otherwise) and quoted, every
 * value a bind parameter cast to the column's type.
 */
import { ident, type Catalog, type TableInfo } from './catalog.ts';
import { embedSql } from './embedSql.ts';
import { pgrst, type PgrstError } from '../pgError.ts';
import { parseColumnRef } from './query.ts';
import type { ColumnRef, Cond, OrderItem, Parsed, SelectItem } from './query.ts';

function parseErr(message: string): { ok: false; error: PgrstError } {
  return { ok: false, error: pgrst('PGRST100', message) };
}

const SQL_OP = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  cs: '@>',
  cd: '<@',
  ov: '&&',
} as const;

/** The tsquery builder of each full-text operator. */
const FTS_FN = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const;

/**
 * Full-text match as PostgREST 12 builds it: a tsvector column as it is,
 * any other column through `to_tsvector`, the configuration (if given) on
 * both sides; query and configuration are bind parameters.
 */
function ftsSql(
  col: string,
  type: string,
  op: keyof typeof FTS_FN,
  value: string,
  config: string | undefined,
  params: unknown[],
): string {
  let cfg = '';
  if (config) {
    params.push(config);
    cfg = `$${params.length}::text::regconfig, `;
  }
  params.push(value);
  const q = `${FTS_FN[op]}(${cfg}$${params.length}::text)`;
  return `${type === 'tsvector' ? col : `to_tsvector(${cfg}${col})`} @@ ${q}`;
}

/** The PostgREST error for a column the table does not have. */
export function unknownColumn(table: string, col: string): PgrstError {
  return pgrst('42703', `column ${table}.${col} does not exist`);
}

/** Cast targets allowed in `select=col::type` (PostgREST allows any; we keep to safe names). */
const CASTS = new Set([
  'text',
  'int',
  'integer',
  'bigint',
  'numeric',
  'float',
  'double precision',
  'boolean',
  'json',
  'jsonb',
  'date',
  'uuid',
]);

/**
 * A column, or a JSON path into it, of `table` under `alias`, with the SQL
 * type of the result (`->>` gives text, `->` keeps json/jsonb). Keys are
 * letters, digits, `_` and `$` (parseColumnRef), so they are safe inline;
 * a whole-number key is an array index, as in PostgREST.
 */
export function columnExpr(
  table: TableInfo,
  alias: string,
  ref: ColumnRef,
): Parsed<{ sql: string; type: string }> {
  const info = table.columns.get(ref.col);
  if (!info) return { ok: false, error: unknownColumn(table.name, ref.col) };
  let sql = `${alias}.${ident(ref.col)}`;
  let type = info.type;
  for (const step of ref.path) {
    const key = /^-?\d+$/.test(step.key) ? step.key : `'${step.key}'`;
    sql = `(${sql}${step.arrow}${key})`;
    type = step.arrow === '->>' ? 'text' : type === 'json' ? 'json' : 'jsonb';
  }
  return { ok: true, value: { sql, type } };
}

/**
 * SQL select list over `alias` (default `_t`); embedded resources need the
 * catalog (their SQL: embedSql.ts) and nest one alias deeper each.
 */
export function selectSql(
  items: SelectItem[],
  table: TableInfo,
  catalog?: Catalog,
  alias = '_t',
): Parsed<string> {
  const parts: string[] = [];
  for (const it of items) {
    if (it.star) {
      parts.push(`${alias}.*`);
      continue;
    }
    if (it.embed) {
      if (!catalog) return parseErr('embedding is not supported here');
      const e = embedSql(it, table, catalog, alias, selectSql);
      if (!e.ok) return e;
      parts.push(e.value);
      continue;
    }
    const col = columnExpr(table, alias, { col: it.col!, path: it.path ?? [] });
    if (!col.ok) return col;
    let expr = col.value.sql;
    if (it.cast) {
      if (!CASTS.has(it.cast.toLowerCase())) return parseErr(`unsupported cast "${it.cast}"`);
      expr = `${expr}::${it.cast.toLowerCase()}`;
    }
    // PostgREST names a JSON path by its last key.
    parts.push(`${expr} as ${ident(it.alias ?? it.path?.at(-1)?.key ?? it.col!)}`);
  }
  return { ok: true, value: parts.join(', ') };
}

/** SQL for one condition over alias `_t`; values appended to `params`. */
export function condSql(c: Cond, table: TableInfo, params: unknown[]): Parsed<string> {
  if (c.kind === 'bool') {
    const parts: string[] = [];
    for (const it of c.items) {
      const s = condSql(it, table, params);
      if (!s.ok) return s;
      parts.push(s.value);
    }
    const joined =
      parts.length === 0 ? 'true' : `(${parts.join(c.op === 'and' ? ' and ' : ' or ')})`;
    return { ok: true, value: c.not ? `not ${joined}` : joined };
  }
  if (c.col.includes('.'))
    return {
      ok: false,
      error: pgrst(
        'PGRST100',
        `The local backend does not support filters on embedded resources ("${c.col}")`,
      ),
    };
  const ref = parseColumnRef(c.col);
  if (!ref) return { ok: false, error: unknownColumn(table.name, c.col) };
  const expr = columnExpr(table, '_t', ref);
  if (!expr.ok) return expr;
  const info = { type: expr.value.type };
  const col = expr.value.sql;
  let sql: string;
  if (c.op === 'is') {
    const v = c.value.toLowerCase();
    sql = v === 'not_null' ? `${col} is not null` : `${col} is ${v}`;
  } else if (c.op === 'in') {
    const list = c.list ?? [];
    if (list.length === 0) sql = 'false';
    else {
      const ph = list.map((v) => {
        params.push(v);
        return `cast($${params.length}::text as ${info.type})`;
      });
      sql = `${col} in (${ph.join(', ')})`;
    }
  } else if (c.op === 'like' || c.op === 'ilike') {
    params.push(c.value.replace(/\*/g, '%'));
    sql = `${col}::text ${SQL_OP[c.op]} $${params.length}::text`;
  } else if (c.op in FTS_FN) {
    sql = ftsSql(col, info.type, c.op as keyof typeof FTS_FN, c.value, c.config, params);
  } else {
    params.push(c.value);
    sql = `${col} ${SQL_OP[c.op as keyof typeof SQL_OP]} cast($${params.length}::text as ${info.type})`;
  }
  return { ok: true, value: c.not ? `not (${sql})` : sql };
}

/** `where …` for all conditions (AND), or '' when none. */
export function whereSql(conds: Cond[], table: TableInfo, params: unknown[]): Parsed<string> {
  const parts: string[] = [];
  for (const c of conds) {
    const s = condSql(c, table, params);
    if (!s.ok) return s;
    parts.push(s.value);
  }
  return { ok: true, value: parts.length ? `where ${parts.join(' and ')}` : '' };
}

/** `order by …` or '' (columns or JSON paths). */
export function orderSql(items: OrderItem[], table: TableInfo): Parsed<string> {
  if (items.length === 0) return { ok: true, value: '' };
  const parts: string[] = [];
  for (const o of items) {
    const ref = parseColumnRef(o.col);
    if (!ref) return { ok: false, error: unknownColumn(table.name, o.col) };
    const expr = columnExpr(table, '_t', ref);
    if (!expr.ok) return expr;
    parts.push(`${expr.value.sql} ${o.dir}${o.nulls ? ` nulls ${o.nulls}` : ''}`);
  }
  return { ok: true, value: `order by ${parts.join(', ')}` };
}
