/**
 * Test support for the schema tests: a fresh database with
 * server/sql/bootstrap.sql and every supabase/migrations file applied in
 * name order, and helpers to act as a user (`set local role authenticated` +
 * request.jwt.claims) inside a transaction. In the vitest project "pglite"
 * that is an in-process PGlite (as the local backend runs); in the project
 * "postgres" a database on a throwaway PostgreSQL 15 prepared as hosted
 * Supabase (tests/support/postgresLane.ts), reached through the backend's
 * `pg` adapter, as `postgres` (not a superuser).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { createPostgresDb, dbBackend } from '../../support/testDatabase.ts';
import { migrateSchemaDb, pgliteTemplate } from '../../support/pgliteTemplates.ts';

export { migrationFiles } from '../../support/pgliteTemplates.ts';

const root = join(import.meta.dirname, '..', '..', '..');

/**
 * A new database with bootstrap + migrations (+ seed when asked), on the
 * project's backend. Typed as PGlite: on PostgreSQL it is the backend's `pg`
 * adapter, which has the part of PGlite's API these tests use (query, exec,
 * transaction with query/exec/rollback, close).
 */
export async function createDb(options: { seed?: boolean } = {}): Promise<PGlite> {
  if (dbBackend() === 'postgres') return (await createPostgresDb(options)) as unknown as PGlite;
  // The run's migrated template when there is one (the same bootstrap and migrations, applied once).
  const template = pgliteTemplate('schema');
  const db = await PGlite.create({
    extensions: { pgcrypto },
    ...(template ? { loadDataDir: template } : {}),
  });
  if (template) {
    // A loaded dump is a new session: the bootstrap's search_path for this session (pgcrypto's
    // schema included) is set again, as the bootstrap sets it.
    await db.query(`select set_config('search_path', '"$user", public, extensions', false)`);
  } else {
    await migrateSchemaDb(db);
  }
  if (options.seed === true) {
    await db.exec(readFileSync(join(root, 'supabase', 'seed.sql'), 'utf8'));
  }
  return db;
}

/** Creates an auth user (as GoTrue would) and returns its id. */
export async function createUser(
  db: PGlite,
  email: string,
  meta: Record<string, unknown> = {},
): Promise<string> {
  const res = await db.query<{ id: string }>(
    `insert into auth.users (id, email, raw_user_meta_data, email_confirmed_at)
     values (gen_random_uuid(), $1, $2::jsonb, now()) returning id`,
    [email, JSON.stringify(meta)],
  );
  const row = res.rows[0];
  if (row === undefined) throw new Error('user not created');
  return row.id;
}

/** Runs `fn` in a transaction as `role` (authenticated with `sub = userId`, or anon). */
export async function asUser<T>(
  db: PGlite,
  userId: string | null,
  fn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const role = userId === null ? 'anon' : 'authenticated';
    const claims = userId === null ? { role } : { sub: userId, role };
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
    await tx.exec(`set local role ${role}`);
    return fn(tx);
  });
}

/** Like asUser, but returns `{ ok: false, error }` with the SQLSTATE instead of throwing. */
export async function tryAsUser<T>(
  db: PGlite,
  userId: string | null,
  fn: (tx: Transaction) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; code: string; message: string }> {
  try {
    return { ok: true, value: await asUser(db, userId, fn) };
  } catch (e) {
    const err = e as { code?: string; message?: string };
    return { ok: false, code: err.code ?? '', message: err.message ?? String(e) };
  }
}

/**
 * Stores empty objects at `paths` in the bucket project-files, as an upload
 * through Storage would, so a project_files row may name them (the database
 * refuses a row whose object was never stored).
 */
export async function storeObjects(db: PGlite, paths: string[]): Promise<void> {
  for (const path of paths) {
    await db.query(
      `insert into storage.objects (bucket_id, name) values ('project-files', $1) on conflict do nothing`,
      [path],
    );
  }
}
