/**
 * The backend in DATABASE_URL mode (PostgreSQL lane only): on a database
 * that has nothing yet it applies the bootstrap, the migrations and the seed;
 * one database has one backend (the second is refused with a clear message,
 * and may start once the first has stopped); requests run as the caller.
 */
import { describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { createLocalBackend } from '../../../server/createServer';
import { createEmptyLaneDatabase, createLaneDatabase, dbBackend } from '../../support/testDatabase';
import { NO_REALTIME } from '../../support/noRealtime';

describe.runIf(dbBackend() === 'postgres')(
  'the backend on a PostgreSQL server (DATABASE_URL)',
  () => {
    it('bootstraps an empty database as a superuser, migrates and seeds it; the demo login works', async () => {
      const empty = await createEmptyLaneDatabase();
      const backend = await createLocalBackend({ databaseUrl: empty.url, seed: true });
      try {
        const applied = await backend.pg.query<{ n: number }>(
          'select count(*)::int as n from supabase_migrations.schema_migrations',
        );
        expect(applied.rows[0]!.n).toBeGreaterThan(0);
        const { url } = await backend.listen(0);
        const client = createClient(url, backend.anonKey, {
          auth: { persistSession: false, autoRefreshToken: false },
          realtime: NO_REALTIME,
        });
        const signIn = await client.auth.signInWithPassword({
          email: 'homeowner@example.com',
          password: 'demo-homeowner',
        });
        expect(signIn.error).toBeNull();
        const projects = await client.from('projects').select('id, user_id');
        expect(projects.error).toBeNull();
        expect(projects.data!.length).toBeGreaterThan(0);
        expect(projects.data!.every((p) => p.user_id === signIn.data.user!.id)).toBe(true);
      } finally {
        await backend.close();
        await empty.drop();
      }
    });

    it('starts as postgres after a first start as a superuser (the README order); everything it made belongs to postgres', async () => {
      const empty = await createEmptyLaneDatabase();
      const asPostgres = empty.url.replace(/^postgresql:\/\/[^@]+@/, 'postgresql://postgres@');
      try {
        const first = await createLocalBackend({ databaseUrl: empty.url, seed: true });
        await first.close();
        const second = await createLocalBackend({ databaseUrl: asPostgres });
        try {
          const who = await second.pg.query<{ user: string; su: boolean }>(
            'select current_user as user, (select rolsuper from pg_roles where rolname = current_user) as su',
          );
          expect(who.rows[0]).toEqual({ user: 'postgres', su: false });
          // Owners as on hosted: postgres owns the database, the backend's schema and the migrations' tables.
          const owners = await second.pg.query<{ what: string; owner: string }>(
            `select 'database' as what, pg_get_userbyid(datdba)::text as owner from pg_database where datname = current_database()
             union all select 'schema _local', nspowner::regrole::text from pg_namespace where nspname = '_local'
             union all select 'table ' || c.relname, c.relowner::regrole::text from pg_class c
               where c.relnamespace in ('public'::regnamespace, '_local'::regnamespace) and c.relkind = 'r'`,
          );
          expect(owners.rows.length).toBeGreaterThan(3);
          expect(owners.rows.filter((r) => r.owner !== 'postgres')).toEqual([]);
          const { url } = await second.listen(0);
          const client = createClient(url, second.anonKey, {
            auth: { persistSession: false, autoRefreshToken: false },
            realtime: NO_REALTIME,
          });
          const signIn = await client.auth.signInWithPassword({
            email: 'homeowner@example.com',
            password: 'demo-homeowner',
          });
          expect(signIn.error).toBeNull();
          // The refresh token lives in _local: the second start as postgres reads and rotates it.
          const refreshed = await client.auth.refreshSession();
          expect(refreshed.error).toBeNull();
          expect(refreshed.data.session?.refresh_token).not.toBe(
            signIn.data.session!.refresh_token,
          );
          const projects = await client.from('projects').select('id');
          expect(projects.error).toBeNull();
          expect(projects.data!.length).toBeGreaterThan(0);
        } finally {
          await second.close();
        }
        // And a superuser start again after that changes nothing for postgres.
        const third = await createLocalBackend({ databaseUrl: empty.url });
        await third.close();
        const fourth = await createLocalBackend({ databaseUrl: asPostgres });
        await fourth.close();
      } finally {
        await empty.drop();
      }
    });

    it('a database whose tables the superuser already owns (an older first start) keeps migrating as the superuser', async () => {
      const empty = await createEmptyLaneDatabase();
      const admin = new pg.Client({ connectionString: empty.url });
      await admin.connect();
      try {
        await admin.query('create table public.legacy_note (id int primary key)');
        const backend = await createLocalBackend({ databaseUrl: empty.url });
        await backend.close();
        const owner = await admin.query<{ owner: string }>(
          `select pg_get_userbyid(relowner) as owner from pg_class where oid = 'public.projects'::regclass`,
        );
        expect(owner.rows[0]!.owner).toBe(new URL(empty.url).username);
      } finally {
        await admin.end();
        await empty.drop();
      }
    });

    it('refuses a second backend on the same database until the first stops', async () => {
      const db = await createLaneDatabase();
      const first = await createLocalBackend({ databaseUrl: db.url });
      try {
        await expect(createLocalBackend({ databaseUrl: db.url })).rejects.toMatchObject({
          code: 'BACKEND_LOCKED',
          message: expect.stringContaining(
            'Another local backend is already serving this database',
          ) as unknown,
        });
      } finally {
        await first.close();
      }
      const second = await createLocalBackend({ databaseUrl: db.url });
      await second.close();
      await db.drop();
    });
  },
);
