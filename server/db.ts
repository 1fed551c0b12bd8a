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
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Tx = Transaction;
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
  pg: PGlite,
  opts: { migrationsDir: string; seedFile?: string | undefined; log?: (line: string) => void },
): Promise<{ isNew: boolean; applied: string[] }> {
  const log = opts.log ?? (() => {});
  const probe = await pg.query<{ r: string | null }>(
    `select to_regclass('supabase_migrations.schema_migrations')::text as r`,
  );
  const isNew = probe.rows[0]?.r == null;
  if (isNew) {
    await pg.exec(readFileSync(join(SQL_DIR, 'bootstrap.sql'), 'utf8'));
  }
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
export async function applyMigrations(pg: PGlite, dir: string, log: (line: string) => void): Promise<string[]> {
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

/**
 * Longest a statement of an API request may run. Postgres enforces it; PGlite
 * (one wasm thread, no timer signals) ignores it, so there the request bounds
 * checked before any work are what keep one request from holding the database.
 */
export const API_STATEMENT_TIMEOUT = '15s';

const SET_CLAIMS_SQL = `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
  set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true),
  set_config('request.jwt.claim.email', $4, true), set_config('statement_timeout', '${API_STATEMENT_TIMEOUT}', true)`;

/**
 * The database broke (PGlite reported an internal error, its wasm aborted, or a
 * statement that must return one row returned none). Nothing it answers now can
 * be trusted; the server answers 503 until it has reopened the database.
 */
export class DatabaseFailure extends Error {
  constructor(readonly reason: string) {
    super(`database failure: ${reason}`);
    this.name = 'DatabaseFailure';
  }
}

const failureListeners = new WeakMap<PGlite, (reason: string) => void>();

/** Call `listener` (once per failure) when a query on `pg` shows the database broke. */
export function onDatabaseFailure(pg: PGlite, listener: (reason: string) => void): void {
  failureListeners.set(pg, listener);
}

/** XX000 (internal error) or a wasm trap: the database process state is no longer sound. */
export function isFatalDatabaseError(e: unknown): boolean {
  if (e instanceof DatabaseFailure) return true;
  if (typeof e !== 'object' || e === null) return false;
  const err = e as { code?: unknown; name?: unknown; message?: unknown };
  if (err.code === 'XX000') return true;
  if (err.name === 'RuntimeError') return true;
  return typeof err.message === 'string' && /ERRORDATA_STACK_SIZE|memory access out of bounds|unreachable/.test(err.message);
}

/** Report the failure of `pg` to its listener and throw {@link DatabaseFailure}. */
function failed(pg: PGlite, reason: string): never {
  failureListeners.get(pg)?.(reason);
  throw new DatabaseFailure(reason);
}

/** Rethrow `e`, first reporting it when it shows the database broke. */
function rethrow(pg: PGlite, e: unknown): never {
  if (isFatalDatabaseError(e)) failed(pg, e instanceof Error ? e.message : String(e));
  throw e;
}

/**
 * Run `fn` in one transaction as the caller: `SET LOCAL ROLE <claims.role>` (via
 * `set_config('role', …, true)`, the same thing in one round trip), the claims in
 * `request.jwt.claims` (and the older per-claim settings) and the API's
 * `statement_timeout`. Commits when `fn` resolves, rolls back when it throws (the
 * error is rethrown). Everything is local to the transaction, so nothing leaks to
 * the next one. A sentinel row checked at the start and the end catches a
 * database that broke silently (PGlite may answer empty results after an
 * internal error): then {@link DatabaseFailure} is thrown instead of a result.
 */
export async function runAs<T>(pg: PGlite, claims: Claims, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await pg.transaction(async (tx) => {
      const set = await tx.query(SET_CLAIMS_SQL, [claims.role, JSON.stringify(claims), claims.sub ?? '', claims.email ?? '']);
      if (set.rows.length !== 1) failed(pg, 'the claims statement returned no row');
      const out = await fn(tx);
      await sentinel(pg, tx);
      return out;
    });
  } catch (e) {
    rethrow(pg, e);
  }
}

/** Run `fn` in one transaction as the database owner (the auth service's own work). */
export async function runAsOwner<T>(pg: PGlite, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await pg.transaction(async (tx) => {
      const out = await fn(tx);
      await sentinel(pg, tx);
      return out;
    });
  } catch (e) {
    rethrow(pg, e);
  }
}

async function sentinel(pg: PGlite, tx: Tx): Promise<void> {
  if (tx.closed) return; // rolled back on purpose by the caller
  const r = await tx.query<{ ok: number }>('select 1 as ok');
  if (r.rows.length !== 1 || r.rows[0]!.ok !== 1) failed(pg, 'the sentinel query returned no row');
}

/** Is the database answering correctly? (The health check; also run after a restart.) */
export async function probeDatabase(pg: PGlite): Promise<boolean> {
  try {
    const r = await pg.query<{ ok: number }>('select 1 as ok');
    return r.rows.length === 1 && r.rows[0]!.ok === 1;
  } catch {
    return false;
  }
}

/** A SQL string literal that is safe whatever `standard_conforming_strings` says (E'…' escaping). */
export function literal(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  const s = typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
  if (s.includes('\0')) throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
  return `E'${s.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
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
      `set_config('request.jwt.claim.email', ${literal(claims.email ?? '')}, true), ` +
      `set_config('statement_timeout', '${API_STATEMENT_TIMEOUT}', true);\n`;
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
 * One statement as the caller in ONE round trip, prepared once per SQL shape
 * (PREPARE as the owner, then a simple-protocol string `SET LOCAL ROLE …;
 * SELECT set_config(…); EXECUTE name(literals…)`, one implicit transaction,
 * so the role and claims apply to that statement only). Postgres re-checks a cached plan against the current role
 * (RLS) and the schema, so the plan is shared safely; claims are read at
 * execution. Every `$n` must be typed by its context (`$1::text`). On an
 * error the statement is deallocated so the next call prepares afresh.
 */
export async function queryAsPrepared<T>(pg: PGlite, claims: Claims, sql: string, params: readonly unknown[] = []): Promise<{ rows: T[]; affectedRows?: number }> {
  if (claims.role !== 'anon' && claims.role !== 'authenticated' && claims.role !== 'service_role') throw new Error('bad role');
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
    await pg.exec(`prepare ${fresh} as ${sql}`).catch((e: unknown) => rethrow(pg, e));
    cache.set(sql, fresh);
    name = fresh;
  }
  const prologue = prologueOf(claims);
  const args = params.length ? `(${params.map(literal).join(', ')})` : '';
  let results;
  try {
    results = await pg.exec(`${prologue}execute ${name}${args}`);
  } catch (e) {
    if (isFatalDatabaseError(e)) rethrow(pg, e);
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
  // results: SET LOCAL ROLE, the claims row, the statement. No claims row = the database broke silently.
  if (results.length !== 3 || results[1]!.rows.length !== 1) failed(pg, 'the claims statement returned no row');
  const last = results[results.length - 1]!;
  return { rows: last.rows as T[], affectedRows: last.affectedRows };
}
