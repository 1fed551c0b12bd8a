/**
 * PostgREST's URL grammar (the subset the app uses): `select`, horizontal
 * filters (`col=op.value`, `not.` prefix, `or=(...)`/`and=(...)` nested),
 * `order`, `limit`/`offset`. Parsing never touches SQL; {@link whereSql}
 * turns a parsed filter into SQL with every identifier checked against the
 * table and every value a bind parameter cast to the column's type.
 */
import { ident, type TableInfo } from './catalog.ts';
import { pgrst, type PgrstError } from '../pgError.ts';

export type Op = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'in' | 'is' | 'cs' | 'cd';

export type Cond =
  | { kind: 'cmp'; col: string; op: Op; not: boolean; value: string; list?: string[] }
  | { kind: 'bool'; op: 'and' | 'or'; not: boolean; items: Cond[] };

export interface SelectItem {
  star?: true;
  col?: string;
  alias?: string;
  cast?: string;
}

export interface OrderItem {
  col: string;
  dir: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: PgrstError };

const OPS: ReadonlySet<string> = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'in', 'is', 'cs', 'cd']);
const SQL_OP: Record<Exclude<Op, 'in' | 'is'>, string> = {
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
};
/** Query parameters that are not filters. */
export const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns']);

function parseErr(message: string, details: string | null = null): { ok: false; error: PgrstError } {
  return { ok: false, error: pgrst('PGRST100', message, details) };
}

/** Split on commas not inside parentheses or double quotes. */
export function splitTopLevel(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quoted) {
      cur += ch;
      if (ch === '\\' && i + 1 < s.length) cur += s[++i]!;
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      out.push(cur);
      cur = '';
      continue;
    }
    cur += ch;
  }
  out.push(cur);
  return out;
}

function unquote(v: string): string {
  const t = v.trim();
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"')) return t.slice(1, -1).replace(/\\(.)/g, '$1');
  return v;
}

/** Parse `[not.]op.value` for column `col`. */
export function parseFilter(col: string, raw: string): Parsed<Cond> {
  let rest = raw;
  let not = false;
  if (rest.startsWith('not.')) {
    not = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const op = dot < 0 ? rest : rest.slice(0, dot);
  if (!OPS.has(op)) return parseErr(`"failed to parse filter (${raw})" (line 1, column 1)`, `unexpected "${op}" expecting an operator`);
  const value = dot < 0 ? '' : rest.slice(dot + 1);
  if (op === 'in') {
    if (!value.startsWith('(') || !value.endsWith(')')) return parseErr(`"failed to parse filter (${raw})" (line 1, column 1)`, 'expecting "("');
    const inner = value.slice(1, -1);
    const list = inner.trim() === '' ? [] : splitTopLevel(inner).map(unquote);
    return { ok: true, value: { kind: 'cmp', col, op: 'in', not, value, list } };
  }
  if (op === 'is' && !['null', 'not_null', 'true', 'false', 'unknown'].includes(value.toLowerCase())) {
    return parseErr(`"failed to parse filter (${raw})" (line 1, column 1)`, 'expecting null, not_null, true, false or unknown');
  }
  return { ok: true, value: { kind: 'cmp', col, op: op as Op, not, value: unquote(value) } };
}

/** Parse the value of `or=`/`and=`: `(item,item,...)`. */
export function parseLogic(op: 'and' | 'or', not: boolean, raw: string): Parsed<Cond> {
  const t = raw.trim();
  if (!t.startsWith('(') || !t.endsWith(')')) return parseErr(`"failed to parse logic tree (${raw})" (line 1, column 1)`, 'expecting "("');
  const items: Cond[] = [];
  for (const part of splitTopLevel(t.slice(1, -1))) {
    const p = part.trim();
    const m = /^(not\.)?(and|or)(\(.*\))$/s.exec(p);
    if (m) {
      const sub = parseLogic(m[2] as 'and' | 'or', !!m[1], m[3]!);
      if (!sub.ok) return sub;
      items.push(sub.value);
      continue;
    }
    const dot = p.indexOf('.');
    if (dot <= 0) return parseErr(`"failed to parse logic tree (${raw})" (line 1, column 1)`, `unexpected "${p}"`);
    const f = parseFilter(p.slice(0, dot), p.slice(dot + 1));
    if (!f.ok) return f;
    items.push(f.value);
  }
  return { ok: true, value: { kind: 'bool', op, not, items } };
}

/** All filters of a query string (AND-ed), from every non-reserved parameter. */
export function parseFilters(params: URLSearchParams, reserved: ReadonlySet<string> = RESERVED): Parsed<Cond[]> {
  const out: Cond[] = [];
  for (const [key, value] of params) {
    if (reserved.has(key)) continue;
    const m = /^(not\.)?(and|or)$/.exec(key);
    const r = m ? parseLogic(m[2] as 'and' | 'or', !!m[1], value) : parseFilter(key, value);
    if (!r.ok) return r;
    out.push(r.value);
  }
  return { ok: true, value: out };
}

/** Parse `select=` (columns, `*`, `alias:col`, `col::type`); embedding is not supported. */
export function parseSelect(raw: string | null): Parsed<SelectItem[]> {
  if (raw === null || raw.trim() === '') return { ok: true, value: [{ star: true }] };
  const items: SelectItem[] = [];
  for (const part of splitTopLevel(raw)) {
    const p = part.trim();
    if (p === '*') {
      items.push({ star: true });
      continue;
    }
    const m = /^(?:([A-Za-z_][\w$ ]*):)?([A-Za-z_][\w$ ]*)(?:::([A-Za-z_][\w ]*))?$/.exec(p);
    if (!m) return parseErr(`"failed to parse select parameter (${raw})" (line 1, column 1)`, `unsupported select item "${p}"`);
    const item: SelectItem = { col: m[2]!.trim() };
    if (m[1]) item.alias = m[1].trim();
    if (m[3]) item.cast = m[3].trim();
    items.push(item);
  }
  return { ok: true, value: items };
}

/** Parse `order=a.desc.nullslast,b`. */
export function parseOrder(raw: string | null): Parsed<OrderItem[]> {
  if (!raw) return { ok: true, value: [] };
  const out: OrderItem[] = [];
  for (const part of raw.split(',')) {
    const bits = part.trim().split('.');
    const col = bits[0] ?? '';
    const item: OrderItem = { col, dir: 'asc' };
    for (const b of bits.slice(1)) {
      if (b === 'asc' || b === 'desc') item.dir = b;
      else if (b === 'nullsfirst') item.nulls = 'first';
      else if (b === 'nullslast') item.nulls = 'last';
      else return parseErr(`"failed to parse order (${raw})" (line 1, column 1)`, `unexpected "${b}"`);
    }
    out.push(item);
  }
  return { ok: true, value: out };
}

/** The PostgREST error for a column the table does not have. */
export function unknownColumn(table: string, col: string): PgrstError {
  return pgrst('42703', `column ${table}.${col} does not exist`);
}

/** Cast targets allowed in `select=col::type` (PostgREST allows any; we keep to safe names). */
const CASTS = new Set(['text', 'int', 'integer', 'bigint', 'numeric', 'float', 'double precision', 'boolean', 'json', 'jsonb', 'date', 'uuid']);

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
    const joined = parts.length === 0 ? 'true' : `(${parts.join(c.op === 'and' ? ' and ' : ' or ')})`;
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
