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
import { failed, rethrow } from './dbHealth.ts';
import { asMigrationRole, handOverToMigrationRole, migrationRoleFor } from './migrationRole.ts';
import { SET_CLAIMS_SQL, type RequestSettings } from './claimsSql.ts';

export type { RequestSettings } from './claimsSql.ts';

export {
  DatabaseFailure,
  isFatalDatabaseError,
  onDatabaseFailure,
  probeDatabase,
} from './dbHealth.ts';

export { API_STATEMENT_TIMEOUT } from './claimsSql.ts';

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

/**
 * Open PGlite with pgcrypto. `dataDir` undefined = in memory, starting from
 * `startFrom` when given (a PGlite data-folder dump, as `dumpDataDir` makes
 * it: the tests' migrated template); `startFrom` is ignored with a `dataDir`.
 */
export async function openDatabase(dataDir: string | undefined, startFrom?: Blob): Promise<PGlite> {
  if (dataDir === undefined && startFrom) {
    return PGlite.create('memory://', { extensions: { pgcrypto }, loadDataDir: startFrom });
  }
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
  const probe = await pg.query<{
    auth: string | null;
    log: string | null;
    rt: string | null;
    current: string | null;
    su: boolean | null;
  }>(
    `select to_regclass('auth.users')::text as auth, to_regclass('supabase_migrations.schema_migrations')::text as log,
       to_regclass('realtime.messages')::text as rt,
       to_regprocedure('storage.update_updated_at_column()')::text as current,
       (select rolsuper from pg_roles where rolname = current_user) as su`,
  );
  // A data folder from before the realtime schema was emulated gets it too (the bootstrap is idempotent),
  // and so does one bootstrapped before its storage/realtime parity fixes, where we are the superuser.
  const hasAuth = probe.rows[0]?.auth != null && probe.rows[0]?.rt != null;
  const stale = probe.rows[0]?.current == null && probe.rows[0]?.su === true;
  const hasLog = probe.rows[0]?.log != null;
  if (!hasAuth || stale) {
    // Needs a superuser (roles, schema owners); see the README's DATABASE_URL section.
    await pg.exec(readFileSync(join(SQL_DIR, 'bootstrap.sql'), 'utf8'));
  } else if (!hasLog) {
    // A Supabase database before its first `supabase db push`: only the CLI's bookkeeping is missing.
    await pg.exec(`create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (version text primary key, name text, statements text[]);`);
  }
  const isNew =
    !hasLog ||
    (
      await pg.query<{ n: number }>(
        'select count(*)::int as n from supabase_migrations.schema_migrations',
      )
    ).rows[0]?.n === 0;
  // Connected as a superuser other than postgres: the rest runs as postgres, as hosted runs it.
  const role = await migrationRoleFor(pg);
  if (role) await handOverToMigrationRole(pg, role);
  const as = (sql: string): string => (role ? asMigrationRole(sql, role) : sql);
  const run = (sql: string) => pg.transaction((tx) => tx.exec(as(sql)));
  await run(readFileSync(join(SQL_DIR, 'local.sql'), 'utf8'));
  const applied = await applyMigrations(pg, opts.migrationsDir, log, as);
  if (isNew && opts.seedFile && existsSync(opts.seedFile)) {
    await run(readFileSync(opts.seedFile, 'utf8'));
    log(`seeded from ${opts.seedFile}`);
  }
  return { isNew, applied };
}

/**
 * Apply every `*.sql` in `dir` not yet in `supabase_migrations.schema_migrations`,
 * in filename order, each in its own transaction. The version is the part of
 * the filename before the first `_` (as the Supabase CLI records it). `as`
 * rewrites each file before it runs (to run it as the migration role, see
 * ./migrationRole.ts).
 */
export async function applyMigrations(
  pg: SqlDatabase,
  dir: string,
  log: (line: string) => void,
  as: (sql: string) => string = (sql) => sql,
): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const done = new Set(
    (
      await pg.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations',
      )
    ).rows.map((r) => r.version),
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
      await tx.exec(as(sql));
      await tx.query(
        'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
        [version, name, [sql]],
      );
    });
    applied.push(version);
    log(`migration applied: ${file}`);
  }
  return applied;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The token's user no longer exists (the account was deleted after the token
 * was issued). Carries SQLSTATE 28000 (invalid authorization), which
 * PostgREST answers 403, so any route's database-error mapping refuses it.
 */
export class UserGoneError extends Error {
  readonly code = '28000';
  constructor() {
    super('User from sub claim in JWT does not exist');
  }
}

/** Options of {@link runAs}. */
export interface RunAsOptions {
  /** Refuse ({@link UserGoneError}) a user token whose auth.users row is gone. Default true. */
  requireUser?: boolean;
  /** The HTTP request, for `request.method`, `request.path` and `request.headers` (as PostgREST sets them). */
  request?: RequestSettings;
  /** Run the transaction read-only (PostgREST does for a GET and a STABLE/IMMUTABLE function). */
  readOnly?: boolean;
}

/**
 * Run `fn` in one transaction as the caller: `SET LOCAL ROLE <claims.role>` (via
 * `set_config('role', …, true)`, the same thing in one round trip), the claims in
 * `request.jwt.claims` (and the older per-claim settings) and the API's
 * `statement_timeout`. Commits when `fn` resolves, rolls back when it throws (the
 * error is rethrown). Everything is local to the transaction, so nothing leaks to
 * the next one. A user token whose account is gone is refused in the same
 * statement ({@link UserGoneError}, nothing runs). A sentinel row checked at the start and the end catches a
 * database that broke silently (PGlite may answer empty results after an
 * internal error): then {@link DatabaseFailure} is thrown instead of a result.
 */
export async function runAs<T>(
  pg: SqlDatabase,
  claims: Claims,
  fn: (tx: Tx) => Promise<T>,
  opts: RunAsOptions = {},
): Promise<T> {
  const checked =
    opts.requireUser !== false &&
    claims.role !== 'service_role' &&
    typeof claims.sub === 'string' &&
    UUID_RE.test(claims.sub)
      ? claims.sub
      : null;
  try {
    return await pg.transaction(async (tx) => {
      const set = await tx.query<{ user_ok: boolean }>(SET_CLAIMS_SQL, [
        claims.role,
        JSON.stringify(claims),
        claims.sub ?? '',
        claims.email ?? '',
        checked,
        opts.request?.method ?? null,
        opts.request?.path ?? null,
        opts.request?.headers ?? null,
        opts.readOnly ? 'on' : null,
      ]);
      if (set.rows.length !== 1) failed(pg, 'the claims statement returned no row');
      if (!set.rows[0]!.user_ok) throw new UserGoneError();
      const out = await fn(tx);
      await sentinel(pg, tx);
      return out;
    });
  } catch (e) {
    rethrow(pg, e);
  }
}

/** Run `fn` in one transaction as the database owner (the auth service's own work). */
export async function runAsOwner<T>(pg: SqlDatabase, fn: (tx: Tx) => Promise<T>): Promise<T> {
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

async function sentinel(pg: SqlDatabase, tx: Tx): Promise<void> {
  if (tx.closed) return; // rolled back on purpose by the caller
  const r = await tx.query<{ ok: number }>('select 1 as ok');
  if (r.rows.length !== 1 || r.rows[0]!.ok !== 1) failed(pg, 'the sentinel query returned no row');
}
