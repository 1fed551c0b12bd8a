/**
 * Where Supabase Storage's published tenant migrations (github.com/supabase/
 * storage, migrations/tenant/*.sql) shape `storage.buckets` and
 * `storage.objects`, our stand-in (server/sql/bootstrap.sql) must give our
 * migrations (supabase/migrations, 20261123000300_storage.sql) and the app
 * the same behaviour: the same columns (later ones NOT NULL with defaults),
 * the same triggers (updated_at, bucket name length, the delete guard), the
 * same helpers, RLS and grants. Each test names the migration it follows.
 * Runs on PGlite and on the PostgreSQL lane (where `postgres` is not a
 * superuser, as on hosted); uploads and removals go through supabase-js.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { join } from 'node:path';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';
import { openDatabase, prepareDatabase } from '../../../server/db.ts';
import { fromPGlite } from '../../../server/sqlDatabase.ts';

/** storage.objects' columns after every tenant migration up to 0063 (0052 dropped `level`). */
const HOSTED_OBJECTS = [
  'id', 'bucket_id', 'name', 'owner', 'created_at', 'updated_at', 'last_accessed_at',
  'metadata', 'path_tokens', 'version', 'owner_id', 'user_metadata', 'archived_at',
  'is_delete_marker', 'is_versioned',
]; // prettier-ignore
/** storage.buckets' columns after every tenant migration up to 0063. */
const HOSTED_BUCKETS = [
  'id', 'name', 'owner', 'created_at', 'updated_at', 'public', 'avif_autodetection',
  'file_size_limit', 'allowed_mime_types', 'owner_id', 'type', 'versioning_status',
]; // prettier-ignore

let b: StartedBackend;
let contractor: { client: SupabaseClient; userId: string };
let project: string;

async function columns(table: string): Promise<string[]> {
  const r = await b.pg.query<{ c: string }>(
    `select column_name c from information_schema.columns where table_schema = 'storage' and table_name = $1 order by 1`,
    [table],
  );
  return r.rows.map((x) => x.c);
}

beforeAll(async () => {
  b = await startLocalBackend();
  contractor = await b.signUpConfirmed('store-c@example.com', 'secret-sc', { role: 'contractor' });
  project = crypto.randomUUID();
  await b.pg.query(
    `insert into projects (id, name, status, user_id, assigned_contractor_id, details) values ($1, 'Parity pantry', 'active', $2, $2, '{}')`,
    [project, contractor.userId],
  );
});
afterAll(async () => {
  await b?.stop();
});

describe("hosted's storage schema", () => {
  /** 0002-storage-schema, 0003-pathtoken-column, 0008, 0012, 0013/0014, 0016, 0018, 0025, 0038, 0062: every column hosted has, and no other. */
  it('storage.objects and storage.buckets have exactly hosted’s columns', async () => {
    expect(await columns('objects')).toEqual([...HOSTED_OBJECTS].sort());
    expect(await columns('buckets')).toEqual([...HOSTED_BUCKETS].sort());
  });

  /** 0038-iceberg-catalog-flag-on-buckets, 0062-object-versioning-core: later NOT NULL columns with defaults; our bucket insert names its columns and gets them. */
  it('our project-files bucket has hosted’s defaults for the later columns', async () => {
    const r = await b.pg.query(
      `select public, file_size_limit::int, allowed_mime_types, type::text, versioning_status, avif_autodetection
         from storage.buckets where id = 'project-files'`,
    );
    expect(r.rows).toEqual([
      {
        public: false,
        file_size_limit: 52428800,
        allowed_mime_types: null,
        type: 'STANDARD',
        versioning_status: 'DISABLED',
        avif_autodetection: false,
      },
    ]);
  });

  /** 0037-add-bucket-name-length-trigger: a bucket name over 100 characters is refused. */
  it('refuses a bucket name over 100 characters, as hosted does', async () => {
    const long = 'b'.repeat(101);
    await expect(
      b.pg.query(`insert into storage.buckets (id, name) values ($1, $1)`, [long]),
    ).rejects.toThrow(/too long/);
  });

  /** 0002-storage-schema, 0036/0060-optimise-existing-functions, 0061-mark-filename-immutable: the path helpers, IMMUTABLE, on our object names. */
  it('storage.foldername/filename/extension split our paths as hosted, and are immutable', async () => {
    const r = await b.pg.query(
      `select storage.foldername($1) f, storage.filename($1) n, storage.extension($1) e,
              (select array_agg(p.provolatile::text order by p.proname) from pg_proc p
                 where p.pronamespace = 'storage'::regnamespace
                   and p.proname in ('foldername', 'filename', 'extension')) v`,
      [`projects/${project}/photos/before.v2.jpg`],
    );
    expect(r.rows[0]).toEqual({
      f: ['projects', project, 'photos'],
      n: 'before.v2.jpg',
      e: 'jpg',
      v: ['i', 'i', 'i'],
    });
  });

  /** 0007-add-rls-to-buckets, 0046/0049-buckets-objects-grants: RLS on both tables, API roles granted all, postgres with grant option. */
  it('RLS is on for buckets and objects; the grants are hosted’s', async () => {
    const r = await b.pg.query<{ t: string; rls: boolean }>(
      `select relname t, relrowsecurity rls from pg_class
        where relnamespace = 'storage'::regnamespace and relname in ('buckets', 'objects') order by 1`,
    );
    expect(r.rows).toEqual([
      { t: 'buckets', rls: true },
      { t: 'objects', rls: true },
    ]);
    const g = await b.pg.query<{ who: string; ok: boolean }>(
      `select who, has_table_privilege(who, 'storage.objects', 'select, insert, update, delete')
                and has_table_privilege(who, 'storage.buckets', 'select, insert, update, delete') ok
         from unnest(array['anon', 'authenticated', 'service_role', 'postgres']) who order by 1`,
    );
    expect(g.rows.every((x) => x.ok)).toBe(true);
    const opt = await b.pg.query(
      `select has_table_privilege('postgres', 'storage.objects', 'select with grant option') o`,
    );
    expect(opt.rows).toEqual([{ o: true }]);
    // No policy on buckets: a signed-in caller sees none, yet uploads work (the API reads buckets itself).
    const seen = await b.pg.transaction(async (tx) => {
      await tx.query(`set local role authenticated`);
      const x = await tx.query(`select id from storage.buckets`);
      await tx.rollback();
      return x.rows;
    });
    expect(seen).toEqual([]);
  });
});

describe('our migrations and the app on hosted’s storage shape', () => {
  /** 0018-add_owner_id_column_deprecate_owner, 0003-pathtoken-column, 0011-add-trigger-to-auto-update-updated_at-column: an upload sets owner and owner_id; path_tokens follows the name; any UPDATE moves updated_at. */
  it('an upload sets owner and owner_id; path_tokens is generated; an UPDATE moves updated_at', async () => {
    const path = `projects/${project}/photos/door.jpg`;
    const up = await contractor.client.storage
      .from('project-files')
      .upload(path, new Blob(['jpeg bytes'], { type: 'image/jpeg' }));
    expect(up.error).toBeNull();
    const row = await b.pg.query<{ owner: string; owner_id: string; path_tokens: string[] }>(
      `select owner::text, owner_id, path_tokens from storage.objects where bucket_id = 'project-files' and name = $1`,
      [path],
    );
    expect(row.rows).toEqual([
      {
        owner: contractor.userId,
        owner_id: contractor.userId,
        path_tokens: ['projects', project, 'photos', 'door.jpg'],
      },
    ]);
    // Back-date the row, then change only metadata: the trigger, not the writer, sets updated_at.
    await b.pg.query(
      `update storage.objects set updated_at = '2020-01-01' where bucket_id = 'project-files' and name = $1`,
      [path],
    );
    await b.pg.query(
      `update storage.objects set user_metadata = '{"note":"door"}' where bucket_id = 'project-files' and name = $1`,
      [path],
    );
    const after = await b.pg.query<{ recent: boolean }>(
      `select updated_at > now() - interval '1 hour' recent from storage.objects where bucket_id = 'project-files' and name = $1`,
      [path],
    );
    expect(after.rows).toEqual([{ recent: true }]);
  });

  /** 0055-prevent-direct-deletes: a direct DELETE (even as postgres, even matching nothing) is refused with 42501; the Storage API's removal passes. */
  it('the delete guard refuses direct deletes; supabase-js remove() passes it', async () => {
    const path = `projects/${project}/photos/drawer.jpg`;
    const files = contractor.client.storage.from('project-files');
    expect((await files.upload(path, new Blob(['x'], { type: 'image/jpeg' }))).error).toBeNull();
    await expect(
      b.pg.query(`delete from storage.objects where bucket_id = 'project-files' and name = $1`, [
        path,
      ]),
    ).rejects.toMatchObject({ code: '42501' });
    await expect(
      b.pg.query(`delete from storage.buckets where id = 'no-such-bucket'`),
    ).rejects.toMatchObject({ code: '42501' });
    const removed = await files.remove([path]);
    expect(removed.error).toBeNull();
    expect(removed.data?.map((o) => o.name)).toEqual([path]);
    const left = await b.pg.query(`select 1 from storage.objects where name = $1`, [path]);
    expect(left.rows).toEqual([]);
  });

  /** 0055-prevent-direct-deletes with 20261123000300_storage.sql: account deletion never deletes storage rows itself; files go through the Storage API first. */
  it('account deletion: files removed through the Storage API, then delete_my_account()', async () => {
    const owner = await b.signUpConfirmed('store-o@example.com', 'secret-so', {
      role: 'contractor',
    });
    const mine = crypto.randomUUID();
    await b.pg.query(
      `insert into projects (id, name, status, user_id, assigned_contractor_id, details) values ($1, 'Parity bath', 'active', $2, $2, '{}')`,
      [mine, owner.userId],
    );
    const files = owner.client.storage.from('project-files');
    for (const name of ['a.jpg', 'b.pdf'])
      expect(
        (await files.upload(`projects/${mine}/${name}`, new Blob(['x'], { type: 'image/jpeg' })))
          .error,
      ).toBeNull();
    const early = await owner.client.rpc('delete_my_account');
    expect(early.error?.message).toBe('account.files_remain');
    const paths = await owner.client.rpc('my_account_storage_paths');
    expect(paths.data).toEqual([`projects/${mine}/a.jpg`, `projects/${mine}/b.pdf`]);
    expect((await files.remove(paths.data as string[])).error).toBeNull();
    const gone = await owner.client.rpc('delete_my_account');
    expect(gone.error).toBeNull();
    const left = await b.pg.query(
      `select (select count(*)::int from auth.users where id = $1) u, (select count(*)::int from projects where id = $2) p`,
      [owner.userId, mine],
    );
    expect(left.rows).toEqual([{ u: 0, p: 0 }]);
  });
});

describe('a local data folder bootstrapped before these fixes', () => {
  /** 0011-add-trigger-to-auto-update-updated_at-column, 20251103001201_broadcast_send_include_payload_id: an older PGlite data folder is brought up to date at start; no migration runs again. */
  it('gets the updated bootstrap at the next start', async () => {
    const db = fromPGlite(await openDatabase(undefined));
    try {
      const migrationsDir = join(import.meta.dirname, '../../../supabase/migrations');
      await prepareDatabase(db, { migrationsDir });
      // What an older bootstrap left: no updated_at trigger, a send() without the payload id.
      await db.exec(`
        drop function storage.update_updated_at_column() cascade;
        create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
        returns void language plpgsql as $$
        begin
          insert into realtime.messages (payload, event, topic, private, extension)
          values (payload, event, topic, private, 'broadcast');
        end
        $$;
      `);
      const again = await prepareDatabase(db, { migrationsDir });
      expect(again).toEqual({ isNew: false, applied: [] });
      await db.query(`select realtime.send('{"table":"projects"}', 'poke', 'user:x', true)`);
      const r = await db.query(
        `select (select payload ? 'id' from realtime.messages where topic = 'user:x') id,
                (select count(*)::int from pg_trigger where tgname = 'update_objects_updated_at') trg`,
      );
      expect(r.rows).toEqual([{ id: true, trg: 1 }]);
    } finally {
      await db.close();
    }
  });
});
