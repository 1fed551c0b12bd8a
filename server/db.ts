/**
 * Persistence of the local backend: opens PGlite (a data directory or in
 * memory), runs `server/sql/bootstrap.sql` once per data directory, applies
 * `supabase/migrations/*.sql` in filename order (recorded in
 * `supabase_migrations.schema_migrations`), seeds a brand-new directory, and
 * runs every API request in its own transaction as the caller's role.
 *
 * PGlite is one connection; `pg.transaction` and `pg.query` share one
 * exclusive lock, so transactions are serialized. Callers must read request
 * bodies BEFORE calling {@link runAs}: nothing inside a transaction awaits the
 * network.
 */
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SqlDatabase, SqlTx } from './sqlDatabase.ts';

export type { SqlDatabase } from './sqlDatabase.ts';
export type Tx = SqlTx;
export type ApiRole = 'anon' | 'authenticated' | 'service_role';

/** JWT claims of a request, as PostgREST exposes them in `request.jwt.claims`. */
export interface Claims {
  role: ApiRole;
  sub?: string;
  email?: string;
  [k: string]: unknown;
}

const SQL_DIR = join(import.meta.dirname, 'sql');

/** Open PGlite with pgcrypto. `dataDir` undefined = in memory. */
export async function openDatabase(dataDir: string | undefined): Promise<PGlite> {
  return PGlite.create(dataDir ?? 'memory://', { extensions: { pgcrypto } });
}

/**
 * Bootstrap (once), internal schema, migrations, seed (only when the database
 * was new). Returns the versions applied now and whether the database was new.
 */
export async function prepareDatabase(
  pg: SqlDatabase,
  opts: { migrationsDir: string; seedFile?: string | undefined; log?: (line: string) => void },
): Promise<{ isNew: boolean; applied: string[] }> {
  const log = opts.log ?? (() => {});
  const probe = await pg.query<{ auth: string | null; log: string | null }>(
    `select to_regclass('auth.users')::text as auth, to_regclass('supabase_migrations.schema_migrations')::text as log`,
  );
  const hasAuth = probe.rows[0]?.auth != null;
  const hasLog = probe.rows[0]?.log != null;
  if (!hasAuth) {
    // Needs a superuser (roles, schema owners); see the README's DATABASE_URL section.
    await pg.exec(readFileSync(join(SQL_DIR, 'bootstrap.sql'), 'utf8'));
  } else if (!hasLog) {
    // A Supabase database before its first `supabase db push`: only the CLI's bookkeeping is missing.
    await pg.exec(`create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (version text primary key, name text, statements text[]);`);
  }
  const isNew =
    !hasLog || (await pg.query<{ n: number }>('select count(*)::int as n from supabase_migrations.schema_migrations')).rows[0]?.n === 0;
  await pg.exec(readFileSync(join(SQL_DIR, 'local.sql'), 'utf8'));
  const applied = await applyMigrations(pg, opts.migrationsDir, log);
  if (isNew && opts.seedFile && existsSync(opts.seedFile)) {
    await pg.exec(readFileSync(opts.seedFile, 'utf8'));
    log(`seeded from ${opts.seedFile}`);
  }
  return { isNew, applied };
}

/**
 * Apply every `*.sql` in `dir` not yet in `supabase_migrations.schema_migrations`,
 * in filename order, each in its own transaction. The version is the part of
 * the filename before the first `_` (as the Supabase CLI records it).
 */
export async function applyMigrations(pg: SqlDatabase, dir: string, log: (line: string) => void): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const done = new Set(
    (await pg.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
      (r) => r.version,
    ),
  );
  const applied: string[] = [];
  for (const file of files) {
    const base = file.slice(0, -4);
    const cut = base.indexOf('_');
    const version = cut > 0 ? base.slice(0, cut) : base;
    const name = cut > 0 ? base.slice(cut + 1) : '';
    if (done.has(version)) continue;
    const sql = readFileSync(join(dir, file), 'utf8');
    await pg.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
        version,
        name,
        [sql],
      ]);
    });
    applied.push(version);
    log(`migration applied: ${file}`);
  }
  return applied;
}

const SET_CLAIMS_SQL = `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
  set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true),
  set_config('request.jwt.claim.email', $4, true)`;

/**
 * Run `fn` in one transaction as the caller: `SET LOCAL ROLE <claims.role>` (via
 * `set_config('role', …, true)`, the same thing in one round trip) and the
 * claims in `request.jwt.claims` (and the older per-claim settings). Commits
 * when `fn` resolves, rolls back when it throws (the error is rethrown).
 * Everything is local to the transaction, so nothing leaks to the next one.
 */
export async function runAs<T>(pg: SqlDatabase, claims: Claims, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return pg.transaction(async (tx) => {
    await tx.query(SET_CLAIMS_SQL, [claims.role, JSON.stringify(claims), claims.sub ?? '', claims.email ?? '']);
    return fn(tx);
  });
}

/** Run `fn` in one transaction as the database owner (the auth service's own work). */
export async function runAsOwner<T>(pg: SqlDatabase, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return pg.transaction(fn);
}

/** A SQL string literal that is safe whatever `standard_conforming_strings` says (E'…' escaping). */
export function literal(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  const s = typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
  if (s.includes('\0')) throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
  return `E'${s.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * Replace `$n` placeholders with literals, outside quoted identifiers and
 * string literals (the SQL is ours; only values come from the request).
 */
export function inlineParams(sql: string, params: readonly unknown[]): string {
  if (params.length === 0) return sql;
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i]!;
    if (ch === '"' || ch === "'") {
      const end = sql.indexOf(ch, i + 1);
      const stop = end < 0 ? sql.length : end + 1;
      out += sql.slice(i, stop);
      i = stop;
      continue;
    }
    if (ch === '$') {
      const m = /^\$(\d+)/.exec(sql.slice(i, i + 12));
      if (m) {
        const idx = Number(m[1]) - 1;
        if (idx < 0 || idx >= params.length) throw new Error(`no value for $${m[1]}`);
        out += literal(params[idx]);
        i += m[0].length;
        continue;
      }
    }
    out += ch;
    i++;
  }
  return out;
}

/**
 * One statement as the caller in ONE round trip: a simple-protocol query
 * string `SET LOCAL ROLE …; SELECT set_config(…); <statement>` runs as one
 * implicit transaction, so the role and claims apply to the statement only
 * and are gone afterwards; an error rolls everything back. The hot path of
 * `/rest/v1` reads (issue 2 bench). Values are inlined as escaped literals.
 */
export async function queryAs<T>(pg: SqlDatabase, claims: Claims, sql: string, params: readonly unknown[] = []): Promise<{ rows: T[]; affectedRows?: number }> {
  if (claims.role !== 'anon' && claims.role !== 'authenticated' && claims.role !== 'service_role') throw new Error('bad role');
  const prologue =
    `set local role ${claims.role}; select ` +
    `set_config('request.jwt.claims', ${literal(JSON.stringify(claims))}, true), ` +
    `set_config('request.jwt.claim.sub', ${literal(claims.sub ?? '')}, true), ` +
    `set_config('request.jwt.claim.role', ${literal(claims.role)}, true), ` +
    `set_config('request.jwt.claim.email', ${literal(claims.email ?? '')}, true);\n`;
  const results = await pg.exec(prologue + inlineParams(sql, params));
  const last = results[results.length - 1]!;
  return { rows: last.rows as T[], affectedRows: last.affectedRows };
}

/** Role-and-claims prologues by claims object (the verifier caches claims per token, so this hits). */
const prologues = new WeakMap<Claims, string>();

function prologueOf(claims: Claims): string {
  let p = prologues.get(claims);
  if (!p) {
    p =
      `set local role ${claims.role}; select ` +
      `set_config('request.jwt.claims', ${literal(JSON.stringify(claims))}, true), ` +
      `set_config('request.jwt.claim.sub', ${literal(claims.sub ?? '')}, true), ` +
      `set_config('request.jwt.claim.role', ${literal(claims.role)}, true), ` +
      `set_config('request.jwt.claim.email', ${literal(claims.email ?? '')}, true);\n`;
    prologues.set(claims, p);
  }
  return p;
}

/** Prepared statements of {@link queryAsPrepared}, per PGlite instance: SQL text → name. */
const preparedByDb = new WeakMap<PGlite, Map<string, string>>();
/** Distinct read shapes kept prepared; past this the cache starts over (DEALLOCATE ALL). */
const MAX_PREPARED = 256;
let preparedSeq = 0;

/**
 * {@link queryAs} with the statement prepared once per SQL shape (PREPARE as
 * the owner, then `EXECUTE name(literals…)` inside the caller's implicit
 * transaction). Postgres re-checks a cached plan against the current role
 * (RLS) and the schema, so the plan is shared safely; claims are read at
 * execution. Every `$n` must be typed by its context (`$1::text`). On an
 * error the statement is deallocated so the next call prepares afresh.
 */
export async function queryAsPrepared<T>(pg: SqlDatabase, claims: Claims, sql: string, params: readonly unknown[] = []): Promise<{ rows: T[]; affectedRows?: number }> {
  if (claims.role !== 'anon' && claims.role !== 'authenticated' && claims.role !== 'service_role') throw new Error('bad role');
  // Prepared statements belong to one session; a pool hands out many, so there each read is one simple query.
  if (!(pg instanceof PGlite)) return queryAs<T>(pg, claims, sql, params);
  let cache = preparedByDb.get(pg);
  if (!cache) {
    cache = new Map();
    preparedByDb.set(pg, cache);
  }
  let name = cache.get(sql);
  if (!name) {
    if (cache.size >= MAX_PREPARED) {
      await pg.exec('deallocate all');
      cache.clear();
    }
    preparedSeq += 1;
    const fresh = `_local_read_${preparedSeq}`;
    await pg.exec(`prepare ${fresh} as ${sql}`);
    cache.set(sql, fresh);
    name = fresh;
  }
  const prologue = prologueOf(claims);
  const args = params.length ? `(${params.map(literal).join(', ')})` : '';
  try {
    const results = await pg.exec(`${prologue}execute ${name}${args}`);
    const last = results[results.length - 1]!;
    return { rows: last.rows as T[], affectedRows: last.affectedRows };
  } catch (e) {
    // Errors about the data or the caller's rights leave the plan valid; anything else may mean the
    // schema moved under it (dropped column, changed type), so prepare afresh next time.
    const code = (e as { code?: unknown }).code;
    const planIsFine = typeof code === 'string' && (code === '42501' || code.startsWith('22') || code.startsWith('23') || code === 'P0001');
    if (!planIsFine) {
      cache.delete(sql);
      await pg.exec(`deallocate ${name}`).catch(() => {});
    }
    throw e;
  }
}
