/**
 * The database before the first migration is what hosted Supabase provides,
 * on both backends: API roles with INHERIT and their timeouts, authenticator,
 * auth, storage and realtime owned by their admin roles, pgcrypto in `extensions`,
 * Storage's delete guard. On PostgreSQL, also that the tests run as hosted's
 * `postgres`: the database owner, not a superuser, with BYPASSRLS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { asUser, createDb, createUser, tryAsUser } from './pgliteDb';
import { dbBackend } from '../../support/testDatabase';

let db: PGlite;

beforeAll(async () => {
  db = await createDb();
});

afterAll(async () => {
  await db.close();
});

describe(`the hosted Supabase set-up (${dbBackend()})`, () => {
  it('has the API roles with INHERIT, authenticator, and hosted timeouts', async () => {
    const roles = await db.query<{
      rolname: string;
      rolinherit: boolean;
      rolcanlogin: boolean;
      rolbypassrls: boolean;
      config: string[] | null;
    }>(
      `select rolname, rolinherit, rolcanlogin, rolbypassrls, rolconfig as config from pg_roles
        where rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by rolname`,
    );
    const by = Object.fromEntries(roles.rows.map((r) => [r.rolname, r]));
    expect(Object.keys(by)).toEqual(['anon', 'authenticated', 'authenticator', 'service_role']);
    for (const api of ['anon', 'authenticated', 'service_role'])
      expect(by[api]).toMatchObject({ rolinherit: true, rolcanlogin: false });
    expect(by.service_role!.rolbypassrls).toBe(true);
    expect(by.authenticator).toMatchObject({ rolinherit: false, rolcanlogin: true });
    expect(by.anon!.config).toContain('statement_timeout=3s');
    expect(by.authenticated!.config).toContain('statement_timeout=8s');
    expect(by.authenticator!.config).toEqual(
      expect.arrayContaining(['statement_timeout=8s', 'lock_timeout=8s']),
    );
    const members = await db.query<{ role: string }>(
      `select r.rolname as role from pg_auth_members m join pg_roles r on r.oid = m.roleid join pg_roles u on u.oid = m.member
        where u.rolname = 'authenticator' order by 1`,
    );
    expect(members.rows.map((r) => r.role)).toEqual(['anon', 'authenticated', 'service_role']);
  });

  it('has auth owned by supabase_auth_admin, storage by supabase_storage_admin, realtime by supabase_realtime_admin, pgcrypto in extensions', async () => {
    const owners = await db.query<{ obj: string; owner: string }>(
      `select c.oid::regclass::text as obj, pg_get_userbyid(c.relowner) as owner from pg_class c
        where c.oid in ('auth.users'::regclass, 'storage.objects'::regclass, 'storage.buckets'::regclass,
          'realtime.messages'::regclass) order by 1`,
    );
    expect(owners.rows).toEqual([
      { obj: 'auth.users', owner: 'supabase_auth_admin' },
      { obj: 'realtime.messages', owner: 'supabase_realtime_admin' },
      { obj: 'storage.buckets', owner: 'supabase_storage_admin' },
      { obj: 'storage.objects', owner: 'supabase_storage_admin' },
    ]);
    const ext = await db.query<{ schema: string }>(
      `select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pgcrypto'`,
    );
    expect(ext.rows).toEqual([{ schema: 'extensions' }]);
  });

  it('refuses a direct DELETE on storage tables unless storage.allow_delete_query is true (as the Storage API sets it)', async () => {
    const user = await createUser(db, 'guard@example.com', { role: 'homeowner' });
    const project = crypto.randomUUID();
    const name = `projects/${project}/a.jpg`;
    await asUser(db, user, async (tx) => {
      await tx.query(
        `insert into projects (id, name, status, user_id, owner_user_id) values ($1, 'Guard', 'active', $2, $2)`,
        [project, user],
      );
      await tx.query(
        `insert into storage.objects (bucket_id, name, owner) values ('project-files', $1, $2)`,
        [name, user],
      );
    });
    const direct = await tryAsUser(db, user, (tx) =>
      tx.query(`delete from storage.objects where name = $1`, [name]),
    );
    expect(direct).toMatchObject({ ok: false, code: '42501' });
    const asOwner = await db
      .query(`delete from storage.objects where name = 'nothing/matches'`)
      .then(
        () => 'deleted',
        (e: { code?: string }) => e.code,
      );
    expect(asOwner).toBe('42501');
    const viaApi = await asUser(db, user, async (tx) => {
      await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`);
      return tx.query(`delete from storage.objects where name = $1`, [name]);
    });
    expect(viaApi.affectedRows).toBe(1);
  });

  it.runIf(dbBackend() === 'postgres')(
    'runs the migrations and tests as postgres: database owner, not superuser, BYPASSRLS',
    async () => {
      const me = await db.query<{ usr: string; super: boolean; bypass: boolean; owner: string }>(
        `select current_user as usr, r.rolsuper as super, r.rolbypassrls as bypass,
              pg_get_userbyid((select datdba from pg_database where datname = current_database())) as owner
         from pg_roles r where r.rolname = current_user`,
      );
      expect(me.rows[0]).toEqual({
        usr: 'postgres',
        super: false,
        bypass: true,
        owner: 'postgres',
      });
      const policyOwner = await db.query<{ owner: string }>(
        `select pg_get_userbyid(relowner) as owner from pg_class where oid = 'storage.objects'::regclass`,
      );
      expect(policyOwner.rows[0]!.owner).toBe('supabase_storage_admin');
    },
  );
});
