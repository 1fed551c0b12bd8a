/**
 * Core schema on PGlite: sync stamps (version, txid, updated_at), the profile
 * created on signup with the server-computed permission map (product rules "Roles and what they may do"),
 * immutable columns, soft delete, and the org_admin "status only" rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { asUser, createDb, createUser, tryAsUser } from './pgliteDb.ts';

interface ProjectRow {
  id: string;
  name: string;
  status: string;
  version: number;
  txid: string;
  description: string | null;
  deleted_at: string | null;
  updated_at: string;
}

let db: PGlite;
let homeowner: string;
let contractor: string;
let admin: string;

beforeAll(async () => {
  db = await createDb();
  homeowner = await createUser(db, 'h@example.com', {
    role: 'homeowner',
    first_name: 'Hana',
    last_name: 'Ow',
  });
  contractor = await createUser(db, 'c@example.com', { role: 'contractor', first_name: 'Cal' });
  admin = await createUser(db, 'a@example.com', {
    role: 'org_admin',
    organization_id: '00000000-0000-4000-8000-000000000001',
  });
});

afterAll(async () => {
  await db.close();
});

async function insertProject(
  userId: string,
  slot: 'owner_user_id' | 'assigned_contractor_id',
  name = 'P',
): Promise<ProjectRow> {
  return asUser(db, userId, async (tx) => {
    const res = await tx.query<ProjectRow>(
      `insert into projects (name, status, details, user_id, ${slot}) values ($1, 'active', '{"description":"Desc"}', $2, $2)
       returning id, name, status, version, txid::text, description, deleted_at, updated_at`,
      [name, userId],
    );
    return res.rows[0]!;
  });
}

describe('profile on signup', () => {
  it('creates the profile from metadata with the role permission map', async () => {
    const rows = await db.query<{
      id: string;
      role: string;
      first_name: string;
      last_name: string;
      email: string;
      permissions: Record<string, boolean>;
    }>(`select id, role, first_name, last_name, email, permissions from profiles where id = $1`, [
      homeowner,
    ]);
    const p = rows.rows[0]!;
    expect(p).toMatchObject({
      role: 'homeowner',
      first_name: 'Hana',
      last_name: 'Ow',
      email: 'h@example.com',
    });
    expect(p.permissions).toMatchObject({
      create_projects: true,
      edit_own_projects: true,
      upload_files: true,
      view_all_projects: false,
      manage_organization: false,
    });
    const c = (
      await db.query<{ permissions: Record<string, boolean> }>(
        `select permissions from profiles where id = $1`,
        [contractor],
      )
    ).rows[0]!;
    expect(c.permissions).toMatchObject({
      create_projects: false,
      update_project_status: true,
      view_all_projects: true,
      bid_on_projects: true,
      request_quotes: false,
    });
    const a = (
      await db.query<{ permissions: Record<string, boolean> }>(
        `select permissions from profiles where id = $1`,
        [admin],
      )
    ).rows[0]!;
    expect(Object.values(a.permissions).every((v) => v)).toBe(true);
    expect(Object.keys(a.permissions)).toHaveLength(21);
  });

  it.each([
    ['unknown role', { role: 'superuser' }],
    ['missing role', {}],
    [
      'client-sent permissions are ignored',
      { role: 'homeowner', permissions: { manage_users: true } },
    ],
  ])('%s → homeowner with the homeowner map', async (_label, meta) => {
    const id = await createUser(db, `${crypto.randomUUID()}@example.com`, meta);
    const p = (
      await db.query<{ role: string; permissions: Record<string, boolean> }>(
        `select role, permissions from profiles where id = $1`,
        [id],
      )
    ).rows[0]!;
    expect(p.role).toBe('homeowner');
    expect(p.permissions.manage_users).toBe(false);
    expect(p.permissions.create_projects).toBe(true);
  });

  it('gives an org_admin a fresh organization, never the one in its metadata', async () => {
    const a = (
      await db.query<{ organization_id: string | null }>(
        `select organization_id from profiles where id = $1`,
        [admin],
      )
    ).rows[0]!;
    expect(a.organization_id).not.toBeNull();
    expect(a.organization_id).not.toBe('00000000-0000-4000-8000-000000000001');
    const h = (
      await db.query<{ organization_id: string | null }>(
        `select organization_id from profiles where id = $1`,
        [homeowner],
      )
    ).rows[0]!;
    expect(h.organization_id).toBeNull();
  });
});

describe('profile immutables', () => {
  it.each([
    ['role', `update profiles set role = 'org_admin'`],
    ['organization_id', `update profiles set organization_id = gen_random_uuid()`],
    ['permissions', `update profiles set permissions = '{"manage_users":true}'`],
  ])('a user cannot change its own %s (42501)', async (_col, sql) => {
    const res = await tryAsUser(db, homeowner, (tx) =>
      tx.query(`${sql} where id = $1`, [homeowner]),
    );
    expect(res).toMatchObject({ ok: false, code: '42501' });
  });

  it('a user updates its own name, phone and address; version and updated_at move', async () => {
    const before = (
      await db.query<{ version: number }>(`select version from profiles where id = $1`, [homeowner])
    ).rows[0]!;
    const rows = await asUser(
      db,
      homeowner,
      async (tx) =>
        (
          await tx.query<{ version: number; phone: string }>(
            `update profiles set phone = '5551234567', first_name = 'Hanna' where id = $1 returning version, phone`,
            [homeowner],
          )
        ).rows,
    );
    expect(rows).toEqual([{ version: before.version + 1, phone: '5551234567' }]);
  });

  it('an upsert of one own profile repeating role/permissions succeeds and cannot escalate', async () => {
    const res = await asUser(
      db,
      contractor,
      async (tx) =>
        (
          await tx.query<{ role: string; permissions: Record<string, boolean> }>(
            `insert into profiles (id, email, first_name, role, permissions) values ($1, 'c@example.com', 'Cal', 'org_admin', '{"manage_users":true}')
         on conflict (id) do update set email = excluded.email, first_name = excluded.first_name, role = excluded.role, permissions = excluded.permissions
         returning role, permissions`,
            [contractor],
          )
        ).rows,
    );
    expect(res[0]!.role).toBe('contractor');
    expect(res[0]!.permissions.manage_users).toBe(false);
  });
});

describe('sync stamps', () => {
  it('insert: version 1, txid of the transaction, description generated from details', async () => {
    const p = await insertProject(homeowner, 'owner_user_id');
    expect(p.version).toBe(1);
    expect(p.description).toBe('Desc');
    const tx = (
      await db.query<{ ok: boolean }>(`select $1::xid8 < pg_current_xact_id() as ok`, [p.txid])
    ).rows[0]!;
    expect(tx.ok).toBe(true);
  });

  it('update: version bumped, txid restamped, created_at kept even when the client sends one', async () => {
    const p = await insertProject(homeowner, 'owner_user_id');
    const rows = await asUser(db, homeowner, async (tx) => {
      const own = (await tx.query<{ x: string }>(`select pg_current_xact_id()::text as x`)).rows[0]!
        .x;
      const r = (
        await tx.query<{ version: number; txid: string; created_at: string; orig: string }>(
          `update projects set name = 'Q', created_at = '2000-01-01' where id = $1 returning version, txid::text, created_at::text, $2 as orig`,
          [p.id, own],
        )
      ).rows[0]!;
      return { ...r, own };
    });
    expect(rows.version).toBe(2);
    expect(rows.txid).toBe(rows.own);
    expect(rows.created_at.startsWith('2000')).toBe(false);
  });

  it('a client-sent version is ignored', async () => {
    const p = await insertProject(homeowner, 'owner_user_id');
    const v = await asUser(
      db,
      homeowner,
      async (tx) =>
        (
          await tx.query<{ version: number }>(
            `update projects set version = 99 where id = $1 returning version`,
            [p.id],
          )
        ).rows[0]!.version,
    );
    expect(v).toBe(2);
  });
});

describe('ownership columns and soft delete', () => {
  it.each(['user_id', 'owner_user_id', 'assigned_contractor_id'])(
    '%s cannot be changed to someone else (42501)',
    async (col) => {
      const p = await insertProject(homeowner, 'owner_user_id');
      const res = await tryAsUser(db, homeowner, (tx) =>
        tx.query(`update projects set ${col} = $2 where id = $1`, [p.id, contractor]),
      );
      expect(res).toMatchObject({ ok: false, code: '42501' });
    },
  );

  it('DELETE by an API caller leaves a tombstone; deleting it again is a no-op; editing it fails P0002', async () => {
    const p = await insertProject(homeowner, 'owner_user_id');
    await asUser(db, homeowner, (tx) => tx.query(`delete from projects where id = $1`, [p.id]));
    const after = (
      await db.query<{ deleted_at: string | null; version: number }>(
        `select deleted_at, version from projects where id = $1`,
        [p.id],
      )
    ).rows[0]!;
    expect(after.deleted_at).not.toBeNull();
    expect(after.version).toBe(2);
    await asUser(db, homeowner, (tx) => tx.query(`delete from projects where id = $1`, [p.id]));
    expect(
      (await db.query<{ version: number }>(`select version from projects where id = $1`, [p.id]))
        .rows[0]!.version,
    ).toBe(2);
    const revive = await tryAsUser(db, homeowner, (tx) =>
      tx.query(`update projects set deleted_at = null where id = $1`, [p.id]),
    );
    expect(revive).toMatchObject({
      ok: false,
      code: 'P0002',
      message: 'sync.deleted_elsewhere',
    });
  });

  it('every update is in the change log with its changed leaf paths (direct updates too)', async () => {
    const p = await insertProject(homeowner, 'owner_user_id');
    await asUser(db, homeowner, (tx) =>
      tx.query(
        `update projects set name = 'N', details = details || '{"cabinetData":{"form":{"door":"Shaker"}}}' where id = $1`,
        [p.id],
      ),
    );
    const log = (
      await db.query<{ version: number; paths: string[][] }>(
        `select version, paths from sync_change_log where row_id = $1`,
        [p.id],
      )
    ).rows;
    expect(log).toHaveLength(1);
    expect(log[0]!.version).toBe(2);
    expect(log[0]!.paths).toEqual(expect.arrayContaining([['name'], ['details', 'cabinetData']]));
  });
});

describe('org_admin', () => {
  it('reads its organization projects and may change only their status', async () => {
    const org = (
      await db.query<{ organization_id: string }>(
        `select organization_id from profiles where id = $1`,
        [admin],
      )
    ).rows[0]!.organization_id;
    const member = await createUser(db, `${crypto.randomUUID()}@example.com`, {
      role: 'contractor',
    });
    await db.query(`update profiles set organization_id = $2 where id = $1`, [member, org]);
    const p = await insertProject(member, 'assigned_contractor_id', 'Org job');
    const outsider = await insertProject(homeowner, 'owner_user_id', 'Not org');

    const seen = await asUser(db, admin, async (tx) =>
      (await tx.query<{ id: string }>(`select id from projects`)).rows.map((r) => r.id),
    );
    expect(seen).toContain(p.id);
    expect(seen).not.toContain(outsider.id);

    const ok = await asUser(
      db,
      admin,
      async (tx) =>
        (
          await tx.query<{ status: string }>(
            `update projects set status = 'completed' where id = $1 returning status`,
            [p.id],
          )
        ).rows,
    );
    expect(ok).toEqual([{ status: 'completed' }]);
    for (const sql of [
      `update projects set name = 'X' where id = $1`,
      `update projects set details = '{}' where id = $1`,
      `delete from projects where id = $1`,
    ]) {
      const res = await tryAsUser(db, admin, (tx) => tx.query(sql, [p.id]));
      if (res.ok) {
        // DELETE has no policy for org admins: nothing matched
        expect(sql.startsWith('delete')).toBe(true);
      } else {
        expect(res.code).toBe('42501');
      }
    }
    const row = (
      await db.query<{ name: string; deleted_at: string | null }>(
        `select name, deleted_at from projects where id = $1`,
        [p.id],
      )
    ).rows[0]!;
    expect(row).toEqual({ name: 'Org job', deleted_at: null });
  });
});

describe('change log diff of details (direct updates)', () => {
  it.each([
    ['a leaf changed', { a: { b: 1, c: 2 } }, { a: { b: 1, c: 3 } }, [['details', 'a', 'c']]],
    ['a key added', { a: { b: 1 } }, { a: { b: 1, n: { x: 1 } } }, [['details', 'a', 'n']]],
    ['a key removed', { a: { b: 1, c: 2 } }, { a: { b: 1 } }, [['details', 'a', 'c']]],
    ['an array is a whole value', { l: [1, 2] }, { l: [1, 3] }, [['details', 'l']]],
    ['an object replaced by a scalar', { a: { b: 1 } }, { a: 5 }, [['details', 'a']]],
    [
      'two leaves in different branches',
      { a: { x: 1 }, b: { y: 1 } },
      { a: { x: 2 }, b: { y: 2 } },
      [
        ['details', 'a', 'x'],
        ['details', 'b', 'y'],
      ],
    ],
  ])('%s', async (_label, before, after, paths) => {
    const id = crypto.randomUUID();
    await asUser(db, homeowner, async (tx) => {
      await tx.query(
        `insert into projects (id, status, user_id, owner_user_id, details) values ($1, 'active', $2, $2, $3)`,
        [id, homeowner, JSON.stringify(before)],
      );
      await tx.query(`update projects set details = $2 where id = $1`, [id, JSON.stringify(after)]);
    });
    const log = (
      await db.query<{ paths: string[][] }>(`select paths from sync_change_log where row_id = $1`, [
        id,
      ])
    ).rows[0]!;
    expect([...log.paths].sort()).toEqual([...paths].sort());
  });
});

describe('status normalization', () => {
  it.each([
    ['Pending', 'draft'],
    ['pending', 'draft'],
    ['Draft', 'draft'],
    [' Active ', 'active'],
    ['COMPLETED', 'completed'],
  ])('%s is stored as %s', async (given, stored) => {
    const row = await asUser(
      db,
      contractor,
      async (tx) =>
        (
          await tx.query<{ status: string }>(
            `insert into projects (name, status, user_id, assigned_contractor_id) values ('S', $1, $2, $2) returning status`,
            [given, contractor],
          )
        ).rows[0]!,
    );
    expect(row.status).toBe(stored);
  });

  it('an unknown status is still rejected (23514)', async () => {
    const res = await tryAsUser(db, contractor, (tx) =>
      tx.query(
        `insert into projects (name, status, user_id, assigned_contractor_id) values ('S', 'on hold', $1, $1)`,
        [contractor],
      ),
    );
    expect(res).toMatchObject({ ok: false, code: '23514' });
  });
});
