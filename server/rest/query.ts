/**
 * PostgREST's URL grammar (the subset the app uses): `select`, horizontal
 * filters (`col=op.value`, `not.` prefix, `or=(...)`/`and=(...)` nested),
 * `order`, `limit`/`offset`. Parsing never touches SQL; querySql.ts (which
 * imports these shapes, never the other way) turns a parsed filter into SQL with every identifier checked against the
 * table and every value a bind parameter cast to the column's type.
 */
import { pgrst, type PgrstError } from '../pgError.ts';

export type Op =
  | 'eq'
  | 'neq'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'like'
  | 'ilike'
  | 'in'
  | 'is'
  | 'cs'
  | 'cd'
  | 'ov'
  | 'fts'
  | 'plfts'
  | 'phfts'
  | 'wfts';

/** A column with an optional JSON path (`details->cabinet->>width`): `->` keeps JSON, `->>` gives text. */
export interface ColumnRef {
  col: string;
  path: { arrow: '->' | '->>'; key: string }[];
}

export type Cond =
  | {
      kind: 'cmp';
      col: string;
      op: Op;
      not: boolean;
      value: string;
      list?: string[];
      /** Text search configuration of an fts operator (`fts(english)`). */
      config?: string;
    }
  | { kind: 'bool'; op: 'and' | 'or'; not: boolean; items: Cond[] };

export interface SelectItem {
  star?: true;
  col?: string;
  path?: ColumnRef['path'];
  alias?: string;
  cast?: string;
  /** A resource to embed along a foreign key: `alias:table(select)` or `table!hint(select)`. */
  embed?: { table: string; hint?: string; select: SelectItem[] };
}

const REF = /^([A-Za-z_][\w$ ]*?)((?:->>?[\w$]+)*)$/;

/** Parse `col` or `col->a->>b`; null when it is neither. */
export function parseColumnRef(raw: string): ColumnRef | null {
  const m = REF.exec(raw.trim());
  if (!m) return null;
  const path: ColumnRef['path'] = [];
  for (const p of m[2]!.matchAll(/(->>?)([\w$]+)/g))
    path.push({ arrow: p[1] as '->' | '->>', key: p[2]! });
  return { col: m[1]!.trim(), path };
}

export interface OrderItem {
  col: string;
  dir: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: PgrstError };

const OPS: ReadonlySet<string> = new Set(
  'eq neq gt gte lt lte like ilike in is cs cd ov fts plfts phfts wfts'.split(' '),
);
/** PostgREST 12 operators the local backend does not build: refused as such, never guessed. */
const NOT_BUILT = new Set('isdistinct match imatch sl sr nxr nxl adj'.split(' '));
const FTS = new Set(['fts', 'plfts', 'phfts', 'wfts']);
/** Query parameters that are not filters. */
export const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns']);

export function parseErr(
  message: string,
  details: string | null = null,
): { ok: false; error: PgrstError } {
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
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"'))
    return t.slice(1, -1).replace(/\\(.)/g, '$1');
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
  const opPart = dot < 0 ? rest : rest.slice(0, dot);
  // `fts(english)`: a text search operator with its configuration.
  const withConfig = /^(\w+)\(([A-Za-z_][\w.]*)\)$/.exec(opPart);
  const op = withConfig && FTS.has(withConfig[1]!) ? withConfig[1]! : opPart;
  const config = withConfig && FTS.has(withConfig[1]!) ? withConfig[2] : undefined;
  const quantified = /^(eq|neq|gt|gte|lt|lte|like|ilike|match|imatch)\((any|all)\)$/.test(opPart);
  if (NOT_BUILT.has(op) || quantified)
    return parseErr(`The local backend does not support the "${opPart}" operator`, raw);
  if (!OPS.has(op))
    return parseErr(
      `"failed to parse filter (${raw})" (line 1, column 1)`,
      `unexpected "${op}" expecting an operator`,
    );
  const value = dot < 0 ? '' : rest.slice(dot + 1);
  if (op === 'in') {
    if (!value.startsWith('(') || !value.endsWith(')'))
      return parseErr(`"failed to parse filter (${raw})" (line 1, column 1)`, 'expecting "("');
    const inner = value.slice(1, -1);
    const list = inner.trim() === '' ? [] : splitTopLevel(inner).map(unquote);
    return { ok: true, value: { kind: 'cmp', col, op: 'in', not, value, list } };
  }
  if (
    op === 'is' &&
    !['null', 'not_null', 'true', 'false', 'unknown'].includes(value.toLowerCase())
  ) {
    return parseErr(
      `"failed to parse filter (${raw})" (line 1, column 1)`,
      'expecting null, not_null, true, false or unknown',
    );
  }
  const cond: Cond = { kind: 'cmp', col, op: op as Op, not, value: unquote(value) };
  if (config) cond.config = config;
  return { ok: true, value: cond };
}

/** Parse the value of `or=`/`and=`: `(item,item,...)`. */
export function parseLogic(op: 'and' | 'or', not: boolean, raw: string): Parsed<Cond> {
  const t = raw.trim();
  if (!t.startsWith('(') || !t.endsWith(')'))
    return parseErr(`"failed to parse logic tree (${raw})" (line 1, column 1)`, 'expecting "("');
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
    if (dot <= 0)
      return parseErr(
        `"failed to parse logic tree (${raw})" (line 1, column 1)`,
        `unexpected "${p}"`,
      );
    const f = parseFilter(p.slice(0, dot), p.slice(dot + 1));
    if (!f.ok) return f;
    items.push(f.value);
  }
  return { ok: true, value: { kind: 'bool', op, not, items } };
}

/** All filters of a query string (AND-ed), from every non-reserved parameter. */
export function parseFilters(
  params: URLSearchParams,
  reserved: ReadonlySet<string> = RESERVED,
): Parsed<Cond[]> {
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
      else
        return parseErr(`"failed to parse order (${raw})" (line 1, column 1)`, `unexpected "${b}"`);
    }
    out.push(item);
  }
  return { ok: true, value: out };
}
