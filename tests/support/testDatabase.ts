/**
 * Which database the integration tests run on, and fresh databases on the
 * real-PostgreSQL lane. The same test files run twice: in the vitest project
 * "pglite" (in-process PGlite) and in the project "postgres" (a throwaway
 * PostgreSQL 15 prepared as hosted Supabase, see tests/support/postgresLane.ts).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres, type PostgresDatabase } from '../../server/postgres.ts';
import type { PostgresLane } from './postgresLane.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/** The backend of the running vitest project; PGlite outside vitest (the benches reuse these helpers). */
export function dbBackend(): 'pglite' | 'postgres' {
  let backend: unknown;
  try {
    backend = inject('dbBackend');
  } catch {
    return 'pglite';
  }
  return backend === 'postgres' ? 'postgres' : 'pglite';
}

function lane(): PostgresLane {
  const l = inject('postgresLane');
  if (!l) throw new Error('the PostgreSQL lane is not running (no binaries?)');
  return l;
}

async function asSuperuser<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const l = lane();
  const c = new pg.Client({
    host: l.socketDir,
    port: l.port,
    user: l.superuser,
    database: 'postgres',
  });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A new database on the lane, cloned from the migrated template; connection facts for `postgres`. */
export async function createLaneDatabase(
  options: { seed?: boolean } = {},
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const l = lane();
  const name = `t_${randomBytes(6).toString('hex')}`;
  await asSuperuser((c) =>
    c.query(`create database ${name} template ${l.template} owner postgres`),
  );
  const url = `postgresql://postgres@localhost:${l.port}/${name}?host=${encodeURIComponent(l.socketDir)}`;
  if (options.seed === true) {
    // As the migration role (its login search_path has extensions, for crypt()).
    const c = new pg.Client({ host: l.socketDir, port: l.port, user: 'postgres', database: name });
    await c.connect();
    try {
      await c.query(readFileSync(join(ROOT, 'supabase', 'seed.sql'), 'utf8'));
    } finally {
      await c.end();
    }
  }
  return {
    name,
    url,
    drop: () =>
      asSuperuser((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}

/**
 * A fresh migrated database on the lane, connected as `postgres` (the
 * database owner: not a superuser, BYPASSRLS), through the same adapter as
 * the backend's DATABASE_URL mode. `close()` also drops it.
 */
export async function createPostgresDb(
  options: { seed?: boolean } = {},
): Promise<PostgresDatabase> {
  const l = lane();
  const created = await createLaneDatabase(options);
  const db = openPostgres(
    { host: l.socketDir, port: l.port, user: 'postgres', database: created.name },
    4,
  );
  const close = db.close.bind(db);
  return Object.assign(db, {
    async close() {
      await close();
      await created.drop();
    },
  });
}

/** An empty database on the lane (no bootstrap, no migrations) and a superuser URL to it. */
export async function createEmptyLaneDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const l = lane();
  const name = `e_${randomBytes(6).toString('hex')}`;
  await asSuperuser((c) => c.query(`create database ${name}`));
  return {
    url: `postgresql://${l.superuser}@localhost:${l.port}/${name}?host=${encodeURIComponent(l.socketDir)}`,
    drop: () =>
      asSuperuser((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}
