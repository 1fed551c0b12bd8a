/**
 * `npm run schema:dump`: writes supabase/schemas/ from a database that
 * applied server/sql/bootstrap.sql and every supabase/migrations file, so
 * the current definition of each object is readable in one place instead
 * of in its last restatement among the migrations:
 *
 *   supabase/schemas/functions/<schema>.<name>.sql  each overload's
 *       pg_get_functiondef and its EXECUTE grants to the API roles
 *   supabase/schemas/tables/<schema>.<table>.sql    columns, constraints,
 *       indexes, row-level security, policies, triggers and grants; for a
 *       table of the platform (auth, storage, realtime) only the policies
 *       and triggers the migrations add
 *   supabase/schemas/sequences/<schema>.<name>.sql
 *   supabase/schemas/sync_tables.sql                the rows of
 *       private.sync_tables (the synced tables' declarations)
 *
 * The output is sorted and formatted the same on every run: after merging
 * migrations, run it again and commit what changed.
 * tests/integration/schema/schemaDump.test.ts fails, naming the files that
 * differ, when supabase/schemas/ is not what the migrations give.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');

/** Where the dump lives. */
export const SCHEMAS_DIR = join(ROOT, 'supabase', 'schemas');

/** Folders of supabase/schemas/ the dump owns (rewritten whole); other files there are left alone. */
const AREAS = ['functions', 'tables', 'sequences'];

/** Anything with a `query(sql, params)` answering `{ rows }`: PGlite or the backend's pg adapter. */
export interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** A database whose transactions are Queryable (PGlite, or the backend's pg adapter). */
export interface Transactional {
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
}

/** Schemas whose objects the migrations own whole. */
const OWN = ['public', 'private'];
/** Roles whose grants the dump shows (the owner's own rights are the platform's). */
const ROLES = ['PUBLIC', 'anon', 'authenticated', 'service_role'];

function quoteLiteral(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

function sqlValue(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean' || typeof v === 'number') return String(v);
  if (Array.isArray(v)) return `array[${v.map((x) => sqlValue(x)).join(', ')}]`;
  return quoteLiteral(typeof v === 'string' ? v : JSON.stringify(v));
}

/** `grant … to …;` lines for an aclexplode result, one per grantee, privileges sorted. */
function grantLines(
  rows: { grantee: string; privilege: string }[],
  on: string,
  columns?: string,
): string[] {
  const by = new Map<string, string[]>();
  for (const r of rows) {
    // MAINTAIN exists from PostgreSQL 17 on: left out so that every version dumps alike
    if (!ROLES.includes(r.grantee) || r.privilege === 'MAINTAIN') continue;
    by.set(r.grantee, [...(by.get(r.grantee) ?? []), r.privilege.toLowerCase()]);
  }
  return [...by.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(
      ([grantee, privs]) =>
        `grant ${[...new Set(privs)]
          .sort()
          .map((p) => (columns ? `${p} (${columns})` : p))
          .join(', ')} on ${on} to ${grantee === 'PUBLIC' ? 'public' : grantee};`,
    );
}

const ACL = (col: string): string =>
  `(select coalesce(json_agg(json_build_object(
      'grantee', case when a.grantee = 0 then 'PUBLIC' else pg_catalog.pg_get_userbyid(a.grantee)::text end,
      'privilege', a.privilege_type)), '[]'::json)
    from pg_catalog.aclexplode(${col}) a)`;

async function functionFiles(db: Queryable): Promise<Map<string, string>> {
  const { rows } = await db.query<{
    schema: string;
    name: string;
    args: string;
    def: string;
    acl: { grantee: string; privilege: string }[];
  }>(
    `select n.nspname::text as schema, p.proname::text as name,
            pg_catalog.pg_get_function_identity_arguments(p.oid) as args,
            pg_catalog.pg_get_functiondef(p.oid) as def,
            ${ACL('p.proacl')} as acl
     from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
     where n.nspname = any ($1::text[]) and p.prokind in ('f', 'p')
       and not exists (select 1 from pg_catalog.pg_depend d
                       where d.objid = p.oid and d.deptype = 'e')
     order by n.nspname::text collate "C", p.proname::text collate "C",
              pg_catalog.pg_get_function_identity_arguments(p.oid) collate "C"`,
    [OWN],
  );
  const files = new Map<string, string>();
  for (const r of rows) {
    const file = `functions/${r.schema}.${r.name}.sql`;
    const on = `function ${r.schema}.${r.name}(${r.args})`;
    const text = [`${r.def.trimEnd()};`, ...grantLines(r.acl, on)].join('\n');
    files.set(file, files.has(file) ? `${files.get(file)}\n\n${text}` : text);
  }
  return files;
}

interface TableRow {
  schema: string;
  name: string;
  own: boolean;
  rls: boolean;
  force_rls: boolean;
  columns: {
    name: string;
    type: string;
    not_null: boolean;
    default: string | null;
    generated: string;
    identity: string;
    acl: { grantee: string; privilege: string }[];
  }[];
  constraints: { name: string; def: string }[];
  indexes: { name: string; def: string }[];
  policies: {
    name: string;
    permissive: string;
    cmd: string;
    roles: string[];
    qual: string | null;
    with_check: string | null;
  }[];
  triggers: { name: string; def: string }[];
  acl: { grantee: string; privilege: string }[];
}

async function tableFiles(db: Queryable): Promise<Map<string, string>> {
  // Tables of the schemas the migrations own, and the platform's tables the migrations add
  // policies or triggers (with a function of their own) to.
  const { rows } = await db.query<TableRow>(
    `select n.nspname::text as schema, c.relname::text as name, n.nspname = any ($1::text[]) as own,
            c.relrowsecurity as rls, c.relforcerowsecurity as force_rls,
            (select coalesce(json_agg(json_build_object(
                'name', a.attname, 'type', pg_catalog.format_type(a.atttypid, a.atttypmod),
                'not_null', a.attnotnull, 'default', pg_catalog.pg_get_expr(d.adbin, d.adrelid),
                'generated', a.attgenerated, 'identity', a.attidentity,
                'acl', ${ACL('a.attacl')}) order by a.attnum), '[]'::json)
             from pg_catalog.pg_attribute a
             left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
            (select coalesce(json_agg(json_build_object(
                'name', k.conname, 'def', pg_catalog.pg_get_constraintdef(k.oid))
                order by k.conname::text collate "C"), '[]'::json)
             from pg_catalog.pg_constraint k where k.conrelid = c.oid and k.contype <> 'n') as constraints,
            (select coalesce(json_agg(json_build_object(
                'name', i.relname, 'def', pg_catalog.pg_get_indexdef(i.oid))
                order by i.relname::text collate "C"), '[]'::json)
             from pg_catalog.pg_index x join pg_catalog.pg_class i on i.oid = x.indexrelid
             where x.indrelid = c.oid
               and not exists (select 1 from pg_catalog.pg_constraint k where k.conindid = i.oid
                               and k.conrelid = c.oid)) as indexes,
            (select coalesce(json_agg(json_build_object(
                'name', p.policyname, 'permissive', p.permissive, 'cmd', p.cmd,
                'roles', (select array_agg(r::text order by r::text collate "C") from unnest(p.roles) r),
                'qual', p.qual, 'with_check', p.with_check)
                order by p.policyname::text collate "C"), '[]'::json)
             from pg_catalog.pg_policies p
             where p.schemaname = n.nspname and p.tablename = c.relname) as policies,
            (select coalesce(json_agg(json_build_object(
                'name', t.tgname, 'def', pg_catalog.pg_get_triggerdef(t.oid))
                order by t.tgname::text collate "C"), '[]'::json)
             from pg_catalog.pg_trigger t
             join pg_catalog.pg_proc f on f.oid = t.tgfoid
             join pg_catalog.pg_namespace fn on fn.oid = f.pronamespace
             where t.tgrelid = c.oid and not t.tgisinternal
               and (n.nspname = any ($1::text[]) or fn.nspname = any ($1::text[]))) as triggers,
            ${ACL('c.relacl')} as acl
     from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p', 'v', 'm')
       and not exists (select 1 from pg_catalog.pg_depend d where d.objid = c.oid and d.deptype = 'e')
       and (n.nspname = any ($1::text[])
            or exists (select 1 from pg_catalog.pg_policies p
                       where p.schemaname = n.nspname and p.tablename = c.relname)
            or exists (select 1 from pg_catalog.pg_trigger t
                       join pg_catalog.pg_proc f on f.oid = t.tgfoid
                       join pg_catalog.pg_namespace fn on fn.oid = f.pronamespace
                       where t.tgrelid = c.oid and not t.tgisinternal and fn.nspname = any ($1::text[])))
     order by n.nspname::text collate "C", c.relname::text collate "C"`,
    [OWN],
  );
  const files = new Map<string, string>();
  for (const t of rows) {
    const q = `${t.schema}.${t.name}`;
    const out: string[] = [];
    if (t.own) {
      const cols = t.columns.map((c) => {
        let s = `  ${c.name} ${c.type}`;
        if (c.generated === 's') s += ` generated always as (${c.default ?? ''}) stored`;
        else if (c.identity === 'a') s += ' generated always as identity';
        else if (c.identity === 'd') s += ' generated by default as identity';
        else if (c.default !== null) s += ` default ${c.default}`;
        if (c.not_null) s += ' not null';
        return s;
      });
      out.push(`create table ${q} (\n${cols.join(',\n')}\n);`);
      for (const k of t.constraints)
        out.push(`alter table ${q} add constraint ${k.name} ${k.def};`);
      for (const i of t.indexes) out.push(`${i.def};`);
      if (t.rls) out.push(`alter table ${q} enable row level security;`);
      if (t.force_rls) out.push(`alter table ${q} force row level security;`);
    } else {
      out.push(`-- ${q} is the platform's: only what the migrations add to it.`);
    }
    for (const p of t.policies) {
      let s = `create policy ${p.name} on ${q} as ${p.permissive.toLowerCase()} for ${p.cmd.toLowerCase()} to ${p.roles.join(', ')}`;
      if (p.qual !== null) s += `\n  using (${p.qual})`;
      if (p.with_check !== null) s += `\n  with check (${p.with_check})`;
      out.push(`${s};`);
    }
    for (const g of t.triggers) out.push(`${g.def};`);
    if (t.own) {
      out.push(...grantLines(t.acl, `table ${q}`));
      for (const c of t.columns) out.push(...grantLines(c.acl, `table ${q}`, c.name));
    }
    files.set(`tables/${q}.sql`, out.join('\n'));
  }
  return files;
}

async function sequenceFiles(db: Queryable): Promise<Map<string, string>> {
  const { rows } = await db.query<{
    schema: string;
    name: string;
    type: string;
    start: string;
    inc: string;
    min: string;
    max: string;
    cycle: boolean;
    acl: { grantee: string; privilege: string }[];
  }>(
    `select s.schemaname::text as schema, s.sequencename::text as name, s.data_type::text as type,
            s.start_value::text as start, s.increment_by::text as inc, s.min_value::text as min,
            s.max_value::text as max, s.cycle, ${ACL('c.relacl')} as acl
     from pg_catalog.pg_sequences s
     join pg_catalog.pg_namespace n on n.nspname = s.schemaname
     join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = s.sequencename
     where s.schemaname = any ($1::text[])
       and not exists (select 1 from pg_catalog.pg_depend d
                       where d.objid = c.oid and d.deptype in ('a', 'i'))
     order by s.schemaname::text collate "C", s.sequencename::text collate "C"`,
    [OWN],
  );
  const files = new Map<string, string>();
  for (const s of rows) {
    const q = `${s.schema}.${s.name}`;
    files.set(
      `sequences/${q}.sql`,
      [
        `create sequence ${q} as ${s.type} start ${s.start} increment ${s.inc} minvalue ${s.min} maxvalue ${s.max}${s.cycle ? ' cycle' : ''};`,
        ...grantLines(s.acl, `sequence ${q}`),
      ].join('\n'),
    );
  }
  return files;
}

async function syncTablesFile(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ r: Record<string, unknown> }>(
    `select row_to_json(t) as r from private.sync_tables t order by t.position`,
  );
  const head = [
    '-- The synced tables as declared in private.sync_tables (supabase/migrations;',
    '-- private.sync_generate() writes the sync functions from these rows).',
  ];
  return [
    head.join('\n'),
    ...rows.map(({ r }) => {
      const cols = Object.keys(r);
      return `insert into private.sync_tables (${cols.join(', ')})\nvalues (${cols
        .map((c) => sqlValue(r[c]))
        .join(', ')});`;
    }),
  ].join('\n\n');
}

/**
 * Every file of the dump, path relative to supabase/schemas/ → text (ending
 * in a newline). Read in one transaction with an empty search_path, so every
 * name outside pg_catalog comes out schema-qualified whatever the connection's.
 */
export async function dumpSchema(db: Transactional): Promise<Map<string, string>> {
  const all = await db.transaction(async (tx) => {
    await tx.query(`select pg_catalog.set_config('search_path', '', true)`);
    return new Map<string, string>([
      ...(await functionFiles(tx)),
      ...(await tableFiles(tx)),
      ...(await sequenceFiles(tx)),
      ['sync_tables.sql', await syncTablesFile(tx)],
    ]);
  });
  const header =
    '-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).\n';
  return new Map(
    [...all.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([path, text]) => [path, `${header}${text}\n`]),
  );
}

/** The files supabase/schemas/ holds now (the areas the dump owns, and sync_tables.sql). */
export function readSchemaFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const area of AREAS) {
    let names: string[] = [];
    try {
      names = readdirSync(join(SCHEMAS_DIR, area));
    } catch {
      continue;
    }
    for (const f of names.filter((n) => n.endsWith('.sql')).sort())
      files.set(`${area}/${f}`, readFileSync(join(SCHEMAS_DIR, area, f), 'utf8'));
  }
  try {
    files.set('sync_tables.sql', readFileSync(join(SCHEMAS_DIR, 'sync_tables.sql'), 'utf8'));
  } catch {
    // not written yet
  }
  return files;
}

/** Replaces the dump's areas of supabase/schemas/ with `files`. */
export function writeSchemaFiles(files: Map<string, string>): void {
  for (const area of AREAS) rmSync(join(SCHEMAS_DIR, area), { recursive: true, force: true });
  for (const [path, text] of files) {
    mkdirSync(join(SCHEMAS_DIR, path, '..'), { recursive: true });
    writeFileSync(join(SCHEMAS_DIR, path), text);
  }
}

async function main(): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pgcrypto } = await import('@electric-sql/pglite/contrib/pgcrypto');
  const db = await PGlite.create({ extensions: { pgcrypto } });
  try {
    await db.exec(readFileSync(join(ROOT, 'server', 'sql', 'bootstrap.sql'), 'utf8'));
    const dir = join(ROOT, 'supabase', 'migrations');
    for (const f of readdirSync(dir)
      .filter((n) => /^\d{14}_.+\.sql$/.test(n))
      .sort())
      await db.exec(readFileSync(join(dir, f), 'utf8'));
    const files = await dumpSchema(db);
    writeSchemaFiles(files);
    process.stdout.write(`supabase/schemas: ${files.size} files written\n`);
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
}
