/**
 * The schema cache of the local PostgREST: tables, views and functions of
 * schema `public` read from the Postgres catalog. Loaded at start, reloaded
 * after migrations and once on a cache miss (a table created since).
 */

export interface ColumnInfo {
  name: string;
  /** `format_type` of the column: safe to splice into SQL as a cast target. */
  type: string;
  generated: boolean;
}

export interface TableInfo {
  name: string;
  columns: Map<string, ColumnInfo>;
  primaryKey: string[];
}

export interface FunctionInfo {
  name: string;
  /** Input argument names and types, in order. */
  args: { name: string; type: string }[];
  /** Number of trailing arguments that have defaults. */
  defaults: number;
  returnsSet: boolean;
  /** Returns a row type (table, composite, record, OUT params). */
  returnsComposite: boolean;
  returnsVoid: boolean;
  volatile: boolean;
}

/** A foreign key between two relations of `public` (what embedding follows). */
export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface Catalog {
  tables: Map<string, TableInfo>;
  functions: Map<string, FunctionInfo[]>;
  foreignKeys: ForeignKey[];
}

/** Anything that runs one parameterized statement (PGlite, a transaction, a per-request runner). */
export interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number }>;
}

/** An empty catalog (filled by {@link loadCatalog}). */
export function emptyCatalog(): Catalog {
  return { tables: new Map(), functions: new Map(), foreignKeys: [] };
}

/** Read tables, views and functions of `public` into `into` (replacing its contents). */
export async function loadCatalog(db: Queryable, into: Catalog): Promise<void> {
  const cols = await db.query<{
    rel: string;
    col: string;
    type: string;
    generated: boolean;
    pk: boolean;
  }>(
    `select c.relname as rel, a.attname as col, format_type(a.atttypid, a.atttypmod) as type,
            (a.attgenerated <> '') as generated,
            coalesce(a.attnum = any(i.indkey::int2[]), false) as pk
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       left join pg_index i on i.indrelid = c.oid and i.indisprimary
      where c.relkind in ('r', 'v', 'm', 'p', 'f')
      order by c.relname, a.attnum`,
  );
  const tables = new Map<string, TableInfo>();
  for (const r of cols.rows) {
    let t = tables.get(r.rel);
    if (!t) {
      t = { name: r.rel, columns: new Map(), primaryKey: [] };
      tables.set(r.rel, t);
    }
    t.columns.set(r.col, { name: r.col, type: r.type, generated: r.generated });
    if (r.pk) t.primaryKey.push(r.col);
  }
  const fns = await db.query<{
    name: string;
    argnames: string[] | null;
    argmodes: string[] | null;
    alltypes: string[] | null;
    intypes: string[];
    ndefaults: number;
    retset: boolean;
    composite: boolean;
    isvoid: boolean;
    volatile: boolean;
  }>(
    `select p.proname as name, p.proargnames as argnames, p.proargmodes::text[] as argmodes,
            (select array_agg(format_type(t, null) order by o) from unnest(p.proallargtypes) with ordinality as x(t, o)) as alltypes,
            (select coalesce(array_agg(format_type(t, null) order by o), '{}') from unnest(p.proargtypes::oid[]) with ordinality as x(t, o)) as intypes,
            p.pronargdefaults as ndefaults, p.proretset as retset,
            (t.typtype = 'c' or p.prorettype = 'record'::regtype) as composite,
            p.prorettype = 'void'::regtype as isvoid,
            p.provolatile = 'v' as volatile
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace and n.nspname = 'public'
       join pg_type t on t.oid = p.prorettype
      where p.prokind = 'f'`,
  );
  const functions = new Map<string, FunctionInfo[]>();
  for (const f of fns.rows) {
    const args: { name: string; type: string }[] = [];
    if (f.argmodes && f.alltypes) {
      f.argmodes.forEach((mode, i) => {
        if (mode === 'i' || mode === 'b' || mode === 'v')
          args.push({ name: f.argnames?.[i] ?? '', type: f.alltypes![i]! });
      });
    } else {
      f.intypes.forEach((type, i) => args.push({ name: f.argnames?.[i] ?? '', type }));
    }
    const info: FunctionInfo = {
      name: f.name,
      args,
      defaults: f.ndefaults,
      returnsSet: f.retset,
      returnsComposite: f.composite,
      returnsVoid: f.isvoid,
      volatile: f.volatile,
    };
    const list = functions.get(f.name) ?? [];
    list.push(info);
    functions.set(f.name, list);
  }
  const fks = await db.query<ForeignKey>(
    `select con.conname as name, c1.relname as "table", c2.relname as "refTable",
            (select array_agg(a.attname::text order by k.o) from unnest(con.conkey) with ordinality k(n, o)
               join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n) as columns,
            (select array_agg(a.attname::text order by k.o) from unnest(con.confkey) with ordinality k(n, o)
               join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n) as "refColumns"
       from pg_constraint con
       join pg_class c1 on c1.oid = con.conrelid
       join pg_namespace n1 on n1.oid = c1.relnamespace and n1.nspname = 'public'
       join pg_class c2 on c2.oid = con.confrelid
       join pg_namespace n2 on n2.oid = c2.relnamespace and n2.nspname = 'public'
      where con.contype = 'f'
      order by con.conname`,
  );
  into.tables = tables;
  into.functions = functions;
  into.foreignKeys = fks.rows;
}

/** Quote an identifier for SQL ("a""b"). */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
