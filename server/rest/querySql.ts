/**
 * SQL from parsed PostgREST query parts, over the table alias `_t`: every
 * identifier checked against the table (42703 otherwise) and quoted, every
 * value a bind parameter cast to the column's type.
 */
import { ident, type TableInfo } from './catalog.ts';
import { pgrst, type PgrstError } from '../pgError.ts';
import type { Cond, OrderItem, Parsed, SelectItem } from './query.ts';

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
} as const;

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

/** SQL select list over alias `_t`. */
export function selectSql(items: SelectItem[], table: TableInfo): Parsed<string> {
  const parts: string[] = [];
  for (const it of items) {
    if (it.star) {
      parts.push('_t.*');
      continue;
    }
    const col = it.col!;
    if (!table.columns.has(col)) return { ok: false, error: unknownColumn(table.name, col) };
    let expr = `_t.${ident(col)}`;
    if (it.cast) {
      if (!CASTS.has(it.cast.toLowerCase())) return parseErr(`unsupported cast "${it.cast}"`);
      expr = `${expr}::${it.cast.toLowerCase()}`;
    }
    parts.push(`${expr} as ${ident(it.alias ?? col)}`);
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
  const info = table.columns.get(c.col);
  if (!info) return { ok: false, error: unknownColumn(table.name, c.col) };
  const col = `_t.${ident(c.col)}`;
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
  } else {
    params.push(c.value);
    sql = `${col} ${SQL_OP[c.op]} cast($${params.length}::text as ${info.type})`;
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

/** `order by …` or ''. */
export function orderSql(items: OrderItem[], table: TableInfo): Parsed<string> {
  if (items.length === 0) return { ok: true, value: '' };
  const parts: string[] = [];
  for (const o of items) {
    if (!table.columns.has(o.col)) return { ok: false, error: unknownColumn(table.name, o.col) };
    parts.push(`_t.${ident(o.col)} ${o.dir}${o.nulls ? ` nulls ${o.nulls}` : ''}`);
  }
  return { ok: true, value: `order by ${parts.join(', ')}` };
}
