/**
 * Vitest global set-up of the real-PostgreSQL lane: a throwaway PostgreSQL 15
 * server from the system's binaries (temp directory, random port, Unix socket
 * only, fsync off), prepared as a hosted Supabase project is before its first
 * migration, then the migrations applied as `postgres` into a template
 * database every test clones (`CREATE DATABASE … TEMPLATE`, a file copy).
 *
 * Hosted Supabase, and so this lane:
 *   - the cluster superuser is `supabase_admin`; `postgres` owns the database
 *     but is NOT a superuser (CREATEDB, CREATEROLE, BYPASSRLS);
 *   - server/sql/bootstrap.sql (run here as the superuser) creates the API
 *     roles, auth (owned by supabase_auth_admin), storage (owned by
 *     supabase_storage_admin) with its delete guard, pgcrypto in extensions;
 *   - policies on storage tables: hosted lets `postgres` create them through
 *     the supautils extension (no Debian package). The lane emulates exactly
 *     that grant: the migration runs as `postgres` (SET ROLE from the
 *     superuser session), and only `create/alter/drop policy … on storage.*`
 *     statements run as the superuser, as supautils does. Nothing else gets
 *     elevated and `postgres` never owns a storage table.
 *
 * Tests reach it through `inject('postgresLane')`; see
 * tests/support/testDatabase.ts. PostgreSQL refuses to run as root, so when
 * the tests run as root the server runs as the `postgres` system user.
 * Stopped (immediate) and removed at the end.
 */
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { asMigrationRole } from '../../server/migrationRole.ts';

const ROOT = join(import.meta.dirname, '..', '..');
/**
 * The PostgreSQL binaries: PG_BIN, else Debian's 15 (hosted's oldest
 * supported major), else the newest Debian major installed.
 */
export const PG_BIN = process.env.PG_BIN ?? findDebianPostgres();

function findDebianPostgres(): string {
  const base = '/usr/lib/postgresql';
  if (existsSync(join(base, '15', 'bin', 'postgres'))) return join(base, '15', 'bin');
  const majors = existsSync(base)
    ? readdirSync(base).filter(
        (d) => /^\d+$/.test(d) && existsSync(join(base, d, 'bin', 'postgres')),
      )
    : [];
  majors.sort((a, b) => Number(b) - Number(a));
  return join(base, majors[0] ?? '15', 'bin');
}
export const TEMPLATE_DB = 'hosted_template';
export const SUPERUSER = 'supabase_admin';

/** Connection facts the tests need (all via the Unix socket). */
export interface PostgresLane {
  socketDir: string;
  port: number;
  template: string;
  superuser: string;
  version: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresLane: PostgresLane | null;
    dbBackend: 'pglite' | 'postgres';
  }
}

/** Whether the lane can run here (the server binary exists). */
export function postgresAvailable(): boolean {
  return existsSync(join(PG_BIN, 'postgres')) && existsSync(join(PG_BIN, 'initdb'));
}

/** Run a PostgreSQL binary as the unprivileged owner of the cluster. */
function runPg(bin: string, args: string[], runAs: string | null): string {
  const file = join(PG_BIN, bin);
  const out = runAs
    ? execFileSync('runuser', ['-u', runAs, '--', file, ...args], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    : execFileSync(file, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return out;
}

/**
 * A migration as hosted runs it: as `postgres`, with the policy statements on
 * storage tables elevated the way supautils' policy grant elevates them (the
 * backend's own rewrite for a first start as a superuser, server/migrationRole.ts).
 * Those on realtime tables run as `postgres`: hosted makes it a member of their
 * owner. Runs inside the caller's transaction.
 */
export function migrationAsPostgres(sql: string): string {
  return asMigrationRole(sql, 'postgres');
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!postgresAvailable()) {
    console.warn(
      `[postgres lane] skipped: no PostgreSQL binaries at ${PG_BIN} (apt-get install postgresql)`,
    );
    project.provide('postgresLane', null);
    return async () => {};
  }
  const { lane, stop } = await startPostgresLane();
  console.log(
    `[postgres lane] PostgreSQL ${lane.version} on ${lane.socketDir} (port ${lane.port}), migrations applied as postgres`,
  );
  project.provide('postgresLane', lane);
  return stop;
}

/**
 * Start the throwaway server, prepare it as hosted and migrate the template
 * (see the file comment). `stop()` stops it and removes its directory.
 * Errors: a failed start or migration rejects (the server is stopped).
 */
export async function startPostgresLane(): Promise<{
  lane: PostgresLane;
  stop: () => Promise<void>;
}> {
  const runAs = process.getuid?.() === 0 ? 'postgres' : null;
  const dir = mkdtempSync(join(tmpdir(), 'pglane-'));
  if (runAs) {
    const uid = Number(execFileSync('id', ['-u', runAs], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', runAs], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const data = join(dir, 'data');
  const port = 20_000 + Math.floor(Math.random() * 40_000);
  runPg(
    'initdb',
    ['-D', data, '-U', SUPERUSER, '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
    runAs,
  );
  const opts = [
    `-p ${port}`,
    `-k ${dir}`,
    `-c listen_addresses=''`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
    '-c shared_buffers=64MB',
  ].join(' ');
  runPg('pg_ctl', ['-D', data, '-o', opts, '-l', join(dir, 'server.log'), '-w', 'start'], runAs);

  const stop = async (): Promise<void> => {
    try {
      runPg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'], runAs);
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    const admin = new pg.Client({ host: dir, port, user: SUPERUSER, database: 'postgres' });
    await admin.connect();
    const version = (
      await admin.query<{ v: string }>("select current_setting('server_version') as v")
    ).rows[0]!.v;
    const bootstrap = readFileSync(join(ROOT, 'server', 'sql', 'bootstrap.sql'), 'utf8');
    // Roles are per cluster: create them (and demote postgres as hosted does) before the database.
    await admin.query(bootstrap.slice(0, bootstrap.indexOf('-- ── extensions')));
    await admin.query('alter role postgres nosuperuser createdb createrole login bypassrls');
    await admin.query(`create database ${TEMPLATE_DB} owner postgres`);
    await admin.end();

    const tpl = new pg.Client({ host: dir, port, user: SUPERUSER, database: TEMPLATE_DB });
    await tpl.connect();
    try {
      await tpl.query(bootstrap);
      const migrationsDir = join(ROOT, 'supabase', 'migrations');
      for (const file of readdirSync(migrationsDir)
        .filter((f) => f.endsWith('.sql'))
        .sort()) {
        const sql = readFileSync(join(migrationsDir, file), 'utf8');
        const base = file.slice(0, -4);
        const cut = base.indexOf('_');
        await tpl.query('begin');
        try {
          await tpl.query(migrationAsPostgres(sql));
          await tpl.query('set role postgres');
          await tpl.query(
            'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
            [cut > 0 ? base.slice(0, cut) : base, cut > 0 ? base.slice(cut + 1) : '', [sql]],
          );
          await tpl.query('reset role');
          await tpl.query('commit');
        } catch (e) {
          await tpl.query('rollback');
          throw new Error(
            `[postgres lane] migration ${file} failed on PostgreSQL ${version}: ${(e as Error).message}`,
          );
        }
      }
    } finally {
      await tpl.end();
    }
    return {
      lane: { socketDir: dir, port, template: TEMPLATE_DB, superuser: SUPERUSER, version },
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
